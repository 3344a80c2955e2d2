import { randomUUID } from 'node:crypto';
import type { CartSummary, PricingInfo } from '@varg/contracts';
import { storeVariantPrices } from '@varg/db';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  bikeCart,
  call,
  cartApi,
  ctx,
  fails,
  ok,
  storeCart,
  WARRANTY,
  warrantyCart,
} from '../../../test/cart-fixture.ts';

// The cart (decisions 012, 015, 035): what may share a cart (CART-ERROR-003), quantities and removal, reading a cart.

cartApi();

describe('what shares a cart (CART-ERROR-003)', () => {
  it('lets a bike and a part share a cart, with totals that add up', async () => {
    const pricing = await ok<PricingInfo>('GET', '/v1/checkout/orderInfo/varg?country=DE');
    const tyre = await ok<{ price: { total: number } }>('GET', '/v1/store/variants/SF-TY-MX32-21?country=DE');
    const bikes = await bikeCart();
    const mixed = await ok('POST', `/v1/cart/add-store-item?cartId=${bikes._id}&country=DE`, {
      variant_code: 'SF-TY-MX32-21',
      quantity: 2,
    });
    expect(mixed._id).toBe(bikes._id);
    expect(mixed.items.map((l) => [l.productId, l.quantity])).toEqual([['varg', 1]]);
    expect(mixed.storeItems.map((l) => [l.variant_code, l.kind, l.quantity])).toEqual([
      ['SF-TY-MX32-21', 'spare_parts', 2],
    ]);
    expect(mixed).toMatchObject({ count: 3, checkoutable: true, deliveryDate: pricing.deliveryDate });
    const lines = [...mixed.items, ...mixed.storeItems];
    expect(mixed.subTotal).toEqual({
      price: pricing.price.amount + 2 * tyre.price.total,
      priceWithDiscount: pricing.discountedPrice + 2 * tyre.price.total,
      vat: 19,
      vatAmount: lines.reduce((sum, l) => sum + (l.subTotal?.vatMetadata.amount ?? 0), 0),
      totalStoreItems: 2 * tyre.price.total,
      deposit: pricing.deposit.amount,
    });
    expect(await ok<CartSummary>('GET', `/v1/cart/summary?cartId=${bikes._id}`)).toMatchObject({ count: 3, lines: 2 });

    // And the other way round: a cart of parts takes a configured bike and a stock bike.
    const parts = await storeCart('SF-PT-18');
    await ok('POST', `/v1/cart/add-item?cartId=${parts._id}&country=DE`, { productId: 'varg' });
    const all = await ok('POST', `/v1/cart/add-stock-bike?cartId=${parts._id}&country=DE`, { stockBikeId: 'SB0003' });
    expect(all.items.map((l) => l.stockBikeId)).toEqual([null, 'SB0003']);
    expect(all.storeItems.map((l) => l.variant_code)).toEqual(['SF-PT-18']);
  });

  it('refuses an extended warranty in a cart with bikes and a bike in a cart with one, changing nothing', async () => {
    const bikes = await bikeCart();
    const res = await call('POST', `/v1/cart/add-store-item?cartId=${bikes._id}&country=DE`, WARRANTY);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'CART-ERROR-003', t_key: 'mixed_item_cart' });
    expect(res.json().message).toMatch(/extended warranty/i);
    const stock = await ok('POST', '/v1/cart/add-stock-bike?country=DE', { stockBikeId: 'SB0003' });
    await fails(400, 'CART-ERROR-003', 'POST', `/v1/cart/add-store-item?cartId=${stock._id}&country=DE`, WARRANTY);

    const warranty = await warrantyCart();
    expect(warranty.storeItems.map((l) => [l.variant_code, l.kind, l.vin])).toEqual([
      ['SF-EW-MX-24', 'extended_warranty', WARRANTY.vin],
    ]);
    await fails(400, 'CART-ERROR-003', 'POST', `/v1/cart/add-item?cartId=${warranty._id}&country=DE`, {
      productId: 'varg',
    });
    await fails(400, 'CART-ERROR-003', 'POST', `/v1/cart/add-stock-bike?cartId=${warranty._id}&country=DE`, {
      stockBikeId: 'SB0003',
    });
    // Parts, and more warranties, join it.
    await ok('POST', `/v1/cart/add-store-item?cartId=${warranty._id}&country=DE`, { variant_code: 'SF-PT-18' });
    const more = await ok('POST', `/v1/cart/add-store-item?cartId=${warranty._id}&country=DE`, {
      ...WARRANTY,
      variant_code: 'SF-EW-MX-12',
    });
    expect(more.storeItems.map((l) => l.variant_code)).toEqual(['SF-EW-MX-24', 'SF-PT-18', 'SF-EW-MX-12']);

    expect((await ok('GET', `/v1/cart?cartId=${bikes._id}`)).storeItems).toHaveLength(0);
    expect((await ok('GET', `/v1/cart?cartId=${stock._id}`)).storeItems).toHaveLength(0);
    expect((await ok('GET', `/v1/cart?cartId=${warranty._id}`)).items).toHaveLength(0);
    // Without its warranties the cart takes a bike again; the part stays.
    for (const line of more.storeItems.filter((l) => l.kind === 'extended_warranty')) {
      await ok('POST', `/v1/cart/remove-store-item?cartId=${warranty._id}`, { store_item_id: line._id });
    }
    const bike = await ok('POST', `/v1/cart/add-item?cartId=${warranty._id}&country=DE`, { productId: 'varg' });
    expect(bike.items).toHaveLength(1);
    expect(bike.storeItems.map((l) => l.variant_code)).toEqual(['SF-PT-18']);
  });
});

