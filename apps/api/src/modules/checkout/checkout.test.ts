import { DEMO_PASSWORD, users } from '@varg/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { lastMail, useApi } from '../../../test/helper.ts';

const ctx = useApi();
let ip = 10;
const nextIp = () => `198.51.100.${++ip}`;

async function post(url: string, payload: object, token?: string | null) {
  return ctx.app.inject({
    method: 'POST',
    url,
    payload,
    remoteAddress: nextIp(),
    ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
  });
}

async function get(url: string, token?: string | null) {
  return ctx.app.inject({ url, ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}) });
}

/** A fresh anonymous cart with one VARG EX (80 hp) in a market. */
async function bikeCart(country: string, componentIds = ['varg_option_80hp']) {
  const res = await post(`/v1/cart/add-item?country=${country}`, { productId: 'varg-ex', componentIds });
  expect(res.statusCode, res.body).toBe(200);
  return res.json()._id as string;
}

const german = {
  first_name: 'Jonas',
  last_name: 'Becker',
  phone: '+49 (151) 234-567 89',
  address_input: { country: 'DE', line_1: 'Torstraße 1', postal_code: '10119', city: 'Berlin' },
  shipping_method: 'home_delivery',
  language: 'de',
};

async function signIn(email: string) {
  const res = await post('/v1/user/sign-in', { email, password: DEMO_PASSWORD });
  return res.json().token as string;
}

