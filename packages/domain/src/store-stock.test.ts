import { describe, expect, it } from 'vitest';
import { isLowStock, normalizeSku, SKU_PATTERN, shopAvailability, takeFromStock } from './store-stock.ts';

describe('store stock (decision 060)', () => {
  it('sells a counted SKU only while units are on hand, unless it takes back-orders', () => {
    expect(shopAvailability({ availability: 'AVAILABLE', quantity: 2, backorder: false })).toBe('AVAILABLE');
    expect(shopAvailability({ availability: 'AVAILABLE', quantity: 0, backorder: false })).toBe('NOT_AVAILABLE');
    expect(shopAvailability({ availability: 'AVAILABLE_HQ', quantity: 0, backorder: true })).toBe('AVAILABLE_HQ');
    expect(shopAvailability({ availability: 'AVAILABLE', quantity: null, backorder: false })).toBe('AVAILABLE');
    expect(shopAvailability({ availability: 'NOT_AVAILABLE', quantity: 5, backorder: false })).toBe('NOT_AVAILABLE');
  });

  it('is low at or below the mark, never when not counted or without a mark', () => {
    expect(isLowStock({ quantity: 3, lowStockAt: 3 })).toBe(true);
    expect(isLowStock({ quantity: 4, lowStockAt: 3 })).toBe(false);
    expect(isLowStock({ quantity: null, lowStockAt: 3 })).toBe(false);
    expect(isLowStock({ quantity: 0, lowStockAt: null })).toBe(false);
  });

  it('takes what is on hand and never goes below zero', () => {
    expect(takeFromStock(5, 2)).toEqual({ taken: 2, short: 0 });
    expect(takeFromStock(1, 3)).toEqual({ taken: 1, short: 2 });
    expect(takeFromStock(0, 1)).toEqual({ taken: 0, short: 1 });
  });

  it('accepts SKU codes in capitals, letters, digits and . _ -', () => {
    expect(SKU_PATTERN.test(normalizeSku(' sf-ty-dr5-f '))).toBe(true);
    expect(SKU_PATTERN.test('-SF')).toBe(false);
    expect(SKU_PATTERN.test('SF TY')).toBe(false);
    expect(SKU_PATTERN.test('S')).toBe(false);
    expect(SKU_PATTERN.test('A'.repeat(41))).toBe(false);
  });
});
