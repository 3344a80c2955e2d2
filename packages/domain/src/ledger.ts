import { allocate, type Dinero, dinero, multiply, transformScale } from 'dinero.js';
import { currencyOf, toMinor } from './currency.ts';

// What an order has paid and still owes, read from its payment ledger (docs/decisions/012-commerce-data.md), and the
// VAT breakdown of its invoice (docs/decisions/014-orders-and-invoices.md). Integer minor units throughout.

const minor = toMinor;

/** The status an order shows: derived from its ledger, except that a cancelled order stays cancelled. */
/** What an order is: bikes, or parts, accessories and warranties from the store. */
export const ORDER_TYPES = ['vehicle', 'store'] as const;
export type OrderType = (typeof ORDER_TYPES)[number];

export const ORDER_STATUSES = ['pending_payment', 'partially_paid', 'paid', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** One row of the payment ledger, as far as the ledger cares. */
export interface LedgerPayment {
  status: string;
  amount: number;
  method?: string;
  /** What was given back of a SUCCEEDED payment (refunds). */
  refunded?: number;
}

export interface Ledger {
  /** Sum of the SUCCEEDED payments, less what was refunded of them. */
  paid: number;
  /** total − paid, never below 0. */
  toPay: number;
  /** Payments started but not settled (CREATED, PROCESSING, REQUIRES_ACTION), e.g. a bank transfer on its way. */
  pending: number;
  status: OrderStatus;
}

const OPEN_PAYMENT_STATUSES: ReadonlySet<string> = new Set(['CREATED', 'PROCESSING', 'REQUIRES_ACTION']);

/**
 * The ledger of an order: what was paid (SUCCEEDED payments only; failed and open attempts count for nothing), what
 * is due, and the status it shows. `storedStatus` is the order's own status: only `cancelled` overrides the ledger.
 */
export function orderLedger(
  order: { total: number; storedStatus?: string | null },
  payments: readonly LedgerPayment[],
): Ledger {
  let paid = 0;
  let pending = 0;
  for (const p of payments) {
    if (!Number.isInteger(p.amount)) throw new Error('payment amounts must be minor units');
    if (p.status === 'SUCCEEDED') paid += p.amount - (p.refunded ?? 0);
    else if (OPEN_PAYMENT_STATUSES.has(p.status)) pending += p.amount;
  }
  const toPay = Math.max(0, order.total - paid);
  const status: OrderStatus =
    order.storedStatus === 'cancelled'
      ? 'cancelled'
      : toPay === 0
        ? 'paid'
        : paid > 0
          ? 'partially_paid'
          : 'pending_payment';
  return { paid, toPay, pending, status };
}

/** Methods paid by the buyer's own transfer to our account (spec section 4). */
export const BANK_TRANSFER_METHODS = ['stark_bank_transfer', 'bank_transfer', 'bank_transfer_gb'] as const;

export function isBankTransferMethod(method: string): boolean {
  return (BANK_TRANSFER_METHODS as readonly string[]).includes(method);
}

/**
 * The bank transfer the buyer still has to make: the newest open bank-transfer payment, while anything is due.
 * Its amount is capped at what is due, so instructions never ask for more than the order still owes.
 */
export function pendingBankTransfer<P extends LedgerPayment & { method: string }>(
  payments: readonly P[],
  toPay: number,
): (P & { due: number }) | null {
  if (toPay <= 0) return null;
  const open = payments.filter((p) => isBankTransferMethod(p.method) && OPEN_PAYMENT_STATUSES.has(p.status));
  const last = open.at(-1);
  return last ? { ...last, due: Math.min(last.amount, toPay) } : null;
}

/** An IBAN without spaces, upper case. */
export function normalizeIban(iban: string): string {
  return iban.replace(/\s+/g, '').toUpperCase();
}

/** ISO 13616: country code, two check digits, up to 30 letters and digits, and the mod-97 check equal to 1. */
export function isValidIban(iban: string): boolean {
  const s = normalizeIban(iban);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(s)) return false;
  let rest = 0;
  for (const ch of s.slice(4) + s.slice(0, 4)) {
    const digits = /\d/.test(ch) ? ch : String(ch.charCodeAt(0) - 55);
    for (const d of digits) rest = (rest * 10 + Number(d)) % 97;
  }
  return rest === 1;
}

