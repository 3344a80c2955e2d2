import { ErrorEnvelope } from '@varg/contracts';
import { PAYMENT_STATUSES } from '@varg/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Guards } from '../identity/auth.ts';
import type { PaymentsService } from './service.ts';

const Payment = z
  .object({
    _id: z.string(),
    orderId: z.string(),
    kind: z.string(),
    method: z.string(),
    status: z.enum(PAYMENT_STATUSES),
    amount: z.number().int(),
    currency: z.string(),
    failureCode: z.string().nullable(),
    actionUrl: z.string().nullable().meta({ description: 'REQUIRES_ACTION: where the buyer completes 3-D Secure' }),
    createdAt: z.string(),
  })
  .meta({ id: 'Payment' });

const errors = { 400: ErrorEnvelope, 401: ErrorEnvelope, 404: ErrorEnvelope, 409: ErrorEnvelope };
const Id = z.object({ id: z.uuid() });

/** Payments of orders (spec section 7, "Checkout and payment"). Signed in; a buyer reaches only their orders. */
export const paymentRoutes: FastifyPluginAsyncZod<{
  payments: PaymentsService;
  guards: Guards;
}> = async (app, { payments, guards }) => {
  app.post(
    '/payment',
    {
      schema: {
        tags: ['payments'],
        summary: 'Start a payment of an order',
        description:
          'kind: full · deposit · remaining · down_payment (also `downpayment`). A store order (`storeOrderId` without an order) is paid in full by card. The amount follows from the kind and what the order has paid. Idempotent: the `Idempotency-Key` header, or else the same order, kind and method since the last failed attempt, returns the attempt already started. This build takes card and bank_transfer (sandbox); the other methods arrive with Stripe.',
        body: z.object({
          kind: z.string().max(16),
          method: z.string().max(32).optional(),
          order: z.uuid().optional(),
          storeOrderId: z.uuid().optional(),
        }),
        headers: z.object({ 'idempotency-key': z.string().min(8).max(100).optional() }),
        response: { 200: Payment, ...errors },
      },
      preHandler: guards.requireAuth,
    },
    async (request) => {
      const order = request.body.order ?? request.body.storeOrderId;
      // biome-ignore lint/style/noNonNullAssertion: requireAuth guarantees it
      const userId = request.auth!.userId;
      return payments.start(userId, {
        order: order ?? '',
        kind: request.body.order ? request.body.kind : 'full',
        method: request.body.method,
        idempotencyKey: request.headers['idempotency-key'],
      });
    },
  );

  app.post(
    '/payment/:id/card',
    {
      schema: {
        tags: ['payments'],
        summary: 'Pay a started card payment (sandbox)',
        description:
          'The sandbox takes test cards: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined, 4000 0000 0000 9995 has insufficient funds, 4000 0027 6000 3184 needs 3-D Secure. With Stripe the card is confirmed in the browser instead. The card number is never stored.',
        params: Id,
        body: z.object({
          number: z.string().regex(/^[\d ]{12,23}$/),
          expMonth: z.number().int().min(1).max(12),
          expYear: z.number().int().min(2000).max(2100),
          cvc: z.string().regex(/^\d{3,4}$/),
          returnUrl: z
            .string()
            .max(500)
            .regex(/^\/[^/\\]/, 'an internal path'),
        }),
        response: { 200: Payment, ...errors },
      },
      preHandler: guards.requireAuth,
    },
    async (request) => {
      const { returnUrl, ...card } = request.body;
      // biome-ignore lint/style/noNonNullAssertion: requireAuth guarantees it
      return payments.payByCard(request.auth!.userId, request.params.id, card, returnUrl);
    },
  );

  app.post(
    '/payment/:id/action',
    {
      schema: {
        tags: ['payments'],
        summary: 'Finish the 3-D Secure step of a payment (sandbox bank)',
        params: Id,
        body: z.object({ approved: z.boolean() }),
        response: { 200: Payment, ...errors },
      },
      preHandler: guards.requireAuth,
    },
    // biome-ignore lint/style/noNonNullAssertion: requireAuth guarantees it
    async (request) => payments.completeAction(request.auth!.userId, request.params.id, request.body.approved),
  );

  app.get(
    '/payment/:id',
    {
      schema: { tags: ['payments'], summary: 'One payment', params: Id, response: { 200: Payment, ...errors } },
      preHandler: guards.requireAuth,
    },
    // biome-ignore lint/style/noNonNullAssertion: requireAuth guarantees it
    async (request) => payments.get(request.auth!.userId, request.params.id),
  );
};
