import { add, dinero, halfUp, multiply, toSnapshot, transformScale } from 'dinero.js';
import { currencyOf } from './currency.ts';

// A dealer's ledger with the maker (docs/decisions/024-dealer-ledger.md): invoices for bikes and parts, credit notes,
// payments received and reimbursements at the dealer's labour rate. Amounts are signed integer minor units:
// positive = the dealer owes the maker (an invoice), negative = it lowers what the dealer owes (a credit note, a
// payment, a reimbursement). A balance is the exact sum of the entries that are not void, per currency.

export const LEDGER_KINDS = ['invoice', 'credit_note', 'payment', 'reimbursement'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/** What is stored. */
export const LEDGER_STORED_STATUSES = ['open', 'paid', 'void'] as const;
/** What an entry shows and lists filter by: `overdue` is an open invoice past its due date. */
export const LEDGER_STATUSES = ['open', 'paid', 'overdue', 'void'] as const;
export type LedgerStatus = (typeof LEDGER_STATUSES)[number];

/** The sign an entry of a kind carries: +1 for what the dealer owes, −1 for what lowers it. */
export function ledgerSign(kind: LedgerKind): 1 | -1 {
  return kind === 'invoice' ? 1 : -1;
}

export interface LedgerEntryAmount {
  kind: LedgerKind;
  currency: string;
  /** Signed integer minor units. */
  amount: number;
  /** Stored status. */
  status: string;
  /** `YYYY-MM-DD`. */
  issuedAt: string;
  /** `YYYY-MM-DD` or null. */
  dueAt: string | null;
}

function assertMinor(amount: number) {
  if (!Number.isSafeInteger(amount)) throw new Error('ledger amounts must be integer minor units');
}

/** Whether an amount has the sign its kind needs (an invoice is positive, the others negative; never 0). */
export function hasLedgerSign(kind: LedgerKind, amount: number): boolean {
  return Number.isSafeInteger(amount) && amount !== 0 && Math.sign(amount) === ledgerSign(kind);
}

/**
 * The status an entry shows on `today` (`YYYY-MM-DD`): an open invoice whose due date has passed (due before today) is
 * overdue; everything else shows what is stored.
 */
export function ledgerStatus(entry: Pick<LedgerEntryAmount, 'kind' | 'status' | 'dueAt'>, today: string): LedgerStatus {
  if (entry.status === 'void') return 'void';
  if (entry.status === 'paid') return 'paid';
  if (entry.kind === 'invoice' && entry.dueAt !== null && entry.dueAt < today) return 'overdue';
  return 'open';
}

const zero = (currency: string) => dinero({ amount: 0, currency: currencyOf(currency) });
const money = (amount: number, currency: string) => {
  assertMinor(amount);
  return dinero({ amount, currency: currencyOf(currency) });
};
const minor = (d: ReturnType<typeof zero>) => toSnapshot(d).amount;

/** Adds signed minor units of one currency (dinero.js; throws on a non-integer). */
export function sumMinor(amounts: readonly number[], currency: string): number {
  return minor(amounts.reduce((sum, a) => add(sum, money(a, currency)), zero(currency)));
}

/**
 * Each entry with the dealer's balance in its currency after it, in the order given (oldest first). Void entries
 * keep the balance as it was.
 */
export function runningBalances<E extends LedgerEntryAmount>(entries: readonly E[]): (E & { balanceAfter: number })[] {
  const balances = new Map<string, ReturnType<typeof zero>>();
  return entries.map((e) => {
    const before = balances.get(e.currency) ?? zero(e.currency);
    const after = e.status === 'void' ? before : add(before, money(e.amount, e.currency));
    balances.set(e.currency, after);
    return { ...e, balanceAfter: minor(after) };
  });
}

export interface LedgerTotals {
  currency: string;
  /** Sum of the invoices (positive). */
  invoiced: number;
  /** Sum of the credit notes, as a positive number. */
  credited: number;
  /** Sum of the payments received, as a positive number. */
  paid: number;
  /** Sum of the reimbursements, as a positive number. */
  reimbursed: number;
  /** What the dealer owes (negative: what the maker owes the dealer): the exact sum of all entries. */
  balance: number;
  /** Sum of the open invoices that are overdue on `today`. */
  overdue: number;
  /** How many invoices are overdue. */
  overdueCount: number;
}

/** Totals per currency, sorted by currency code; void entries count for nothing. */
export function ledgerTotals(entries: readonly LedgerEntryAmount[], today: string): LedgerTotals[] {
  const byCurrency = new Map<string, LedgerEntryAmount[]>();
  for (const e of entries) {
    if (e.status === 'void') continue;
    byCurrency.set(e.currency, [...(byCurrency.get(e.currency) ?? []), e]);
  }
  return [...byCurrency.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, list]) => {
      const of = (kind: LedgerKind) =>
        Math.abs(
          sumMinor(
            list.filter((e) => e.kind === kind).map((e) => e.amount),
            currency,
          ),
        );
      const overdue = list.filter((e) => ledgerStatus(e, today) === 'overdue');
      return {
        currency,
        invoiced: of('invoice'),
        credited: of('credit_note'),
        paid: of('payment'),
        reimbursed: of('reimbursement'),
        balance: sumMinor(
          list.map((e) => e.amount),
          currency,
        ),
        overdue: sumMinor(
          overdue.map((e) => e.amount),
          currency,
        ),
        overdueCount: overdue.length,
      };
    });
}

/**
 * A reimbursement of labour: `hundredthsOfHour` (2.5 h = 250) at the dealer's `rate` per hour (minor units), rounded
 * half up to the cent.
 */
export function labourAmount(hundredthsOfHour: number, rate: number, currency: string): number {
  if (!Number.isSafeInteger(hundredthsOfHour) || hundredthsOfHour < 0) throw new Error('hours must be hundredths');
  const total = multiply(money(rate, currency), { amount: hundredthsOfHour, scale: 2 });
  return toSnapshot(transformScale(total, currencyOf(currency).exponent, halfUp)).amount;
}

/** Minor units as a plain decimal (`-123456` EUR → `-1234.56`), for CSV and machines: no grouping, a dot. */
export function minorToDecimal(amount: number, currency: string): string {
  assertMinor(amount);
  const exponent = currencyOf(currency).exponent;
  const digits = String(Math.abs(amount)).padStart(exponent + 1, '0');
  const whole = exponent ? digits.slice(0, -exponent) : digits;
  const fraction = exponent ? `.${digits.slice(-exponent)}` : '';
  return `${amount < 0 ? '-' : ''}${whole}${fraction}`;
}

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote, semicolon or line break, quotes doubled. A field that
 * a spreadsheet would read as a formula (`=`, `+`, `-`, `@` followed by a letter, tab, CR) gets a leading `'`.
 */
export function csvField(value: string | number | null | undefined): string {
  let s = value === null || value === undefined ? '' : String(value);
  if (typeof value === 'string' && /^[=+@\t\r]|^-[^\d]/.test(s)) s = `'${s}`;
  return /[",;\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** A CSV document: a header row and rows, CRLF line ends (RFC 4180). */
export function toCsv(header: readonly string[], rows: readonly (readonly (string | number | null)[])[]): string {
  return `${[header, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n')}\r\n`;
}

/** A period filter is valid when both ends are dates and `from` is not after `to`. */
export function ledgerPeriodValid(from: string | undefined, to: string | undefined): boolean {
  return !(from && to && from > to);
}