/** An IBAN as printed, in groups of four: `ES91 2100 0418 4502 0005 1332`. */
export function formatIban(iban: string): string {
  return normalizeIban(iban).replace(/(.{4})(?=.)/g, '$1 ');
}

/** An amount taxed at one rate: a line total, the shipping, a fee. */
export interface VatInput {
  amount: number;
  /** Basis points: 1900 = 19 %. */
  vatRateBp: number;
}

export interface VatRateLine {
  vatRateBp: number;
  net: number;
  vat: number;
  gross: number;
}

export interface VatBreakdown {
  currency: string;
  /** One line per rate, highest rate first. */
  rates: VatRateLine[];
  net: number;
  vat: number;
  gross: number;
  /** VAT is due from the buyer (intra-EU B2B with a validated VAT id): every rate is 0 and the invoice says why. */
  reverseCharge: boolean;
}

/** Catalog key of the note an invoice carries when VAT is reverse charged (Article 196, Directive 2006/112/EC). */
export const REVERSE_CHARGE_NOTE_KEY = 'invoice_reverse_charge_note';

/**
 * The VAT breakdown of an invoice: amounts grouped by rate, and each group split into net and VAT.
 * - `pricesIncludeVat` (B2C in VAT markets): a group's gross is split in the ratio 10000 : rate with dinero.js
 *   `allocate` and the VAT rounded half up to the cent, so net + VAT equal the gross exactly;
 * - otherwise the amounts are net and the VAT of each group is added, rounded half up to the cent;
 * - `reverseCharge` (an EU company with a valid VAT id in another member state): no VAT at all. Listed prices that
 *   contained VAT are reduced by it (as the checkout charged them, decision 013), and everything is one group at 0 %.
 * Grouping first and rounding once per rate is how an invoice states VAT (not line by line), the same rounding as the
 * checkout's tax calculation, so the breakdown agrees with the order's tax.
 */
export function vatBreakdown(input: {
  currency: string;
  amounts: readonly VatInput[];
  pricesIncludeVat: boolean;
  reverseCharge?: boolean;
}): VatBreakdown {
  const currency = currencyOf(input.currency);
  const reverseCharge = input.reverseCharge ?? false;
  const grouped = new Map<number, number>();
  for (const { amount, vatRateBp } of input.amounts) {
    if (!Number.isInteger(amount)) throw new Error('amounts must be minor units');
    if (!Number.isInteger(vatRateBp) || vatRateBp < 0) throw new Error('vatRateBp must be a whole number ≥ 0');
    grouped.set(vatRateBp, (grouped.get(vatRateBp) ?? 0) + amount);
  }
  let rates = [...grouped.entries()]
    .sort(([a], [b]) => b - a)
    .map(([vatRateBp, amount]): VatRateLine => {
      if (vatRateBp === 0 || amount === 0) return { vatRateBp, net: amount, vat: 0, gross: amount };
      if (input.pricesIncludeVat) {
        // Allocate two digits finer than the currency, then round the VAT half up: that is the exact share rounded
        // to the cent (allocate alone would always give the odd cent to the net), and the net takes the rest.
        const fine = transformScale(dinero({ amount, currency }), currency.exponent + 2);
        const [, vatPart] = allocate(fine, [10_000, vatRateBp]) as [Dinero<number>, Dinero<number>];
        const vat = minor(vatPart);
        return { vatRateBp, net: amount - vat, vat, gross: amount };
      }
      const vat = minor(multiply(dinero({ amount, currency }), { amount: vatRateBp, scale: 4 }));
      return { vatRateBp, net: amount, vat, gross: amount + vat };
    });
  if (reverseCharge && rates.length > 0) {
    const net = rates.reduce((s, r) => s + r.net, 0);
    rates = [{ vatRateBp: 0, net, vat: 0, gross: net }];
  }
  const sum = (pick: (r: VatRateLine) => number) => rates.reduce((s, r) => s + pick(r), 0);
  return {
    currency: input.currency,
    rates,
    net: sum((r) => r.net),
    vat: sum((r) => r.vat),
    gross: sum((r) => r.gross),
    reverseCharge,
  };
}

