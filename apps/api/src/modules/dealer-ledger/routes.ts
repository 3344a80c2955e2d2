import { LedgerBalances, LedgerGroup, LedgerPage, LedgerQuery } from '@varg/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, PDF_RESPONSE, PRIVATE, sendPdf } from '../../lib/route-responses.ts';
import { type Guards, signedIn } from '../identity/auth.ts';
import type { DealerLedgerService } from './service.ts';

const errors = errorResponses(400, 401, 403, 404);
const TAGS = ['dealer-ledger'];
const WHO =
  'Signed in. A dealer (approved dealer record) reads its own ledger; a lead dealer also the ledgers of the dealers of its group (`dealers.group_name`), read-only; an administrator any dealer’s. Another dealer’s ledger is a 404 DEALER_NOT_FOUND, as an unknown dealer is; a customer (no approved dealer record, not an administrator) is a 403 FORBIDDEN.';
const SIGN =
  'Amounts are signed integer minor units with a currency: positive = the dealer owes the maker (an invoice), negative = lowers what it owes (a credit note, a payment received, a reimbursement of labour at the dealer’s rate). A balance is the exact sum of the entries that are not void.';
const DealerId = z.uuid().meta({ description: 'A dealer id (UUID)' });
const EntryId = z.uuid().meta({ description: 'A ledger entry id (UUID)' });

/**
 * The dealer ledger: invoices and balances of dealers, and the lead dealer's group (spec sections 2 "/invoices" and 7
 * "dealer-ledger"; docs/decisions/024-dealer-ledger.md).
 */
export const dealerLedgerRoutes: FastifyPluginAsyncZod<{ ledger: DealerLedgerService; guards: Guards }> = async (
  app,
  { ledger, guards },
) => {
  const auth = { preHandler: guards.requireAuth };

  app.get(
    '/dealer-ledger/invoice/dealer/:dealerId',
    {
      ...auth,
      schema: {
        tags: TAGS,
        summary: 'A dealer’s ledger: invoices, credit notes, payments and reimbursements, newest first',
        description: `Filters: \`from\`/\`to\` (issue day, inclusive; \`from\` after \`to\` is a 400 LEDGER_PERIOD_INVALID), \`status\` (open · paid · overdue · void; overdue is an open invoice past its due day, UTC), \`kind\`; 20 a page by default, at most 100. Each entry carries \`balanceAfter\`, the running balance of its currency over the whole ledger. \`readOnly\` is true when the caller is not this dealer. ${SIGN} ${WHO}`,
        params: z.object({ dealerId: DealerId }),
        querystring: LedgerQuery,
        response: { 200: LedgerPage, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', PRIVATE);
      return ledger.list(signedIn(request), request.params.dealerId, request.query);
    },
  );

  app.get(
    '/dealer-ledger/invoice/balances/dealer/:dealerId',
    {
      ...auth,
      schema: {
        tags: TAGS,
        summary: 'A dealer’s balances, one per currency',
        description: `Per currency: invoiced, credited, paid, reimbursed (each a positive sum), the balance (what the dealer owes; negative when the maker owes it) and what is overdue, as of today (UTC). ${SIGN} ${WHO}`,
        params: z.object({ dealerId: DealerId }),
        response: { 200: LedgerBalances, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', PRIVATE);
      return ledger.balances(signedIn(request), request.params.dealerId);
    },
  );

  app.get(
    '/dealer-ledger/invoice/link/:id',
    {
      ...auth,
      schema: {
        tags: TAGS,
        summary: 'A download link to a ledger entry’s PDF',
        description: `\`downloadURL\` is \`/v1/dealer-ledger/invoice/download/{id}?token=…\` (relative to the API’s origin): a signed link that opens without a Bearer token until \`expiresAt\` (10 minutes). An entry of a dealer the caller may not read is a 404 LEDGER_ENTRY_NOT_FOUND, as an unknown one is. ${WHO}`,
        params: z.object({ id: EntryId }),
        response: { 200: z.object({ downloadURL: z.string(), expiresAt: z.iso.datetime() }), ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', PRIVATE);
      return ledger.link(signedIn(request), request.params.id);
    },
  );

  app.get(
    '/dealer-ledger/invoice/download/:id',
    {
      preHandler: guards.linkOrBearer,
      schema: {
        tags: TAGS,
        summary: 'A ledger entry (invoice, credit note, payment, reimbursement) as a PDF',
        description: `A PDF (\`content-disposition: attachment; filename="<number>.pdf"\`) in the dealer’s language: the maker and the dealer, number, issue and due day, status, order reference, the lines (labour as hours × the dealer’s rate), net, VAT, total and the balance after it. Either \`token\` from \`GET dealer-ledger/invoice/link/{id}\` (a bad or expired one is a 400 INVALID_TOKEN) or a Bearer token (none at all is a 401). An entry of a dealer the caller may not read is a 404 LEDGER_ENTRY_NOT_FOUND. ${WHO}`,
        params: z.object({ id: EntryId }),
        querystring: z.object({ token: z.string().min(1).max(100).optional() }),
        response: {
          200: PDF_RESPONSE,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const { filename, pdf } = await ledger.download(request.params.id, {
        viewer: request.auth ? signedIn(request) : null,
        token: request.query.token,
      });
      return sendPdf(reply, pdf, filename);
    },
  );

  app.get(
    '/dealer-ledger/group',
    {
      preHandler: guards.requireRole('lead_dealer'),
      schema: {
        tags: TAGS,
        summary: 'The lead dealer’s group: its dealers with their totals',
        description: `Lead dealers only (role lead_dealer with an approved dealer record; others 403 FORBIDDEN). Every dealer of the caller’s group (\`dealers.group_name\`), the caller first, then by store name: store name, status, country and the totals per currency as in \`GET dealer-ledger/invoice/balances/dealer/{dealerId}\`. Read-only. ${SIGN}`,
        response: { 200: LedgerGroup, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', PRIVATE);
      return ledger.group(signedIn(request));
    },
  );
};
