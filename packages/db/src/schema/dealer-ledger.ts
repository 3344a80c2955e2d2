import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { dealers } from './identity.ts';

/**
 * A dealer's ledger (spec sections 2 "/invoices" and 7 "dealer-ledger"; docs/decisions/024-dealer-ledger.md): what the
 * maker issues to a dealer. Invoices for bikes and parts, credit notes, payments received from the dealer and
 * reimbursements of warranty work at the dealer's labour rate. `amount` is signed integer minor units: positive = the
 * dealer owes the maker (invoice), negative = the maker owes or was paid (credit note, payment, reimbursement). The
 * dealer's balance per currency is the exact sum of its entries that are not void.
 */
export const dealerLedgerEntries = pgTable(
  'dealer_ledger_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** INV-2026-000123 · CN-2026-000007 · PAY-2026-000042 · RB-2026-000003 — unique. */
    number: varchar('number', { length: 32 }).notNull().unique(),
    dealerId: uuid('dealer_id')
      .notNull()
      .references(() => dealers.id, { onDelete: 'cascade' }),
    /** invoice · credit_note · payment · reimbursement */
    kind: varchar('kind', { length: 16 }).notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    /** Gross, signed minor units (see above). */
    amount: integer('amount').notNull(),
    /** Net and VAT of invoices, credit notes and reimbursements (signed as `amount`); null for payments. */
    net: integer('net'),
    vat: integer('vat'),
    /** open · paid · void. `overdue` is never stored: an open invoice past its due date shows it. */
    status: varchar('status', { length: 8 }).notNull().default('open'),
    issuedAt: date('issued_at').notNull(),
    /** When an invoice falls due; null for payments and credits. */
    dueAt: date('due_at'),
    description: text('description').notNull().default(''),
    /** [{ description, quantity, unitAmount (net minor units), amount, hours?, rate? }] */
    lines: jsonb('lines').notNull().default([]),
    /** The order the entry belongs to, if any (its number, as printed). */
    orderReference: varchar('order_reference', { length: 64 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('dealer_ledger_dealer_issued_idx').on(t.dealerId, t.issuedAt),
    check('dealer_ledger_kind_check', sql`${t.kind} in ('invoice', 'credit_note', 'payment', 'reimbursement')`),
    check('dealer_ledger_status_check', sql`${t.status} in ('open', 'paid', 'void')`),
  ],
);
