// Checkout rules of spec section 4 ("Checkout entry", "Checkout setup") and section 5.

/**
 * Who checked a company's VAT id at checkout (decision 027): VIES · a format check · a format check that does not count
 * in production (no reverse charge without VIES) · VIES could not answer (VAT is charged) · invalid.
 */
export const VAT_CHECKS = ['vies', 'format', 'format_only', 'unavailable', 'invalid'] as const;
export type VatCheck = (typeof VAT_CHECKS)[number];

/**
 * Which checkout page a buyer uses: dealers and administrators acting as a customer always `/checkout`; others whose
 * checkout country is the US, with a non-empty cart or an existing order, `/us-checkout`; everyone else `/checkout`.
 */
export function checkoutPath(input: {
  country: string;
  isDealer: boolean;
  isImpersonating: boolean;
  hasItems: boolean;
  hasOrder: boolean;
}): '/checkout' | '/us-checkout' {
  if (input.isDealer || input.isImpersonating) return '/checkout';
  return input.country.toUpperCase() === 'US' && (input.hasItems || input.hasOrder) ? '/us-checkout' : '/checkout';
}

/** The phone as the order payload carries it: digits and plus only (spec section 5). */
export function orderPhone(phone: string): string {
  return phone.replace(/[^\d+]/g, '');
}

/**
 * An order's totals from its parts, in minor units. Where prices include VAT the tax is contained in the subtotal
 * and shipping (and is not added again); where they exclude tax (US) it is added. A reverse-charged B2B sale pays
 * the net: the contained VAT is taken off.
 */
export function orderTotals(input: {
  subtotal: number;
  shipping: number;
  fees: number;
  tax: number;
  taxIncluded: boolean;
  reverseChargeDeduction?: number;
}): { subtotal: number; shipping: number; fees: number; tax: number; total: number } {
  const base = input.subtotal + input.shipping + input.fees;
  const deduction = input.reverseChargeDeduction ?? 0;
  const total = input.taxIncluded ? base - deduction : base + input.tax;
  return { subtotal: input.subtotal, shipping: input.shipping, fees: input.fees, tax: input.tax, total };
}
