import { AdminDealer, AdminDealerPage, AdminDealerQuery, AdminDealerTermsBody, ErrorEnvelope } from '@varg/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminActor } from '../../lib/admin-list.ts';
import type { Guards } from '../identity/auth.ts';
import type { DealerTermsAdmin } from './terms-admin.ts';

const errors = { 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope, 409: ErrorEnvelope };
const WHO = 'Administrators only (anyone else 403 FORBIDDEN, anonymous 401).';
const Params = z.object({
  id: z.string().trim().min(1).max(100).meta({ description: 'The dealer record’s id (UUID)' }),
});

/** `/v1/admin/dealers…`: find dealers and edit an approved dealer's terms (issue 24 item 7; decision 044). */
export const dealerTermsAdminRoutes: FastifyPluginAsyncZod<{ terms: DealerTermsAdmin; guards: Guards }> = async (
  app,
  { terms, guards },
) => {
  const preHandler = guards.requireRole('admin');

  app.get(
    '/admin/dealers',
    {
      preHandler,
      schema: {
        tags: ['dealers'],
        summary: 'Find dealers: search, filter, sort, page',
        description: `\`q\` searches the store name, the company, the e-mail address and the group. Filters: \`status\` (pending · approved · suspended · rejected), \`country\` (of the dealer's account), \`group\` (exact name). Newest first unless \`sort\` says otherwise. ${WHO}`,
        querystring: AdminDealerQuery,
        response: { 200: AdminDealerPage, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return terms.list(request.query);
    },
  );

  app.get(
    '/admin/dealers/:id',
    {
      preHandler,
      schema: {
        tags: ['dealers'],
        summary: 'One dealer with its terms',
        description: `An unknown dealer is a 404 DEALER_NOT_FOUND. ${WHO}`,
        params: Params,
        response: { 200: AdminDealer, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return terms.read(request.params.id);
    },
  );

  app.put(
    '/admin/dealers/:id/terms',
    {
      preHandler,
      schema: {
        tags: ['dealers'],
        summary: 'Change an approved (or suspended) dealer’s terms',
        description: `All terms at once: group, lead dealer (the account's \`lead_dealer\` role), the deepest discount the dealer may give off a list price (\`maxDiscountBp\`, basis points), marketplace margin (percent) and document fee (minor units), labour rate (minor units per hour), currency, and status (approved, or suspended: the dealer loses its dealer prices, orders and ledger until approved again). The dealer's next cart and order edits follow the new terms at once (they are read from the record on every request). An application still pending or rejected is a 409 DEALER_NOT_APPROVED; an unknown currency a 400 CURRENCY_UNKNOWN. The changed fields are audited before → after (\`dealer.terms\`, entity dealer) in the same transaction. ${WHO}`,
        params: Params,
        body: AdminDealerTermsBody,
        response: { 200: AdminDealer, ...errors },
      },
    },
    async (request) => terms.updateTerms(adminActor(request), request.params.id, request.body),
  );
};
