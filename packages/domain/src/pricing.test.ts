import { describe, expect, it } from 'vitest';
import {
  BIKE_OPTION_MARKER,
  bikeOptionSlug,
  configurationConflicts,
  configurationHash,
  isBikeOptionName,
  optionNameKey,
} from './configuration.ts';
import { type MarketPricing, monthlyPayment, priceConfiguration } from './pricing.ts';

const germany: MarketPricing = {
  currency: 'EUR',
  taxDisplay: 'including',
  vatRateBp: 1900,
  deposit: 50_000,
  finance: { annualRatePercent: 5.99, months: 48 },
};
const usa: MarketPricing = { currency: 'USD', taxDisplay: 'excluding', vatRateBp: 0, deposit: 50_000, finance: null };

describe('configuration price (spec section 3, DATA.md prices)', () => {
  it('adds the options to the base price, exactly to the cent', () => {
    // VARG EX, 80 hp (+1,000.00) and a side stand (+149.00) in Germany.
    const p = priceConfiguration({ basePrice: 1_290_000, optionPrices: [100_000, 14_900] }, germany);
    expect(p).toMatchObject({
      currency: 'EUR',
      price: 1_404_900,
      totalPrice: 1_404_900,
      discountPercentage: 0,
      deposit: 50_000,
    });
  });

  it('finds the VAT contained in an including price, net + VAT adding up to the total', () => {
    const p = priceConfiguration({ basePrice: 1_190_000, optionPrices: [] }, germany);
    // 11,900.00 incl. 19 %: net 10,000.00, VAT 1,900.00.
    expect(p.vat).toBe(190_000);
    const odd = priceConfiguration({ basePrice: 1_000_001, optionPrices: [] }, germany);
    expect(odd.vat).toBe(159_664);
  });

  it('adds no VAT where tax is added at checkout', () => {
    const p = priceConfiguration({ basePrice: 1_049_000, optionPrices: [100_000] }, usa);
    expect(p).toMatchObject({ totalPrice: 1_149_000, vat: 0, financeFrom: null });
  });

  it('applies a discount, rounding half up to the cent, and clamps it to 0–100', () => {
    expect(priceConfiguration({ basePrice: 999, optionPrices: [], discountPercentage: 12.5 }, usa).totalPrice).toBe(
      874,
    );
    expect(priceConfiguration({ basePrice: 1_000, optionPrices: [], discountPercentage: 150 }, usa).totalPrice).toBe(0);
    expect(priceConfiguration({ basePrice: 1_000, optionPrices: [], discountPercentage: -5 }, usa).totalPrice).toBe(
      1_000,
    );
  });

  it('gives the monthly amount of the financing offer', () => {
    expect(priceConfiguration({ basePrice: 1_190_000, optionPrices: [] }, germany).financeFrom).toBe(
      monthlyPayment(1_190_000, 5.99, 48),
    );
    expect(monthlyPayment(1_200_000, 0, 48)).toBe(25_000);
    // 10,000.00 at 6 % over 12 months: 860.66 (rounded up).
    expect(monthlyPayment(1_000_000, 6, 12)).toBe(86_067);
  });

  it('refuses an unknown currency', () => {
    expect(() => priceConfiguration({ basePrice: 1, optionPrices: [] }, { ...usa, currency: 'XXY' })).toThrow(
      'Unknown currency XXY',
    );
  });
});

describe('configuration hash (spec section 3)', () => {
  const options = ['varg_option_red', 'varg_option_80hp', 'varg_option_side_stand'];

  it('is the same whatever the order of the choices', () => {
    const a = configurationHash('varg-ex', options);
    expect(configurationHash('varg-ex', [...options].reverse())).toBe(a);
    expect(configurationHash('varg-ex', [...options, 'varg_option_red'])).toBe(a);
  });

  it('changes with the product or any option', () => {
    const a = configurationHash('varg-ex', options);
    expect(configurationHash('varg', options)).not.toBe(a);
    expect(configurationHash('varg-ex', options.slice(1))).not.toBe(a);
  });

  it('is murmur2 over "product|sorted ids", as 8 hex digits (fixed vectors: a changed hash would orphan saved carts)', () => {
    expect(configurationHash('varg-ex', options)).toBe('0959b354');
    expect(configurationHash('varg', ['varg_option_red', 'varg_option_60hp'])).toBe('dd5024ec');
  });

  it('knows the 12-character option marker', () => {
    expect(BIKE_OPTION_MARKER).toHaveLength(12);
    expect(isBikeOptionName('varg_option_red')).toBe(true);
    expect(isBikeOptionName('varg_option_')).toBe(false);
    expect(bikeOptionSlug('varg_option_mx19')).toBe('mx19');
  });
});

describe('option labels by market', () => {
  it('shows rider-weight brackets in pounds where the market weighs in pounds', () => {
    expect(optionNameKey('varg_option_65_70', 'DE')).toBe('option_65_70');
    expect(optionNameKey('varg_option_65_70', 'US')).toBe('option_65_70_lb');
    expect(optionNameKey('varg_option_85_90', 'CA')).toBe('option_85_90_kg_lb');
    expect(optionNameKey('varg_option_75_80', 'gb')).toBe('option_75_80_st');
    expect(optionNameKey('varg_option_75_80', 'AU')).toBe('option_75_80');
    expect(optionNameKey('varg_option_75_80', 'XX', 'lb')).toBe('option_75_80_lb');
    expect(optionNameKey('varg_option_red', 'US')).toBe('option_red');
    expect(optionNameKey('varg_option_footpeg_titanium', 'GB')).toBe('option_footpeg_titanium');
  });
});

describe('option compatibility', () => {
  const rules = [
    { optionId: 'varg_option_enduro18', kind: 'requires', otherOptionId: 'varg_option_tires_18_21' },
    { optionId: 'varg_option_mousse', kind: 'excludes', otherOptionId: 'varg_option_tires_soft' },
  ] as const;

  it('accepts a selection that keeps every rule, including the defaults', () => {
    expect(configurationConflicts(rules, ['varg_option_mx19', 'varg_option_tires_18_21'])).toEqual([]);
    expect(configurationConflicts(rules, ['varg_option_enduro18', 'varg_option_tires_18_21'])).toEqual([]);
    expect(configurationConflicts(rules, ['varg_option_mousse', 'varg_option_tires_hard'])).toEqual([]);
  });

  it('names the broken rule: a required option missing, or an excluded one chosen', () => {
    expect(configurationConflicts(rules, ['varg_option_enduro18', 'varg_option_tires_19_21'])).toEqual([rules[0]]);
    expect(configurationConflicts(rules, ['varg_option_tires_soft', 'varg_option_mousse'])).toEqual([rules[1]]);
  });
});
