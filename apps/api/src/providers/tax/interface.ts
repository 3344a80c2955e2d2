// Tax behind checkout and `POST /v1/tax/calculate` (DESIGN.md section 5, decision 013). `builtin` (default) applies the
// rules of packages/domain/src/tax.ts; `stripe` asks Stripe Tax for the amounts (TAX_PROVIDER=stripe, STRIPE_SECRET_KEY).
import type { TaxCalculation, TaxInput } from '@varg/domain';

export interface TaxProviderInput extends TaxInput {
  /** The company's VAT id as typed (normalised), for providers that record it (Stripe Tax's customer tax ids). */
  vatNumber?: string | null | undefined;
}

export interface TaxProvider {
  readonly name: 'builtin' | 'stripe';
  calculate(input: TaxProviderInput): Promise<TaxCalculation>;
}
