import { calculateTax, type TaxMarket } from '@varg/domain';
import { describe, expect, it } from 'vitest';
import { readEnv } from '../../config.ts';
import { commerceProviders } from '../select.ts';
import type { TaxProviderInput } from './interface.ts';
import { applyStripeCalculation, STRIPE_TAX_URL, stripeTax, stripeTaxRequest } from './stripe.ts';

const DE: TaxMarket = {
  code: 'DE',
  currency: 'EUR',
  taxDisplay: 'including',
  vatRateBp: 1900,
  shouldVerifyCompanyTaxes: true,
};
const US: TaxMarket = {
  code: 'US',
  currency: 'USD',
  taxDisplay: 'excluding',
  vatRateBp: 0,
  shouldVerifyCompanyTaxes: false,
};

describe('Stripe Tax adapter (request building and mapping; Stripe itself is not called here)', () => {
  it('sends the destination, the customer’s VAT id and each line with its tax behaviour', () => {
    const input: TaxProviderInput = {
      market: DE,
      customerType: 'B2B',
      postalCode: '80687',
      vatId: { country: 'AT', valid: true },
      vatNumber: 'ATU13585627',
      lines: [
        { amount: 1_190_000, quantity: 2, taxDisplay: 'including', ref: 'bike' },
        { amount: 29_900, quantity: 1, taxDisplay: 'excluding' },
      ],
    };
    const { url, init } = stripeTaxRequest(input, 'sk_test_123');
    expect(url).toBe(STRIPE_TAX_URL);
    expect(init.method).toBe('POST');
    expect(init.headers).toMatchObject({
      authorization: 'Bearer sk_test_123',
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(Object.fromEntries(new URLSearchParams(String(init.body)))).toEqual({
      currency: 'eur',
      'customer_details[address][country]': 'DE',
      'customer_details[address][postal_code]': '80687',
      'customer_details[address_source]': 'shipping',
      'customer_details[taxability_override]': 'none',
      'customer_details[tax_ids][0][type]': 'eu_vat',
      'customer_details[tax_ids][0][value]': 'ATU13585627',
      'line_items[0][amount]': '2380000',
      'line_items[0][quantity]': '2',
      'line_items[0][reference]': 'bike',
      'line_items[0][tax_behavior]': 'inclusive',
      'line_items[1][amount]': '29900',
      'line_items[1][quantity]': '1',
      'line_items[1][reference]': 'line-1',
      'line_items[1][tax_behavior]': 'exclusive',
    });
  });

  it('takes Stripe’s amounts per line, keeping the built-in regime and notes', () => {
    const input: TaxProviderInput = {
      market: US,
      customerType: 'B2C',
      postalCode: '78745',
      lines: [{ amount: 1_049_000, quantity: 1, taxDisplay: 'excluding', ref: 'bike' }],
    };
    const result = applyStripeCalculation(calculateTax(input), input, {
      line_items: { data: [{ reference: 'bike', amount: 1_049_000, amount_tax: 86_543 }] },
      tax_breakdown: [{ taxability_reason: 'standard_rated', tax_rate_details: { percentage_decimal: '8.25' } }],
    });
    expect(result).toMatchObject({
      regime: 'us_sales_tax',
      amount: 86_543,
      net: 1_049_000,
      total: 1_135_543,
      rateBp: 825,
    });
    expect(result.lines).toEqual([
      { ref: 'bike', quantity: 1, listed: 1_049_000, net: 1_049_000, tax: 86_543, total: 1_135_543 },
    ]);
  });

  it('does not ask Stripe when the built-in rules already answer (a postal-code error, reverse charge)', async () => {
    let asked = 0;
    const stripe = stripeTax({
      secretKey: 'sk_test_1',
      fetch: async () => {
        asked++;
        return Response.json({ line_items: { data: [] } });
      },
    });
    const bad = await stripe.calculate({
      market: US,
      customerType: 'B2C',
      postalCode: '1',
      lines: [{ amount: 1, quantity: 1, taxDisplay: 'excluding' }],
    });
    expect(bad.error?.code).toBe('INVALID_POSTAL_CODE');
    const reverse = await stripe.calculate({
      market: DE,
      customerType: 'B2B',
      vatId: { country: 'FR', valid: true },
      lines: [{ amount: 11_900, quantity: 1, taxDisplay: 'including' }],
    });
    expect(reverse).toMatchObject({ reverseCharge: true, total: 10_000 });
    expect(asked).toBe(0);
    await stripe.calculate({
      market: DE,
      customerType: 'B2C',
      lines: [{ amount: 11_900, quantity: 1, taxDisplay: 'including' }],
    });
    expect(asked).toBe(1);
  });

  it('refuses to start without a key, and fails loudly when Stripe does not answer', async () => {
    expect(() => stripeTax({ secretKey: '' })).toThrow(/STRIPE_SECRET_KEY/);
    expect(() => readEnv({ TAX_PROVIDER: 'stripe' })).toThrow(
      /STRIPE_SECRET_KEY: required when TAX_PROVIDER is stripe/,
    );
    expect(() => readEnv({ STRIPE_SECRET_KEY: 'pk_test_1' })).toThrow(/STRIPE_SECRET_KEY/);
    const down = stripeTax({ secretKey: 'sk_test_1', fetch: async () => new Response('', { status: 500 }) });
    await expect(
      down.calculate({ market: DE, customerType: 'B2C', lines: [{ amount: 1, quantity: 1, taxDisplay: 'including' }] }),
    ).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
  });
});

describe('provider selection from the environment', () => {
  const config = (env: Record<string, string>) => {
    const e = readEnv(env);
    return {
      googleMapsApiKey: e.GOOGLE_MAPS_API_KEY,
      vatCheckProvider: e.VAT_CHECK_PROVIDER,
      taxProvider: e.TAX_PROVIDER,
      stripeSecretKey: e.STRIPE_SECRET_KEY,
    } as Parameters<typeof commerceProviders>[0];
  };
  it('uses the local defaults without configuration, and the real adapters when asked', () => {
    const local = commerceProviders(config({}));
    expect([local.geocoding.name, local.vat.name, local.tax.name]).toEqual(['off', 'jsvat', 'builtin']);
    const real = commerceProviders(
      config({
        GOOGLE_MAPS_API_KEY: 'k',
        VAT_CHECK_PROVIDER: 'vies',
        TAX_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: 'sk_test_1',
      }),
    );
    expect([real.geocoding.name, real.vat.name, real.tax.name]).toEqual(['google', 'vies', 'stripe']);
  });
});
