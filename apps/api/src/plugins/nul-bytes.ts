import { ERRORS } from '@varg/contracts';
import type { FastifyInstance } from 'fastify';
import { sendError } from './errors.ts';

/** The first place in a parsed input (path, query or body) whose text holds a NUL character, or null. */
export function nulAt(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (value === null || typeof value !== 'object' || depth > 32) return null;
  if (Buffer.isBuffer(value)) return null;
  for (const [key, inner] of Object.entries(value)) {
    if (key.includes('\u0000')) return `${path}.${key.replaceAll('\u0000', '')}`;
    const found = nulAt(inner, `${path}.${key}`, depth + 1);
    if (found) return found;
  }
  return null;
}

const API_PATH = /^\/(v\d+|api)\//;

/**
 * Text with a NUL character (U+0000) is refused with a 400 before any route reads it: PostgreSQL cannot store it in
 * text (the query failed with a 500), and where it was stored encrypted or not at all it was accepted as if valid.
 * No form or client sends it. API paths only (`/v1`, `/v2`, `/api`).
 */
export function refuseNulBytes(app: FastifyInstance) {
  app.addHook('preValidation', (request, reply, done) => {
    // Pages keep their own error pages: what they send on to the API is refused there.
    if (!API_PATH.test(request.url)) return done();
    const at = nulAt(request.params, 'params') ?? nulAt(request.query, 'querystring') ?? nulAt(request.body, 'body');
    if (!at) return done();
    const e = ERRORS.VALIDATION_ERROR;
    sendError(request, reply, 'VALIDATION_ERROR', e.statusCode, e.t_key, {
      details: [{ path: at, message: 'must not contain a NUL character' }],
    });
  });
}
