import type { CartSummary, PricingInfo } from '@varg/contracts';
import { cartItems } from '@varg/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bikeCart, call, cartApi, cartRows, ctx, fails, ok, signIn } from '../../../test/cart-fixture.ts';
import { newCustomer } from '../../../test/helper.ts';

// The cart through the API (decisions 012, 015): adding bikes, stock bikes and store items. What shares a cart and
// reading it (cart-lines), who may use which cart (cart-access) and copying carts (cart-copy) have their own files; the
// shared setup is apps/api/test/cart-fixture.ts.

cartApi();

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

  it('answers every concurrent add its own quantity up to the cap (99)', async () => {
    const cart = await bikeCart(['varg_option_grey']);
    await ctx.database.db.update(cartItems).set({ quantity: 95 }).where(eq(cartItems.cartId, cart._id));
    const url = `/v1/cart/add-item?cartId=${cart._id}&country=DE`;
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => call('POST', url, { productId: 'varg', componentIds: ['varg_option_grey'] })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(200));
    const quantities = answers.map((a) => (a.json() as { items: Array<{ quantity: number }> }).items[0]?.quantity);
    expect(quantities.sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual([96, 97, 98, 99, 99, 99, 99, 99]);
    expect((await ok('GET', `/v1/cart?cartId=${cart._id}`)).items.map((i) => i.quantity)).toEqual([99]);
  });

  it('answers a summary when asked (answer=summary): every concurrent add its own exact count', async () => {
    const cart = await bikeCart(['varg_option_white']);
    const url = `/v1/cart/add-item?cartId=${cart._id}&country=DE&answer=summary`;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => call('POST', url, { productId: 'varg', componentIds: ['varg_option_grey'] })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    const summaries = answers.map((a) => a.json() as CartSummary);
    expect(summaries[0]).toEqual({ _id: cart._id, status: 'open', count: expect.any(Number), lines: 2, kind: 'bikes' });
    // The adds queue on the cart's lock; each answers the cart as its own add left it.
    expect(summaries.map((s) => s.count).sort((a, b) => a - b)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(await ok<CartSummary>('GET', `/v1/cart/summary?cartId=${cart._id}`)).toEqual({ ...summaries[0], count: 11 });
    const fresh = await ok<CartSummary>('POST', '/v1/cart/add-item?country=DE&answer=summary', { productId: 'varg' });
    expect(fresh).toEqual({ _id: expect.any(String), status: 'open', count: 1, lines: 1, kind: 'bikes' });
    const before = await cartRows();
    await fails(400, 'VALIDATION_ERROR', 'POST', '/v1/cart/add-item?country=DE&answer=all', { productId: 'varg' });
    expect(await cartRows()).toBe(before);
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

  it("answers the user's open cart with the user when asked (user/me?include=cart), as cart/summary does", async () => {
    const token = (await newCustomer(ctx.app, 'badge.cart@example.com')).token;
    const me = () =>
      ok<{ email: string; cart?: CartSummary | null }>('GET', '/v1/user/me?include=cart', undefined, token);
    expect(await me()).toMatchObject({ email: 'badge.cart@example.com', cart: null });
    for (let i = 0; i < 2; i++) await ok('POST', '/v1/cart/add-item?country=DE', { productId: 'varg-ex' }, token);
    const summary = await ok<CartSummary>('GET', '/v1/cart/summary', undefined, token);
    expect(summary).toMatchObject({ count: 2, lines: 1, kind: 'bikes', status: 'open' });
    expect((await me()).cart).toEqual(summary);
    // Not asked: the user alone, as before.
    expect(await ok('GET', '/v1/user/me', undefined, token)).not.toHaveProperty('cart');
    await fails(400, 'VALIDATION_ERROR', 'GET', '/v1/user/me?include=orders', undefined, token);
    // The answer is the caller's own cart only: another user's token sees theirs (none).
    const other = (await newCustomer(ctx.app, 'badge.other@example.com')).token;
    expect((await ok<{ cart?: unknown }>('GET', '/v1/user/me?include=cart', undefined, other)).cart).toBeNull();
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
