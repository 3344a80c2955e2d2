import { describe, expect, it } from 'vitest';
import {
  calculateTax,
  checkCustomerTaxId,
  EU_MEMBER_STATES,
  isEuMember,
  isValidCpf,
  type TaxInput,
  type TaxMarket,
  verifyTaxStrategyOf,
} from './tax.ts';
import { US_STATE_BASE_RATES } from './us-sales-tax.ts';

const eu = (code: string, vatRateBp: number, currency = 'EUR'): TaxMarket => ({
  code,
  currency,
  taxDisplay: 'including',
  vatRateBp,
  shouldVerifyCompanyTaxes: true,
});
const DE = eu('DE', 1900);
const FR = eu('FR', 2000);
const ES = eu('ES', 2100);
const FI = eu('FI', 2550);
const HU = eu('HU', 2700, 'HUF');
const GB: TaxMarket = { ...eu('GB', 2000, 'GBP') };
const CH: TaxMarket = { ...eu('CH', 810, 'CHF') };
const TR: TaxMarket = { ...eu('TR', 2000, 'TRY'), shouldVerifyCompanyTaxes: false };
const US: TaxMarket = {
  code: 'US',
  currency: 'USD',
  taxDisplay: 'excluding',
  vatRateBp: 0,
  shouldVerifyCompanyTaxes: false,
};
const CA: TaxMarket = {
  code: 'CA',
  currency: 'CAD',
  taxDisplay: 'excluding',
  vatRateBp: 500,
  shouldVerifyCompanyTaxes: false,
};
const BR: TaxMarket = {
  code: 'BR',
  currency: 'BRL',
  taxDisplay: 'excluding',
  vatRateBp: 0,
  shouldVerifyCompanyTaxes: false,
};

const bike = (amount: number, quantity = 1) => ({ amount, quantity, taxDisplay: 'including' as const });
const usBike = (amount: number, quantity = 1) => ({ amount, quantity, taxDisplay: 'excluding' as const });
const b2c = (market: TaxMarket, lines: TaxInput['lines'], extra: Partial<TaxInput> = {}) =>
  calculateTax({ market, customerType: 'B2C', lines, ...extra });

describe('EU VAT, B2C: the destination’s rate, contained in the prices', () => {
  it('splits 19 % German VAT out of a €11,900 VARG MX to the cent', () => {
    const tax = b2c(DE, [bike(1_190_000)]);
    expect(tax).toMatchObject({
      country: 'DE',
      currency: 'EUR',
      regime: 'eu_vat',
      rateBp: 1900,
      reverseCharge: false,
      amount: 190_000,
      net: 1_000_000,
      total: 1_190_000,
      error: null,
      strategy: { displayExcludingTaxes: false, displayTaxes: true },
      verifyTaxStrategy: 'b2b_validate_company_vat_id',
      customerTaxIdRequired: false,
      noteKey: null,
    });
    expect(tax.lines).toEqual([{ quantity: 1, listed: 1_190_000, net: 1_000_000, tax: 190_000, total: 1_190_000 }]);
  });

  it('rounds the VAT contained half up to the cent, and net + VAT always equal the price', () => {
    // 3 × €49.49 = €148.47, of which 19/119 is VAT: €23.7053 → €23.71.
    expect(b2c(DE, [bike(4_949, 3)])).toMatchObject({ amount: 2_371, net: 12_476, total: 14_847 });
    // Finland 25.5 %: €55.99 contains €11.3761 → €11.38.
    expect(b2c(FI, [bike(5_599)])).toMatchObject({ rateBp: 2550, amount: 1_138, net: 4_461, total: 5_599 });
    // Hungary 27 % in forints (minor units).
    expect(b2c(HU, [bike(476_000_000)])).toMatchObject({ amount: 101_196_850, net: 374_803_150 });
  });

  it('computes the VAT on the order and spreads it over the lines, which add up exactly', () => {
    const tax = b2c(DE, [
      { ...bike(1_190_000), ref: 'bike' },
      { ...bike(990), ref: 'shipping' },
    ]);
    // €11,909.90 contains €1,901.580672 → €1,901.58; the bike keeps exactly 19/119 of its price.
    expect(tax.amount).toBe(190_158);
    expect(tax.lines).toEqual([
      { ref: 'bike', quantity: 1, listed: 1_190_000, net: 1_000_000, tax: 190_000, total: 1_190_000 },
      { ref: 'shipping', quantity: 1, listed: 990, net: 832, tax: 158, total: 990 },
    ]);
  });

  it('adds VAT to lines given before VAT (a dealer’s price)', () => {
    const tax = b2c(DE, [{ amount: 100_000, quantity: 2, taxDisplay: 'excluding' }, bike(11_900)]);
    expect(tax.lines.map((l) => [l.net, l.tax, l.total])).toEqual([
      [200_000, 38_000, 238_000],
      [10_000, 1_900, 11_900],
    ]);
    expect(tax).toMatchObject({ amount: 39_900, net: 210_000, total: 249_900 });
  });

  it('charges the destination’s VAT, not Spain’s, to a private buyer in another member state', () => {
    expect(b2c(FR, [bike(1_200_000)])).toMatchObject({ rateBp: 2000, amount: 200_000, net: 1_000_000 });
  });
});

