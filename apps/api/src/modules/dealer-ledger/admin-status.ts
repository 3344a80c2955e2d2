// Administrators settle a dealer's ledger entry (issue 24, decision 054): an open invoice marked paid, or an open entry
// voided with a reason (it leaves the balance). A paid or void entry is never changed again. The dealer's invoices
// page reads the same row, so it shows the new status at once.
import { ErrorEnvelope, LedgerEntry, LedgerVoidBody } from '@varg/contracts';
import { type Db, dealerLedgerEntries } from '@varg/db';
import { isUuid } from '@varg/domain';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError } from '../../lib/api-error.ts';
import type { AuditService } from '../audit/service.ts';
import type { Guards } from '../identity/auth.ts';
import type { DealerLedgerService } from './service.ts';

type Actor = { userId: string; ip: string };

export function ledgerStatusAdmin(db: Db, audit: AuditService) {
  /** Locks the entry of the dealer, checks it is open, sets the status and audits it on the dealer, in one transaction. */
  async function settle(actor: Actor, dealerId: string, entryId: string, to: 'paid' | 'void', reason?: string) {
    if (!isUuid(dealerId) || !isUuid(entryId)) throw new ApiError('LEDGER_ENTRY_NOT_FOUND');
    await db.transaction(async (tx) => {
      const mine = and(eq(dealerLedgerEntries.id, entryId), eq(dealerLedgerEntries.dealerId, dealerId));
      const [row] = await tx.select().from(dealerLedgerEntries).where(mine).for('update');
      if (!row) throw new ApiError('LEDGER_ENTRY_NOT_FOUND');
      if (row.status !== 'open') throw new ApiError('LEDGER_ENTRY_SETTLED');
      if (to === 'paid' && row.kind !== 'invoice') throw new ApiError('LEDGER_ENTRY_NOT_INVOICE');
      await tx.update(dealerLedgerEntries).set({ status: to }).where(mine);
      await audit.record(
        {
          actorId: actor.userId,
          ip: actor.ip,
          action: to === 'paid' ? 'dealer.ledger_paid' : 'dealer.ledger_void',
          entity: { type: 'dealer', id: dealerId },
          before: { number: row.number, status: row.status },
          after: { number: row.number, status: to, ...(reason ? { reason } : {}) },
          detail: { entryId, number: row.number, kind: row.kind, amount: row.amount, currency: row.currency },
        },
        tx,
      );
    });
  }
  return {
    markPaid: (actor: Actor, dealerId: string, entryId: string) => settle(actor, dealerId, entryId, 'paid'),
    void: (actor: Actor, dealerId: string, entryId: string, reason: string) =>
      settle(actor, dealerId, entryId, 'void', reason),
  };
}
export type LedgerStatusAdmin = ReturnType<typeof ledgerStatusAdmin>;

const Params = z.object({ id: z.string().trim().min(1).max(100), entryId: z.string().trim().min(1).max(100) });
const errors = { 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope, 409: ErrorEnvelope };

export const ledgerStatusRoutes: FastifyPluginAsyncZod<{
  admin: LedgerStatusAdmin;
  ledger: DealerLedgerService;
  guards: Guards;
}> = async (app, { admin, ledger, guards }) => {
  /** The entry as the dealer's ledger lists it after the change (its status, the running balance). */
  const answer = async (auth: Parameters<DealerLedgerService['entry']>[0], dealerId: string, entryId: string) => {
    const entry = await ledger.entry(auth, dealerId, entryId);
    if (!entry) throw new ApiError('LEDGER_ENTRY_NOT_FOUND');
    return entry;
  };
  app.post(
    '/admin/dealers/:id/ledger/:entryId/paid',
    {
      preHandler: guards.requireRole('admin'),
      schema: {
        tags: ['dealer-ledger'],
        summary: "Mark a dealer's open invoice paid",
        description:
          'Administrators only (anyone else 403 FORBIDDEN, anonymous 401). Only an `open` invoice (overdue included): a paid or void entry is 409 LEDGER_ENTRY_SETTLED, a credit note, payment or reimbursement 409 LEDGER_ENTRY_NOT_INVOICE, an entry of another dealer or an unknown one 404 LEDGER_ENTRY_NOT_FOUND. The balance does not change (the money is a payment entry of its own). Audited on the dealer (`dealer.ledger_paid`) in the same transaction. Answers the entry as the dealer’s ledger lists it.',
        params: Params,
        response: { 200: LedgerEntry, ...errors },
      },
    },
    async (request) => {
      // biome-ignore lint/style/noNonNullAssertion: the admin guard ran
      const auth = request.auth!;
      const { id, entryId } = request.params;
      await admin.markPaid({ userId: auth.userId, ip: request.ip }, id, entryId);
      return answer(auth, id, entryId);
    },
  );
  app.post(
    '/admin/dealers/:id/ledger/:entryId/void',
    {
      preHandler: guards.requireRole('admin'),
      schema: {
        tags: ['dealer-ledger'],
        summary: "Void a dealer's open ledger entry, with a reason",
        description:
          'Administrators only (anyone else 403 FORBIDDEN, anonymous 401). Any `open` entry (overdue included); it no longer counts in the balance. `reason` (3 to 300 characters) is kept in the audit entry (`dealer.ledger_void`, on the dealer, same transaction). A paid or void entry is 409 LEDGER_ENTRY_SETTLED, an entry of another dealer or an unknown one 404 LEDGER_ENTRY_NOT_FOUND. Answers the entry as the dealer’s ledger lists it.',
        params: Params,
        body: LedgerVoidBody,
        response: { 200: LedgerEntry, ...errors },
      },
    },
    async (request) => {
      // biome-ignore lint/style/noNonNullAssertion: the admin guard ran
      const auth = request.auth!;
      const { id, entryId } = request.params;
      await admin.void({ userId: auth.userId, ip: request.ip }, id, entryId, request.body.reason);
      return answer(auth, id, entryId);
    },
  );
};
