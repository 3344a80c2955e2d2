import { describe, expect, it } from 'vitest';
import { priceStoreItem } from './store-price.ts';

const germany = { currency: 'EUR', taxDisplay: 'including', vatRateBp: 1900 } as const;
const finland = { currency: 'EUR', taxDisplay: 'including', vatRateBp: 2550 } as const;
const usa = { currency: 'USD', taxDisplay: 'excluding', vatRateBp: 0 } as const;

describe('store item price (DATA.md: subtotal, vat_percentage, discount_percentage, total)', () => {
  it('splits the German VAT out of a listed price, net and VAT adding up to the cent', () => {
    // A €119.00 item: €100.00 net and €19.00 VAT.
    expect(priceStoreItem({ listPrice: 11_900 }, germany)).toEqual({
      currency: 'EUR',
      subtotal: 10_000,
      vat_percentage: 19,
      discount_percentage: 0,
      total: 11_900,
      vat: 1_900,
    });
    const odd = priceStoreItem({ listPrice: 5_599 }, finland);
    expect(odd.vat_percentage).toBe(25.5);
    expect(Math.abs(odd.vat - (5_599 * 2550) / 12_550)).toBeLessThanOrEqual(1);
    expect(odd.total - odd.vat).toBe(odd.subtotal);
  });

  it('shows US prices before sales tax: no VAT in them', () => {
    expect(priceStoreItem({ listPrice: 9_500 }, usa)).toEqual({
      currency: 'USD',
      subtotal: 9_500,
      vat_percentage: 0,
      discount_percentage: 0,
      total: 9_500,
      vat: 0,
    });
  });

  it('takes a discount off the listed price, rounding half up to the cent', () => {
    const p = priceStoreItem({ listPrice: 4_949, discountBp: 1_500 }, usa);
    // 49.49 × 0.85 = 42.0665 → 42.07
    expect(p).toMatchObject({ subtotal: 4_949, discount_percentage: 15, total: 4_207, vat: 0 });
    const de = priceStoreItem({ listPrice: 11_900, discountBp: 2_000 }, germany);
    expect(de).toMatchObject({ subtotal: 10_000, total: 9_520, vat: 1_520 });
  });

  it('refuses amounts that are not minor units, and clamps the discount to 0–100 %', () => {
    expect(() => priceStoreItem({ listPrice: 49.49 }, usa)).toThrow();
    expect(priceStoreItem({ listPrice: 1_000, discountBp: 20_000 }, usa).total).toBe(0);
    expect(priceStoreItem({ listPrice: 1_000, discountBp: -5 }, usa).total).toBe(1_000);
    expect(() => priceStoreItem({ listPrice: 1_000 }, { ...usa, currency: 'XYZ' })).toThrow();
  });
});
