import { ErrorEnvelope } from '@varg/contracts';
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
