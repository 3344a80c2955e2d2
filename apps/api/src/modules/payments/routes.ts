import {
  CountryCode as Country,
  ErrorEnvelope,
  BankTransferInstructions as Instructions,
  Payment,
  SavedCard,
} from '@varg/contracts';
import { PAYMENT_STATUSES } from '@varg/domain';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isLoopback } from '../dev/routes.ts';
import type { Guards } from '../identity/auth.ts';
import type { PaymentCaller, PaymentsService } from './service.ts';

const errors = {
  400: ErrorEnvelope,
  401: ErrorEnvelope,
  403: ErrorEnvelope,
  404: ErrorEnvelope,
  409: ErrorEnvelope,
  502: ErrorEnvelope,
  503: ErrorEnvelope,
};
const Id = z.object({ id: z.uuid() });
const Kind = z.string().max(16);
const MethodName = z.string().max(32);
const Card = z.object({
  number: z.string().regex(/^[\d ]{12,23}$/),
  expMonth: z.number().int().min(1).max(12),
  expYear: z.number().int().min(2000).max(2100),
  cvc: z.string().regex(/^\d{3,4}$/),
});
const Details = z.discriminatedUnion('type', [
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
    accountType: z.enum(['checking', 'savings']),
  }),
  z.object({ type: z.literal('redirect') }),
  z.object({ type: z.literal('bank_transfer') }),
]);
const ReturnUrl = z
  .string()
  .max(500)
  .regex(/^\/[^/\\]/, 'an internal path');

const caller = (request: { auth: { userId: string; roles: string[] } | null }): PaymentCaller => ({
  userId: request.auth?.userId ?? null,
  roles: request.auth?.roles ?? [],
});

const KindOption = z.object({ name: z.string(), default: z.boolean() });
const MethodOption = z.object({ _id: z.string(), labelKey: z.string(), requestDownPayment: z.boolean() });

