import { DEMO_PASSWORD } from '@varg/db';
import { configurationHash } from '@varg/domain';
import { messagesFor } from '@varg/i18n/server';
import { describe, expect, it } from 'vitest';
import { useApi } from '../../../test/helper.ts';

const ctx = useApi();
const get = (url: string) => ctx.app.inject(url);

describe('catalogue API (spec section 7)', () => {
  it('finds the bikes category and lists the models with their market price', async () => {
    expect((await get('/v1/product-category/by-slug/bikes')).json()).toMatchObject({ slug: 'bikes' });
    const de = (await get('/v1/product/getlist?countryLocation=DE&langLocation=de&category=bikes&status=1')).json();
    expect(de.docs.map((p: { _id: string }) => p._id)).toEqual(['varg', 'varg-ex', 'varg-sm']);
    expect(de.docs[0]).toMatchObject({
      configurable: true,
      price: { amount: 1_190_000, currencyCode: 'EUR' },
      deposit: { amount: 50_000 },
    });
    const us = (await get('/v1/product/getlist?countryLocation=us')).json();
    expect(us.docs[0].price).toEqual({ amount: 1_049_000, currencyCode: 'USD' });
  });

  it('gives each option group of the VARG EX with the spec’s defaults and local prices', async () => {
    const groups = (await get('/v1/product/varg-ex/components?country=DE')).json();
    const byGroup = Object.fromEntries(groups.map((g: { group: string; options: unknown[] }) => [g.group, g.options]));
    expect(Object.keys(byGroup)).toEqual(
      expect.arrayContaining([
        'color',
        'power',
        'rear_brake',
        'rear_wheel_size',
        'side_stand',
        'suspension',
        'tires',
        'tubes',
      ]),
    );
    const defaults = groups.flatMap((g: { options: Array<{ id: string; isDefault: boolean }> }) =>
      g.options.filter((o) => o.isDefault).map((o) => o.id),
    );
    expect(defaults).toEqual(
      expect.arrayContaining([
        'varg_option_red',
        'varg_option_60hp',
        'varg_option_handbrake',
        'varg_option_mx19',
        'varg_option_side_stand_no',
        'varg_option_65_70',
        'varg_option_tires_18_21',
        'varg_option_tubeless',
        'varg_option_front_disk_guard_no',
      ]),
    );
    expect(byGroup.power.find((o: { id: string }) => o.id === 'varg_option_80hp').price).toEqual({
      amount: 100_000,
      currencyCode: 'EUR',
    });
    expect(groups[0].options[0].nameKey).toBe('option_red');
    const us = (await get('/v1/product/varg/components?country=US')).json();
    const suspension = us.find((g: { group: string }) => g.group === 'suspension');
    expect(suspension.options.map((o: { nameKey: string }) => o.nameKey)).toEqual([
      'option_65_70_lb',
      'option_75_80_lb',
      'option_85_90_lb',
    ]);
  });

  it('prices a VARG EX with 80 hp, an 18" wheel and a side stand: exactly the option prices more, in EUR and USD', async () => {
    const choice = ['varg_option_80hp', 'varg_option_enduro18', 'varg_option_side_stand_yes'];
    const query = (country: string, ids: string[]) =>
      `/v1/checkout/orderInfo/varg-ex?country=${country}${ids.map((id) => `&componentId=${id}`).join('')}`;
    const deBase = (await get(query('DE', []))).json();
    const de = (await get(query('DE', choice))).json();
    expect(de.discountedPrice - deBase.discountedPrice).toBe(100_000 + 14_900);
    expect(de).toMatchObject({ currencyCode: 'EUR', taxDisplay: 'including', deposit: { amount: 50_000 } });
    // 19 % German VAT contained in the price.
    expect(de.discountedVat).toBe(Math.round((de.discountedPrice * 1900) / 11_900));
    const us = (await get(query('US', choice))).json();
    const usBase = (await get(query('US', []))).json();
    expect(us.discountedPrice - usBase.discountedPrice).toBe(100_000 + 14_900);
    expect(us).toMatchObject({ currencyCode: 'USD', taxDisplay: 'excluding', discountedVat: 0 });
    // The same bike, whatever the order of the choice, has the same hash.
    const reordered = (await get(query('DE', [...choice].reverse()))).json();
    expect(reordered.hash).toBe(de.hash);
    expect(de.hash).toBe(configurationHash('varg-ex', de.componentIds));
    expect(de.financeFrom.amount).toBeGreaterThan(0);
    expect(de.deliveryDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('names every group and option with a key that every catalog translates', async () => {
    const keys = new Set<string>();
    for (const product of ['varg', 'varg-ex', 'varg-sm']) {
      for (const country of ['DE', 'US', 'CA', 'GB']) {
        for (const g of (await get(`/v1/product/${product}/components?country=${country}`)).json()) {
          keys.add(g.nameKey);
          for (const o of g.options) keys.add(o.nameKey);
        }
      }
    }
    for (const lang of ['en-us', 'de', 'fr', 'tr'] as const) {
      const missing = [...keys].filter((k) => !(k in messagesFor(lang)));
      expect(missing, lang).toEqual([]);
    }
  });

  it.each([
    [
      'an option the model does not offer',
      '/v1/checkout/orderInfo/varg-ex?country=DE&componentId=varg_option_footpeg_titanium',
      400,
      'INVALID_CONFIGURATION',
    ],
    [
      'two options of one group',
      '/v1/checkout/orderInfo/varg?country=DE&componentId=varg_option_red&componentId=varg_option_white',
      400,
      'INVALID_CONFIGURATION',
    ],
    ['an unknown model', '/v1/checkout/orderInfo/varg-xx?country=DE', 404, 'PRODUCT_NOT_FOUND'],
    ['an inactive country', '/v1/product/varg/components?country=JP', 404, 'COUNTRY_NOT_FOUND'],
    ['a malformed country', '/v1/product/getlist?countryLocation=Germany', 400, 'VALIDATION_ERROR'],
    ['a missing country', '/v1/product/varg/components', 400, 'VALIDATION_ERROR'],
  ])('refuses %s', async (_what, url, status, code) => {
    const res = await get(url);
    expect(res.statusCode).toBe(status);
    expect(res.json().code).toBe(code);
  });
});

describe('option compatibility (issue 4: incompatible choices explained, not dropped)', () => {
  const orderInfo = (ids: string[]) =>
    get(`/v1/checkout/orderInfo/varg-ex?country=DE${ids.map((id) => `&componentId=${id}`).join('')}`);

  it('lists with each option what it needs and what it excludes', async () => {
    const groups = (await get('/v1/product/varg-ex/components?country=DE')).json();
    const options = groups.flatMap((g: { options: unknown[] }) => g.options);
    expect(options.find((o: { id: string }) => o.id === 'varg_option_enduro18')).toMatchObject({
      requires: ['varg_option_tires_18_21'],
      excludes: [],
    });
    const mx = (await get('/v1/product/varg/components?country=DE')).json();
    const mousse = mx
      .flatMap((g: { options: unknown[] }) => g.options)
      .find((o: { id: string }) => o.id === 'varg_option_mousse');
    expect(mousse.excludes).toEqual(['varg_option_tires_soft']);
  });

  it("refuses to price a bike that cannot be built, and names the reason in the caller's language", async () => {
    const res = await orderInfo(['varg_option_enduro18', 'varg_option_tires_19_21']);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'INCOMPATIBLE_OPTIONS', t_key: 'error_incompatible_options' });
    const road = await orderInfo(['varg_option_registration_yes']);
    expect(road.json().code).toBe('INCOMPATIBLE_OPTIONS');
    const fixed = await orderInfo(['varg_option_registration_yes', 'varg_option_side_stand_yes']);
    expect(fixed.statusCode).toBe(200);
    const de = await ctx.app.inject({
      url: '/v1/checkout/orderInfo/varg?country=DE&componentId=varg_option_mousse&componentId=varg_option_tires_soft',
      headers: { 'accept-language': 'de' },
    });
    expect(de.json().message).toBe(messagesFor('de').error_incompatible_options);
  });

  it("writes rider-weight brackets in the market's units: lb (US), kg and lb (CA), stones (GB), kg elsewhere", async () => {
    const labels = async (country: string) =>
      (await get(`/v1/product/varg/components?country=${country}`))
        .json()
        .find((g: { group: string }) => g.group === 'suspension')
        .options.map((o: { nameKey: string }) => o.nameKey)[0];
    expect(await labels('US')).toBe('option_65_70_lb');
    expect(await labels('CA')).toBe('option_65_70_kg_lb');
    expect(await labels('GB')).toBe('option_65_70_st');
    expect(await labels('AU')).toBe('option_65_70');
    expect(await labels('DE')).toBe('option_65_70');
  });
});

describe('configurations by hash and dealer pricing', () => {
  it('restores a configuration by its hash: the option of each group, for the configurator', async () => {
    const priced = (
      await get(
        '/v1/checkout/orderInfo/varg-ex?country=DE&componentId=varg_option_80hp&componentId=varg_option_side_stand_yes',
      )
    ).json();
    const res = await get(`/v1/checkout/${priced.hash}?country=DE`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      hash: priced.hash,
      productId: 'varg-ex',
      quantity: 1,
      options: {
        power: 'varg_option_80hp',
        sideStand: 'varg_option_side_stand_yes',
        rearWheelSize: 'varg_option_mx19',
        rearBrake: 'varg_option_handbrake',
      },
      price: { amount: priced.discountedPrice, currencyCode: 'EUR' },
      editedPrices: null,
    });
    // An order line (builder edit mode) is named by uuids, and read by its owner or dealer only (builder-edit.test.ts).
    expect((await get(`/v1/checkout/${priced.hash}?country=DE&orderId=abc&lineId=1`)).json().code).toBe(
      'VALIDATION_ERROR',
    );
    expect((await get('/v1/checkout/0000000g?country=DE')).statusCode).toBe(400);
    expect((await get('/v1/checkout/00000000?country=DE')).json().code).toBe('CONFIGURATION_NOT_FOUND');
  });

  it('a shared configuration hash gives the same bike and price back, in any market', async () => {
    const priced = (
      await get(
        '/v1/checkout/orderInfo/varg-ex?country=DE&componentId=varg_option_80hp&componentId=varg_option_enduro18&componentId=varg_option_side_stand_yes',
      )
    ).json();
    const again = (await get(`/v1/checkout/${priced.hash}/pricing?country=DE`)).json();
    expect(again).toMatchObject({
      hash: priced.hash,
      componentIds: priced.componentIds,
      discountedPrice: priced.discountedPrice,
    });
    const inUs = (await get(`/v1/checkout/${priced.hash}/pricing?country=US`)).json();
    expect(inUs).toMatchObject({ hash: priced.hash, currencyCode: 'USD' });
    expect((await get('/v1/checkout/00000000/pricing?country=DE')).statusCode).toBe(404);
    expect((await get('/v1/checkout/not-a-hash/pricing?country=DE')).statusCode).toBe(400);
  });

  it('prices a bike for a dealer only', async () => {
    const body = { productId: 'varg', basePrice: 1_000_000, dealerDiscount: 12.5, componentsPrices: [100_000] };
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/v1/checkout/calculate-product-price', payload: body })).statusCode,
    ).toBe(401);
    const signIn = await ctx.app.inject({
      method: 'POST',
      url: '/v1/user/sign-in',
      payload: { email: 'dealer@demo.starkfuture.com', password: DEMO_PASSWORD },
      remoteAddress: '203.0.113.77',
    });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/v1/checkout/calculate-product-price',
      payload: body,
      headers: { authorization: `Bearer ${signIn.json().token}` },
    });
    expect(res.json()).toEqual({ price: 1_100_000, discountPercentage: 12.5, discountedPrice: 962_500 });
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/v1/checkout/calculate-product-price',
      payload: { ...body, dealerDiscount: 120 },
      headers: { authorization: `Bearer ${signIn.json().token}` },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('stock bikes (spec sections 3 and 7)', () => {
  const search = (body: unknown) =>
    ctx.app.inject({ method: 'POST', url: '/v1/vehicles/stock-bikes', payload: body as object });

  it('pages through the bikes in stock of a market, 10 a page from page 1', async () => {
    const first = (await search({ country: 'DE', productId: 'varg' })).json();
    expect(first).toMatchObject({
      page: 1,
      limit: 10,
      // 12 at headquarters and one at the Munich dealer.
      totalDocs: 13,
      totalPages: 2,
      hasNextPage: true,
      hasPreviousPage: false,
      nextPage: 2,
    });
    expect(first.docs).toHaveLength(10);
    const last = (await search({ country: 'DE', productId: 'varg', page: 2 })).json();
    expect(last).toMatchObject({ page: 2, hasNextPage: false, hasPreviousPage: true, nextPage: null });
    expect(last.docs).toHaveLength(3);
    const small = (await search({ country: 'DE', productId: 'varg', limit: 3, page: 2 })).json();
    expect(small).toMatchObject({ page: 2, totalPages: 5, hasNextPage: true, hasPreviousPage: true, nextPage: 3 });
    expect(small.docs.map((b: { _id: string }) => b._id)).toEqual(
      first.docs.slice(3, 6).map((b: { _id: string }) => b._id),
    );
    expect(first.docs[0].pricing).toMatchObject({ inStock: true, currencyCode: 'EUR' });
    expect(first.docs[0].pricing.stockBikeDeliveryDate).toBe(first.docs[0].pricing.deliveryDate);
  });

  it('filters by the chosen options, any option within a group', async () => {
    const white = (
      await search({ country: 'DE', productId: 'varg', filters: { color: ['varg_option_white'] } })
    ).json();
    expect(white.totalDocs).toBeGreaterThan(0);
    expect(white.docs.every((b: { componentIds: string[] }) => b.componentIds.includes('varg_option_white'))).toBe(
      true,
    );
    const both = (
      await search({ country: 'DE', productId: 'varg', filters: { color: ['varg_option_white', 'varg_option_red'] } })
    ).json();
    expect(both.totalDocs).toBeGreaterThan(white.totalDocs);
    const narrow = (
      await search({
        country: 'DE',
        productId: 'varg-ex',
        filters: { color: ['varg_option_white'], power: ['varg_option_80hp'] },
      })
    ).json();
    expect(
      narrow.docs.every(
        (b: { componentIds: string[] }) =>
          b.componentIds.includes('varg_option_white') && b.componentIds.includes('varg_option_80hp'),
      ),
    ).toBe(true);
  });

  it('shows one bike with its price, and refuses bad searches', async () => {
    const { docs } = (await search({ country: 'US', productId: 'varg-ex' })).json();
    const one = (await get(`/v1/vehicles/stock-bikes/${docs[0]._id}?country=US`)).json();
    expect(one).toMatchObject({ _id: docs[0]._id, hash: docs[0].hash, pricing: { currencyCode: 'USD' } });
    expect((await get('/v1/vehicles/stock-bikes/NOPE?country=US')).statusCode).toBe(404);
    expect((await search({ country: 'DE', filters: { wheels: ['x'] } })).statusCode).toBe(400);
    expect((await search({ country: 'DE', limit: 500 })).statusCode).toBe(400);
    expect((await search({ productId: 'varg' })).statusCode).toBe(400);
  });
});

describe("a dealer's own stock (POST dealer/stock-bikes)", () => {
  const signIn = async (email: string, ip: string) =>
    (
      await ctx.app.inject({
        method: 'POST',
        url: '/v1/user/sign-in',
        payload: { email, password: DEMO_PASSWORD },
        remoteAddress: ip,
      })
    ).json().token as string;
  const dealerSearch = (body: object, token?: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/v1/dealer/stock-bikes',
      payload: body,
      ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
    });

  it('lists only the bikes standing at the calling dealer', async () => {
    const barcelona = await signIn('dealer@demo.starkfuture.com', '203.0.113.81');
    const munich = await signIn('lead-dealer@demo.starkfuture.com', '203.0.113.82');
    const es = (await dealerSearch({ country: 'ES', productId: 'varg-ex' }, barcelona)).json();
    expect(es.totalDocs).toBe(2);
    expect(es.docs.every((b: { atDealer: boolean; country: string }) => b.atDealer && b.country === 'ES')).toBe(true);
    const other = (await dealerSearch({ country: 'ES', productId: 'varg-ex' }, munich)).json();
    expect(other.totalDocs).toBe(0);
    const de = (await dealerSearch({ country: 'DE', productId: 'varg', filters: {} }, munich)).json();
    expect(de.docs.map((b: { _id: string }) => b._id)).toEqual(['SBD23']);
    // The public search includes dealer stock too: a buyer sees every bike of the market.
    const all = (
      await ctx.app.inject({
        method: 'POST',
        url: '/v1/vehicles/stock-bikes',
        payload: { country: 'ES', productId: 'varg-ex' },
      })
    ).json();
    expect(all.totalDocs).toBe(12 + 2);
  });

  it('is for dealers only, and refuses bad searches', async () => {
    expect((await dealerSearch({ country: 'ES', productId: 'varg-ex' })).statusCode).toBe(401);
    const customer = await signIn('customer@demo.starkfuture.com', '203.0.113.83');
    expect((await dealerSearch({ country: 'ES', productId: 'varg-ex' }, customer)).statusCode).toBe(403);
    const dealer = await signIn('dealer@demo.starkfuture.com', '203.0.113.84');
    expect((await dealerSearch({ country: 'ES', productId: 'varg-ex', limit: 1000 }, dealer)).statusCode).toBe(400);
  });
});
