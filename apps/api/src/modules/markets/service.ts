import type { Country, CountryList, CountryListQuery, Language } from '@varg/contracts';
import { ACTIVE_STATUS, pageInfo } from '@varg/domain';
import { ApiError } from '../../lib/api-error.ts';
import { readCache } from '../../lib/read-cache.ts';
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

/** Reference data changes rarely (an administrator's edit); every process re-reads it after this long. */
export const MARKETS_CACHE_TTL_MS = 30_000;

export function marketsService(repo: MarketsRepo, geo: GeoLookup, options: { cacheTtlMs?: number } = {}) {
  const cached = readCache(options.cacheTtlMs ?? MARKETS_CACHE_TTL_MS, 500);

  return {
    /** Forgets the kept countries and languages (after an administrator's change in this process). */
    invalidate: () => cached.clear(),
    listCountries: (query: CountryListQuery) =>
      cached(`countries ${JSON.stringify(query)}`, () => listCountries(query)),
    getCountry: (code: string) => cached(`country ${code}`, () => getCountry(code)),
    listLanguages: (status?: number) => cached(`languages ${status}`, () => listLanguages(status)),
    getLanguage: (code: string) => cached(`language ${code}`, () => getLanguage(code)),
    /** The active market of the visitor's IP, if any. */
    async countryByIp(ip: string): Promise<Country | null> {
      const code = geo.countryOf(ip);
      if (!code) return null;
      const list = await cached('countries active', async () =>
        (await repo.listCountries({ status: ACTIVE_STATUS, limit: 300, page: 1, sort: 'code' })).rows.map(toCountry),
      );
      return list.find((c) => c.code === code) ?? null;
    },
  };

  async function listCountries(query: CountryListQuery): Promise<CountryList> {
    const { rows, total } = await repo.listCountries(query);
    const { hasPreviousPage: _, ...page } = pageInfo(query.page, query.limit, total);
    return { docs: rows.map(toCountry), ...page };
  }
  async function getCountry(code: string): Promise<Country> {
    const row = await repo.findCountry(code);
    if (!row) throw new ApiError('COUNTRY_NOT_FOUND');
    return toCountry(row);
  }
  async function listLanguages(status?: number): Promise<Language[]> {
    return (await repo.listLanguages(status)).map(toLanguage);
  }
  async function getLanguage(code: string): Promise<Language> {
    const row = await repo.findLanguage(code === 'en' ? 'en-us' : code);
    if (!row) throw new ApiError('LANGUAGE_NOT_FOUND');
    return toLanguage(row);
  }
}
export type MarketsService = ReturnType<typeof marketsService>;
