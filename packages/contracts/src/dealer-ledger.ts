import { z } from 'zod';
import { paginated } from './markets.ts';

// The dealer ledger (spec sections 2 "/invoices" and 7 "dealer-ledger"; docs/decisions/024-dealer-ledger.md).

const Minor = z.number().int();
const IsoDay = z.iso.date();

export const LedgerKind = z
  .enum(['invoice', 'credit_note', 'payment', 'reimbursement'])
  .meta({ description: 'invoice · credit_note · payment (received from the dealer) · reimbursement (labour)' });
export const LedgerStatus = z
  .enum(['open', 'paid', 'overdue', 'void'])
  .meta({ description: '`overdue` is derived: an open invoice whose due date has passed' });

export const LedgerLine = z.object({
  description: z.string(),
  quantity: z.number(),
  unitAmount: Minor.meta({ description: 'Net per unit, signed minor units' }),
  amount: Minor.meta({ description: 'Net of the line, signed minor units' }),
  hours: z.number().optional().meta({ description: 'Labour hours of a reimbursement' }),
  rate: Minor.optional().meta({ description: 'The dealer’s labour rate per hour (minor units)' }),
});

export const LedgerEntry = z
  .object({
    _id: z.uuid(),
    number: z.string().meta({ description: 'INV-2026-000123 · CN-… · PAY-… · RB-…' }),
    dealerId: z.uuid(),
    kind: LedgerKind,
    currency: z.string().length(3),
    amount: Minor.meta({
      description: 'Gross, signed minor units: positive = the dealer owes the maker; negative = lowers what it owes',
    }),
    net: Minor.nullable(),
    vat: Minor.nullable(),
    status: LedgerStatus,
    issuedAt: IsoDay,
    dueAt: IsoDay.nullable(),
    description: z.string(),
    lines: z.array(LedgerLine),
    orderReference: z.string().nullable(),
    balanceAfter: Minor.meta({
      description: 'The dealer’s balance in this currency after this entry (all entries up to it, whatever the filter)',
    }),
  })
  .meta({ id: 'LedgerEntry' });
export type LedgerEntry = z.infer<typeof LedgerEntry>;

export const LedgerTotals = z
  .object({
    currency: z.string().length(3),
    invoiced: Minor,
    credited: Minor,
    paid: Minor,
    reimbursed: Minor,
    balance: Minor.meta({ description: 'The exact sum of the ledger’s entries (void ones excepted)' }),
    overdue: Minor,
    overdueCount: z.number().int(),
  })
  .meta({ id: 'LedgerTotals' });
export type LedgerTotals = z.infer<typeof LedgerTotals>;

export const LedgerDealer = z
  .object({
    _id: z.uuid(),
    storeName: z.string(),
    status: z.number().int().meta({ description: '1 = active (approved)' }),
    group: z.string(),
    country: z.string(),
    lang: z.string(),
  })
  .meta({ id: 'LedgerDealer' });
export type LedgerDealer = z.infer<typeof LedgerDealer>;

export const LedgerPage = paginated(LedgerEntry)
  .extend({ dealer: LedgerDealer, readOnly: z.boolean().meta({ description: 'The caller is not this dealer' }) })
  .meta({ id: 'LedgerPage' });
export type LedgerPage = z.infer<typeof LedgerPage>;

export const LedgerBalances = z
  .object({ dealer: LedgerDealer, asOf: IsoDay, balances: z.array(LedgerTotals) })
  .meta({ id: 'LedgerBalances' });
export type LedgerBalances = z.infer<typeof LedgerBalances>;

export const LedgerGroup = z
  .object({
    group: z.string(),
    asOf: IsoDay,
    dealers: z.array(LedgerDealer.extend({ balances: z.array(LedgerTotals) })),
  })
  .meta({ id: 'LedgerGroup' });
export type LedgerGroup = z.infer<typeof LedgerGroup>;

export const LedgerQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  from: IsoDay.optional().meta({ description: 'Issued on or after this day' }),
  to: IsoDay.optional().meta({ description: 'Issued on or before this day' }),
  status: LedgerStatus.optional(),
  kind: LedgerKind.optional(),
});
export type LedgerQuery = z.infer<typeof LedgerQuery>;

/** Voiding a ledger entry (back office, decision 054): the reason is kept in the audit entry. */
export const LedgerVoidBody = z
  .object({ reason: z.string().trim().min(3).max(300).meta({ description: 'Why the entry is void (audited)' }) })
  .meta({ id: 'LedgerVoidBody' });
export type LedgerVoidBody = z.infer<typeof LedgerVoidBody>;
