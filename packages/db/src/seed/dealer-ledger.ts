import { eq } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { dealerLedgerEntries, dealers } from '../schema/index.ts';

type Tx = Pick<Db, 'insert' | 'update'>;

// Each demo dealer's ledger with the maker over the last months (docs/decisions/024-dealer-ledger.md): bikes and parts
// invoiced, a credit note, payments received, a warranty reimbursement at the dealer's labour rate; the older invoices
// paid, one invoice overdue (due 25 days before the seeding), one open (due in 15 days). Amounts and numbers are fixed;
// the dates are days relative to the seeding day (decision 026), so the overdue one stays overdue and the open one open.

/** The days of the demo ledger, relative to the seeding day (UTC). */
export const DEMO_LEDGER_DAYS = {
  bikesInvoiced: -166,
  bikesDue: -136,
  partsInvoiced: -140,
  partsDue: -110,
  bikesPaid: -139,
  creditNote: -128,
  partsPaid: -112,
  reimbursement: -71,
  overdueInvoiced: -56,
  overdueDue: -25,
  openInvoiced: -15,
  openDue: 15,
} as const;

/** The ISO date `offset` days from `now`'s UTC day. */
export function demoLedgerDate(offset: number, now: Date = new Date()): string {
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + offset));
  return day.toISOString().slice(0, 10);
}

interface DealerLedgerSeed {
  /** Labour rate per hour, minor units (dealers.labour_rate), used for the reimbursement. */
  labourRate: number;
  /** VAT the maker charges the dealer, basis points (0: intra-EU reverse charge or export). */
  vatBp: number;
  /** Price level of the bikes, minor units net per bike. */
  bike: number;
  /** How many bikes each bike invoice holds. */
  bikes: [number, number];
  /** A short tag for order references. */
  tag: string;
}

const DEALERS: Record<string, DealerLedgerSeed> = {
  'dealer@demo.starkfuture.com': { labourRate: 6_500, vatBp: 2_100, bike: 1_050_000, bikes: [2, 1], tag: 'BCN' },
  'lead-dealer@demo.starkfuture.com': { labourRate: 7_800, vatBp: 0, bike: 1_090_000, bikes: [3, 2], tag: 'MUC' },
  'lyon@demo.starkfuture.com': { labourRate: 7_000, vatBp: 0, bike: 1_070_000, bikes: [2, 2], tag: 'LYS' },
  'austin@demo.starkfuture.com': { labourRate: 9_500, vatBp: 0, bike: 1_190_000, bikes: [2, 1], tag: 'AUS' },
  'vienna@demo.starkfuture.com': { labourRate: 7_200, vatBp: 0, bike: 1_085_000, bikes: [1, 1], tag: 'VIE' },
};

const CURRENCY: Record<string, string> = { 'austin@demo.starkfuture.com': 'USD' };

const vatOf = (net: number, bp: number) => Math.round((net * bp) / 10_000);