/**
 * How an order's amounts carry tax, from the order as the checkout stored it (decision 012):
 * - `included`: listed prices contain the VAT (B2C in VAT markets); lines, shipping and fees add up to the total;
 * - `added`: tax comes on top of the listed prices (US and Canadian sales tax, prices shown net):
 *   total = subtotal + shipping + fees + tax;
 * - `reverse_charge`: an EU company with a valid VAT id in another member state pays the net and no VAT.
 */
export const TAX_PRESENTATIONS = ['included', 'added', 'reverse_charge'] as const;
export type TaxPresentation = (typeof TAX_PRESENTATIONS)[number];

export interface OrderAmounts {
  currency: string;
  subtotal: number;
  shipping: number;
  fees: number;
  tax: number;
  total: number;
  reverseCharge: boolean;
}

/** A line as the checkout stores it: `total` is what the line was charged, tax included where tax is charged. */
export interface OrderLineAmounts {
  unitPrice: number;
  quantity: number;
  total: number;
  vatRateBp: number;
}

export function taxPresentation(order: OrderAmounts): TaxPresentation {
  if (order.reverseCharge) return 'reverse_charge';
  return order.tax > 0 && order.total === order.subtotal + order.shipping + order.fees + order.tax
    ? 'added'
    : 'included';
}

/**
 * A line as an invoice and the order page list it: where tax is added, the unit price and amount before tax (they add
 * up to the subtotal); under reverse charge, the net charged (the unit rounded to the minor unit); else as listed.
 */
export function listedLine(line: OrderLineAmounts, presentation: TaxPresentation): { unit: number; amount: number } {
  switch (presentation) {
    case 'added':
      return { unit: line.unitPrice, amount: line.unitPrice * line.quantity };
    case 'reverse_charge':
      return { unit: Math.round(line.total / Math.max(1, line.quantity)), amount: line.total };
    default:
      return { unit: line.unitPrice, amount: line.total };
  }
}

/**
 * The VAT breakdown of an order's invoice. Lines at their rates, shipping and fees at the order's standard rate (the
 * highest of its lines); under reverse charge one 0 % group worth the order's total (what the buyer owes, net).
 */
export function orderVatBreakdown(
  order: OrderAmounts,
  lines: readonly OrderLineAmounts[],
): VatBreakdown & { presentation: TaxPresentation } {
  const presentation = taxPresentation(order);
  if (presentation === 'reverse_charge') {
    const linesNet = lines.reduce((sum, l) => sum + l.total, 0);
    const breakdown = vatBreakdown({
      currency: order.currency,
      pricesIncludeVat: false,
      reverseCharge: true,
      amounts: [
        ...lines.map((l) => ({ amount: l.total, vatRateBp: 0 })),
        { amount: order.total - linesNet, vatRateBp: 0 },
      ],
    });
    return { ...breakdown, presentation };
  }
  const standardRate = Math.max(0, ...lines.map((l) => l.vatRateBp));
  const breakdown = vatBreakdown({
    currency: order.currency,
    pricesIncludeVat: presentation === 'included',
    amounts: [
      ...lines.map((l) => ({ amount: listedLine(l, presentation).amount, vatRateBp: l.vatRateBp })),
      ...(order.shipping ? [{ amount: order.shipping, vatRateBp: standardRate }] : []),
      ...(order.fees ? [{ amount: order.fees, vatRateBp: standardRate }] : []),
    ],
  });
  return { ...breakdown, presentation };
}

/** A rate in basis points as a percentage number for display: 1900 → 19, 2550 → 25.5. */
export function vatPercent(vatRateBp: number): number {
  return vatRateBp / 100;
}
