import { describe, expect, it } from 'vitest';
import { DEALER_PRICE_INVALID, readAddItem } from './add-item.ts';

const form = (fields: Array<[string, string]>) => {
  const data = new FormData();
  for (const [name, value] of fields) data.append(name, value);
  return data;
};
const bike: Array<[string, string]> = [
  ['productId', 'varg-ex'],
  ['componentId', 'c1'],
  ['componentId', 'c2'],
];

describe('the add-a-bike form of the cart', () => {
  it('sends no overwritePrice without a price (everyone but a dealer)', () => {
    expect(readAddItem(form([...bike, ['price', '  ']]))).toEqual({
      ok: true,
      body: { productId: 'varg-ex', componentIds: ['c1', 'c2'] },
    });
  });

  it("sends a dealer's price in minor units", () => {
    expect(readAddItem(form([...bike, ['price', '10710.50']]))).toMatchObject({ body: { overwritePrice: 1_071_050 } });
    expect(readAddItem(form([...bike, ['price', '9800']]))).toMatchObject({ body: { overwritePrice: 980_000 } });
  });

  it('refuses a price that is not an amount', () => {
    for (const price of ['mucho', '-5', '1.2.3']) {
      expect(readAddItem(form([...bike, ['price', price]]))).toEqual({ ok: false, code: DEALER_PRICE_INVALID });
    }
  });
});