describe('quantities and removal', () => {
  it('steps bike and store lines between 1 and 99, with add/subtract as other names', async () => {
    const cart = await bikeCart();
    const item = cart.items[0]?._id;
    const url = `/v1/cart/update-quantity?cartId=${cart._id}`;
    expect((await ok('POST', url, { itemId: item, operation: 'increment' })).items[0]?.quantity).toBe(2);
    expect((await ok('POST', url, { itemId: item, operation: 'add' })).items[0]?.quantity).toBe(3);
    expect((await ok('POST', url, { itemId: item, operation: 'decrement' })).items[0]?.quantity).toBe(2);
    expect((await ok('POST', url, { itemId: item, operation: 'subtract' })).items[0]?.quantity).toBe(1);
    // Never below 1: removing is its own call.
    const floor = await ok('POST', url, { itemId: item, operation: 'decrement' });
    expect(floor.items.map((i) => i.quantity)).toEqual([1]);
    await fails(404, 'CART_ITEM_NOT_FOUND', 'POST', url, { itemId: randomUUID(), operation: 'increment' });
    for (const body of [
      { itemId: item, operation: 'double' },
      { itemId: item },
      { itemId: 'nope', operation: 'increment' },
      { operation: 'increment' },
    ]) {
      await fails(400, 'VALIDATION_ERROR', 'POST', url, body);
    }

    const store = await storeCart('SF-TY-MX32-19', 98);
    const line = store.storeItems[0]?._id;
    const storeUrl = `/v1/cart/update-store-quantity?cartId=${store._id}`;
    expect((await ok('POST', storeUrl, { store_item_id: line, operation: 'increment' })).storeItems[0]?.quantity).toBe(
      99,
    );
    expect((await ok('POST', storeUrl, { store_item_id: line, operation: 'increment' })).storeItems[0]?.quantity).toBe(
      99,
    );
    expect((await ok('POST', storeUrl, { store_item_id: line, operation: 'decrement' })).storeItems[0]?.quantity).toBe(
      98,
    );
    // A bike line's id is not a store line.
    await fails(404, 'CART_ITEM_NOT_FOUND', 'POST', storeUrl, { store_item_id: item, operation: 'increment' });
    await fails(400, 'VALIDATION_ERROR', 'POST', storeUrl, { itemId: line, operation: 'increment' });
  });

  it('removes lines (404 the second time) and empties a cart', async () => {
    const cart = await bikeCart();
    const withTwo = await ok('POST', `/v1/cart/add-item?cartId=${cart._id}&country=DE`, {
      productId: 'varg-ex',
    });
    const [first, second] = withTwo.items;
    const removed = await ok('POST', `/v1/cart/remove-item?cartId=${cart._id}`, { itemId: first?._id });
    expect(removed.items.map((i) => i._id)).toEqual([second?._id]);
    await fails(404, 'CART_ITEM_NOT_FOUND', 'POST', `/v1/cart/remove-item?cartId=${cart._id}`, { itemId: first?._id });
    await fails(400, 'VALIDATION_ERROR', 'POST', `/v1/cart/remove-item?cartId=${cart._id}`, {});

    const store = await storeCart();
    const line = store.storeItems[0]?._id;
    const gone = await ok('POST', `/v1/cart/remove-store-item?cartId=${store._id}`, { store_item_id: line });
    expect(gone.storeItems).toEqual([]);
    expect(gone.checkoutable).toBe(false);
    await fails(404, 'CART_ITEM_NOT_FOUND', 'POST', `/v1/cart/remove-store-item?cartId=${store._id}`, {
      store_item_id: line,
    });

    const cleaned = await ok('PUT', `/v1/cart/clean?cartId=${cart._id}`);
    expect(cleaned).toMatchObject({ _id: cart._id, items: [], storeItems: [], count: 0, checkoutable: false });
    expect(cleaned.subTotal).toEqual({
      price: 0,
      priceWithDiscount: 0,
      vat: 19,
      vatAmount: 0,
      totalStoreItems: 0,
      deposit: 0,
    });
  });
});

