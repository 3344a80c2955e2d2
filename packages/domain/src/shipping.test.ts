import { describe, expect, it } from 'vitest';
import { allowedShippingMethods, HQ_PICKUP, SHIPPING_FEES, shippingFeesFor } from './shipping.ts';

const munich = {
  dealerId: 'd-1',
  label: 'E-Offroad München',
  address: 'Landsberger Str. 302, 80687 München, Germany',
  coordinates: [11.4931, 48.1413] as [number, number],
};

describe('shipping methods', () => {
  it('delivers a bike home for the market’s fee, by default, and offers pickup at each dealer for free', () => {
    const methods = allowedShippingMethods({
      country: 'DE',
      currency: 'EUR',
      kind: 'vehicle',
      subtotal: 1_190_000,
      dealers: [munich],
    });
    expect(methods).toEqual([
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
        _id: 'dealer_pickup:d-1',
        name: 'dealer_pickup',
        nameKey: 'shipping_dealer_pickup',
        default: false,
        price: { amount: 0, currencyCode: 'EUR' },
        extraFees: { warehouse: 0 },
        forceDealerDefaultAddress: true,
        pickup: munich,
      },
    ]);
  });

  it('ships parts by parcel, free from the threshold', () => {
    const parcel = (subtotal: number) =>
      allowedShippingMethods({ country: 'DE', currency: 'EUR', kind: 'store', subtotal, dealers: [] })[0];
    expect(parcel(14_999)?.price.amount).toBe(990);
    expect(parcel(15_000)?.price.amount).toBe(0);
    expect(parcel(0)?.nameKey).toBe('shipping_home_delivery_parcel');
    const us = allowedShippingMethods({ country: 'US', currency: 'USD', kind: 'store', subtotal: 4_949, dealers: [] });
    expect(us.map((m) => [m._id, m.price])).toEqual([['home_delivery', { amount: 1_290, currencyCode: 'USD' }]]);
  });

  it('offers pickup at the Barcelona headquarters in Spain, where delivery costs less', () => {
    const methods = allowedShippingMethods({
      country: 'ES',
      currency: 'EUR',
      kind: 'vehicle',
      subtotal: 1_190_000,
      dealers: [],
    });
    expect(methods.map((m) => [m._id, m.price.amount, m.default])).toEqual([
      ['home_delivery', 14_900, true],
      ['hq_pickup', 0, false],
    ]);
    expect(methods[1]?.pickup).toEqual({
      dealerId: 'hq',
      label: HQ_PICKUP.label,
      address: HQ_PICKUP.address,
      coordinates: HQ_PICKUP.coordinates,
    });
    expect(methods[1]?.forceDealerDefaultAddress).toBe(true);
    expect(shippingFeesFor('ES', 'EUR')).toEqual({ vehicleDelivery: 14_900, parcel: 490, freeParcelFrom: 10_000 });
  });

  it('has fees for every currency of the catalogue, the parcel fee below the threshold', () => {
    expect(Object.keys(SHIPPING_FEES).sort()).toEqual(
      [
        'ARS',
        'AUD',
        'BRL',
        'CAD',
        'CHF',
        'CZK',
        'DKK',
        'EUR',
        'GBP',
        'HUF',
        'MXN',
        'NOK',
        'NZD',
        'PLN',
        'RON',
        'SEK',
        'TRY',
        'USD',
        'ZAR',
      ].sort(),
    );
    for (const [currency, fees] of Object.entries(SHIPPING_FEES)) {
      expect(fees.parcel, currency).toBeLessThan(fees.freeParcelFrom);
      expect(fees.vehicleDelivery, currency).toBeGreaterThan(fees.parcel);
      for (const v of Object.values(fees)) expect(Number.isInteger(v)).toBe(true);
    }
  });

  it('offers only pickup where a currency has no fee table, the first one by default', () => {
    const methods = allowedShippingMethods({
      country: 'JP',
      currency: 'JPY',
      kind: 'vehicle',
      subtotal: 0,
      dealers: [munich],
    });
    expect(methods.map((m) => [m._id, m.default])).toEqual([['dealer_pickup:d-1', true]]);
    expect(allowedShippingMethods({ country: 'JP', currency: 'JPY', kind: 'store', subtotal: 0, dealers: [] })).toEqual(
      [],
    );
  });
});
