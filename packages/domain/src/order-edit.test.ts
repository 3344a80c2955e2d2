import { describe, expect, it } from 'vitest';
import {
  allocateRefund,
  dealerPriceFloor,
  dealerPurchasePrice,
  discountBp,
  overwritePriceProblem,
  priceAtDiscount,
  settleEdit,
} from './order-edit.ts';

describe('dealer price limits (decision 025)', () => {
  it('floors the price at the list price less the allowed discount, rounded up to the minor unit', () => {
    expect(dealerPriceFloor(1_577_700, 1000)).toBe(1_419_930);
    // 999 × 0.9 = 899.1 → 900: the discount never exceeds 10 %.
    expect(dealerPriceFloor(999, 1000)).toBe(900);
    expect(dealerPriceFloor(1_000, 0)).toBe(1_000);
    expect(dealerPriceFloor(1_000, 20_000)).toBe(0);
  });

  it('accepts a price between the floor and the list price, and says why others are refused', () => {
    expect(overwritePriceProblem(1_000_000, 900_000, 1000)).toBeNull();
    expect(overwritePriceProblem(1_000_000, 1_000_000, 1000)).toBeNull();
    expect(overwritePriceProblem(1_000_000, 899_999, 1000)).toBe('BELOW_ALLOWED_DISCOUNT');
    expect(overwritePriceProblem(1_000_000, 1_000_001, 1000)).toBe('ABOVE_LIST_PRICE');
    expect(overwritePriceProblem(1_000_000, 12.5, 1000)).toBe('NOT_MINOR_UNITS');
    expect(overwritePriceProblem(1_000_000, -1, 1000)).toBe('NOT_MINOR_UNITS');
  });

  it('reports the discount a price gives, rounded down', () => {
    expect(discountBp(1_000_000, 900_000)).toBe(1000);
    expect(discountBp(3, 2)).toBe(3333);
    expect(discountBp(0, 0)).toBe(0);
  });

  it('carries a line discount to another list price, within what the dealer was allowed (decision 050)', () => {
    const bp = discountBp(1_000_000, 925_000);
    expect(priceAtDiscount(1_200_000, bp)).toBe(1_110_000);
    // 3333 bp of 5 is 1.6665 off: 3.3335 rounds up to 4, never below a floor of the same discount.
    expect(priceAtDiscount(5, discountBp(3, 2))).toBe(4);
    expect(overwritePriceProblem(1_200_000, priceAtDiscount(1_200_000, bp), bp)).toBeNull();
  });
});

describe('the dealer purchase price', () => {
  it('is the list price less the dealer’s margin, to the cent', () => {
    expect(dealerPurchasePrice(1_290_000, 12)).toBe(1_135_200);
    expect(dealerPurchasePrice(999, 12.5)).toBe(874);
    expect(dealerPurchasePrice(1_000, 0)).toBe(1_000);
    expect(dealerPurchasePrice(1_000, 150)).toBe(0);
  });
});

describe('the ledger after an edit', () => {
  it('leaves a balance to pay when the new total is above what was paid', () => {
    expect(settleEdit(1_500_000, 300_000)).toEqual({ toPay: 1_200_000, overpaid: 0 });
  });

  it('gives back what was paid beyond a lower total, and owes nothing', () => {
    expect(settleEdit(1_400_000, 1_577_700)).toEqual({ toPay: 0, overpaid: 177_700 });
    expect(settleEdit(1_000, 1_000)).toEqual({ toPay: 0, overpaid: 0 });
  });

  it('refuses amounts that are not minor units', () => {
    expect(() => settleEdit(1.5, 0)).toThrow();
    expect(() => settleEdit(-1, 0)).toThrow();
  });

  it('takes a refund from the newest payments first, each at most what it has left', () => {
    const payments = [
      { id: 'balance', available: 100_000 },
      { id: 'deposit', available: 300_000 },
    ];
    expect(allocateRefund(payments, 150_000)).toEqual([
      { id: 'balance', amount: 100_000 },
      { id: 'deposit', amount: 50_000 },
    ]);
    expect(allocateRefund(payments, 0)).toEqual([]);
    expect(() => allocateRefund(payments, 400_001)).toThrow();
    // Whatever is allocated adds up to the amount exactly.
    const parts = allocateRefund(payments, 399_999);
    expect(parts.reduce((s, p) => s + p.amount, 0)).toBe(399_999);
  });
});
