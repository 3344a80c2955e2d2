import { randomUUID } from 'node:crypto';
import type { Cart } from '@varg/contracts';
import { carts } from '@varg/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  bikeCart,
  cartApi,
  ctx,
  fails,
  ok,
  signIn,
  storeCart,
  WARRANTY,
  warrantyCart,
} from '../../../test/cart-fixture.ts';
import { newCustomer } from '../../../test/helper.ts';

// The cart (decision 015): merging an anonymous cart at sign-in, and cloning a cart.

cartApi();

describe('merging at sign-in (POST cart/merge)', () => {
  it("adds the anonymous cart's lines to the user's cart, marks it merged, and does it once", async () => {
    const carol = (await newCustomer(ctx.app, 'carol.cart@example.com')).token;
    await ok('POST', '/v1/cart/add-item?country=DE', { productId: 'varg' }, carol);
    const anonymous = await bikeCart();
    await ok('POST', `/v1/cart/add-item?cartId=${anonymous._id}&country=DE`, { productId: 'varg' });
    await ok('POST', `/v1/cart/add-stock-bike?cartId=${anonymous._id}&country=DE`, { stockBikeId: 'SB0005' });
    const merged = await ok<{ cart: Cart; didMerge: boolean }>(
      'POST',
      '/v1/cart/merge',
      { cartId: anonymous._id },
      carol,
    );
    expect(merged.didMerge).toBe(true);
    expect(merged.cart.user).not.toBeNull();
    expect(merged.cart.items.map((i) => [i.stockBikeId, i.quantity])).toEqual([
      [null, 3],
      ['SB0005', 1],
    ]);
    // The anonymous cart is gone; merging again changes nothing.
    await fails(404, 'SHOPPING_CART_NOT_FOUND', 'GET', `/v1/cart?cartId=${anonymous._id}`);
    await fails(404, 'SHOPPING_CART_NOT_FOUND', 'POST', `/v1/cart/add-item?cartId=${anonymous._id}&country=DE`, {
      productId: 'varg',
    });
    const again = await ok<{ cart: Cart; didMerge: boolean }>(
      'POST',
      '/v1/cart/merge',
      { cartId: anonymous._id },
      carol,
    );
    expect(again.didMerge).toBe(false);
    expect(again.cart.count).toBe(4);
    // Merging one's own cart changes nothing either.
    expect(
      (await ok<{ didMerge: boolean }>('POST', '/v1/cart/merge', { cartId: merged.cart._id }, carol)).didMerge,
    ).toBe(false);
  });

  it('creates the user cart when there is none; bikes join parts, never an extended warranty (both stay as they were)', async () => {
    const dave = (await newCustomer(ctx.app, 'dave.cart@example.com')).token;
    const parts = await storeCart('SF-PT-19', 2);
    const merged = await ok<{ cart: Cart; didMerge: boolean }>('POST', '/v1/cart/merge', { cartId: parts._id }, dave);
    expect(merged.didMerge).toBe(true);
    expect(merged.cart.storeItems.map((l) => [l.variant_code, l.quantity])).toEqual([['SF-PT-19', 2]]);

    // Bikes join the user's cart of parts.
    const bikes = await bikeCart();
    const joined = await ok<{ cart: Cart; didMerge: boolean }>('POST', '/v1/cart/merge', { cartId: bikes._id }, dave);
    expect(joined.didMerge).toBe(true);
    expect(joined.cart._id).toBe(merged.cart._id);
    expect(joined.cart.items.map((l) => [l.productId, l.quantity])).toEqual([['varg', 1]]);
    expect(joined.cart.storeItems.map((l) => [l.variant_code, l.quantity])).toEqual([['SF-PT-19', 2]]);

    // An extended warranty does not join a cart with bikes.
    const warranty = await warrantyCart();
    await fails(400, 'CART-ERROR-003', 'POST', '/v1/cart/merge', { cartId: warranty._id }, dave);
    expect((await ok('GET', `/v1/cart?cartId=${warranty._id}`)).status).toBe('open');
    const after = await ok('GET', '/v1/cart', undefined, dave);
    expect(after.storeItems.map((l) => l.variant_code)).toEqual(['SF-PT-19']);
    expect(after.items).toHaveLength(1);

    // Nor bikes a cart with an extended warranty.
    const gina = (await newCustomer(ctx.app, 'gina.cart@example.com')).token;
    await ok('POST', '/v1/cart/add-store-item?country=DE', WARRANTY, gina);
    const more = await bikeCart();
    await fails(400, 'CART-ERROR-003', 'POST', '/v1/cart/merge', { cartId: more._id }, gina);
    expect((await ok('GET', `/v1/cart?cartId=${more._id}`)).status).toBe('open');
    expect((await ok('GET', '/v1/cart', undefined, gina)).items).toHaveLength(0);

    // An empty anonymous cart is marked merged and adds nothing.
    const empty = await bikeCart();
    await ok('PUT', `/v1/cart/clean?cartId=${empty._id}`);
    const none = await ok<{ cart: Cart; didMerge: boolean }>('POST', '/v1/cart/merge', { cartId: empty._id }, dave);
    expect(none.didMerge).toBe(true);
    expect(none.cart.count).toBe(3);
  });

  it('needs a signed-in caller and a cart id', async () => {
    const cart = await bikeCart();
    await fails(401, 'UNAUTHORIZED', 'POST', '/v1/cart/merge', { cartId: cart._id });
    const erin = (await newCustomer(ctx.app, 'erin.cart@example.com')).token;
    await fails(400, 'VALIDATION_ERROR', 'POST', '/v1/cart/merge', {}, erin);
    await fails(400, 'VALIDATION_ERROR', 'POST', '/v1/cart/merge', { cartId: 'x' }, erin);
    await fails(404, 'SHOPPING_CART_NOT_FOUND', 'POST', '/v1/cart/merge', { cartId: randomUUID() }, erin);
  });
});

