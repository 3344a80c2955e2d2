import { randomUUID } from 'node:crypto';
import type { Cart, CartSummary, PricingInfo } from '@varg/contracts';
import { carts, storeVariantPrices } from '@varg/db';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer, newCustomer, useApi } from '../../../test/helper.ts';

const ctx = useApi();

type Method = 'GET' | 'POST' | 'PUT';
let ip = 0;

async function call(method: Method, url: string, payload?: unknown, token?: string) {
  return ctx.app.inject({
    method,
    url,
    remoteAddress: '203.0.113.50',
    ...(payload !== undefined ? { payload: payload as object } : {}),
    headers: token ? bearer(token) : {},
  });
}

async function ok<T = Cart>(method: Method, url: string, payload?: unknown, token?: string): Promise<T> {
  const res = await call(method, url, payload, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
}

async function fails(
  status: number,
  code: string,
  method: Method,
  url: string,
  payload?: unknown,
  token?: string,
): Promise<void> {
  const res = await call(method, url, payload, token);
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json()).toMatchObject({ statusCode: status, code });
}

async function signIn(email: string): Promise<string> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/v1/user/sign-in',
    remoteAddress: `198.51.100.${200 + (++ip % 50)}`,
    payload: { email, password: 'varg-demo-2026' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().token as string;
}

/** A new anonymous cart in Germany with one default VARG MX. */
async function bikeCart(componentIds: string[] = []): Promise<Cart> {
  return ok('POST', '/v1/cart/add-item?country=DE', { productId: 'varg', componentIds });
}

async function storeCart(variant = 'SF-TY-MX32-21', quantity = 1): Promise<Cart> {
  return ok('POST', '/v1/cart/add-store-item?country=DE', { variant_code: variant, quantity });
}

/** A Varg MX extended warranty (24 months) for the bike with this VIN: sold for a bike the buyer already owns. */
const WARRANTY = { variant_code: 'SF-EW-MX-24', vin: 'WSF1234567890ABCD' };

/** A new anonymous cart in Germany with one extended warranty. */
async function warrantyCart(): Promise<Cart> {
  return ok('POST', '/v1/cart/add-store-item?country=DE', WARRANTY);
}

async function cartRows() {
  return (await ctx.database.db.select().from(carts)).length;
}

