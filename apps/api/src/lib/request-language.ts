import { DEFAULT_LOCALE, detectBrowserLocale, type UiLanguage, uiLanguageFrom } from '@varg/domain';
import type { FastifyRequest } from 'fastify';

/** The language of an API answer: `lang` query, then `x-lang` header, then Accept-Language, then English. */
export function requestLanguage(request: FastifyRequest): UiLanguage {
  const query = request.query as Record<string, unknown> | undefined;
  const explicit = (typeof query?.lang === 'string' && query.lang) || request.headers['x-lang'];
  if (typeof explicit === 'string') {
    const lang = uiLanguageFrom(explicit);
    if (lang) return lang;
  }
  return detectBrowserLocale(request.headers['accept-language'])?.lang ?? DEFAULT_LOCALE.lang;
}
