import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { errorResponses } from '../../lib/route-responses.ts';

export const errors = errorResponses(400, 401, 403, 404, 413, 415, 429);
export const Country = z
  .string()
  .regex(/^[A-Za-z]{2}$/)
  .transform((c) => c.toUpperCase());
export const LocaleQuery = z.object({ country: Country.optional(), lang: z.string().max(8).optional() });
export const Email = z.email().max(254);
export const Captcha = z.string().max(4000).optional().meta({ description: 'reCAPTCHA token, when the captcha is on' });
export const country = (request: FastifyRequest & { query: unknown }) =>
  ((request.query as { country?: string }).country ?? 'US').toUpperCase();
