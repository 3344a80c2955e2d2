import type { Country, CountryList, CountryListQuery, Language } from '@varg/contracts';
import { ACTIVE_STATUS } from '@varg/domain';
import { ApiError } from '../../lib/api-error.ts';
import type { CountryWithLanguage, LanguageRow, MarketsRepo } from './repo.ts';

export interface GeoLookup {
  /** ISO country of an IP address, or null when unknown. */
  countryOf(ip: string): string | null;
}

function toLanguage(row: LanguageRow): Language {
  return { code: row.code, name: row.name, nativeName: row.nativeName, status: row.status, isDefault: row.isDefault };
}

export function toCountry(row: CountryWithLanguage): Country {
  return {
    _id: row.code,
    code: row.code,
    name: row.name,
    language: toLanguage(row.language),
    status: row.status,
    currency: { code: row.currencyCode, symbol: row.currencySymbol },
    isDefault: row.isDefault,
    shouldVerifyCompanyTaxes: row.shouldVerifyCompanyTaxes,
    distanceUnit: row.distanceUnit as Country['distanceUnit'],
    weightUnit: row.weightUnit as Country['weightUnit'],
    taxDisplay: row.taxDisplay as Country['taxDisplay'],
    vatPercentage: row.vatRateBp / 100,
  };
}

export function marketsService(repo: MarketsRepo, geo: GeoLookup) {
  return {
    async listCountries(query: CountryListQuery): Promise<CountryList> {
      const { rows, total } = await repo.listCountries(query);
      const totalPages = Math.max(1, Math.ceil(total / query.limit));
      return {
        docs: rows.map(toCountry),
        totalDocs: total,
        limit: query.limit,
        page: query.page,
        totalPages,
        hasNextPage: query.page < totalPages,
        hasPrevPage: query.page > 1,
        nextPage: query.page < totalPages ? query.page + 1 : null,
        prevPage: query.page > 1 ? query.page - 1 : null,
      };
    },
    async getCountry(code: string): Promise<Country> {
      const row = await repo.findCountry(code);
      if (!row) throw new ApiError('COUNTRY_NOT_FOUND');
      return toCountry(row);
    },
    async listLanguages(status?: number): Promise<Language[]> {
      return (await repo.listLanguages(status)).map(toLanguage);
    },
    async getLanguage(code: string): Promise<Language> {
      const row = await repo.findLanguage(code === 'en' ? 'en-us' : code);
      if (!row) throw new ApiError('LANGUAGE_NOT_FOUND');
      return toLanguage(row);
    },
    /** The active market of the visitor's IP, if any. */
    async countryByIp(ip: string): Promise<Country | null> {
      const code = geo.countryOf(ip);
      if (!code) return null;
      const row = await repo.findCountry(code);
      return row && row.status === ACTIVE_STATUS ? toCountry(row) : null;
    },
  };
}
export type MarketsService = ReturnType<typeof marketsService>;