describe('adding bikes (POST cart/add-item)', () => {
  it('creates an anonymous cart priced in the country: line price, VAT as a percent and an amount, deposit', async () => {
    const pricing = await ok<PricingInfo>('GET', '/v1/checkout/orderInfo/varg?country=DE&componentId=varg_option_80hp');
    const cart = await bikeCart(['varg_option_80hp']);
    expect(cart._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(cart).toMatchObject({
      status: 'open',
      country: 'DE',
      currency: 'EUR',
      taxDisplay: 'including',
      customerType: 'B2C',
      deliveryMethod: null,
      user: null,
      count: 1,
      checkoutable: true,
      storeItems: [],
    });
    const [line] = cart.items;
    expect(line).toMatchObject({
      productId: 'varg',
      nameKey: 'model_varg_name',
      hash: pricing.hash,
      componentIds: pricing.componentIds,
      quantity: 1,
      stock: false,
      stockBikeId: null,
      overwritePrice: null,
      available: true,
      deliveryDate: pricing.deliveryDate,
      subTotal: {
        price: pricing.discountedPrice,
        unitPrice: pricing.discountedPrice,
        listPrice: pricing.price.amount,
        deposit: pricing.deposit.amount,
        symbol: 'EUR',
        vatMetadata: { rateBp: 1900, amount: pricing.discountedVat, included: true },
      },
    });
    expect(line?.options.find((o) => o.group === 'power')).toMatchObject({
      id: 'varg_option_80hp',
      nameKey: expect.any(String),
    });
    expect(line?.options).toHaveLength(pricing.componentIds.length);
    expect(cart.subTotal).toEqual({
      price: pricing.price.amount,
      priceWithDiscount: pricing.discountedPrice,
      vat: 19,
      vatAmount: pricing.discountedVat,
      totalStoreItems: 0,
      deposit: pricing.deposit.amount,
    });
    expect(cart.deliveryDate).toBe(pricing.deliveryDate);
  });

  it('adds one more to the line of the same configuration, and a new line for another one', async () => {
    const cart = await bikeCart();
    const again = await ok('POST', `/v1/cart/add-item?cartId=${cart._id}&country=DE`, { productId: 'varg' });
    expect(again._id).toBe(cart._id);
    expect(again.items).toHaveLength(1);
    expect(again.items[0]?.quantity).toBe(2);
    expect(again.subTotal.priceWithDiscount).toBe(2 * (cart.items[0]?.subTotal?.price ?? 0));
    // The defaults spelled out are the same configuration (same hash).
    const spelled = await ok('POST', `/v1/cart/add-item?cartId=${cart._id}&country=DE`, {
      productId: 'varg',
      componentIds: ['varg_option_red', 'varg_option_60hp'],
    });
    expect(spelled.items).toHaveLength(1);
    expect(spelled.items[0]?.quantity).toBe(3);
    const other = await ok('POST', `/v1/cart/add-item?cartId=${cart._id}&country=DE`, {
      productId: 'varg-ex',
      componentIds: ['varg_option_80hp'],
    });
    expect(other.items.map((i) => [i.productId, i.quantity])).toEqual([
      ['varg', 3],
      ['varg-ex', 1],
    ]);
    expect(other.count).toBe(4);
  });

  it('never loses one of 10 concurrent adds to one cart', async () => {
    const cart = await bikeCart(['varg_option_white']);
    const url = `/v1/cart/add-item?cartId=${cart._id}&country=DE`;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => call('POST', url, { productId: 'varg', componentIds: ['varg_option_grey'] })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    const final = await ok('GET', `/v1/cart?cartId=${cart._id}`);
    expect(final.items.map((i) => i.quantity).sort()).toEqual([1, 10]);
    expect(final.count).toBe(11);
  });

  it("makes one open cart of a user's concurrent first adds, and merges a cart once when asked twice at once", async () => {
    const token = (await newCustomer(ctx.app, 'racer.cart@example.com')).token;
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => call('POST', '/v1/cart/add-item?country=DE', { productId: 'varg-ex' }, token)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(5).fill(200));
    expect(new Set(answers.map((a) => a.json()._id)).size).toBe(1);
    expect((await ok('GET', '/v1/cart', undefined, token)).items.map((i) => i.quantity)).toEqual([5]);

    const anonymous = await ok('POST', '/v1/cart/add-item?country=DE', { productId: 'varg-ex' });
    const merges = await Promise.all(
      Array.from({ length: 3 }, () => call('POST', '/v1/cart/merge', { cartId: anonymous._id }, token)),
    );
    expect(merges.map((m) => m.statusCode)).toEqual([200, 200, 200]);
    expect(merges.filter((m) => m.json().didMerge)).toHaveLength(1);
    expect((await ok('GET', '/v1/cart', undefined, token)).items.map((i) => i.quantity)).toEqual([6]);
  });

  it('refuses a configuration the catalogue refuses, and creates nothing', async () => {
    const before = await cartRows();
    await fails(400, 'INVALID_CONFIGURATION', 'POST', '/v1/cart/add-item?country=DE', {
      productId: 'varg',
      componentIds: ['varg_option_nope'],
    });
    await fails(400, 'INVALID_CONFIGURATION', 'POST', '/v1/cart/add-item?country=DE', {
      productId: 'varg',
      componentIds: ['varg_option_60hp', 'varg_option_80hp'],
    });
    await fails(400, 'INCOMPATIBLE_OPTIONS', 'POST', '/v1/cart/add-item?country=DE', {
      productId: 'varg',
      componentIds: ['varg_option_mousse', 'varg_option_tires_soft'],
    });
    await fails(404, 'PRODUCT_NOT_FOUND', 'POST', '/v1/cart/add-item?country=DE', { productId: 'varg-zz' });
    await fails(404, 'COUNTRY_NOT_FOUND', 'POST', '/v1/cart/add-item?country=JP', { productId: 'varg' });
    await fails(404, 'COUNTRY_NOT_FOUND', 'POST', '/v1/cart/add-item?country=ZZ', { productId: 'varg' });
    expect(await cartRows()).toBe(before);
  });

  it("lets only a dealer set the line's price, in the dealer's own cart", async () => {
    await fails(403, 'FORBIDDEN', 'POST', '/v1/cart/add-item?country=DE', {
      productId: 'varg',
      overwritePrice: 1_000_000,
    });
    const customer = await signIn('customer@demo.starkfuture.com');
    await fails(
      403,
      'FORBIDDEN',
      'POST',
      '/v1/cart/add-item?country=DE',
      { productId: 'varg', overwritePrice: 1_000_000 },
      customer,
    );
    const dealer = await signIn('dealer@demo.starkfuture.com');
    const anonymous = await bikeCart();
    await fails(
      403,
      'FORBIDDEN',
      'POST',
      `/v1/cart/add-item?cartId=${anonymous._id}&country=ES`,
      { productId: 'varg', overwritePrice: 1_000_000 },
      dealer,
    );
    // Within the dealer's allowed discount (10 % for the demo dealers) and never above the list price (11,900.00 €).
    const rowsBefore = await cartRows();
    await fails(
      400,
      'PRICE_BELOW_ALLOWED_DISCOUNT',
      'POST',
      '/v1/cart/add-item?country=ES',
      { productId: 'varg', overwritePrice: 1_070_999 },
      dealer,
    );
    await fails(
      400,
      'PRICE_ABOVE_LIST',
      'POST',
      '/v1/cart/add-item?country=ES',
      { productId: 'varg', overwritePrice: 1_190_001 },
      dealer,
    );
    expect(await cartRows()).toBe(rowsBefore);
    const own = await ok(
      'POST',
      '/v1/cart/add-item?country=ES',
      { productId: 'varg', overwritePrice: 1_071_000 },
      dealer,
    );
    expect(own.customerType).toBe('Dealer');
    expect(own.items[0]).toMatchObject({
      overwritePrice: 1_071_000,
      subTotal: { price: 1_071_000, unitPrice: 1_071_000, listPrice: 1_190_000 },
    });
    expect(own.subTotal.price - own.subTotal.priceWithDiscount).toBe(119_000);

    // Moved to another market, the price set in euros does not become kronor: the line takes Sweden's list price.
    const [line] = (await ok('PUT', `/v1/cart?cartId=${own._id}`, { country: 'SE' }, dealer)).items;
    expect(line?.overwritePrice).toBeNull();
    expect(line?.subTotal).toMatchObject({ symbol: 'SEK', unitPrice: line?.subTotal?.listPrice });
    expect(line?.subTotal?.unitPrice).toBeGreaterThan(10_000_000);
  });
});

