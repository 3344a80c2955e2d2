// The customer's own store credit (issue 25 item 6; decision 051): the wallet page reads it.
import { OwnWallet, WalletQuery } from '@varg/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, PRIVATE } from '../../lib/route-responses.ts';
import { type Guards, signedIn } from '../identity/auth.ts';
import type { WalletHistory } from './wallet-history.ts';

export const ownWalletRoutes: FastifyPluginAsyncZod<{ history: WalletHistory; guards: Guards }> = async (
  app,
  { history, guards },
) => {
  app.get(
    '/user/wallet',
    {
      preHandler: guards.requireAuth,
      schema: {
        tags: ['payments'],
        summary: 'The caller’s store credit: balance per currency and its history',
        description:
          'Only the signed-in owner’s own wallet (anonymous 401). Balances are the sums of the entries per currency (what the checkout offers to spend); the history, newest first and paged (`page`, `limit` up to 100), lists credit from order edits, refunds, referrals and administrators’ credits, and credit spent at checkout.',
        querystring: WalletQuery,
        response: { 200: OwnWallet, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', PRIVATE);
      return history.read(signedIn(request).userId, request.query.page, request.query.limit);
    },
  );
};
