// Payments (spec section 4): statuses, the transitions allowed between them, kinds and methods.

export const PAYMENT_STATUSES = ['CREATED', 'PROCESSING', 'SUCCEEDED', 'REQUIRES_ACTION', 'FAILED'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/**
 * The transitions a payment may make (the spec lists the statuses, not the transitions; docs/decisions/016-checkout-and-payments.md):
 * - CREATED → PROCESSING (submitted), REQUIRES_ACTION (3-D Secure), SUCCEEDED (instant), FAILED (declined at once);
 * - PROCESSING → SUCCEEDED, FAILED, REQUIRES_ACTION;
 * - REQUIRES_ACTION → PROCESSING, SUCCEEDED, FAILED (the buyer completed or abandoned the step);
 * - FAILED → CREATED (a retry of the same payment with a new attempt);
 * - SUCCEEDED is final: money taken is returned by a refund, never by changing the payment.
 * Staying in the same status is not a transition (a replayed event changes nothing).
 */
const TRANSITIONS: Readonly<Record<PaymentStatus, readonly PaymentStatus[]>> = {
  CREATED: ['PROCESSING', 'REQUIRES_ACTION', 'SUCCEEDED', 'FAILED'],
  PROCESSING: ['SUCCEEDED', 'FAILED', 'REQUIRES_ACTION'],
  REQUIRES_ACTION: ['PROCESSING', 'SUCCEEDED', 'FAILED'],
  FAILED: ['CREATED'],
  SUCCEEDED: [],
};

export function canTransition(from: PaymentStatus, to: PaymentStatus): boolean {
  return TRANSITIONS[from].includes(to);
}

export class PaymentTransitionError extends Error {
  readonly from: PaymentStatus;
  readonly to: PaymentStatus;
  constructor(from: PaymentStatus, to: PaymentStatus) {
    super(`payment cannot go from ${from} to ${to}`);
    this.from = from;
    this.to = to;
  }
}

/** The status after an event: unchanged for a repeat, the new one when allowed; throws otherwise. */
export function nextStatus(from: PaymentStatus, to: PaymentStatus): PaymentStatus {
  if (from === to) return from;
  if (!canTransition(from, to)) throw new PaymentTransitionError(from, to);
  return to;
}

export const PAYMENT_KINDS = ['full', 'deposit', 'remaining', 'down_payment'] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];

/** The checkout logic also spells the down payment `downpayment` (spec section 4). */
export function normalizePaymentKind(kind: string): PaymentKind | null {
  const k = kind === 'downpayment' ? 'down_payment' : kind;
  return (PAYMENT_KINDS as readonly string[]).includes(k) ? (k as PaymentKind) : null;
}

export const PAYMENT_METHODS = [
  'card',
  'stark_bank_transfer',
  'bank_transfer',
  'bank_transfer_gb',
  'manual',
  'ach',
  'sepa',
  'splitit',
  'klarna',
  'google_pay',
  'apple_pay',
] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** Methods the buyer approves on another page (the provider's, or the wallet's sheet) before they are paid. */
export const APPROVAL_METHODS = ['klarna', 'splitit', 'google_pay', 'apple_pay'] as const;

/** Methods that pay both orders of a mixed purchase (a bike and store items) at once, in full. */
export const MIXED_PURCHASE_METHODS = ['card', 'google_pay', 'apple_pay', 'sepa'] as const;

export function isPaymentMethodIn(list: readonly PaymentMethod[], method: string): boolean {
  return (list as readonly string[]).includes(method);
}
/** The kind of US bank account an ACH debit is drawn from. */
export const ACH_ACCOUNT_TYPES = ['checking', 'savings'] as const;
export type AchAccountType = (typeof ACH_ACCOUNT_TYPES)[number];

/**
 * What a payment of a kind asks for: the whole amount due, the deposit (never more than is due), or what remains.
 * Amounts in minor units.
 */
export function amountForKind(
  kind: PaymentKind,
  order: { total: number; paid: number; deposit: number; downPayment?: number },
): number {
  const due = Math.max(0, order.total - order.paid);
  switch (kind) {
    case 'full':
    case 'remaining':
      return due;
    case 'deposit':
      return Math.min(order.deposit, due);
    case 'down_payment':
      return Math.min(Math.max(0, order.downPayment ?? 0), due);
  }
}