describe('bikes in stock (POST cart/add-stock-bike)', () => {
  it('adds an available bike of the country as one line of quantity 1, once', async () => {
    const bike = await ok<{ pricing: PricingInfo; hash: string }>('GET', '/v1/vehicles/stock-bikes/SB0001?country=DE');
    const cart = await ok('POST', '/v1/cart/add-stock-bike?country=DE', {
      stockBikeId: 'SB0001',
      product: 'varg',
      quantity: 1,
      componentNames: ['Red'],
    });
    expect(cart.items).toHaveLength(1);
    expect(cart.items[0]).toMatchObject({
      stock: true,
      stockBikeId: 'SB0001',
      quantity: 1,
      hash: bike.hash,
      available: true,
      deliveryDate: bike.pricing.stockBikeDeliveryDate,
      subTotal: { price: bike.pricing.discountedPrice },
    });
    const again = await ok('POST', `/v1/cart/add-stock-bike?cartId=${cart._id}&country=DE`, { stockBikeId: 'SB0001' });
    expect(again.items).toHaveLength(1);
    expect(again.items[0]?.quantity).toBe(1);
    // The same configuration built to order is a line of its own.
    const built = await ok('POST', `/v1/cart/add-item?cartId=${cart._id}&country=DE`, {
      productId: 'varg',
      componentIds: again.items[0]?.componentIds,
    });
    expect(built.items.map((i) => i.stock)).toEqual([true, false]);
    const stockLine = again.items[0]?._id;
    for (const operation of ['increment', 'decrement']) {
      await fails(400, 'STOCK_BIKE_LINE_FIXED', 'POST', `/v1/cart/update-quantity?cartId=${cart._id}`, {
        itemId: stockLine,
        operation,
      });
    }
    await fails(400, 'STOCK_BIKE_LINE_FIXED', 'POST', `/v1/cart/update-item?cartId=${cart._id}`, {
      itemId: stockLine,
      componentIds: [],
    });
  });

  it('refuses a bike of another market, an unknown or sold one, another model and a quantity other than 1', async () => {
    // SB0037 stands in the US.
    await fails(404, 'STOCK_BIKE_NOT_FOUND', 'POST', '/v1/cart/add-stock-bike?country=DE', { stockBikeId: 'SB0037' });
    await fails(404, 'STOCK_BIKE_NOT_FOUND', 'POST', '/v1/cart/add-stock-bike?country=DE', { stockBikeId: 'SB9999' });
    await fails(400, 'BAD_REQUEST', 'POST', '/v1/cart/add-stock-bike?country=DE', {
      stockBikeId: 'SB0002',
      product: 'varg-ex',
    });
    await fails(400, 'VALIDATION_ERROR', 'POST', '/v1/cart/add-stock-bike?country=DE', {
      stockBikeId: 'SB0002',
      quantity: 2,
    });
    await fails(400, 'VALIDATION_ERROR', 'POST', '/v1/cart/add-stock-bike?country=DE', { product: 'varg' });
    await fails(400, 'VALIDATION_ERROR', 'POST', '/v1/cart/add-stock-bike?country=DE', { stockBikeId: 'SB 1' });
  });
});