describe('EU B2B: reverse charge for a valid VAT id from another member state than Spain', () => {
  it('invoices a French company with a valid French VAT id the net, VAT 0, with the legal note', () => {
    const tax = calculateTax({
      market: FR,
      customerType: 'B2B',
      vatId: { country: 'FR', valid: true },
      lines: [bike(1_190_000)],
    });
    // €11,900 contains €1,983.33 of French VAT: the company pays €9,916.67.
    expect(tax).toMatchObject({
      regime: 'eu_reverse_charge',
      reverseCharge: true,
      rateBp: 0,
      amount: 0,
      net: 991_667,
      total: 991_667,
      noteKey: 'tax_note_reverse_charge',
      strategy: { displayExcludingTaxes: true, displayTaxes: true },
      error: null,
    });
    expect(tax.lines).toEqual([{ quantity: 1, listed: 1_190_000, net: 991_667, tax: 0, total: 991_667 }]);
  });

  it('reverse charges a dealer too, and lines given before VAT stay as they are', () => {
    const tax = calculateTax({
      market: DE,
      customerType: 'Dealer',
      vatId: { country: 'AT', valid: true },
      lines: [{ amount: 800_000, quantity: 1, taxDisplay: 'excluding' }, bike(11_900)],
    });
    expect(tax).toMatchObject({ reverseCharge: true, amount: 0, net: 810_000, total: 810_000 });
  });

  it('charges Spanish VAT to a company in Spain, VAT id or not', () => {
    for (const vatId of [{ country: 'ES', valid: true }, { country: 'FR', valid: true }, null]) {
      const tax = calculateTax({ market: ES, customerType: 'B2B', vatId, lines: [bike(1_190_000)] });
      // €11,900 contains 21/121 Spanish VAT: €2,065.29.
      expect(tax).toMatchObject({ regime: 'eu_vat', reverseCharge: false, rateBp: 2100, amount: 206_529 });
      expect(tax.net + tax.amount).toBe(1_190_000);
    }
  });

  it('charges VAT when the VAT id is invalid, missing, Spanish, or not from the EU', () => {
    for (const vatId of [
      { country: 'FR', valid: false },
      null,
      undefined,
      { country: 'ES', valid: true },
      { country: 'GB', valid: true },
      { country: 'CH', valid: true },
    ]) {
      const tax = calculateTax({ market: FR, customerType: 'B2B', vatId, lines: [bike(1_200_000)] });
      expect(tax, JSON.stringify(vatId)).toMatchObject({ regime: 'eu_vat', reverseCharge: false, amount: 200_000 });
    }
  });

  it('never reverse charges a private buyer, even with a valid VAT id', () => {
    const tax = b2c(FR, [bike(1_200_000)], { vatId: { country: 'FR', valid: true } });
    expect(tax).toMatchObject({ reverseCharge: false, amount: 200_000 });
  });
});

