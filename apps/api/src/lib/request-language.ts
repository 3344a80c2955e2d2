import { DEFAULT_LOCALE, detectBrowserLocale, parseLocaleSegment, type UiLanguage, uiLanguageFrom } from '@varg/domain';
import type { CatalogLocale } from '@varg/i18n/server';
import type { FastifyRequest } from 'fastify';

/** The `lang` query or `x-lang` header: a language (`pt`) or a locale that carries the country (`pt-BR`). */
function explicitLocale(request: FastifyRequest): { lang: UiLanguage; country: string | null } | null {
  const query = request.query as Record<string, unknown> | undefined;
  const explicit = (typeof query?.lang === 'string' && query.lang) || request.headers['x-lang'];
  if (typeof explicit !== 'string') return null;
  const lang = uiLanguageFrom(explicit);
  // `?lang=es&country=MX`: the market's variant of the language (Latin-American Spanish).
  const country = typeof query?.country === 'string' && /^[A-Za-z]{2}$/.test(query.country) ? query.country : null;
  if (lang) return { lang, country: country?.toUpperCase() ?? null };
  const locale = parseLocaleSegment(explicit);
  return locale ? { lang: locale.lang, country: locale.country } : null;
}

/** The language of an API answer: `lang` query, then `x-lang` header, then Accept-Language, then English. */
export function requestLanguage(request: FastifyRequest): UiLanguage {
  return requestLocale(request).lang;
}

/**
 * The language of an API answer with the country when the request names one (`x-lang: pt-BR`, or Accept-Language
 * `es-MX`), so a market's variant of its language is read (Brazilian Portuguese, Latin-American Spanish).
 */
export function requestLocale(request: FastifyRequest): Exclude<CatalogLocale, string> {
  const explicit = explicitLocale(request);
  if (explicit) return explicit;
  const browser = detectBrowserLocale(request.headers['accept-language']);
  return browser ? { lang: browser.lang, country: browser.country } : { lang: DEFAULT_LOCALE.lang, country: null };
}
