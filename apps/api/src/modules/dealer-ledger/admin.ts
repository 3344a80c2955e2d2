// Administrators issue a dealer's ledger documents (issue 24 item 7, decisions 024 and 044): an invoice, a credit note,
// or a payment received. The dealer's invoices page shows them at once (it reads the same table).
import { ErrorEnvelope, LedgerEntry } from '@varg/contracts';
import { type Db, dealerLedgerEntries, dealers } from '@varg/db';
import { isKnownCurrency, isUuid, ledgerSign } from '@varg/domain';
import { eq, like, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError } from '../../lib/api-error.ts';
import type { AuditService } from '../audit/service.ts';
import type { Guards } from '../identity/auth.ts';
import type { DealerLedgerService } from './service.ts';

const PREFIX = { invoice: 'INV', credit_note: 'CN', payment: 'PAY' } as const;
const Day = z.iso.date();

export const LedgerIssueBody = z
  .object({
    kind: z.enum(['invoice', 'credit_note', 'payment']),
    currency: z
      .string()
      .regex(/^[A-Za-z]{3}$/)
      .transform((c) => c.toUpperCase()),
    amount: z
      .number()
      .int()
      .min(1)
      .max(100_000_000)
      .meta({ description: 'Gross, positive minor units; the ledger signs it by kind' }),
    vat: z.number().int().min(0).max(100_000_000).default(0).meta({ description: 'Part of `amount`; 0 for payments' }),
    description: z.string().trim().min(1).max(200),
    issuedAt: Day.optional().meta({ description: 'Issue day (default today, UTC)' }),
    dueAt: Day.optional().meta({ description: 'Due day of an invoice (required for invoices)' }),
    orderReference: z.string().trim().max(64).optional(),
  })
  .refine((b) => b.vat < b.amount, { path: ['vat'], message: 'validation_vat_below_amount' })
  .refine((b) => b.kind !== 'payment' || b.vat === 0, { path: ['vat'], message: 'validation_payment_no_vat' })
  .refine((b) => b.kind !== 'invoice' || b.dueAt !== undefined, { path: ['dueAt'], message: 'form_required' })
  .refine((b) => b.dueAt === undefined || b.dueAt >= (b.issuedAt ?? new Date().toISOString().slice(0, 10)), {
    path: ['dueAt'],
    message: 'validation_due_after_issue',
  });
export type LedgerIssueBody = z.infer<typeof LedgerIssueBody>;

export function ledgerAdmin(db: Db, audit: AuditService) {
  return {
    /** Writes the entry with the next number of its kind and year, and its audit entry, in one transaction. */
    async issue(actor: { userId: string; ip: string }, dealerId: string, body: LedgerIssueBody) {
      if (!isKnownCurrency(body.currency)) throw new ApiError('CURRENCY_UNKNOWN');
      if (!isUuid(dealerId)) throw new ApiError('DEALER_NOT_FOUND');
      const issuedAt = body.issuedAt ?? new Date().toISOString().slice(0, 10);
      return db.transaction(async (tx) => {
        const [dealer] = await tx.select({ id: dealers.id }).from(dealers).where(eq(dealers.id, dealerId));
        if (!dealer) throw new ApiError('DEALER_NOT_FOUND');
        // One numbering per kind and year, handed out one at a time.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext('dealer_ledger_number'))`);
        const prefix = `${PREFIX[body.kind]}-${issuedAt.slice(0, 4)}-`;
        const [last] = await tx
          .select({ n: sql<number>`coalesce(max(cast(substring(${dealerLedgerEntries.number} from 10) as int)), 0)` })
          .from(dealerLedgerEntries)
          .where(like(dealerLedgerEntries.number, `${prefix}%`));
        const number = `${prefix}${String(Number(last?.n ?? 0) + 1).padStart(6, '0')}`;
        const sign = ledgerSign(body.kind);
        const net = body.amount - body.vat;
        const payment = body.kind === 'payment';
        const [row] = await tx
          .insert(dealerLedgerEntries)
          .values({
            number,
            dealerId,
            kind: body.kind,
            currency: body.currency,
            amount: sign * body.amount,
            net: payment ? null : sign * net,
            vat: payment ? null : sign * body.vat,
            status: 'open',
            issuedAt,
            dueAt: body.kind === 'invoice' ? (body.dueAt ?? null) : null,
            description: body.description,
            lines: payment
              ? []
              : [{ description: body.description, quantity: 1, unitAmount: sign * net, amount: sign * net }],
            orderReference: body.orderReference || null,
          })
          .returning();
        if (!row) throw new ApiError('DEALER_NOT_FOUND');
        await audit.record(
          {
            actorId: actor.userId,
            action: 'dealer.ledger_entry',
            entity: { type: 'dealer', id: dealerId },
            detail: { number, kind: body.kind, currency: body.currency, amount: row.amount },
            // The trail shows the new entry's number, kind and signed amount.
            after: { number, kind: body.kind, amount: `${row.amount} ${body.currency}` },
            ip: actor.ip,
          },
          tx,
        );
        return { id: row.id, issuedAt };
      });
    },
  };
}
export type LedgerAdmin = ReturnType<typeof ledgerAdmin>;

const errors = { 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope };

export const ledgerAdminRoutes: FastifyPluginAsyncZod<{
  admin: LedgerAdmin;
  ledger: DealerLedgerService;
  guards: Guards;
}> = async (app, { admin, ledger, guards }) => {
  app.post(
    '/admin/dealers/:id/ledger',
    {
      preHandler: guards.requireRole('admin'),
      schema: {
        tags: ['dealer-ledger'],
        summary: 'Issue an invoice or a credit note to a dealer, or record a payment received from it',
        description:
          'Administrators only (anyone else 403 FORBIDDEN, anonymous 401). `amount` is gross and positive; the ledger signs it (an invoice adds to what the dealer owes, a credit note and a payment lower it) and numbers it (INV-, CN-, PAY- with the year and the next number). An invoice needs `dueAt` (on or after the issue day); `vat` is part of `amount`, 0 for a payment. An unknown dealer is a 404 DEALER_NOT_FOUND, an unknown currency a 400 CURRENCY_UNKNOWN. Audited on the dealer (`dealer.ledger_entry`) in the same transaction. Answers the new entry as the dealer’s ledger lists it.',
        params: z.object({ id: z.string().trim().min(1).max(100) }),
        body: LedgerIssueBody,
        response: { 201: LedgerEntry, ...errors },
      },
    },
    async (request, reply) => {
      // biome-ignore lint/style/noNonNullAssertion: the admin guard ran
      const auth = request.auth!;
      const { id, issuedAt } = await admin.issue(
        { userId: auth.userId, ip: request.ip },
        request.params.id,
        request.body,
      );
      const day = { from: issuedAt, to: issuedAt, page: 1, limit: 100 };
      const page = await ledger.list(auth, request.params.id, day);
      const entry = page.docs.find((e) => e._id === id);
      if (!entry) throw new ApiError('LEDGER_ENTRY_NOT_FOUND');
      return reply.code(201).send(entry);
    },
  );
};