describe('outside the EU: the country’s listed rate', () => {
  it('charges UK VAT as listed, also to a company with a valid VAT id (no reverse charge outside the EU)', () => {
    expect(b2c(GB, [bike(1_020_000)])).toMatchObject({ regime: 'vat', rateBp: 2000, amount: 170_000 });
    const company = calculateTax({
      market: GB,
      customerType: 'B2B',
      vatId: { country: 'GB', valid: true },
      lines: [bike(1_020_000)],
    });
    expect(company).toMatchObject({ regime: 'vat', reverseCharge: false, amount: 170_000 });
  });

  it('uses Switzerland’s 8.1 % and Türkiye’s 20 %', () => {
    // CHF 100.00 contains 8.1/108.1: CHF 7.4931 → 7.49.
    expect(b2c(CH, [bike(10_000)])).toMatchObject({ rateBp: 810, amount: 749, net: 9_251 });
    expect(b2c(TR, [bike(12_000)])).toMatchObject({ rateBp: 2000, amount: 2_000, verifyTaxStrategy: 'none' });
  });

  it('adds Canada’s federal GST to prices shown before tax, with a note that provincial tax is not included', () => {
    expect(b2c(CA, [usBike(1_449_000)])).toMatchObject({
      regime: 'sales_tax',
      rateBp: 500,
      amount: 72_450,
      total: 1_521_450,
      noteKey: 'tax_note_national_rate_only',
      strategy: { displayExcludingTaxes: true, displayTaxes: true },
    });
  });

  it('collects no tax in Brazil (prices before tax, no rate), and asks private buyers for a CPF', () => {
    expect(b2c(BR, [usBike(5_664_600)])).toMatchObject({
      regime: 'not_collected',
      amount: 0,
      total: 5_664_600,
      noteKey: 'tax_note_not_collected',
      strategy: { displayExcludingTaxes: true, displayTaxes: false },
      verifyTaxStrategy: 'b2c_validate_customer_tax_id',
      customerTaxIdRequired: true,
      error: null,
    });
    expect(b2c(BR, [usBike(100)], { customerTaxId: '529.982.247-25' }).error).toBeNull();
    expect(b2c(BR, [usBike(100)], { customerTaxId: '529.982.247-24' }).error).toEqual({
      code: 'CUSTOMER_TAX_ID_INVALID',
      t_key: 'tax_error_customer_tax_id_invalid',
    });
  });
});

describe('US sales tax by state (state base rates; local taxes not included)', () => {
  it('adds Texas’ 6.25 % to a $10,490 VARG MX, rounding half up', () => {
    const tax = b2c(US, [usBike(1_049_000)], { postalCode: '78745', state: 'TX' });
    // $10,490 × 6.25 % = $655.625 → $655.63.
    expect(tax).toMatchObject({
      regime: 'us_sales_tax',
      state: 'TX',
      rateBp: 625,
      amount: 65_563,
      net: 1_049_000,
      total: 1_114_563,
      error: null,
      strategy: { displayExcludingTaxes: true, displayTaxes: true },
      noteKey: 'tax_note_us_state_rate_only',
    });
  });

  it('takes the state from the ZIP code when none is given, with fractional rates', () => {
    expect(b2c(US, [usBike(1_049_000)], { postalCode: '55401' })).toMatchObject({
      state: 'MN',
      rateBp: 687.5,
      amount: 72_119,
    });
    expect(b2c(US, [usBike(1_049_000)], { postalCode: '90210-1234' })).toMatchObject({ state: 'CA', amount: 76_053 });
    expect(b2c(US, [usBike(1_049_000)], { postalCode: '97201', state: 'or' })).toMatchObject({
      state: 'OR',
      amount: 0,
      error: null,
    });
  });

  it.each([
    ['missing', undefined, undefined],
    ['empty', '', 'TX'],
    ['too short', '7874', 'TX'],
    ['letters', 'ABCDE', undefined],
    ['not a state’s', '00601', undefined],
  ])('answers an error saying the postal code is invalid for a %s ZIP code', (_, postalCode, state) => {
    const tax = b2c(US, [usBike(1_049_000)], { postalCode, state });
    expect(tax.error).toEqual({ code: 'INVALID_POSTAL_CODE', t_key: 'tax_error_postal_code_invalid' });
    expect(tax).toMatchObject({ amount: 0, state: null, total: 1_049_000 });
  });

  it('answers a postal-code error when the ZIP code is another state’s, or the state is unknown', () => {
    for (const state of ['CA', 'XX']) {
      expect(b2c(US, [usBike(100)], { postalCode: '78745', state }).error).toEqual({
        code: 'INVALID_POSTAL_CODE',
        t_key: 'tax_error_postal_code_state',
      });
    }
  });

  it('has a base rate for the 50 states and DC, none above 7.25 %', () => {
    const rates = Object.entries(US_STATE_BASE_RATES);
    expect(rates).toHaveLength(51);
    expect(Math.max(...rates.map(([, r]) => r))).toBe(7250);
    expect(rates.filter(([, r]) => r === 0).map(([s]) => s)).toEqual(['AK', 'DE', 'MT', 'NH', 'OR']);
  });
});

