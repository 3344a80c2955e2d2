// Routes of financing (docs/decisions/030): the application, and the demo's sandbox lender page decision.
import { Payment } from '@varg/contracts';
import { z } from 'zod';
import type { Guards } from '../identity/auth.ts';
import { caller, errors, Id, type RoutesApp } from './routes-shared.ts';
import type { PaymentsService } from './service.ts';

export function financingRoutes(
  app: RoutesApp,
  { payments, guards, sandboxLender }: { payments: PaymentsService; guards: Guards; sandboxLender: boolean },
) {
  app.post(
    '/checkout/ekho/create',
    {
      schema: {
        tags: ['payments'],
        summary: 'Apply for financing of an order (ekho)',
        description:
          'Finances what is due less `downPayment` (minor units, paid afterwards by card as kind down_payment). The application waits for the lender (REQUIRES_ACTION; `actionUrl` is the lender’s page — in the demo our own); only the lender’s signed callback decides it. US vehicle orders only, and only where a lender is configured (FINANCING_NOT_AVAILABLE otherwise).',
        body: z.object({ orderId: z.uuid(), downPayment: z.number().int().min(0).max(100_000_000).default(0) }),
        response: { 200: Payment, ...errors },
      },
      preHandler: guards.requireAuth,
    },
    async (request) => payments.financing(caller(request), request.body),
  );

  if (sandboxLender)
    app.post(
      '/payment/:id/sandbox-lender',
      {
        schema: {
          tags: ['payments'],
          summary: 'Demo: the sandbox lender decides a financing application (its page is /checkout/verify/{id})',
          description:
            'The demo only. The decision goes to the sandbox lender, which sends its signed callback to `/payment/webhook/lender/ekho_sandbox`, as ekho would; the answer is the payment afterwards.',
          params: Id,
          body: z.object({ approved: z.boolean() }),
          response: { 200: Payment, ...errors },
        },
        preHandler: guards.requireAuth,
      },
      async (request) => payments.sandboxLenderDecision(caller(request), request.params.id, request.body.approved),
    );
}
