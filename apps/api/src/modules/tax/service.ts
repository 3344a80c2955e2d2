// Tax and VAT ids (spec sections 3 "Checkout data", 5 and 7; decision 013). The checkout calls `calculate` and
// `vatValid` directly; the routes answer the spec's `POST tax/calculate` and `GET company/validate-vat-number`.
import type { CustomerType, TaxCalculation, TaxLineInput, TaxMarket } from '@varg/domain';
import { ApiError } from '../../lib/api-error.ts';
import { readCache } from '../../lib/read-cache.ts';
import type { TaxProvider, TaxProviderInput } from '../../providers/tax/interface.ts';
import type { VatIdCheck, VatIdProvider } from '../../providers/vat/interface.ts';
import { activeTaxMarket } from '../markets/active.ts';
import type { MarketsService } from '../markets/service.ts';

/** A VAT id's answer is kept this long (VIES is slow and rate-limited); failures are never kept. */
export const VAT_CHECK_CACHE_TTL_MS = 60 * 60 * 1000;

/** VAT prefixes that are not the ISO code. */
const ISO_OF_PREFIX: Record<string, string> = { EL: 'GR' };

/**
 * The country that issued a VAT id: its prefix when it has one (`FR…`, `EL…` → GR, `CHE-…` → CH), else `fallback`
 * (the company's country).
 */
export function vatCountryOf(vat: string, fallback: string): string {
  const compact = vat.toUpperCase().replace(/[\s.\-/]/g, '');
  const prefix = /^([A-Z]{2})/.exec(compact)?.[1];
  if (!prefix) return fallback.toUpperCase();
  return ISO_OF_PREFIX[prefix] ?? prefix;
}

export interface TaxRequest {
  country: string;
  state?: string | undefined;
  postalCode?: string | undefined;
  customerType: CustomerType;
  /** The company's VAT id as typed; checked here. */
  vatId?: string | undefined;
  customerTaxId?: string | undefined;
  lines: readonly TaxLineInput[];
}

export function taxService(deps: { provider: TaxProvider; vat: VatIdProvider; markets: MarketsService }) {
  const { provider, vat, markets } = deps;
  const cached = readCache(VAT_CHECK_CACHE_TTL_MS, 5_000);

  /** The tax rules' view of an active market; COUNTRY_NOT_FOUND for an unknown or inactive one. */
  const market = (code: string): Promise<TaxMarket> => activeTaxMarket(markets, code);

  /** Checks a VAT id of `country` with the configured provider (cached for an hour). */
  async function checkVat(vatNumber: string, country: string): Promise<VatIdCheck> {
    const code = country.toUpperCase();
    const key = `${code} ${vatNumber.toUpperCase().replace(/[\s.\-/]/g, '')}`;
    return cached(key, () => vat.check(vatNumber, code));
  }

  return {
    market,
    checkVat,

    /** Whether `vatNumber` is a valid VAT id of `country` (the checkout's `vatValid`). */
    async vatValid(vatNumber: string, country: string): Promise<boolean> {
      return (await checkVat(vatNumber, country)).isValid;
    },

    /** The provider's calculation for a market and lines already known (the checkout's `tax`). */
    calculate: (input: TaxProviderInput): Promise<TaxCalculation> => provider.calculate(input),

    /**
     * Looks up the market, checks the VAT id (its country from its prefix, else the destination), then calculates.
     * A VAT id the provider cannot check right now (VIES down) counts as not valid: VAT is charged.
     */
    async calculateFor(request: TaxRequest): Promise<{ tax: TaxCalculation; vatId: VatIdCheck | null }> {
      const destination = await market(request.country);
      let vatId: VatIdCheck | null = null;
      if (request.vatId) {
        const issuer = vatCountryOf(request.vatId, destination.code);
        try {
          vatId = await checkVat(request.vatId, issuer);
        } catch (error) {
          if (!(error instanceof ApiError) || error.code !== 'VAT_CHECK_UNAVAILABLE') throw error;
          vatId = { isValid: false, vatNumber: request.vatId, country: issuer };
        }
      }
      const tax = await provider.calculate({
        market: destination,
        state: request.state,
        postalCode: request.postalCode,
        customerType: request.customerType,
        vatId: vatId ? { country: vatId.country, valid: vatId.isValid } : null,
        vatNumber: vatId?.isValid ? vatId.vatNumber : null,
        customerTaxId: request.customerTaxId,
        lines: request.lines,
      });
      return { tax, vatId };
    },
  };
}
export type TaxService = ReturnType<typeof taxService>;
