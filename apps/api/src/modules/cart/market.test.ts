// Which market a cart is in (decision 035): the one stored on it, for every read; only a write moves it.
import type { Cart, CartSummary, PricingInfo } from '@varg/contracts';
import { describe, expect, it } from 'vitest';
import { bearer, type Json, newCustomer, useApi } from '../../../test/helper.ts';

const ctx = useApi();

async function call(method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) {
  return ctx.app.inject({
    method,
    url,
    remoteAddress: '203.0.113.61',
    headers: bearer(token),
    ...(payload ? { payload } : {}),
  });
}

async function ok<T = Cart>(method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) {
  const res = await call(method, url, token, payload);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
}

describe("a signed-in user's cart from another market", () => {
  it('is read, counted and checked out in the market it is in, whatever page asks; PUT cart moves it', async () => {
    const { token } = await newCustomer(ctx.app, 'traveller.cart@example.com');
    const de = await ok<PricingInfo>('GET', '/v1/checkout/orderInfo/varg?country=DE', token);
    const fr = await ok<PricingInfo>('GET', '/v1/checkout/orderInfo/varg?country=FR', token);
    const added = await ok('POST', '/v1/cart/add-item?country=DE', token, { productId: 'varg', componentIds: [] });

    // The user now browses /fr-FR: the cart is still the German one, priced in Germany (19 % VAT), not in France.
    const read = await ok('GET', '/v1/cart?country=FR', token);
    expect(read).toMatchObject({ _id: added._id, country: 'DE', currency: 'EUR' });
    expect(read.items[0]?.subTotal).toMatchObject({ price: de.discountedPrice, vatMetadata: { rateBp: 1900 } });
    expect(read.subTotal).toEqual(added.subTotal);
    const summary = await ok<CartSummary>('GET', '/v1/cart/summary', token);
    expect(summary).toMatchObject({ _id: added._id, status: 'open', count: 1 });

    // The checkout prices the same cart in the same market: the same line total; a French address does not fit it.
    const setup = await ok<Json>('POST', `/v1/checkout/setup/${added._id}`, token, {
      shippingAddress: { country: 'DE' },
    });
    expect(setup).toMatchObject({ cartId: added._id, country: 'DE', currency: 'EUR' });
    expect(setup.pricing.subtotal).toBe(read.items[0]?.subTotal?.price);
    const french = await call('POST', `/v1/checkout/setup/${added._id}`, token, { shippingAddress: { country: 'FR' } });
    expect(french.json().code).toBe('ADDRESS_COUNTRY_MISMATCH');

    // Moving it is a write (the locale switch does it): from then on every read is in France.
    const moved = await ok('PUT', '/v1/cart', token, { country: 'FR' });
    expect(moved).toMatchObject({ _id: added._id, country: 'FR', currency: 'EUR' });
    expect(moved.items[0]?.subTotal).toMatchObject({ price: fr.discountedPrice, vatMetadata: { rateBp: 2000 } });
    expect((await ok('GET', '/v1/cart?country=DE', token)).country).toBe('FR');
    const setupFr = await ok<Json>('POST', `/v1/checkout/setup/${added._id}`, token, {
      shippingAddress: { country: 'FR' },
    });
    expect(setupFr).toMatchObject({ country: 'FR' });
    expect(setupFr.pricing.subtotal).toBe(moved.items[0]?.subTotal?.price);
  });
});
