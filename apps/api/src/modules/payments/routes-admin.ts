// Routes of what administrators record (money of an in-house payment arrived, refunds) and the dev settle route.
import { Payment } from '@varg/contracts';
import { z } from 'zod';
import { isLoopback } from '../dev/routes.ts';
import type { Guards } from '../identity/auth.ts';
import { REFUND_TARGETS } from './refunds.ts';
import { errors, Id, type RoutesApp } from './routes-shared.ts';
import type { PaymentsService } from './service.ts';

export function settlementRoutes(
  app: RoutesApp,
  {
    payments,
    guards,
    devLocalOnly,
    devRoutes,
  }: { payments: PaymentsService; guards: Guards; devLocalOnly: boolean; devRoutes: boolean },
) {
  app.post(
    '/admin/payments/:id/received',
    {
      schema: {
        tags: ['payments'],
        summary: 'Record that the money of an in-house payment arrived (or did not)',
        description: 'A transfer to our own account (stark_bank_transfer) or a payment at the dealer’s (manual).',
        params: Id,
        body: z.object({ outcome: z.enum(['succeeded', 'failed']).default('succeeded') }),
        response: { 200: Payment, ...errors },
      },
      preHandler: [guards.requireAuth, guards.requireRole('admin')],
    },
    async (request) =>
      payments.settle(request.params.id, request.body.outcome, 'admin', {
        actorId: request.auth?.userId ?? null,
        ip: request.ip,
      }),
  );

  app.post(
    '/admin/payments/:id/refund',
    {
      schema: {
        tags: ['payments'],
        summary: 'Refund a payment (all or part), to where it came from or as store credit',
        description:
          'Administrators. `amount` (minor units) defaults to what is left to refund; `to` is `original` (the card or account, through the provider) or `wallet` (store credit). Store-credit payments and payments made outside a provider are refunded as store credit. The order owes the refunded amount again.',
        params: Id,
        body: z.object({
          amount: z.number().int().min(1).max(100_000_000).optional(),
          to: z.enum(REFUND_TARGETS).optional(),
        }),
        response: { 200: Payment.extend({ refundedTo: z.enum(REFUND_TARGETS) }), ...errors },
      },
      preHandler: [guards.requireAuth, guards.requireRole('admin')],
    },
    async (request) =>
      payments.refund(request.params.id, request.body, { actorId: request.auth?.userId ?? null, ip: request.ip }),
  );

  if (devRoutes)
    app.post(
      '/dev/payments/:id/settle',
      {
        schema: {
          tags: ['dev'],
          summary: 'Sandbox: the money of a transfer arrives, or a debit settles or fails (this machine only)',
          params: Id,
          body: z.object({ outcome: z.enum(['succeeded', 'failed']).default('succeeded') }),
          response: { 200: Payment, ...errors },
        },
      },
      async (request, reply) => {
        if (devLocalOnly && !isLoopback(request.ip)) return reply.callNotFound();
        return payments.settle(request.params.id, request.body.outcome, 'dev');
      },
    );
}
