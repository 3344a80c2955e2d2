import { ACH_ACCOUNT_TYPES } from '@varg/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/route-responses.ts';
import type { PaymentCaller } from './model.ts';

/** The Fastify instance a route file adds its routes to (the Zod type provider of the payments plugin). */
export type RoutesApp = Parameters<FastifyPluginAsyncZod>[0];

export const errors = errorResponses(400, 401, 403, 404, 409, 502, 503);
export const Id = z.object({ id: z.uuid() });
export const Kind = z.string().max(16);
export const MethodName = z.string().max(32);
export const Card = z.object({
  number: z.string().regex(/^[\d ]{12,23}$/),
  expMonth: z.number().int().min(1).max(12),
  expYear: z.number().int().min(2000).max(2100),
  cvc: z.string().regex(/^\d{3,4}$/),
});
export const Details = z.discriminatedUnion('type', [
  Card.extend({ type: z.literal('card') }),
  z.object({ type: z.literal('saved_card'), id: z.string().min(3).max(64) }),
  z.object({
    type: z.literal('sepa'),
    iban: z.string().trim().min(15).max(42),
    accountHolder: z.string().trim().min(2).max(100),
    email: z.email().max(254),
  }),
  z.object({
    type: z.literal('ach'),
    routingNumber: z.string().regex(/^\d{9}$/),
    accountNumber: z.string().regex(/^\d{4,17}$/),
    accountHolder: z.string().trim().min(2).max(100),
    accountType: z.enum(ACH_ACCOUNT_TYPES),
  }),
  z.object({ type: z.literal('redirect') }),
  z.object({ type: z.literal('bank_transfer') }),
]);
export const ReturnUrl = z
  .string()
  .max(500)
  .regex(/^\/[^/\\]/, 'form_invalid');

export const caller = (request: { auth: { userId: string; roles: string[] } | null }): PaymentCaller => ({
  userId: request.auth?.userId ?? null,
  roles: request.auth?.roles ?? [],
});