describe('rules shared by every market', () => {
  it('answers zeros for an empty order, and echoes line references', () => {
    expect(b2c(DE, [])).toMatchObject({ amount: 0, net: 0, total: 0, lines: [] });
    expect(b2c(DE, [{ ...bike(0), ref: 'free' }]).lines).toEqual([
      { ref: 'free', quantity: 1, listed: 0, net: 0, tax: 0, total: 0 },
    ]);
  });

  it('refuses amounts that are not minor units and quantities below 1', () => {
    expect(() => b2c(DE, [bike(10.5)])).toThrow();
    expect(() => b2c(DE, [bike(-1)])).toThrow();
    expect(() => b2c(DE, [bike(100, 0)])).toThrow();
    expect(() => calculateTax({ market: { ...DE, currency: 'XXX1' }, customerType: 'B2C', lines: [] })).toThrow();
  });

  it('keeps net + tax = total on every line and on the order, whatever the amounts', () => {
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % n;
    };
    for (let run = 0; run < 300; run++) {
      const market = [DE, FR, ES, FI, HU, CH, GB, CA][random(8)] as TaxMarket;
      const lines = Array.from({ length: 1 + random(5) }, () => ({
        amount: random(2_000_000),
        quantity: 1 + random(4),
        taxDisplay: random(3) === 0 ? ('excluding' as const) : ('including' as const),
      }));
      const tax = calculateTax({
        market,
        customerType: random(2) ? 'B2B' : 'B2C',
        vatId: { country: 'DE', valid: random(2) === 1 },
        lines,
      });
      for (const line of tax.lines) expect(line.net + line.tax).toBe(line.total);
      expect(tax.lines.reduce((s, l) => s + l.tax, 0)).toBe(tax.amount);
      expect(tax.net + tax.amount).toBe(tax.total);
      const includedTotal = tax.lines.filter((_, i) => lines[i]?.taxDisplay === 'including');
      if (!tax.reverseCharge) for (const line of includedTotal) expect(line.total).toBe(line.listed);
    }
  });

  it('names the VAT id check each market asks for', () => {
    expect(verifyTaxStrategyOf({ code: 'DE', shouldVerifyCompanyTaxes: true })).toBe('b2b_validate_company_vat_id');
    expect(verifyTaxStrategyOf({ code: 'US', shouldVerifyCompanyTaxes: false })).toBe('none');
    expect(verifyTaxStrategyOf({ code: 'BR', shouldVerifyCompanyTaxes: false })).toBe('b2c_validate_customer_tax_id');
  });

  it('knows the 27 member states', () => {
    expect(EU_MEMBER_STATES).toHaveLength(27);
    expect(isEuMember('GR')).toBe(true);
    expect(isEuMember('GB')).toBe(false);
    expect(isEuMember('CH')).toBe(false);
  });
});

describe('Brazilian CPF', () => {
  it('checks both check digits', () => {
    expect(isValidCpf('529.982.247-25')).toBe(true);
    expect(isValidCpf('52998224725')).toBe(true);
    expect(isValidCpf('529.982.247-24')).toBe(false);
    expect(isValidCpf('529.982.247-15')).toBe(false);
    expect(isValidCpf('111.111.111-11')).toBe(false);
    expect(isValidCpf('5299822472')).toBe(false);
    expect(isValidCpf('abc')).toBe(false);
    expect(checkCustomerTaxId('BR', '529.982.247-25')).toBe(true);
    expect(checkCustomerTaxId('DE', 'anything')).toBe(true);
  });
});
