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
