import type { Availability } from './store-price.ts';

// A store SKU's stock (decision 060): a quantity on hand when it is counted, a low-stock mark, back-orders.

export interface SkuStock {
  /** The state staff set (in stock, ships from headquarters, not available). */
  availability: Availability;
  /** Units on hand; null when not counted (warranties, made to order). */
  quantity: number | null;
  /** Sold when none is on hand. */
  backorder: boolean;
}

/** What the shop shows and sells: a counted SKU with none on hand is not available, unless it takes back-orders. */
export function shopAvailability(stock: SkuStock): Availability {
  if (stock.quantity !== null && stock.quantity <= 0 && !stock.backorder) return 'NOT_AVAILABLE';
  return stock.availability;
}

/** Low on stock: counted, with a mark, and at or below it. */
export function isLowStock(stock: { quantity: number | null; lowStockAt: number | null }): boolean {
  return stock.quantity !== null && stock.lowStockAt !== null && stock.quantity <= stock.lowStockAt;
}

/** How many of `wanted` units a sale takes from `onHand` (never below zero) and how many it is short. */
export function takeFromStock(onHand: number, wanted: number): { taken: number; short: number } {
  const taken = Math.max(0, Math.min(onHand, wanted));
  return { taken, short: wanted - taken };
}

/**
 * A SKU code: 2 to 40 characters, capital letters, digits, dots, dashes and underscores, starting with a letter or
 * digit (the cart adds by it and the shop matches it ignoring case, so it is kept in capitals).
 */
export const SKU_PATTERN = /^[A-Z0-9][A-Z0-9._-]{1,39}$/;

/** A SKU as typed (spaces around, small letters) in its stored form. */
export const normalizeSku = (typed: string) => typed.trim().toUpperCase();
