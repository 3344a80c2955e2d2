import { ACTIVE_STATUS, type TaxMarket } from '@varg/domain';
import { ApiError } from '../../lib/api-error.ts';
import type { MarketsService } from './service.ts';

/** A market sells (decision 033): the one reading of a country's status outside the markets' own queries. */
export function isActiveMarket<T extends { status: number }>(country: T | null | undefined): country is T {
  return country?.status === ACTIVE_STATUS;
}

/**
 * An active market as the tax rules and prices read it (currency, how prices show tax, the standard VAT rate); 404
 * COUNTRY_NOT_FOUND for an unknown or inactive country.
 */
export async function activeTaxMarket(markets: Pick<MarketsService, 'getCountry'>, code: string): Promise<TaxMarket> {
  const country = await markets.getCountry(code.toUpperCase());
  if (!isActiveMarket(country)) throw new ApiError('COUNTRY_NOT_FOUND');
  return {
    code: country.code,
    currency: country.currency.code,
    taxDisplay: country.taxDisplay,
    vatRateBp: Math.round(country.vatPercentage * 100),
    shouldVerifyCompanyTaxes: country.shouldVerifyCompanyTaxes,
  };
}
