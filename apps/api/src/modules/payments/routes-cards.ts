// Routes of saved cards (spec section 7: v1 user cards, v2 setup) and the sandbox's card form.
import { CountryCode as Country, ErrorEnvelope, SavedCard } from '@varg/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Guards } from '../identity/auth.ts';
import { Card, caller, errors, type RoutesApp } from './routes-shared.ts';
import type { PaymentsService } from './service.ts';

export function cardRoutes(app: RoutesApp, { payments, guards }: { payments: PaymentsService; guards: Guards }) {
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
}

export const cardSetupRoutes: FastifyPluginAsyncZod<{
  payments: PaymentsService;
  guards: Guards;
  /** The sandbox's card form exists (the demo only; decision 030). */
  sandbox: boolean;
}> = async (app, { payments, guards, sandbox }) => {
  app.get(
    '/payment/stripe/public-key',
    {
      schema: {
        tags: ['payments'],
        summary: "The browser's Stripe key of a market",
        description:
          'The publishable key of the Stripe account that serves `country` (v2 in the spec; also served under v1); null when the market is served by the sandbox. Public.',
        querystring: z.object({ country: Country.optional() }),
        response: { 200: z.object({ public_key: z.string().nullable() }), 400: ErrorEnvelope },
      },
    },
    async (request) => payments.publicKey(request.query.country),
  );

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
