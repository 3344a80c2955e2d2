import { randomUUID } from 'node:crypto';
import type { CartSummary } from '@varg/contracts';
import { describe, expect, it } from 'vitest';
import { bikeCart, cartApi, ctx, fails, ok, WARRANTY } from '../../../test/cart-fixture.ts';
import { newCustomer } from '../../../test/helper.ts';

// The cart (decisions 015, 035): who may use which cart, and the builder's edit of a bike line.

cartApi();

describe('who may use which cart', () => {
  it("keeps a user's cart to that user: 403 for anyone else; an anonymous cart answers to its id", async () => {
    const alice = (await newCustomer(ctx.app, 'alice.cart@example.com')).token;
    const bob = (await newCustomer(ctx.app, 'bob.cart@example.com')).token;
    await fails(404, 'SHOPPING_CART_NOT_FOUND', 'GET', '/v1/cart', undefined, alice);
    // Signed in without cartId: the user's open cart, created on the first add.
    const first = await ok('POST', '/v1/cart/add-item?country=DE', { productId: 'varg' }, alice);
    expect(first.user).toMatch(/^[0-9a-f-]{36}$/);
    // A part joins the user's cart of bikes; an extended warranty does not.
    const part = await ok('POST', '/v1/cart/add-store-item?country=DE', { variant_code: 'SF-PT-18' }, alice);
    expect(part._id).toBe(first._id);
    expect(part.storeItems.map((l) => l.variant_code)).toEqual(['SF-PT-18']);
    await fails(400, 'CART-ERROR-003', 'POST', '/v1/cart/add-store-item?country=DE', WARRANTY, alice);
    const same = await ok('POST', '/v1/cart/add-item?country=DE', { productId: 'varg-ex' }, alice);
    expect(same._id).toBe(first._id);
    expect((await ok('GET', '/v1/cart', undefined, alice))._id).toBe(first._id);
    expect(await ok<CartSummary>('GET', '/v1/cart/summary', undefined, alice)).toMatchObject({
      count: 3,
      lines: 3,
      kind: 'bikes',
    });
    expect((await ok('GET', `/v1/cart?cartId=${first._id}`, undefined, alice))._id).toBe(first._id);

    const item = first.items[0]?._id;
    for (const token of [undefined, bob]) {
      await fails(403, 'FORBIDDEN', 'GET', `/v1/cart?cartId=${first._id}`, undefined, token);
      await fails(403, 'FORBIDDEN', 'GET', `/v1/cart/summary?cartId=${first._id}`, undefined, token);
      await fails(
        403,
        'FORBIDDEN',
        'POST',
        `/v1/cart/add-item?cartId=${first._id}&country=DE`,
        { productId: 'varg' },
        token,
      );
      await fails(
        403,
        'FORBIDDEN',
        'POST',
        `/v1/cart/update-quantity?cartId=${first._id}`,
        { itemId: item, operation: 'increment' },
        token,
      );
      await fails(403, 'FORBIDDEN', 'POST', `/v1/cart/remove-item?cartId=${first._id}`, { itemId: item }, token);
      await fails(403, 'FORBIDDEN', 'PUT', `/v1/cart/clean?cartId=${first._id}`, undefined, token);
      await fails(403, 'FORBIDDEN', 'PUT', `/v1/cart?cartId=${first._id}`, { country: 'FR' }, token);
      await fails(403, 'FORBIDDEN', 'POST', `/v1/cart/clone?cartId=${first._id}`, undefined, token);
    }
    await fails(403, 'FORBIDDEN', 'POST', '/v1/cart/merge', { cartId: first._id }, bob);
    expect((await ok('GET', '/v1/cart', undefined, alice)).count).toBe(3);

    // Bob may use an anonymous cart by its id.
    const anonymous = await bikeCart();
    expect(
      (await ok('POST', `/v1/cart/add-item?cartId=${anonymous._id}&country=DE`, { productId: 'varg' }, bob)).items[0]
        ?.quantity,
    ).toBe(2);

    // A token that is not valid is a 401 (so the client refreshes), never anonymity.
    const res = await ctx.app.inject({
      url: `/v1/cart?cartId=${anonymous._id}`,
      headers: { authorization: 'Bearer not-a-token' },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('builder edit mode (POST cart/update-item)', () => {
  it("replaces a line's configuration keeping its quantity, and adds up with a line that has the new one", async () => {
    const cart = await bikeCart();
    const item = cart.items[0]?._id;
    await ok('POST', `/v1/cart/update-quantity?cartId=${cart._id}`, { itemId: item, operation: 'increment' });
    const edited = await ok('POST', `/v1/cart/update-item?cartId=${cart._id}`, {
      itemId: item,
      componentIds: ['varg_option_80hp', 'varg_option_white'],
    });
    expect(edited.items).toHaveLength(1);
    expect(edited.items[0]).toMatchObject({ quantity: 2 });
    expect(edited.items[0]?.componentIds).toContain('varg_option_80hp');
    expect(edited.items[0]?.hash).not.toBe(cart.items[0]?.hash);

    const withDefault = await ok('POST', `/v1/cart/add-item?cartId=${cart._id}&country=DE`, { productId: 'varg' });
    const defaultLine = withDefault.items.find((i) => i.hash === cart.items[0]?.hash);
    const joined = await ok('POST', `/v1/cart/update-item?cartId=${cart._id}`, {
      itemId: edited.items[0]?._id,
      componentIds: [],
    });
    expect(joined.items.map((i) => [i.hash, i.quantity])).toEqual([[defaultLine?.hash, 3]]);

    await fails(400, 'INVALID_CONFIGURATION', 'POST', `/v1/cart/update-item?cartId=${cart._id}`, {
      itemId: joined.items[0]?._id,
      componentIds: ['varg_option_nope'],
    });
    await fails(404, 'CART_ITEM_NOT_FOUND', 'POST', `/v1/cart/update-item?cartId=${cart._id}`, {
      itemId: randomUUID(),
      componentIds: [],
    });
    expect((await ok('GET', `/v1/cart?cartId=${cart._id}`)).items.map((i) => i.quantity)).toEqual([3]);
  });
});
