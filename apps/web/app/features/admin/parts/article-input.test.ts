import { describe, expect, it } from 'vitest';
import { skuInput } from './article-input.ts';

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.set(k, v);
  return data;
};

describe('a new SKU typed in the back office', () => {
  it('reads attributes one a line and prices in major units, skipping empty currencies', () => {
    expect(
      skuInput(form({ attributes: 'Size: M\ncolor = Black\n', price_EUR: '29,90', price_USD: '' }), ['EUR', 'USD']),
    ).toEqual({
      bad: [],
      prices: { EUR: { listPrice: 2_990, discountBp: 0 } },
      attributes: { size: 'M', color: 'Black' },
    });
  });

  it('names what it could not read', () => {
    expect(skuInput(form({ attributes: 'no separator', price_EUR: '1.234' }), ['EUR']).bad).toEqual([
      'EUR',
      'attributes',
    ]);
  });
});
