// Routes of payment attempts: start, confirm, extra step, status, the cart's intents, an order's remaining payment.
import {
  BankTransferInstructions as Instructions,
  PaymentKindOption as KindOption,
  PaymentMethodOption as MethodOption,
  Payment,
} from '@varg/contracts';
import { PAYMENT_STATUSES, SHIPMENT_KINDS } from '@varg/domain';
import { z } from 'zod';
import { requestLanguage } from '../../lib/request-language.ts';
import type { Guards } from '../identity/auth.ts';
import { caller, Details, errors, Id, Kind, MethodName, ReturnUrl, type RoutesApp } from './routes-shared.ts';
import type { PaymentsService } from './service.ts';

/** Spec section 7: POST payment and what follows it, create-intent and its variants, complete-order setup. */
export function attemptRoutes(app: RoutesApp, { payments, guards }: { payments: PaymentsService; guards: Guards }) {
  app.post(
    '/payment',
    {
      schema: {
        tags: ['payments'],
        summary: 'Start a payment of an order',
        description:
          'kind: full · deposit · remaining · down_payment (also `downpayment`). A store order (`storeOrderId` without an order) is paid in full by card. A positive `downPayment` (minor units) forces kind down_payment and method card. `useWallet` spends customer credit first; when it covers the amount no method is needed and the answer is the wallet payment. The amount follows from the kind and the ledger. Methods are filtered per market and kind (`allowedMethods`). Idempotent: the `Idempotency-Key` header, or else the same order, kind and method since the last failed attempt, returns the attempt already started.',
        body: z.object({
          kind: Kind,
          method: MethodName.optional(),
          order: z.uuid().optional(),
          storeOrderId: z.uuid().optional(),
          useWallet: z.boolean().optional(),
          downPayment: z.number().int().min(0).max(100_000_000).optional(),
        }),
        headers: z.object({ 'idempotency-key': z.string().min(8).max(100).optional() }),
        response: { 200: Payment, ...errors },
      },
      preHandler: guards.requireAuth,
    },
    async (request) => {
      const { body } = request;
      const store = !body.order && !!body.storeOrderId;
      return payments.start(caller(request), {
        order: body.order ?? body.storeOrderId ?? '',
        kind: store ? 'full' : body.kind,
        method: store ? (body.method ?? 'card') : body.method,
        useWallet: body.useWallet,
        downPayment: body.downPayment,
        idempotencyKey: request.headers['idempotency-key'],
      });
    },
  );

  app.post(
    '/payment/:id/confirm',
    {
      schema: {
        tags: ['payments'],
        summary: 'Confirm a started payment with what the buyer entered',
        description:
          'The sandbox confirms every method here: a card (test numbers: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined, 4000 0000 0000 9995 has insufficient funds, 4000 0027 6000 3184 needs 3-D Secure), a saved card, a SEPA debit (DE89 3704 0044 0532 0130 00 settles, DE62 3704 0044 0532 0130 01 fails later), an ACH debit (routing 110000000, account 000123456789 settles, 000111111116 fails later), or `redirect` for Klarna, Splitit, Google Pay and Apple Pay (REQUIRES_ACTION with the page where the buyer approves). With Stripe only a saved card is confirmed here; the browser confirms the rest with the Payment Element. Card numbers are never stored.',
        params: Id,
        body: z.object({ details: Details, returnUrl: ReturnUrl }),
        response: { 200: Payment, ...errors },
      },
      preHandler: guards.requireAuth,
    },
    async (request) => {
      const { details, returnUrl } = request.body;
      return payments.confirm(caller(request), request.params.id, details, returnUrl);
    },
  );

  app.post(
    '/payment/:id/action',
    {
      schema: {
        tags: ['payments'],
        summary: 'Finish the extra step of a payment (3-D Secure, Klarna, a wallet)',
        description:
          'The sandbox pages post the buyer’s decision here; with Stripe the status is read back. Never a financing application: 403 FINANCING_DECIDED_BY_LENDER (only the lender’s signed callback decides it).',
        params: Id,
        body: z.object({ approved: z.boolean() }),
        response: { 200: Payment, ...errors },
      },
      preHandler: guards.requireAuth,
    },
    async (request) => payments.completeAction(caller(request), request.params.id, request.body.approved),
  );

  app.post(
    '/payment/:id/sync',
    {
      schema: {
        tags: ['payments'],
        summary: 'Read a payment’s status back from its provider',
        description:
          'The buyer came back from Stripe’s confirm (its `return_url`): the status is read from Stripe and applied when it is an allowed step, so the result page is right before the webhook arrives.',
        params: Id,
        response: { 200: Payment, ...errors },
      },
      preHandler: guards.requireAuth,
    },
    async (request) => payments.sync(caller(request), request.params.id),
  );

  app.get(
    '/payment/:id',
    {
      schema: { tags: ['payments'], summary: 'One payment', params: Id, response: { 200: Payment, ...errors } },
      preHandler: guards.requireAuth,
    },
    async (request) => payments.get(caller(request), request.params.id),
  );

  const CreateIntent = z.object({
    shoppingCartId: z.uuid().optional(),
    orderId: z.uuid().optional(),
    kind: Kind.default('full'),
    method: MethodName.optional(),
    useWallet: z.boolean().optional(),
  });
  for (const [path, method] of [
    ['/payment/create-intent', null],
    ['/payment/klarna/create-intent', 'klarna'],
    ['/payment/google-pay/create-intent', 'google_pay'],
    ['/payment/apple-pay/create-intent', 'apple_pay'],
  ] as const) {
    app.post(
      path,
      {
        schema: {
          tags: ['payments'],
          summary: method ? `Create a ${method} payment intent` : 'Create a payment intent',
          description:
            'For the methods whose intent is made before the payment element is shown (ACH, SEPA, Klarna, Apple Pay, Google Pay): an attempt for a cart not yet ordered (`shoppingCartId`; the confirm gives it to the order) or for an order (`orderId`). The answer carries the `clientSecret`. Anonymous carts may create one too (the cart cookie is the proof).',
          body: CreateIntent,
          response: { 200: Payment, ...errors },
        },
        config: { auth: 'optional' },
      },
      async (request) =>
        payments.createIntent(caller(request), {
          ...request.body,
          method: method ?? request.body.method ?? 'card',
          lang: requestLanguage(request),
        }),
    );
  }

  app.post(
    '/payment/update-amount',
    {
      schema: {
        tags: ['payments'],
        summary: 'Change the amount of an intent made before the confirm',
        description:
          'The checkout re-priced (address, kind, wallet). Fails with PAYMENT_UPDATE_FAILED (`checkout_update_payment_error`) when the attempt can no longer change.',
        body: z.object({
          shoppingCartId: z.uuid().optional(),
          paymentIntentId: z.uuid(),
          kind: Kind.default('full'),
          method: MethodName.optional(),
          useWallet: z.boolean().optional(),
        }),
        response: { 200: Payment, ...errors },
      },
      config: { auth: 'optional' },
    },
    async (request) => payments.updateAmount(caller(request), request.body),
  );

  app.post(
    '/payment/cancel-intent',
    {
      schema: {
        tags: ['payments'],
        summary: 'Cancel an attempt (the buyer chose another method)',
        body: z.object({
          paymentIntentId: z.uuid(),
          shoppingCartId: z.uuid().optional(),
          orderId: z.uuid().optional(),
        }),
        response: { 200: Payment, ...errors },
      },
      config: { auth: 'optional' },
    },
    async (request) => payments.cancelIntent(caller(request), request.body),
  );

  app.get(
    '/payment/stripe-bank-transfer-next-action/:id',
    {
      schema: {
        tags: ['payments'],
        summary: 'Where to send the money of a bank transfer',
        params: Id,
        response: {
          200: z.object({ status: z.enum(PAYMENT_STATUSES), instructions: Instructions.nullable() }),
          ...errors,
        },
      },
      preHandler: guards.requireAuth,
    },
    async (request) => payments.bankTransferNextAction(caller(request), request.params.id),
  );

  app.post(
    '/order/complete-order/:id/setup',
    {
      schema: {
        tags: ['payments'],
        summary: 'Set up the payment of an existing order (remaining payment)',
        description:
          'The checkout of an order placed before: what is paid and due, the kinds (remaining once something is paid; full or deposit before), the methods per kind, and the wallet balance. The order’s country is fixed.',
        params: Id,
        response: {
          200: z.object({
            orderId: z.string(),
            number: z.number().int(),
            type: z.enum(SHIPMENT_KINDS),
            country: z.string(),
            currency: z.string(),
            pricing: z.object({
              total: z.number().int(),
              paid: z.number().int(),
              toPay: z.number().int(),
              deposit: z.number().int(),
              walletBalance: z.number().int(),
            }),
            paymentKinds: z.array(KindOption),
            allowedMethods: z.record(z.string(), z.array(MethodOption)),
          }),
          ...errors,
        },
      },
      preHandler: guards.requireAuth,
    },
    async (request) => {
      const o = await payments.options(caller(request), request.params.id);
      return {
        orderId: o.order.id,
        number: o.order.number,
        type: o.order.type,
        country: o.order.country,
        currency: o.order.currency,
        pricing: {
          total: o.order.total,
          paid: o.paid,
          toPay: o.toPay,
          deposit: o.order.deposit,
          walletBalance: o.walletBalance,
        },
        paymentKinds: o.kinds,
        allowedMethods: o.methodsByKind,
      };
    },
  );
}