/** The entries of one dealer, oldest first; `next(prefix)` hands out the document numbers. */
function entriesOf(email: string, s: DealerLedgerSeed, next: (prefix: string) => string, now: Date) {
  const at = (key: keyof typeof DEMO_LEDGER_DAYS) => demoLedgerDate(DEMO_LEDGER_DAYS[key], now);
  const currency = CURRENCY[email] ?? 'EUR';
  const line = (description: string, quantity: number, unitAmount: number) => ({
    description,
    quantity,
    unitAmount,
    amount: quantity * unitAmount,
  });
  const invoice = (
    issuedAt: string,
    dueAt: string,
    status: 'open' | 'paid',
    description: string,
    lines: ReturnType<typeof line>[],
    orderReference: string,
  ) => {
    const net = lines.reduce((sum, l) => sum + l.amount, 0);
    const vat = vatOf(net, s.vatBp);
    return {
      number: next('INV'),
      kind: 'invoice',
      currency,
      amount: net + vat,
      net,
      vat,
      status,
      issuedAt,
      dueAt,
      description,
      lines,
      orderReference,
    };
  };
  const bikes1 = invoice(
    at('bikesInvoiced'),
    at('bikesDue'),
    'paid',
    'STARK VARG EX',
    [line('STARK VARG EX 80 kW', s.bikes[0], s.bike), line('Transport to store', 1, 45_000)],
    `SO-${s.tag}-2026-0611`,
  );
  const parts1 = invoice(
    at('partsInvoiced'),
    at('partsDue'),
    'paid',
    'Spare parts',
    [line('Brake pads, front (set)', 10, 3_900), line('Chain kit 13/50', 4, 11_500), line('Battery cover', 2, 8_400)],
    `PO-${s.tag}-2026-0707`,
  );
  const creditNet = -2 * 8_400;
  const creditVat = -vatOf(2 * 8_400, s.vatBp);
  const hours = 350; // 3.5 h of warranty work
  const labour = Math.round((hours * s.labourRate) / 100);
  const bikes2 = invoice(
    at('overdueInvoiced'),
    at('overdueDue'),
    'open',
    'STARK VARG MX',
    [line('STARK VARG MX 60 kW', s.bikes[1], s.bike - 60_000)],
    `SO-${s.tag}-2026-0929`,
  );
  const parts2 = invoice(
    at('openInvoiced'),
    at('openDue'),
    'open',
    'Spare parts',
    [line('Handguards (pair)', 6, 4_500), line('Front fender, white', 3, 6_900)],
    `PO-${s.tag}-2026-1109`,
  );
  return [
    bikes1,
    {
      number: next('PAY'),
      kind: 'payment',
      currency,
      amount: -bikes1.amount,
      net: null,
      vat: null,
      status: 'paid',
      issuedAt: at('bikesPaid'),
      dueAt: null,
      description: `Bank transfer, ${bikes1.number}`,
      lines: [],
      orderReference: bikes1.orderReference,
    },
    parts1,
    {
      number: next('CN'),
      kind: 'credit_note',
      currency,
      amount: creditNet + creditVat,
      net: creditNet,
      vat: creditVat,
      status: 'paid',
      issuedAt: at('creditNote'),
      dueAt: null,
      description: `Battery covers damaged in transport, ${parts1.number}`,
      lines: [line('Battery cover (returned)', 2, -8_400)],
      orderReference: parts1.orderReference,
    },
    {
      number: next('PAY'),
      kind: 'payment',
      currency,
      amount: -(parts1.amount + creditNet + creditVat),
      net: null,
      vat: null,
      status: 'paid',
      issuedAt: at('partsPaid'),
      dueAt: null,
      description: `Bank transfer, ${parts1.number}`,
      lines: [],
      orderReference: parts1.orderReference,
    },
    {
      number: next('RB'),
      kind: 'reimbursement',
      currency,
      amount: -labour,
      net: -labour,
      vat: 0,
      status: 'open',
      issuedAt: at('reimbursement'),
      dueAt: null,
      description: 'Warranty repair: motor controller replaced',
      lines: [
        {
          description: 'Warranty labour',
          quantity: 1,
          hours: hours / 100,
          rate: s.labourRate,
          unitAmount: -labour,
          amount: -labour,
        },
      ],
      orderReference: null,
    },
    bikes2,
    parts2,
  ];
}

/** Ledger entries of the demo dealers that exist (`dealerIds`: e-mail → dealer id), and their labour rates. */
export async function seedDealerLedger(tx: Tx, dealerIds: ReadonlyMap<string, string>, now: Date) {
  const counters = new Map<string, number>();
  const next = (prefix: string) => {
    const n = (counters.get(prefix) ?? 0) + 1;
    counters.set(prefix, n);
    return `${prefix}-2026-${String(n + 100).padStart(6, '0')}`;
  };
  for (const [email, seed] of Object.entries(DEALERS)) {
    const dealerId = dealerIds.get(email);
    if (!dealerId) continue;
    await tx.update(dealers).set({ labourRate: seed.labourRate }).where(eq(dealers.id, dealerId));
    await tx
      .insert(dealerLedgerEntries)
      .values(entriesOf(email, seed, next, now).map((e) => ({ ...e, dealerId })))
      .onConflictDoNothing();
  }
}