/** Payments of orders (spec section 7, "Checkout and payment"; docs/decisions/017-payments.md). */
export const paymentRoutes: FastifyPluginAsyncZod<{
  payments: PaymentsService;
  guards: Guards;
  /** The dev settle route answers only callers on this machine (as the dev mailbox). */
  devLocalOnly: boolean;
  /** The dev settle route exists (the demo only; decision 030). */
  devRoutes: boolean;
  /** The payment providers whose webhooks are mounted: `stripe`, and `sandbox` in the demo only. */
  webhookProviders: ReadonlyArray<'stripe' | 'sandbox'>;
  /** The lenders whose signed callbacks are mounted (`/payment/webhook/lender/{name}`) and their signature headers. */
  lenders: ReadonlyArray<{ name: string; signatureHeader: string }>;
  /** The demo's sandbox lender: its page's decision route is mounted. */
  sandboxLender: boolean;
}> = async (app, { payments, guards, devLocalOnly, devRoutes, webhookProviders, lenders, sandboxLender }) => {
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

  app.get(
    '/payment/stripe/public-key',
    {
      schema: {
        tags: ['payments'],
        summary: "The browser's Stripe key of a market",
        description: 'null when the market is served by the sandbox.',
        querystring: z.object({ country: Country.optional() }),
        response: { 200: z.object({ public_key: z.string().nullable() }) },
      },
    },
    async (request) => payments.publicKey(request.query.country),
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
            type: z.enum(['vehicle', 'store']),
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

  // — saved cards (spec section 7: v1 user cards, v2 setup) —
  app.get(
    '/stripe/cards',
    {
      schema: {
        tags: ['payments'],
        summary: "The caller's saved cards in a market",
        querystring: z.object({ country: Country }),
        response: {
          200: z.array(SavedCard),
          ...errors,
        },
      },
      preHandler: guards.requireAuth,
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return payments.cards(caller(request).userId ?? '', request.query.country);
    },
  );

  app.delete(
    '/stripe/card',
    {
      schema: {
        tags: ['payments'],
        summary: 'Delete a saved card',
        description: '403 IMPERSONATION_NOT_ALLOWED while an administrator acts as the customer.',
        querystring: z.object({ country: Country }),
        body: z.object({ id: z.string().min(3).max(64) }),
        response: { 200: z.object({ deleted: z.boolean() }), ...errors },
      },
      preHandler: guards.requireOwnSession,
    },
    async (request) => payments.deleteCard(caller(request).userId ?? '', request.query.country, request.body.id),
  );

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
    async (request) => payments.settle(request.params.id, request.body.outcome, 'admin'),
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
          to: z.enum(['original', 'wallet']).optional(),
        }),
        response: { 200: Payment.extend({ refundedTo: z.enum(['original', 'wallet']) }), ...errors },
      },
      preHandler: [guards.requireAuth, guards.requireRole('admin')],
    },
    async (request) => payments.refund(request.params.id, request.body),
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

  // Webhooks read the raw body: the signature is over the exact bytes sent.
  await app.register(async (plain) => {
    const hooks = plain.withTypeProvider<ZodTypeProvider>();
    hooks.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    const Received = z.object({ received: z.boolean(), applied: z.boolean() });
    const rawOf = (body: unknown) => (typeof body === 'string' ? body : '');
    const first = (header: string | string[] | undefined) => (Array.isArray(header) ? header[0] : header);
    // Only the providers that exist: in production the sandbox's webhook is not mounted (decision 030).
    for (const provider of webhookProviders)
      hooks.post(
        `/payment/webhook/${provider}`,
        {
          schema: {
            tags: ['payments'],
            summary: provider === 'stripe' ? 'Stripe webhook' : 'Sandbox webhook (the demo only)',
            description: `Verified by signature (\`${provider}-signature\`), processed once per event id; a replayed or out-of-order event changes nothing.`,
            response: { 200: Received, ...errors },
          },
        },
        async (request) =>
          payments.webhook(provider, rawOf(request.body), first(request.headers[`${provider}-signature`])),
      );
    for (const lender of lenders)
      hooks.post(
        `/payment/webhook/lender/${lender.name}`,
        {
          schema: {
            tags: ['payments'],
            summary: `Lender callback (${lender.name}): the decision on a financing application`,
            description: `Verified by signature (\`${lender.signatureHeader}\`, HMAC-SHA256 over \`<t>.<raw body>\`), processed once per event id; approves or declines only a waiting application of this lender, an approval only for the amount applied for. Body: \`{ id, type: application.approved | application.declined, data: { application, amount, currency } }\`.`,
            response: { 200: Received, ...errors },
          },
        },
        async (request) =>
          payments.lenderCallback(lender.name, rawOf(request.body), first(request.headers[lender.signatureHeader])),
      );
  });
};

/** Saving a card (spec: POST v2 stripe/setup), and the sandbox's card form that stands in for Stripe.js. */
export const cardSetupRoutes: FastifyPluginAsyncZod<{
  payments: PaymentsService;
  guards: Guards;
  /** The sandbox's card form exists (the demo only; decision 030). */
  sandbox: boolean;
}> = async (app, { payments, guards, sandbox }) => {
  app.post(
    '/stripe/setup',
    {
      schema: {
        tags: ['payments'],
        summary: 'Start saving a card (setup intent)',
        description:
          'Answers the client_secret the browser confirms the card with (v2 in the spec; also served here). 403 IMPERSONATION_NOT_ALLOWED while an administrator acts as the customer.',
        body: z.object({ country: Country, method: z.literal('card').default('card') }),
        response: { 200: z.object({ client_secret: z.string() }), ...errors },
      },
      preHandler: guards.requireOwnSession,
    },
    async (request) => ({
      client_secret: (await payments.setupCard(caller(request).userId ?? '', request.body.country)).clientSecret,
    }),
  );

  if (!sandbox) return;
  app.post(
    '/stripe/setup/sandbox-confirm',
    {
      schema: {
        tags: ['payments'],
        summary: 'Save a card with the sandbox (what Stripe.js does in the browser)',
        body: Card.extend({ country: Country, client_secret: z.string().min(10).max(200) }),
        response: {
          200: z.object({
            card: SavedCard.nullable(),
            failureCode: z.string().nullable(),
          }),
          ...errors,
        },
      },
      preHandler: guards.requireOwnSession,
    },
    async (request) => {
      const { country, client_secret, ...card } = request.body;
      return payments.sandboxConfirmSetup(caller(request).userId ?? '', country, client_secret, card);
    },
  );
};
