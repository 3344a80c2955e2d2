// A market's checkout settings in the back office (issue 24, decision 054): the fixed tables' values until an
// administrator saves them; then the checkout's payment kinds and methods, the shipping methods and fees follow in
// this process and in another one; bad input changes nothing; administrators only; audited on the market.
import { marketSettings } from '@varg/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { expectAdminOnly } from '../../../test/backoffice.ts';
import { apiCalls, fixedGeo, type Json, testConfig, useApi } from '../../../test/helper.ts';
import { buildApi } from '../../app.ts';

const ctx = useApi();
const { call, ok, refused, signIn } = apiCalls(ctx, 70);
const admin = () => signIn('admin@demo.starkfuture.com');
const URL_DE = '/v1/admin/markets/DE/settings';
const ids = (list: Json[]) => list.map((m) => m._id ?? m.name);
const rowOf = async (code: string) =>
  (await ctx.database.db.select().from(marketSettings).where(eq(marketSettings.country, code)))[0];

async function bikeCart(app: typeof ctx.app, country: string) {
  const res = await app.inject({
    method: 'POST',
    url: `/v1/cart/add-item?country=${country}`,
    payload: { productId: 'varg-ex', componentIds: ['varg_option_80hp'] },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json()._id as string;
}
const setup = async (app: typeof ctx.app, cartId: string) => {
  const res = await app.inject({
    method: 'POST',
    url: `/v1/checkout/setup/${cartId}`,
    payload: { shippingAddress: { country: 'DE', postal_code: '10119' } },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const shipping = async (app: typeof ctx.app, country: string, kind = 'vehicle') =>
  (await app.inject(`/v1/shipping-configs/allowed_methods?country=${country}&kind=${kind}`)).json() as Json[];

describe("a market's checkout settings", () => {
  it('are for administrators only, and refused callers change nothing', async () => {
    const body = {
      paymentMethods: ['card'],
      paymentKinds: ['full'],
      shippingMethods: ['home_delivery'],
      fees: { vehicleDelivery: 1, parcel: 1, freeParcelFrom: 1 },
    };
    await expectAdminOnly(ctx, { method: 'GET', url: URL_DE });
    await expectAdminOnly(ctx, { method: 'PUT', url: URL_DE, payload: body });
    expect(await rowOf('DE')).toBeUndefined();
  });

  it("start as the fixed tables' values, and refuse bad input without changing anything", async () => {
    const token = await admin();
    const de = await ok(await call('GET', URL_DE, token));
    expect(de).toMatchObject({
      country: 'DE',
      currency: 'EUR',
      custom: false,
      paymentKinds: ['full', 'deposit'],
      shippingMethods: ['home_delivery', 'dealer_pickup'],
      fees: { vehicleDelivery: 29_900, parcel: 990, freeParcelFrom: 15_000 },
    });
    expect(de.paymentMethods).toEqual(de.choices.paymentMethods);
    expect(de.paymentMethods).toEqual(expect.arrayContaining(['card', 'sepa', 'klarna', 'bank_transfer', 'manual']));
    const es = await ok(await call('GET', '/v1/admin/markets/ES/settings', token));
    expect(es.choices.shippingMethods).toContain('hq_pickup');
    expect(es.fees.vehicleDelivery).toBe(14_900);

    const body = {
      paymentMethods: de.paymentMethods,
      paymentKinds: de.paymentKinds,
      shippingMethods: de.shippingMethods,
      fees: de.fees,
    };
    const put = (over: Json) => call('PUT', URL_DE, token, { ...body, ...over });
    const noCard = de.paymentMethods.filter((m: string) => m !== 'card');
    await refused(await put({ paymentMethods: noCard }), 400, 'MARKET_SETTINGS_INVALID');
    await refused(await put({ paymentMethods: ['card', 'ach'] }), 400, 'MARKET_SETTINGS_INVALID');
    await refused(await put({ paymentKinds: ['deposit'] }), 400, 'MARKET_SETTINGS_INVALID');
    await refused(await put({ shippingMethods: ['hq_pickup'] }), 400, 'MARKET_SETTINGS_INVALID');
    await refused(await put({ shippingMethods: [] }), 400, 'VALIDATION_ERROR');
    await refused(await put({ fees: { ...de.fees, parcel: -1 } }), 400, 'VALIDATION_ERROR');
    await refused(await put({ fees: { ...de.fees, parcel: 9.5 } }), 400, 'VALIDATION_ERROR');
    await refused(await put({ colour: 'red' }), 400, 'VALIDATION_ERROR');
    await refused(await call('PUT', '/v1/admin/markets/XX/settings', token, body), 404, 'COUNTRY_NOT_FOUND');
    expect(await rowOf('DE')).toBeUndefined();
  });

  it('no deposit, no Klarna, another delivery fee: the checkout follows here and in another process', async () => {
    const token = await admin();
    const other = await buildApi({ config: testConfig, database: ctx.database, geo: fixedGeo({}), logger: false });
    try {
      const cartId = await bikeCart(ctx.app, 'DE');
      const before = await setup(other, cartId);
      expect(ids(before.paymentKinds)).toEqual(['full', 'deposit']);
      expect(ids(before.allowedMethods)).toContain('klarna');
      expect(before.pricing.shipping).toBe(29_900);

      const de = await ok(await call('GET', URL_DE, token));
      const saved = await ok(
        await call('PUT', URL_DE, token, {
          paymentMethods: de.paymentMethods.filter((m: string) => m !== 'klarna'),
          paymentKinds: ['full'],
          shippingMethods: ['home_delivery'],
          fees: { ...de.fees, vehicleDelivery: 19_900 },
        }),
      );
      expect(saved).toMatchObject({ custom: true, paymentKinds: ['full'], shippingMethods: ['home_delivery'] });
      expect(saved.paymentMethods).not.toContain('klarna');

      // This process at once: the setup, the payment kinds of the cart, the shipping methods.
      const now = await setup(ctx.app, cartId);
      expect(ids(now.paymentKinds)).toEqual(['full']);
      expect(ids(now.allowedMethods)).not.toContain('klarna');
      expect(ids(now.allowedMethods)).toContain('card');
      expect(now.pricing.shipping).toBe(19_900);
      const kinds = await ok(await call('GET', `/v1/checkout/payment-kinds/${cartId}`, null));
      expect(ids(kinds as Json[])).toEqual(['full']);
      expect(ids(await shipping(ctx.app, 'DE'))).toEqual(['home_delivery']);
      // A deposit is refused when paying.
      await refused(
        await call('POST', '/v1/payment/create-intent', null, {
          shoppingCartId: cartId,
          kind: 'deposit',
          method: 'card',
        }),
        400,
        'PAYMENT_KIND_NOT_ALLOWED',
      );
      // The other process as soon as the announcement arrives.
      await vi.waitFor(async () => expect((await setup(other, cartId)).pricing.shipping).toBe(19_900), {
        timeout: 2_000,
        interval: 20,
      });
      expect(ids((await setup(other, cartId)).paymentKinds)).toEqual(['full']);
      // Other markets keep the fixed tables.
      expect((await shipping(ctx.app, 'FR'))[0]?.price.amount).toBe(29_900);

      const trail = (await ok(await call('GET', '/v1/admin/audit/market/DE', token))).docs as Json[];
      expect(trail[0]).toMatchObject({
        action: 'market.settings',
        actor: { email: 'admin@demo.starkfuture.com' },
        detail: {
          before: {
            paymentKinds: 'full deposit',
            shippingMethods: 'home_delivery dealer_pickup',
            vehicleDelivery: 29_900,
          },
          after: { paymentKinds: 'full', shippingMethods: 'home_delivery', vehicleDelivery: 19_900 },
        },
      });
      expect(trail[0]?.detail.after).not.toHaveProperty('parcel');
    } finally {
      await other.close();
    }
  });
});