describe('reading a cart', () => {
  it('answers by id, never cached; 404 for an unknown id or none, 400 for a malformed one', async () => {
    const cart = await bikeCart();
    const res = await call('GET', `/v1/cart?cartId=${cart._id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual(cart);
    await fails(404, 'SHOPPING_CART_NOT_FOUND', 'GET', `/v1/cart?cartId=${randomUUID()}`);
    await fails(404, 'SHOPPING_CART_NOT_FOUND', 'GET', '/v1/cart');
    await fails(400, 'VALIDATION_ERROR', 'GET', '/v1/cart?cartId=123');
    await fails(400, 'VALIDATION_ERROR', 'GET', `/v1/cart?cartId=${cart._id}&country=DEU`);
    const summary = await ok<CartSummary>('GET', `/v1/cart/summary?cartId=${cart._id}`);
    expect(summary).toEqual({ _id: cart._id, status: 'open', count: 1, lines: 1, kind: 'bikes' });
    const store = await storeCart('SF-TY-MX32-21', 3);
    expect(await ok<CartSummary>('GET', `/v1/cart/summary?cartId=${store._id}`)).toMatchObject({
      count: 3,
      lines: 1,
      kind: 'store',
    });
    await fails(404, 'SHOPPING_CART_NOT_FOUND', 'GET', `/v1/cart/summary?cartId=${randomUUID()}`);
  });

  it('re-prices everything when the country changes (EUR → USD); a read from another market leaves it', async () => {
    const cart = await bikeCart(['varg_option_80hp']);
    const withTyre = await storeCart();
    const us = await ok<PricingInfo>('GET', '/v1/checkout/orderInfo/varg?country=US&componentId=varg_option_80hp');
    // A read from a US page neither moves the cart nor prices it there (decision 035).
    const read = await ok('GET', `/v1/cart?cartId=${cart._id}&country=US`);
    expect(read).toMatchObject({ country: 'DE', currency: 'EUR', taxDisplay: 'including' });
    expect(read.subTotal).toEqual(cart.subTotal);

    const moved = await ok('PUT', `/v1/cart?cartId=${cart._id}`, { country: 'us' });
    expect(moved).toMatchObject({ country: 'US', currency: 'USD', taxDisplay: 'excluding' });
    expect(moved.items[0]?.subTotal).toMatchObject({
      price: us.discountedPrice,
      symbol: 'USD',
      vatMetadata: { rateBp: 0, amount: 0, included: false },
    });
    expect(moved.subTotal).toMatchObject({ priceWithDiscount: us.discountedPrice, vat: 0, vatAmount: 0 });
    expect((await ok('GET', `/v1/cart?cartId=${cart._id}`)).country).toBe('US');

    const tyreUs = await ok<{ price: { total: number } }>('GET', '/v1/store/variants/SF-TY-MX32-21?country=US');
    const storeMoved = await ok('PUT', `/v1/cart?cartId=${withTyre._id}`, { country: 'US' });
    expect(storeMoved.storeItems[0]?.subTotal?.price).toBe(tyreUs.price.total);

    await fails(404, 'COUNTRY_NOT_FOUND', 'PUT', `/v1/cart?cartId=${cart._id}`, { country: 'JP' });
    await fails(400, 'VALIDATION_ERROR', 'PUT', `/v1/cart?cartId=${cart._id}`, { country: 'USA' });
    await fails(400, 'VALIDATION_ERROR', 'PUT', `/v1/cart?cartId=${cart._id}`, {});
    expect((await ok('GET', `/v1/cart?cartId=${cart._id}`)).country).toBe('US');
  });

  it('marks lines without a price in the market unavailable and leaves them out of the totals', async () => {
    const { db } = ctx.database;
    const cart = await ok('POST', '/v1/cart/add-store-item?country=DE', { variant_code: 'SF-TY-XC-18', quantity: 2 });
    const withTube = await ok('POST', `/v1/cart/add-store-item?cartId=${cart._id}&country=DE`, {
      variant_code: 'SF-PT-18',
    });
    const tube = withTube.storeItems[1]?.subTotal?.price ?? 0;
    // The Scorpion XC loses its US price.
    await db
      .delete(storeVariantPrices)
      .where(and(eq(storeVariantPrices.variantCode, 'SF-TY-XC-18'), eq(storeVariantPrices.currency, 'USD')));
    const inUs = await ok('PUT', `/v1/cart?cartId=${cart._id}`, { country: 'US' });
    expect(inUs.storeItems.map((l) => [l.variant_code, l.available, l.subTotal === null])).toEqual([
      ['SF-TY-XC-18', false, true],
      ['SF-PT-18', true, false],
    ]);
    expect(inUs.subTotal.priceWithDiscount).toBe(inUs.storeItems[1]?.subTotal?.price);
    expect(inUs.checkoutable).toBe(false);
    expect(inUs.count).toBe(3);
    const back = await ok('PUT', `/v1/cart?cartId=${cart._id}`, { country: 'DE' });
    expect(back.storeItems.every((l) => l.available)).toBe(true);
    expect(back.subTotal.priceWithDiscount).toBeGreaterThan(tube);

    // A stock bike is sold where it stands: in another market its line is unavailable.
    const stock = await ok('POST', '/v1/cart/add-stock-bike?country=DE', { stockBikeId: 'SB0004' });
    const moved = await ok('PUT', `/v1/cart?cartId=${stock._id}`, { country: 'FR' });
    expect(moved.items[0]).toMatchObject({ available: false, subTotal: null, deliveryDate: null });
    expect(moved.subTotal).toMatchObject({ price: 0, priceWithDiscount: 0, deposit: 0 });
    expect(moved.deliveryDate).toBeNull();
  });
});
