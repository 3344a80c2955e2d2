import { ErrorEnvelope } from '@varg/contracts';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';

// What the routes of every module say the same way: the error answers they document, and the cache header of an
// answer that belongs to the caller alone.

/** Cache-Control of an answer that is the caller's alone: no shared cache keeps it, the browser does not store it. */
export const PRIVATE = 'private, no-store';

/** The error answers a route documents, each the `Error` envelope: `errorResponses(400, 401, 404)`. */
export function errorResponses<const C extends readonly number[]>(
  ...codes: C
): { [K in C[number]]: typeof ErrorEnvelope } {
  return Object.fromEntries(codes.map((code) => [code, ErrorEnvelope])) as { [K in C[number]]: typeof ErrorEnvelope };
}

/** The `200` of a route that answers a PDF file. */
export const PDF_RESPONSE = {
  description: 'The PDF',
  content: { 'application/pdf': { schema: z.string().meta({ format: 'binary' }) } },
};

/**
 * Answers a PDF file: a download (`attachment`) unless `inline`, the caller's alone unless `cache` says otherwise. The
 * reply's types know the JSON schemas only; the PDF is a Buffer, which Fastify sends as it is.
 */
export function sendPdf(
  reply: FastifyReply,
  pdf: Buffer,
  filename: string,
  options: { inline?: boolean; cache?: string } = {},
) {
  return reply
    .type('application/pdf')
    .header('content-disposition', `${options.inline ? 'inline' : 'attachment'}; filename="${filename}"`)
    .header('cache-control', options.cache ?? PRIVATE)
    .send(pdf as unknown as string);
}
