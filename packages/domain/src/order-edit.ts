// Dealer order edits (spec section 7: order/update-prices, order/edit-item, order/add-item; decision 025): the
// rules that keep a re-priced order and its payment ledger exact. Amounts are integer minor units.

/** Basis points in a whole (10000 bp = 100 %). */
const WHOLE_BP = 10_000;

/**
 * The lowest unit price a dealer may set on a line listed at `listPrice`: the list price less the dealer's allowed
 * discount, rounded up to the minor unit (so the discount never exceeds what is allowed).
 */
export function dealerPriceFloor(listPrice: number, maxDiscountBp: number): number {
  if (!Number.isInteger(listPrice) || listPrice < 0) throw new Error('list price must be minor units');
  const bp = Math.min(Math.max(Math.trunc(maxDiscountBp), 0), WHOLE_BP);
  return Math.ceil((listPrice * (WHOLE_BP - bp)) / WHOLE_BP);
}

export type OverwritePriceProblem = 'NOT_MINOR_UNITS' | 'ABOVE_LIST_PRICE' | 'BELOW_ALLOWED_DISCOUNT';

/** Why a dealer's price for a line is refused, or null when it is within [floor, list price]. */
export function overwritePriceProblem(
  listPrice: number,
  overwritePrice: number,
  maxDiscountBp: number,
): OverwritePriceProblem | null {
  if (!Number.isInteger(overwritePrice) || overwritePrice < 0) return 'NOT_MINOR_UNITS';
  if (overwritePrice > listPrice) return 'ABOVE_LIST_PRICE';
  if (overwritePrice < dealerPriceFloor(listPrice, maxDiscountBp)) return 'BELOW_ALLOWED_DISCOUNT';
  return null;
}

/** The discount a price gives off a list price, in basis points (rounded down), for display and audit. */
export function discountBp(listPrice: number, price: number): number {
  if (listPrice <= 0) return 0;
  return Math.floor(((listPrice - price) * WHOLE_BP) / listPrice);
}

/**
 * A line's discount carried to another configuration (builder edit mode, decision 050): the new list price less
 * `bp` basis points, rounded up, so it is never below the floor of a dealer allowed that discount.
 */
export function priceAtDiscount(listPrice: number, bp: number): number {
  return dealerPriceFloor(listPrice, bp);
}

export interface LedgerSettlement {
  /** What the buyer still owes after the edit. */
  toPay: number;
  /** What was paid beyond the new total: given back (as store credit) so that paid never exceeds the total. */
  overpaid: number;
}

/** The ledger after an order's total changed to `total` with `paid` already received. */
export function settleEdit(total: number, paid: number): LedgerSettlement {
  if (!Number.isInteger(total) || !Number.isInteger(paid) || total < 0 || paid < 0) {
    throw new Error('totals must be non-negative minor units');
  }
  return { toPay: Math.max(0, total - paid), overpaid: Math.max(0, paid - total) };
}

export interface RefundablePayment {
  id: string;
  /** amount − refunded of a SUCCEEDED payment. */
  available: number;
}

/**
 * Which payments give back `amount`, newest first (the last money in is the first out), each at most what it has
 * left. Throws when the payments hold less than the amount: an overpayment always comes from payments received.
 */
export function allocateRefund(
  newestFirst: readonly RefundablePayment[],
  amount: number,
): { id: string; amount: number }[] {
  let left = amount;
  const out: { id: string; amount: number }[] = [];
  for (const p of newestFirst) {
    if (left <= 0) break;
    const take = Math.min(p.available, left);
    if (take > 0) out.push({ id: p.id, amount: take });
    left -= take;
  }
  if (left > 0) throw new Error('payments hold less than the amount to give back');
  return out;
}

/**
 * What a dealer pays the maker for a bike listed at `listPrice`: the list price less the dealer's marketplace margin
 * (percent, as approved), rounded to the minor unit.
 */
export function dealerPurchasePrice(listPrice: number, marginPercent: number): number {
  if (!Number.isInteger(listPrice) || listPrice < 0) throw new Error('list price must be minor units');
  const marginBp = Math.min(Math.max(Math.round(marginPercent * 100), 0), WHOLE_BP);
  return Math.round((listPrice * (WHOLE_BP - marginBp)) / WHOLE_BP);
}
