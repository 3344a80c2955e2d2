// Engagement routes (decision 022): what the route files share.
import { ErrorEnvelope } from '@varg/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';

export const errors = {
  400: ErrorEnvelope,
  401: ErrorEnvelope,
  403: ErrorEnvelope,
  404: ErrorEnvelope,
  413: ErrorEnvelope,
  415: ErrorEnvelope,
  429: ErrorEnvelope,
};
export const Country = z
  .string()
  .regex(/^[A-Za-z]{2}$/)
  .transform((c) => c.toUpperCase());
export const LocaleQuery = z.object({ country: Country.optional(), lang: z.string().max(8).optional() });
export const Email = z.email().max(254);
export const Captcha = z.string().max(4000).optional().meta({ description: 'reCAPTCHA token, when the captcha is on' });
export const country = (request: FastifyRequest & { query: unknown }) =>
  ((request.query as { country?: string }).country ?? 'US').toUpperCase();