/** Markets where Klarna is offered (Klarna's own list of countries for merchants in the EU and the US). */
const KLARNA_COUNTRIES = new Set([
  'AT',
  'BE',
  'CZ',
  'DE',
  'DK',
  'ES',
  'FI',
  'FR',
  'GB',
  'GR',
  'IE',
  'IT',
  'NL',
  'NO',
  'PL',
  'PT',
  'RO',
  'SE',
  'US',
]);
/** Markets where Splitit instalments on a card are offered. */
const SPLITIT_COUNTRIES = new Set(['US', 'GB', 'DE', 'FR', 'ES', 'IT', 'NL']);
/** Markets with Stripe bank transfers to a virtual account (EU: the euro countries Stripe serves; US: ACH credit). */
const STRIPE_TRANSFER_COUNTRIES = new Set(['BE', 'DE', 'ES', 'FR', 'IE', 'NL', 'US']);

export interface AllowedMethod {
  _id: PaymentMethod | 'financing';
  labelKey: string;
  /** Choosing it asks for a down payment (financing: the buyer pays part by card, the lender the rest). */
  requestDownPayment: boolean;
}

/**
 * The methods a buyer may choose (spec: `allowedMethods`), by market, currency, kind and who buys
 * (docs/decisions/017-payments.md):
 * - a down payment is paid by card only;
 * - SEPA needs euros; ACH and financing are US-only; Klarna and Splitit where they operate, never for a deposit;
 * - a bank transfer goes to a virtual account where Stripe offers one (GB has its own), else to our own account;
 * - `manual` (paid at the dealer's) is for dealers and administrators acting as a customer;
 * - a store order is paid in full (spec), by card by default — or a card wallet, or a SEPA debit in euros.
 * US buyers see ACH and financing first (issue 6, "US checkout").
 */
export function allowedMethods(input: {
  country: string;
  currency: string;
  kind: PaymentKind;
  orderType: 'vehicle' | 'store';
  isDealer?: boolean;
}): AllowedMethod[] {
  const { country, currency, kind } = input;
  const m = (id: AllowedMethod['_id'], requestDownPayment = false): AllowedMethod => ({
    _id: id,
    labelKey: id === 'financing' ? 'payment_method_financing' : `payment_method_${id}`,
    requestDownPayment,
  });
  if (kind === 'down_payment') return [m('card')];
  if (input.orderType === 'store')
    return [m('card'), m('google_pay'), m('apple_pay'), ...(currency === 'EUR' ? [m('sepa')] : [])];
  const list: AllowedMethod[] = [];
  if (country === 'US') {
    list.push(m('ach'));
    if (kind !== 'deposit') list.push(m('financing', true));
  }
  list.push(m('card'), m('google_pay'), m('apple_pay'));
  if (currency === 'EUR') list.push(m('sepa'));
  if (kind !== 'deposit' && KLARNA_COUNTRIES.has(country)) list.push(m('klarna'));
  if (kind !== 'deposit' && SPLITIT_COUNTRIES.has(country)) list.push(m('splitit'));
  if (country === 'GB') list.push(m('bank_transfer_gb'));
  else if (STRIPE_TRANSFER_COUNTRIES.has(country)) list.push(m('bank_transfer'));
  else list.push(m('stark_bank_transfer'));
  if (input.isDealer) list.push(m('manual'));
  return list;
}

export interface PaymentKindOption {
  name: PaymentKind;
  default: boolean;
}

/**
 * The kinds a buyer may choose for an order or cart (spec: `paymentKinds`): nothing paid yet → full (default) and,
 * when the bikes ask a deposit smaller than the total, deposit; something paid → the remaining amount.
 */
export function paymentKinds(input: { total: number; paid: number; deposit: number }): PaymentKindOption[] {
  if (input.paid > 0) return [{ name: 'remaining', default: true }];
  const kinds: PaymentKindOption[] = [{ name: 'full', default: true }];
  if (input.deposit > 0 && input.deposit < input.total) kinds.push({ name: 'deposit', default: false });
  return kinds;
}