describe('checkout setup (spec section 4)', () => {
  it('prices a German cart with 19 % VAT included, home delivery by default, and the shipping methods', async () => {
    const cartId = await bikeCart('DE');
    const res = await post(`/v1/checkout/setup/${cartId}`, {
      shippingAddress: { country: 'DE', postal_code: '10119' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const setup = res.json();
    expect(setup.available).toBe(true);
    expect(setup.pricing.subtotal).toBe(1_390_000 + 100_000);
    expect(setup.pricing.taxes).toMatchObject({ rateBp: 1900, reverseCharge: false });
    expect(setup.pricing.taxes.strategy.displayExcludingTaxes).toBe(false);
    // Prices contain VAT: the total is what was listed, VAT is part of it.
    expect(setup.pricing.total).toBe(setup.pricing.subtotal + setup.pricing.shipping);
    expect(setup.pricing.taxes.amount).toBe(Math.round((setup.pricing.total * 1900) / 11_900));
    expect(setup.selectedShippingMethod).toBe('home_delivery');
    expect(setup.shippingMethods.map((m: { _id: string }) => m._id)).toContain('home_delivery');
    // A bike asks a deposit smaller than its price: full (default) or deposit.
    expect(setup.paymentKinds).toEqual([
      { name: 'full', default: true },
      { name: 'deposit', default: false },
    ]);
    expect(setup.allowedMethods.map((m: { _id: string }) => m._id)).toEqual(
      expect.arrayContaining(['card', 'sepa', 'klarna', 'bank_transfer', 'google_pay', 'apple_pay']),
    );
  });

  it('applies the reverse charge for a French company with a valid VAT id: it pays the net', async () => {
    const cartId = await bikeCart('FR');
    const person = (await post(`/v1/checkout/setup/${cartId}`, { shippingAddress: { country: 'FR' } })).json();
    const company = (
      await post(`/v1/checkout/setup/${cartId}`, {
        shippingAddress: { country: 'FR' },
        billing: { buyingForACompany: true, companyName: 'Moto Lyon SARL', companyId: 'FR40303265045' },
      })
    ).json();
    expect(company.vat).toMatchObject({ valid: true, country: 'FR' });
    expect(company.pricing.taxes).toMatchObject({ reverseCharge: true, amount: 0 });
    expect(company.pricing.total).toBe(person.pricing.total - person.pricing.taxes.amount);
    const invalid = (
      await post(`/v1/checkout/setup/${cartId}`, {
        shippingAddress: { country: 'FR' },
        billing: { buyingForACompany: true, companyName: 'X', companyId: 'FR00000000000' },
      })
    ).json();
    expect(invalid.vat.valid).toBe(false);
    expect(invalid.pricing.taxes.reverseCharge).toBe(false);
  });

  it('adds US sales tax by state and names an invalid ZIP code', async () => {
    const cartId = await bikeCart('US');
    const ca = (
      await post(`/v1/checkout/setup/${cartId}`, {
        shippingAddress: { country: 'US', state: 'CA', postal_code: '94103' },
      })
    ).json();
    expect(ca.pricing.taxes.strategy.displayExcludingTaxes).toBe(true);
    expect(ca.pricing.total).toBe(ca.pricing.subtotal + ca.pricing.shipping + ca.pricing.taxes.amount);
    expect(ca.pricing.taxes.amount).toBeGreaterThan(0);
    const bad = (
      await post(`/v1/checkout/setup/${cartId}`, { shippingAddress: { country: 'US', postal_code: '9410' } })
    ).json();
    expect(bad.pricing.taxes.errorCode).toBe('INVALID_POSTAL_CODE');
    expect(bad.pricing.taxes.error).toMatch(/postal_code/);
  });

  it('refuses an unknown cart, a foreign address and bad input', async () => {
    const cartId = await bikeCart('DE');
    expect((await post('/v1/checkout/setup/00000000-0000-4000-8000-000000000000', {})).json().code).toBe(
      'SHOPPING_CART_NOT_FOUND',
    );
    expect((await post(`/v1/checkout/setup/${cartId}`, { shippingAddress: { country: 'FR' } })).json().code).toBe(
      'ADDRESS_COUNTRY_MISMATCH',
    );
    expect((await post(`/v1/checkout/setup/${cartId}`, { shippingMethod: 'teleport' })).json().code).toBe(
      'SHIPPING_METHOD_NOT_ALLOWED',
    );
    expect((await post('/v1/checkout/setup/not-a-uuid', {})).statusCode).toBe(400);
  });
});

describe('confirm and pay (spec sections 3, 4, 7)', () => {
  it('a new buyer confirms once, gets an account, pays by card; a repeated confirm makes no second order', async () => {
    const cartId = await bikeCart('DE');
    const email = `jonas-${Date.now()}@example.com`;
    const body = { ...german, cart_id: cartId, email };
    const first = await post('/v1/checkout', body);
    expect(first.statusCode, first.body).toBe(200);
    const confirmed = first.json();
    expect(confirmed).toMatchObject({ isNewUser: true, storeOrder: null });
    expect(confirmed.token).toBeTruthy();
    const orderId = confirmed.order._id as string;
    // The buyer is asked to choose a password.
    expect((await lastMail(ctx.app, email))?.subject).toBeTruthy();

    const again = await post('/v1/checkout', body, confirmed.token);
    expect(again.json().order._id).toBe(orderId);

    const order = (await get(`/v1/order/${orderId}`, confirmed.token)).json();
    expect(order.contact.phone).toBe('+4915123456789');
    expect(order.total).toBe(1_490_000 + order.shipping);
    expect(order.toPay).toBe(order.total);

    const started = await post('/v1/payment', { kind: 'full', method: 'card', order: orderId }, confirmed.token);
    expect(started.json(), started.body).toMatchObject({ status: 'CREATED', amount: order.total });
    // A double click starts no second payment.
    const twice = await post('/v1/payment', { kind: 'full', method: 'card', order: orderId }, confirmed.token);
    expect(twice.json()._id).toBe(started.json()._id);
    const paid = await post(
      `/v1/payment/${started.json()._id}/confirm`,
      {
        details: { type: 'card', number: '4242 4242 4242 4242', expMonth: 12, expYear: 2030, cvc: '123' },
        returnUrl: '/de-DE/checkout/verify/x',
      },
      confirmed.token,
    );
    expect(paid.json().status).toBe('SUCCEEDED');
    const after = (await get(`/v1/order/${orderId}`, confirmed.token)).json();
    expect(after).toMatchObject({ paid: order.total, toPay: 0 });
    // The same request again is the same (succeeded) payment; another payment of a paid order is refused.
    const replay = await post('/v1/payment', { kind: 'full', method: 'card', order: orderId }, confirmed.token);
    expect(replay.json()).toMatchObject({ _id: started.json()._id, status: 'SUCCEEDED' });
    const more = await post('/v1/payment', { kind: 'full', method: 'bank_transfer', order: orderId }, confirmed.token);
    expect(more.json().code).toBe('ORDER_ALREADY_PAID');
  });

  it('a declined card can be retried; a card that needs action is verified; bank transfer gives instructions', async () => {
    const token = await signIn('customer@demo.starkfuture.com');
    const cartId = await bikeCart('DE');
    const confirmed = (
      await post('/v1/checkout', { ...german, cart_id: cartId, email: 'customer@demo.starkfuture.com' }, token)
    ).json();
    expect(confirmed.isNewUser).toBe(false);
    const orderId = confirmed.order._id;
    const card = (number: string) => ({
      details: { type: 'card', number, expMonth: 1, expYear: 2031, cvc: '321' },
      returnUrl: '/de-DE/x',
    });

    const attempt = (await post('/v1/payment', { kind: 'full', method: 'card', order: orderId }, token)).json();
    const declined = (await post(`/v1/payment/${attempt._id}/confirm`, card('4000000000000002'), token)).json();
    expect(declined).toMatchObject({ status: 'FAILED', failureCode: 'card_declined' });

    const retry = (await post('/v1/payment', { kind: 'full', method: 'card', order: orderId }, token)).json();
    expect(retry._id).not.toBe(attempt._id);
    const action = (await post(`/v1/payment/${retry._id}/confirm`, card('4000002760003184'), token)).json();
    expect(action).toMatchObject({ status: 'REQUIRES_ACTION', actionUrl: '/de-DE/x' });
    const verified = (await post(`/v1/payment/${retry._id}/action`, { approved: true }, token)).json();
    expect(verified.status).toBe('SUCCEEDED');
    // Someone else cannot see or touch the payment.
    const other = await signIn('company@demo.starkfuture.com');
    expect((await get(`/v1/payment/${retry._id}`, other)).statusCode).toBe(404);

    const bankCart = await bikeCart('DE');
    const bankOrder = (
      await post('/v1/checkout', { ...german, cart_id: bankCart, email: 'customer@demo.starkfuture.com' }, token)
    ).json().order._id;
    const transfer = (
      await post('/v1/payment', { kind: 'full', method: 'bank_transfer', order: bankOrder }, token)
    ).json();
    expect(transfer.status).toBe('PROCESSING');
    const state = await ctx.app.inject({
      method: 'PUT',
      url: `/v1/checkout/${bankOrder}/confirm-final-checkout`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(state.json()).toMatchObject({
      isBankTransfer: true,
      bankTransferAmount: transfer.amount,
      isStoreOrder: false,
      paymentFailed: false,
      verificationUrl: null,
    });
    const stranger = await ctx.app.inject({
      method: 'PUT',
      url: `/v1/checkout/${bankOrder}/confirm-final-checkout`,
      headers: { authorization: `Bearer ${other}` },
    });
    expect(stranger.statusCode).toBe(404);
    const bank = (await get(`/v1/order/get-bank-details/${bankOrder}`, token)).json();
    expect(bank).toMatchObject({ bankTransferPending: true, currency: 'EUR' });
    expect(bank.amount).toBe(transfer.amount);
  });

  it('asks an existing customer to sign in instead of ordering on their account', async () => {
    const cartId = await bikeCart('DE');
    const res = await post('/v1/checkout', { ...german, cart_id: cartId, email: 'customer@demo.starkfuture.com' });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('ACCOUNT_EXISTS');
  });

  it('sells one stock bike once: of two buyers racing, one gets the order and the other a clear error', async () => {
    const search = await post('/v1/vehicles/stock-bikes', { country: 'ES', productId: 'varg-ex' });
    const bike = search.json().docs[0];
    const carts = await Promise.all(
      [1, 2].map(async () => {
        const res = await post('/v1/cart/add-stock-bike?country=ES', {
          product: 'varg-ex',
          quantity: 1,
          componentNames: bike.componentIds,
          stockBikeId: bike._id,
        });
        expect(res.statusCode, res.body).toBe(200);
        return res.json()._id as string;
      }),
    );
    const spanish = {
      ...german,
      address_input: { country: 'ES', line_1: 'Carrer de Pallars 193', postal_code: '08005', city: 'Barcelona' },
      language: 'es',
    };
    const results = await Promise.all(
      carts.map((cartId, i) =>
        post('/v1/checkout', { ...spanish, cart_id: cartId, email: `racer-${i}-${Date.now()}@example.com` }),
      ),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409]);
    expect(results.find((r) => r.statusCode === 409)?.json().code).toBe('STOCK_BIKE_UNAVAILABLE');
    expect((await get(`/v1/vehicles/stock-bikes/${bike._id}?country=ES`)).statusCode).toBe(404);
  });

  it('leaves nothing behind when a guest loses the stock bike: no account, no address, no e-mail (decision 035)', async () => {
    const search = await post('/v1/vehicles/stock-bikes', { country: 'ES', productId: 'varg-ex' });
    const bike = search.json().docs[0];
    const carts = await Promise.all(
      [1, 2].map(async () => {
        const res = await post('/v1/cart/add-stock-bike?country=ES', {
          product: 'varg-ex',
          quantity: 1,
          componentNames: bike.componentIds,
          stockBikeId: bike._id,
        });
        return res.json()._id as string;
      }),
    );
    const spanish = {
      ...german,
      address_input: { country: 'ES', line_1: 'Carrer de Pallars 193', postal_code: '08005', city: 'Barcelona' },
      language: 'es',
    };
    const emails = carts.map((_, i) => `late-${i}-${Date.now()}@example.com`);
    const results = await Promise.all(
      carts.map((cartId, i) => post('/v1/checkout', { ...spanish, cart_id: cartId, email: emails[i] })),
    );
    const lost = results.findIndex((r) => r.statusCode === 409);
    expect(results[lost]?.json().code).toBe('STOCK_BIKE_UNAVAILABLE');
    const loser = emails[lost] as string;
    expect(await ctx.database.db.select().from(users).where(eq(users.email, loser))).toEqual([]);
    expect(await lastMail(ctx.app, loser)).toBeUndefined();
    // The cart is still open and can be ordered again once the bike is swapped for another.
    expect((await get(`/v1/cart?cartId=${carts[lost]}`)).json().status).toBe('open');
  });

  it('refuses bad input and changes nothing', async () => {
    const cartId = await bikeCart('DE');
    for (const body of [
      { ...german, cart_id: cartId, email: 'not-an-email' },
      { ...german, cart_id: cartId, email: 'a@example.com', first_name: '' },
      { ...german, cart_id: 'nope', email: 'a@example.com' },
      { ...german, cart_id: cartId, email: 'a@example.com', company_info: { name: 'X', billing_id: '<script>' } },
    ]) {
      const res = await post('/v1/checkout', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const setup = await post(`/v1/checkout/setup/${cartId}`, {});
    expect(setup.json().available).toBe(true);
    expect((await post('/v1/payment', { kind: 'full', order: cartId })).statusCode).toBe(401);
  });
});
