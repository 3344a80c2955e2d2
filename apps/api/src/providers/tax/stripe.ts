import { calculateTax, isEuMember, type TaxCalculation } from '@varg/domain';
import { ApiError } from '../../lib/api-error.ts';
import type { TaxProvider, TaxProviderInput } from './interface.ts';

// Stripe Tax (TAX_PROVIDER=stripe, optional): the amounts come from POST https://api.stripe.com/v1/tax/calculations
// (https://docs.stripe.com/api/tax/calculations/create); the regime, display strategy, notes and postal-code errors stay
// the built-in rules', so the checkout behaves the same. Stripe needs the seller's tax registrations (Spain, the EU
// OSS, the US states with nexus) set up in its dashboard, else it answers tax 0. The server refuses to start with
// TAX_PROVIDER=stripe and no STRIPE_SECRET_KEY (apps/api/src/config.ts): there is no silent fallback.

export const STRIPE_TAX_URL = 'https://api.stripe.com/v1/tax/calculations';

type Fetch = (url: string, init: RequestInit) => Promise<Response>;

/** Stripe's customer tax id types for the VAT ids this shop takes. */
function taxIdType(country: string): string | null {
  if (isEuMember(country)) return 'eu_vat';
  return { GB: 'gb_vat', NO: 'no_vat', CH: 'ch_vat' }[country] ?? null;
}

/** The form-encoded request of one calculation. */
export function stripeTaxRequest(input: TaxProviderInput, secretKey: string): { url: string; init: RequestInit } {
  const form = new URLSearchParams();
  form.set('currency', input.market.currency.toLowerCase());
  form.set('customer_details[address][country]', input.market.code);
  if (input.postalCode) form.set('customer_details[address][postal_code]', input.postalCode);
  if (input.state) form.set('customer_details[address][state]', input.state);
  form.set('customer_details[address_source]', 'shipping');
  form.set('customer_details[taxability_override]', 'none');
  const idType = input.vatId?.valid && input.vatNumber ? taxIdType(input.vatId.country) : null;
  if (idType && input.vatNumber) {
    form.set('customer_details[tax_ids][0][type]', idType);
    form.set('customer_details[tax_ids][0][value]', input.vatNumber);
  }
  input.lines.forEach((line, i) => {
    form.set(`line_items[${i}][amount]`, String(line.amount * line.quantity));
    form.set(`line_items[${i}][quantity]`, String(line.quantity));
    form.set(`line_items[${i}][reference]`, line.ref ?? `line-${i}`);
    form.set(`line_items[${i}][tax_behavior]`, line.taxDisplay === 'including' ? 'inclusive' : 'exclusive');
  });
  return {
    url: STRIPE_TAX_URL,
    init: {
      method: 'POST',
      headers: {
        authorization: `Bearer ${secretKey}`,
        'content-type': 'application/x-www-form-urlencoded',
        'stripe-version': '2024-06-20',
      },
      body: form.toString(),
    },
  };
}

interface StripeCalculation {
  line_items?: { data?: Array<{ reference?: string; amount?: number; amount_tax?: number; tax_behavior?: string }> };
  tax_breakdown?: Array<{ taxability_reason?: string; tax_rate_details?: { percentage_decimal?: string } }>;
}

/** The built-in answer with Stripe's amounts: per line, and the totals summed from them. */
export function applyStripeCalculation(base: TaxCalculation, input: TaxProviderInput, calc: StripeCalculation) {
  const data = calc.line_items?.data ?? [];
  const lines = base.lines.map((line, i) => {
    const ref = input.lines[i]?.ref ?? `line-${i}`;
    const item = data.find((d) => d.reference === ref);
    const tax = item?.amount_tax ?? 0;
    const inclusive = input.lines[i]?.taxDisplay === 'including';
    const net = inclusive ? line.listed - tax : line.listed;
    return { ...line, net, tax, total: net + tax };
  });
  const reverseCharge = (calc.tax_breakdown ?? []).some((b) => b.taxability_reason === 'reverse_charge');
  const rate = Number(calc.tax_breakdown?.find((b) => b.tax_rate_details)?.tax_rate_details?.percentage_decimal ?? 0);
  const net = lines.reduce((s, l) => s + l.net, 0);
  const amount = lines.reduce((s, l) => s + l.tax, 0);
  return {
    ...base,
    lines,
    net,
    amount,
    total: net + amount,
    rateBp: Number.isFinite(rate) ? rate * 100 : base.rateBp,
    reverseCharge: reverseCharge || base.reverseCharge,
  } satisfies TaxCalculation;
}

export function stripeTax(options: { secretKey: string; fetch?: Fetch; timeoutMs?: number }): TaxProvider {
  if (!options.secretKey) throw new Error('Stripe Tax needs STRIPE_SECRET_KEY');
  const doFetch: Fetch = options.fetch ?? ((url, init) => fetch(url, init));
  const timeoutMs = options.timeoutMs ?? 8_000;
  return {
    name: 'stripe',
    async calculate(input) {
      const base = calculateTax(input);
      // A postal-code or tax-id error is answered as the built-in rules see it, and so is reverse charge (tax 0 on the
      // net, which Stripe's inclusive prices would not take the VAT out of): nothing to ask Stripe.
      if (base.error || base.reverseCharge || input.lines.length === 0) return base;
      const { url, init } = stripeTaxRequest(input, options.secretKey);
      let res: Response;
      try {
        res = await doFetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
      } catch {
        throw new ApiError('SERVICE_UNAVAILABLE');
      }
      if (!res.ok) throw new ApiError('SERVICE_UNAVAILABLE');
      return applyStripeCalculation(base, input, (await res.json()) as StripeCalculation);
    },
  };
}
