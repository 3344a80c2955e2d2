import { describe, expect, it } from 'vitest';
import {
  csvField,
  hasLedgerSign,
  type LedgerEntryAmount,
  labourAmount,
  ledgerPeriodValid,
  ledgerStatus,
  ledgerTotals,
  minorToDecimal,
  runningBalances,
  sumMinor,
  toCsv,
} from './dealer-ledger.ts';

const entry = (e: Partial<LedgerEntryAmount> & Pick<LedgerEntryAmount, 'kind' | 'amount'>): LedgerEntryAmount => ({
  currency: 'EUR',
  status: 'open',
  issuedAt: '2026-09-01',
  dueAt: null,
  ...e,
});

describe('dealer ledger', () => {
  it('keeps a running balance per currency; void entries change nothing', () => {
    const rows = runningBalances([
      entry({ kind: 'invoice', amount: 1_250_000, dueAt: '2026-10-01' }),
      entry({ kind: 'invoice', amount: 9_999, currency: 'USD' }),
      entry({ kind: 'payment', amount: -1_000_000, status: 'paid' }),
      entry({ kind: 'credit_note', amount: -12_345 }),
      entry({ kind: 'invoice', amount: 500_000, status: 'void' }),
      entry({ kind: 'reimbursement', amount: -1 }),
      entry({ kind: 'payment', amount: -9_999, currency: 'USD', status: 'paid' }),
    ]);
    expect(rows.map((r) => [r.currency, r.balanceAfter])).toEqual([
      ['EUR', 1_250_000],
      ['USD', 9_999],
      ['EUR', 250_000],
      ['EUR', 237_655],
      ['EUR', 237_655],
      ['EUR', 237_654],
      ['USD', 0],
    ]);
  });

  it('totals each currency: the balance is the exact sum of the lines', () => {
    const entries = [
      entry({ kind: 'invoice', amount: 1_250_001, status: 'paid', dueAt: '2026-09-30' }),
      entry({ kind: 'invoice', amount: 310_050, dueAt: '2026-10-15' }),
      entry({ kind: 'invoice', amount: 99_999, dueAt: '2026-12-31' }),
      entry({ kind: 'invoice', amount: 777_777, status: 'void', dueAt: '2026-01-01' }),
      entry({ kind: 'payment', amount: -1_250_001, status: 'paid' }),
      entry({ kind: 'credit_note', amount: -20_000 }),
      entry({ kind: 'reimbursement', amount: -16_875 }),
      entry({ kind: 'invoice', amount: 4_200_000, currency: 'USD', dueAt: '2026-11-01' }),
      entry({ kind: 'payment', amount: -1_000_000, currency: 'USD', status: 'paid' }),
    ];
    const totals = ledgerTotals(entries, '2026-11-25');
    expect(totals).toEqual([
      {
        currency: 'EUR',
        invoiced: 1_660_050,
        credited: 20_000,
        paid: 1_250_001,
        reimbursed: 16_875,
        balance: 373_174,
        overdue: 310_050,
        overdueCount: 1,
      },
      {
        currency: 'USD',
        invoiced: 4_200_000,
        credited: 0,
        paid: 1_000_000,
        reimbursed: 0,
        balance: 3_200_000,
        overdue: 4_200_000,
        overdueCount: 1,
      },
    ]);
    const eur = entries.filter((e) => e.currency === 'EUR' && e.status !== 'void').map((e) => e.amount);
    expect(totals[0]?.balance).toBe(eur.reduce((a, b) => a + b, 0));
    expect(ledgerTotals([], '2026-11-25')).toEqual([]);
  });

  it('refuses amounts that are not integer minor units', () => {
    expect(() => sumMinor([1, 0.5], 'EUR')).toThrow();
    expect(() => runningBalances([entry({ kind: 'invoice', amount: 10.01 })])).toThrow();
    expect(sumMinor([Number.MAX_SAFE_INTEGER - 1, 1], 'EUR')).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('shows an open invoice as overdue from the day after its due date', () => {
    const invoice = { kind: 'invoice' as const, status: 'open', dueAt: '2026-11-24' };
    expect(ledgerStatus(invoice, '2026-11-24')).toBe('open');
    expect(ledgerStatus(invoice, '2026-11-25')).toBe('overdue');
    expect(ledgerStatus({ ...invoice, status: 'paid' }, '2027-01-01')).toBe('paid');
    expect(ledgerStatus({ ...invoice, status: 'void' }, '2027-01-01')).toBe('void');
    expect(ledgerStatus({ ...invoice, dueAt: null }, '2027-01-01')).toBe('open');
    expect(ledgerStatus({ kind: 'credit_note', status: 'open', dueAt: '2026-01-01' }, '2027-01-01')).toBe('open');
  });

  it('knows the sign of each kind', () => {
    expect(hasLedgerSign('invoice', 100)).toBe(true);
    expect(hasLedgerSign('invoice', -100)).toBe(false);
    expect(hasLedgerSign('payment', -100)).toBe(true);
    expect(hasLedgerSign('credit_note', 100)).toBe(false);
    expect(hasLedgerSign('reimbursement', 0)).toBe(false);
  });

  it('reimburses labour at the dealer’s rate, rounded half up to the cent', () => {
    expect(labourAmount(250, 6_750, 'EUR')).toBe(16_875);
    expect(labourAmount(100, 8_500, 'USD')).toBe(8_500);
    expect(labourAmount(33, 1_001, 'EUR')).toBe(330); // 330.33
    expect(labourAmount(50, 1_001, 'EUR')).toBe(501); // 500.5 → 501
    expect(() => labourAmount(1.5, 1_000, 'EUR')).toThrow();
  });

  it('writes decimals and CSV fields exactly', () => {
    expect(minorToDecimal(123_456, 'EUR')).toBe('1234.56');
    expect(minorToDecimal(-5, 'EUR')).toBe('-0.05');
    expect(minorToDecimal(0, 'USD')).toBe('0.00');
    expect(minorToDecimal(-1_000, 'JPY')).toBe('-1000');
    expect(csvField('plain')).toBe('plain');
    expect(csvField('Frames, 2 "Varg"')).toBe('"Frames, 2 ""Varg"""');
    expect(csvField('line\nbreak')).toBe('"line\nbreak"');
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('-12.50')).toBe('-12.50');
    expect(csvField(null)).toBe('');
    expect(toCsv(['a', 'b'], [[1, 'x;y']])).toBe('a,b\r\n1,"x;y"\r\n');
  });

  it('accepts a period only when it does not end before it starts', () => {
    expect(ledgerPeriodValid('2026-01-01', '2026-12-31')).toBe(true);
    expect(ledgerPeriodValid('2026-01-01', '2026-01-01')).toBe(true);
    expect(ledgerPeriodValid('2026-02-01', '2026-01-31')).toBe(false);
    expect(ledgerPeriodValid(undefined, '2026-01-31')).toBe(true);
  });
});
