import type { Cart } from '@varg/contracts';
import { carts } from '@varg/db';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { call, cartApi, ctx, ok, storeCart, WARRANTY } from '../../../test/cart-fixture.ts';
import { newCustomer } from '../../../test/helper.ts';

// The mixing rule (an extended warranty and bikes never share a cart) as an add checks it in one statement, on the
// counts the cart row keeps (decision 035, "Add-to-cart at the limit").

cartApi();

/** The cart row's counts, next to the same counts taken from its lines. */
async function counts(cartId: string) {
  const [row] = await ctx.database.db
    .select({ bikes: carts.bikeLines, warranties: carts.warrantyLines })
    .from(carts)
    .where(eq(carts.id, cartId));
  const result = await ctx.database.db.execute(sql`select
    (select count(*)::int from cart_items where cart_id = ${cartId}) as bikes,
    (select count(*)::int from cart_store_items s join store_variants v on v.variant_code = s.variant_code
      join store_articles a on a.id = v.article_id join store_groups g on g.slug = a.group_slug
      join store_categories k on k.slug = g.category_slug
      where s.cart_id = ${cartId} and k.kind = 'extended_warranty') as warranties`);
  const [lines] = (result as unknown as { rows: Array<{ bikes: number; warranties: number }> }).rows;
  return { row, lines };
}

async function expectCounts(cartId: string, expected: { bikes: number; warranties: number }) {
  const { row, lines } = await counts(cartId);
  expect(lines).toEqual(expected);
  expect(row).toEqual(expected);
}

const bike = (componentIds: string[]) => ({ productId: 'varg', componentIds });
const warranty = (n: number) => ({ ...WARRANTY, vin: `WSF12345678900${String(n).padStart(3, '0')}` });

describe('the mixing rule under concurrent adds', () => {
  it('never lets bikes and an extended warranty into one cart, whichever add comes first', async () => {
    const configs = [[], ['varg_option_white'], ['varg_option_grey'], ['varg_option_80hp'], ['varg_option_white']];
    for (let round = 0; round < 3; round++) {
      // A cart of parts takes either kind; 5 bike adds and 5 warranty adds race for it.
      const cart = await storeCart('SF-PT-18');
      const adds = configs.flatMap((config, i) => [
        call('POST', `/v1/cart/add-item?cartId=${cart._id}&country=DE`, bike(config)),
        call('POST', `/v1/cart/add-store-item?cartId=${cart._id}&country=DE`, warranty(i)),
      ]);
      const answers = await Promise.all(adds);
      for (const answer of answers) {
        expect([200, 400]).toContain(answer.statusCode);
        if (answer.statusCode === 400) expect(answer.json().code).toBe('CART-ERROR-003');
      }
      const final = await ok<Cart>('GET', `/v1/cart?cartId=${cart._id}`);
      const warranties = final.storeItems.filter((l) => l.kind === 'extended_warranty');
      expect(final.items.length === 0 || warranties.length === 0).toBe(true);
      expect(final.items.length + warranties.length).toBeGreaterThan(0);
      // Every add that answered 200 is in the cart: a bike of the winning kind, or a warranty.
      const bikesOk = answers.filter((a, i) => i % 2 === 0 && a.statusCode === 200).length;
      const warrantiesOk = answers.filter((a, i) => i % 2 === 1 && a.statusCode === 200).length;
      expect(bikesOk === 0 || warrantiesOk === 0).toBe(true);
      expect(final.items.reduce((n, l) => n + l.quantity, 0)).toBe(bikesOk);
      expect(warranties.length).toBe(warrantiesOk);
      await expectCounts(cart._id, { bikes: final.items.length, warranties: warranties.length });
    }
  });
});

describe("the cart row's counts", () => {
  it('match the lines after every kind of change', async () => {
    const first = await ok<Cart>('POST', '/v1/cart/add-item?country=DE', bike([]));
    const id = first._id;
    const url = (path: string) => `/v1/cart/${path}?cartId=${id}&country=DE`;
    await expectCounts(id, { bikes: 1, warranties: 0 });
    await ok('POST', url('add-item'), bike([]));
    await expectCounts(id, { bikes: 1, warranties: 0 });
    await ok('POST', url('add-item'), bike(['varg_option_white']));
    const withStock = await ok<Cart>('POST', url('add-stock-bike'), { stockBikeId: 'SB0003' });
    await ok('POST', url('add-stock-bike'), { stockBikeId: 'SB0003' });
    await ok('POST', url('add-store-item'), { variant_code: 'SF-PT-18', quantity: 2 });
    await expectCounts(id, { bikes: 3, warranties: 0 });
    const [plain, white] = withStock.items;
    await ok('POST', url('update-quantity'), { itemId: plain?._id, operation: 'increment' });
    // The white line takes the plain configuration: the two lines become one.
    await ok('POST', url('update-item'), { itemId: white?._id, componentIds: [] });
    await expectCounts(id, { bikes: 2, warranties: 0 });
    await ok('POST', url('remove-item'), { itemId: plain?._id });
    await expectCounts(id, { bikes: 1, warranties: 0 });
    await ok('PUT', url('clean'));
    await expectCounts(id, { bikes: 0, warranties: 0 });

    // Warranties: added, another for a second bike, one removed; then merged into a user's cart at sign-in.
    await ok('POST', url('add-store-item'), warranty(1));
    const two = await ok<Cart>('POST', url('add-store-item'), warranty(2));
    await expectCounts(id, { bikes: 0, warranties: 2 });
    await ok('POST', url('remove-store-item'), { store_item_id: two.storeItems[0]?._id });
    await expectCounts(id, { bikes: 0, warranties: 1 });
    const token = (await newCustomer(ctx.app, 'counts.cart@example.com')).token;
    const merged = await ok<{ cart: Cart }>('POST', '/v1/cart/merge', { cartId: id }, token);
    await expectCounts(merged.cart._id, { bikes: 0, warranties: 1 });
    // The user's own cart by its owner, without an id: one statement too.
    await ok('POST', '/v1/cart/add-store-item?country=DE', warranty(3), token);
    await expectCounts(merged.cart._id, { bikes: 0, warranties: 2 });
    const refused = await call('POST', '/v1/cart/add-item?country=DE', bike([]), token);
    expect(refused.json().code).toBe('CART-ERROR-003');
    await expectCounts(merged.cart._id, { bikes: 0, warranties: 2 });
  });
});
