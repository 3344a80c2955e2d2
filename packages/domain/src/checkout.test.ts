import { describe, expect, it } from 'vitest';
import { checkoutPath, orderPhone, orderTotals } from './checkout.ts';

describe('checkout entry (spec section 4)', () => {
  const buyer = { country: 'US', isDealer: false, isImpersonating: false, hasItems: true, hasOrder: false };
  it('sends US buyers with something to pay to the US checkout, everyone else to /checkout', () => {
    expect(checkoutPath(buyer)).toBe('/us-checkout');
    expect(checkoutPath({ ...buyer, hasItems: false, hasOrder: true })).toBe('/us-checkout');
    expect(checkoutPath({ ...buyer, hasItems: false })).toBe('/checkout');
    expect(checkoutPath({ ...buyer, country: 'de' })).toBe('/checkout');
  });
  it('keeps dealers and administrators acting as a customer on /checkout', () => {
    expect(checkoutPath({ ...buyer, isDealer: true })).toBe('/checkout');
    expect(checkoutPath({ ...buyer, isImpersonating: true })).toBe('/checkout');
  });
});

describe('order payload and totals', () => {
  it('keeps only digits and plus in the phone', () => {
    expect(orderPhone('+49 (151) 987-654 32')).toBe('+4915198765432');
  });
  it('adds tax only where prices exclude it, and takes contained VAT off for a reverse charge', () => {
    expect(orderTotals({ subtotal: 1_190_000, shipping: 29_900, fees: 0, tax: 194_785, taxIncluded: true }).total).toBe(
      1_219_900,
    );
    expect(orderTotals({ subtotal: 1_049_000, shipping: 39_900, fees: 0, tax: 80_000, taxIncluded: false }).total).toBe(
      1_168_900,
    );
    expect(
      orderTotals({
        subtotal: 1_190_000,
        shipping: 0,
        fees: 0,
        tax: 0,
        taxIncluded: true,
        reverseChargeDeduction: 190_000,
      }).total,
    ).toBe(1_000_000);
  });
});
