import type { ShippingMethod } from '@varg/contracts';
import { describe, expect, it } from 'vitest';
import { useApi } from '../../../test/helper.ts';

const ctx = useApi();

const methods = async (query: string) => {
  const res = await ctx.app.inject(`/v1/shipping-configs/allowed_methods?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ShippingMethod[];
};

describe('GET shipping-configs/allowed_methods', () => {
  it('delivers a bike home in Germany for the market’s fee, or hands it over at the Munich dealer', async () => {
    const list = await methods('country=DE');
    expect(list).toEqual([
      {
        _id: 'home_delivery',
        name: 'home_delivery',
        nameKey: 'shipping_home_delivery_vehicle',
        default: true,
        price: { amount: 29_900, currencyCode: 'EUR' },
        extraFees: { warehouse: 0 },
        forceDealerDefaultAddress: false,
      },
      {
        _id: expect.stringMatching(/^dealer_pickup:[0-9a-f-]{36}$/),
        name: 'dealer_pickup',
        nameKey: 'shipping_dealer_pickup',
        default: false,
        price: { amount: 0, currencyCode: 'EUR' },
        extraFees: { warehouse: 0 },
        forceDealerDefaultAddress: true,
        pickup: {
          dealerId: expect.any(String),
          label: 'E-Offroad München',
          address: 'Landsberger Str. 302, 80687 München, Germany',
          coordinates: [11.4931, 48.1413],
        },
      },
    ]);
    expect(list[1]?._id).toBe(`dealer_pickup:${list[1]?.pickup?.dealerId}`);
  });

  it('offers pickup at the Barcelona headquarters and the Barcelona dealer in Spain', async () => {
    const list = await methods('country=ES&kind=vehicle');
    expect(list.map((m) => [m._id.split(':')[0], m.price.amount, m.default, m.pickup?.label ?? null])).toEqual([
      ['home_delivery', 14_900, true, null],
      ['hq_pickup', 0, false, 'Stark Future HQ, Barcelona'],
      ['dealer_pickup', 0, false, 'Moto Electric Barcelona'],
    ]);
    expect(list[2]?.pickup?.coordinates).toEqual([2.1966, 41.4036]);
  });

  it('sends parts by parcel, free from the threshold, in the country’s currency', async () => {
    expect((await methods('country=US&kind=store&subtotal=4949'))[0]?.price).toEqual({
      amount: 1_290,
      currencyCode: 'USD',
    });
    expect((await methods('country=US&kind=store&subtotal=15000'))[0]?.price.amount).toBe(0);
    const gb = await methods('country=GB&kind=store');
    expect(gb.map((m) => [m._id, m.price])).toEqual([['home_delivery', { amount: 850, currencyCode: 'GBP' }]]);
  });

  it('leaves out dealers that are not approved (Oslo) and dealers of other countries', async () => {
    const no = await methods('country=NO');
    expect(no.map((m) => m._id)).toEqual(['home_delivery']);
    expect(no[0]?.price.currencyCode).toBe('NOK');
    const fr = await methods('country=fr');
    expect(fr.map((m) => m.pickup?.label ?? m._id)).toEqual(['home_delivery', 'Lyon Moto Électrique']);
  });

  it('refuses an unknown or inactive country and bad parameters', async () => {
    for (const [query, status] of [
      ['country=XX', 404],
      ['country=JP', 404],
      ['', 400],
      ['country=DE&kind=boat', 400],
      ['country=DE&subtotal=-1', 400],
      ['country=DE&shoppingCartId=nope', 400],
    ] as const) {
      const res = await ctx.app.inject(`/v1/shipping-configs/allowed_methods?${query}`);
      expect(res.statusCode, query).toBe(status);
    }
  });
});

describe('the shipping service the checkout calls', () => {
  it('answers the same methods and finds one by id', async () => {
    const { shipping } = ctx.app.services;
    const request = { country: 'ES', kind: 'store' as const, subtotal: 12_000 };
    const list = await shipping.allowedMethods(request);
    expect(list[0]).toMatchObject({ _id: 'home_delivery', price: { amount: 0, currencyCode: 'EUR' } });
    const dealer = list.find((m) => m.name === 'dealer_pickup');
    expect(await shipping.find(request, dealer?._id ?? '')).toEqual(dealer);
    expect(await shipping.find(request, 'dealer_pickup:someone-else')).toBeNull();
    await expect(shipping.allowedMethods({ ...request, country: 'JP' })).rejects.toMatchObject({
      code: 'COUNTRY_NOT_FOUND',
    });
  });
});
