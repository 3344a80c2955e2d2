import { ERRORS } from '@varg/contracts';
import type { FastifyInstance } from 'fastify';
import { requestLocale } from '../lib/request-language.ts';
import { fieldError } from '../lib/validation-messages.ts';
import { sendError } from './errors.ts';

/** Text that is not well-formed Unicode (a lone surrogate) or holds a NUL character. */
const malformed = (text: string) => text.includes('\u0000') || !text.isWellFormed();

/** The first place in a parsed input (path, query or body) whose text is malformed (see `malformed`), or null. */
export function malformedAt(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return malformed(value) ? path : null;
  if (value === null || typeof value !== 'object' || depth > 32) return null;
  if (Buffer.isBuffer(value)) return null;
  for (const [key, inner] of Object.entries(value)) {
    if (malformed(key)) return path;
    const found = malformedAt(inner, `${path}.${key}`, depth + 1);
    if (found) return found;
  }
  return null;
}

const API_PATH = /^\/(v\d+|api)\//;

/**
 * Text with a NUL character (U+0000) or a lone surrogate is refused with a 400 before any route reads it. PostgreSQL
 * cannot store a NUL in text (the query failed with a 500); where the text was stored encrypted it went in unnoticed;
 * a lone surrogate was silently stored as U+FFFD (�). No form or client sends either. API paths only (`/v1`, `/v2`,
 * `/api`); pages keep their own error pages, and what they pass on to the API is refused there.
 */
export function refuseMalformedText(app: FastifyInstance) {
  app.addHook('preValidation', (request, reply, done) => {
    if (!API_PATH.test(request.url)) return done();
    const at =
      malformedAt(request.params, 'params') ??
      malformedAt(request.query, 'querystring') ??
      malformedAt(request.body, 'body');
    if (!at) return done();
    const e = ERRORS.VALIDATION_ERROR;
    sendError(request, reply, 'VALIDATION_ERROR', e.statusCode, e.t_key, {
      details: [fieldError(requestLocale(request), at, { message: 'validation_malformed_text' })],
    });
  });
}