describe('store items (POST cart/add-store-item)', () => {
  it('adds a variant with its quantity and VIN, adding up per variant and VIN', async () => {
    const variant = await ok<{ price: { total: number; vat: number } }>(
      'GET',
      '/v1/store/variants/SF-TY-MX32-21?country=DE',
    );
    const cart = await ok('POST', '/v1/cart/add-store-item?country=DE', {
      variant_code: 'sf-ty-mx32-21',
      quantity: 2,
      vin: 'wsf1234567890abcd',
    });
    expect(cart.storeItems).toHaveLength(1);
    expect(cart.storeItems[0]).toMatchObject({
      variant_code: 'SF-TY-MX32-21',
      quantity: 2,
      vin: 'WSF1234567890ABCD',
      articleId: 'scorpion-mx32-front',
      name: 'Pirelli Scorpion MX32 80/100-21',
      nameKey: null,
      kind: 'spare_parts',
      attributes: { wheel: '21"', position: 'front' },
      availability: 'AVAILABLE',
      available: true,
      subTotal: { price: 2 * variant.price.total, unitPrice: variant.price.total, symbol: 'EUR', deposit: 0 },
    });
    expect(cart.subTotal).toMatchObject({
      priceWithDiscount: 2 * variant.price.total,
      totalStoreItems: 2 * variant.price.total,
      deposit: 0,
      vat: 19,
    });
    expect(cart.deliveryDate).toBeNull();
    const more = await ok('POST', `/v1/cart/add-store-item?cartId=${cart._id}&country=DE`, {
      variant_code: 'SF-TY-MX32-21',
      quantity: 3,
      vin: 'WSF1234567890ABCD',
    });
    expect(more.storeItems.map((l) => l.quantity)).toEqual([5]);
    const noVin = await ok('POST', `/v1/cart/add-store-item?cartId=${cart._id}&country=DE`, {
      variant_code: 'SF-TY-MX32-21',
    });
    expect(noVin.storeItems.map((l) => [l.vin, l.quantity])).toEqual([
      ['WSF1234567890ABCD', 5],
      [null, 1],
    ]);
    const capped = await ok('POST', `/v1/cart/add-store-item?cartId=${cart._id}&country=DE`, {
      variant_code: 'SF-TY-MX32-21',
      quantity: 99,
    });
    expect(capped.storeItems[1]?.quantity).toBe(99);
  });

  it('refuses unknown and unorderable variants, bad quantities and bad VINs', async () => {
    const before = await cartRows();
    await fails(404, 'VARIANT_NOT_FOUND', 'POST', '/v1/cart/add-store-item?country=DE', { variant_code: 'SF-NOPE' });
    // The 21" mousse is NOT_AVAILABLE.
    await fails(400, 'CART_ITEM_UNAVAILABLE', 'POST', '/v1/cart/add-store-item?country=DE', {
      variant_code: 'SF-MO-21',
    });
    for (const body of [
      { variant_code: 'SF-TY-MX32-21', quantity: 0 },
      { variant_code: 'SF-TY-MX32-21', quantity: 100 },
      { variant_code: 'SF-TY-MX32-21', quantity: 1.5 },
      { variant_code: 'SF-TY-MX32-21', quantity: '2' },
      { variant_code: 'SF-TY-MX32-21', vin: 'WSF1234567890ABC' },
      { variant_code: 'SF-TY-MX32-21', vin: 'WSF12345678I0ABCD' },
      { variant_code: '' },
      {},
    ]) {
      await fails(400, 'VALIDATION_ERROR', 'POST', '/v1/cart/add-store-item?country=DE', body);
    }
    await fails(400, 'VALIDATION_ERROR', 'POST', '/v1/cart/add-store-item', { variant_code: 'SF-TY-MX32-21' });
    expect(await cartRows()).toBe(before);
  });
});

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