describe('cloning (POST cart/clone)', () => {
  it("keeps a dealer's prices when it reorders in the same market, and drops them in another", async () => {
    const { db } = ctx.database;
    const lyon = await signIn('lyon@demo.starkfuture.com');
    const list = (await ok('POST', '/v1/cart/add-item?country=FR', { productId: 'varg' })).items[0]?.subTotal
      ?.listPrice;
    expect(list).toBeGreaterThan(0);
    const price = (list as number) - 10_000;
    const reorder = async () => {
      const first = await ok(
        'POST',
        '/v1/cart/add-item?country=FR',
        { productId: 'varg', overwritePrice: price },
        lyon,
      );
      await db.update(carts).set({ status: 'ordered' }).where(eq(carts.id, first._id));
      return first._id;
    };
    // Same market: the copy keeps the dealer's price.
    const same = await ok<{ cart: Cart }>('POST', `/v1/cart/clone?cartId=${await reorder()}`, undefined, lyon);
    expect(same.cart.items[0]?.overwritePrice).toBe(price);
    await db.update(carts).set({ status: 'ordered' }).where(eq(carts.id, same.cart._id));
    // Its open cart is now in Sweden: the copy takes Sweden's list price.
    const ordered = await reorder();
    await ok('POST', '/v1/cart/add-item?country=SE', { productId: 'varg-ex' }, lyon);
    const other = await ok<{ cart: Cart }>('POST', `/v1/cart/clone?cartId=${ordered}`, undefined, lyon);
    expect(other.cart.country).toBe('SE');
    const copied = other.cart.items.find((i) => i.productId === 'varg');
    expect(copied?.overwritePrice).toBeNull();
    expect(copied?.subTotal).toMatchObject({ symbol: 'SEK', unitPrice: copied?.subTotal?.listPrice });
  });

  it('copies an ordered cart into a new open cart (to reorder), and says when nothing was copied', async () => {
    const { db } = ctx.database;
    const frank = (await newCustomer(ctx.app, 'frank.cart@example.com')).token;
    const ordered = await ok('POST', '/v1/cart/add-item?country=DE', { productId: 'varg-ex' }, frank);
    await ok(
      'POST',
      `/v1/cart/update-quantity?cartId=${ordered._id}`,
      { itemId: ordered.items[0]?._id, operation: 'increment' },
      frank,
    );
    await db.update(carts).set({ status: 'ordered' }).where(eq(carts.id, ordered._id));
    // An ordered cart can be read but takes no changes.
    expect((await ok('GET', `/v1/cart?cartId=${ordered._id}`, undefined, frank)).status).toBe('ordered');
    await fails(
      404,
      'SHOPPING_CART_NOT_FOUND',
      'POST',
      `/v1/cart/add-item?cartId=${ordered._id}&country=DE`,
      { productId: 'varg' },
      frank,
    );
    await fails(404, 'SHOPPING_CART_NOT_FOUND', 'PUT', `/v1/cart/clean?cartId=${ordered._id}`, undefined, frank);
    await fails(404, 'SHOPPING_CART_NOT_FOUND', 'GET', '/v1/cart', undefined, frank);

    const cloned = await ok<{ cart: Cart; didClone: boolean }>(
      'POST',
      `/v1/cart/clone?cartId=${ordered._id}`,
      undefined,
      frank,
    );
    expect(cloned.didClone).toBe(true);
    expect(cloned.cart._id).not.toBe(ordered._id);
    expect(cloned.cart.status).toBe('open');
    expect(cloned.cart.items.map((i) => [i.productId, i.quantity])).toEqual([['varg-ex', 2]]);
    expect((await ok('GET', '/v1/cart', undefined, frank))._id).toBe(cloned.cart._id);
    // The user's own open cart is not cloned into itself.
    expect(
      (await ok<{ didClone: boolean }>('POST', `/v1/cart/clone?cartId=${cloned.cart._id}`, undefined, frank)).didClone,
    ).toBe(false);

    // Anonymous: a new cart of its own.
    const anonymous = await storeCart('SF-TY-MX32-19', 2);
    const copy = await ok<{ cart: Cart; didClone: boolean }>('POST', `/v1/cart/clone?cartId=${anonymous._id}`);
    expect(copy.didClone).toBe(true);
    expect(copy.cart._id).not.toBe(anonymous._id);
    expect(copy.cart.storeItems.map((l) => [l.variant_code, l.quantity])).toEqual([['SF-TY-MX32-19', 2]]);

    // Into a user's cart of bikes: parts join it, an extended warranty does not (and nothing is copied).
    const withPart = await ok<{ cart: Cart; didClone: boolean }>(
      'POST',
      `/v1/cart/clone?cartId=${anonymous._id}`,
      undefined,
      frank,
    );
    expect(withPart.cart._id).toBe(cloned.cart._id);
    expect(withPart.cart.items.map((i) => [i.productId, i.quantity])).toEqual([['varg-ex', 2]]);
    expect(withPart.cart.storeItems.map((l) => [l.variant_code, l.quantity])).toEqual([['SF-TY-MX32-19', 2]]);
    const warranty = await warrantyCart();
    await fails(400, 'CART-ERROR-003', 'POST', `/v1/cart/clone?cartId=${warranty._id}`, undefined, frank);
    expect((await ok('GET', '/v1/cart', undefined, frank)).storeItems).toHaveLength(1);
    // An anonymous caller's clone is a new cart of its own, so the warranty is copied.
    const ownCopy = await ok<{ cart: Cart; didClone: boolean }>('POST', `/v1/cart/clone?cartId=${warranty._id}`);
    expect(ownCopy.didClone).toBe(true);
    expect(ownCopy.cart.storeItems.map((l) => l.variant_code)).toEqual(['SF-EW-MX-24']);

    // Nothing that can still be bought: nothing copied.
    const empty = await bikeCart();
    await ok('PUT', `/v1/cart/clean?cartId=${empty._id}`);
    const nothing = await ok<{ cart: Cart; didClone: boolean }>('POST', `/v1/cart/clone?cartId=${empty._id}`);
    expect(nothing).toMatchObject({ didClone: false, cart: { _id: empty._id } });
    await fails(400, 'VALIDATION_ERROR', 'POST', '/v1/cart/clone');
    await fails(404, 'SHOPPING_CART_NOT_FOUND', 'POST', `/v1/cart/clone?cartId=${randomUUID()}`);
  });
});
