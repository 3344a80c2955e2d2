// Locale rules of spec sections 2, 4 and 9: which UI language and country a request is served in.

/** The 23 UI languages, with the spec's codes (English is `en-us`). */
/** The units a market measures in (its `distanceUnit`, `weightUnit`). */
export const DISTANCE_UNITS = ['km', 'mi'] as const;
export type DistanceUnit = (typeof DISTANCE_UNITS)[number];
export const WEIGHT_UNITS = ['kg', 'lb'] as const;
export type WeightUnit = (typeof WEIGHT_UNITS)[number];

export const UI_LANGUAGES = [
  'hr',
  'cs',
  'da',
  'nl',
  'en-us',
  'et',
  'fi',
  'fr',
  'de',
  'el',
  'hu',
  'it',
  'lv',
  'no',
  'pl',
  'pt',
  'ro',
  'ru',
  'sk',
  'sl',
  'es',
  'sv',
  'tr',
] as const;
export type UiLanguage = (typeof UI_LANGUAGES)[number];

export interface Locale {
  lang: UiLanguage;
  /** ISO 3166-1 alpha-2, upper case. */
  country: string;
}

export const DEFAULT_LOCALE: Locale = { lang: 'en-us', country: 'US' };
/** Where an inactive or unknown country falls back to (spec section 4). */
export const FALLBACK_LOCALE: Locale = DEFAULT_LOCALE;

/** The home market of each language, used when the browser names a language without a region. */
export const LANGUAGE_HOME_COUNTRY: Record<UiLanguage, string> = {
  hr: 'HR',
  cs: 'CZ',
  da: 'DK',
  nl: 'NL',
  'en-us': 'US',
  et: 'EE',
  fi: 'FI',
  fr: 'FR',
  de: 'DE',
  el: 'GR',
  hu: 'HU',
  it: 'IT',
  lv: 'LV',
  no: 'NO',
  pl: 'PL',
  pt: 'PT',
  ro: 'RO',
  ru: 'US',
  sk: 'SK',
  sl: 'SI',
  es: 'ES',
  sv: 'SE',
  tr: 'TR',
};

const LANGUAGE_SET: ReadonlySet<string> = new Set(UI_LANGUAGES);

export function isUiLanguage(value: unknown): value is UiLanguage {
  return typeof value === 'string' && LANGUAGE_SET.has(value);
}

/** `en-us` is written `en` in a URL segment; every other language is its own code. */
export function urlLanguage(lang: UiLanguage): string {
  return lang === 'en-us' ? 'en' : lang;
}

/** A language as written in a URL segment or a browser tag (`en`, `EN`, `nb`) to a UI language. */
export function uiLanguageFrom(value: string): UiLanguage | null {
  const v = value.toLowerCase();
  if (v === 'en' || v === 'en-us') return 'en-us';
  if (v === 'nb' || v === 'nn') return 'no';
  return isUiLanguage(v) ? v : null;
}

const SEGMENT = /^([a-z]{2})-([a-z]{2})$/i;

/** Parses a route segment such as `de-DE` (any case). Returns null when it is not a locale. */
export function parseLocaleSegment(segment: string | undefined | null): Locale | null {
  if (!segment) return null;
  const m = SEGMENT.exec(segment);
  if (!m) return null;
  const lang = uiLanguageFrom(m[1] as string);
  if (!lang) return null;
  return { lang, country: (m[2] as string).toUpperCase() };
}

/** The canonical route segment: `de-DE`, `en-US`. */
export function formatLocaleSegment(locale: Locale): string {
  return `${urlLanguage(locale.lang)}-${locale.country}`;
}

/** The BCP 47 tag for `<html lang>` and `Intl`: `de-DE`, `en-US`. */
export function localeTag(locale: Locale): string {
  return formatLocaleSegment(locale);
}

export function sameLocale(a: Locale | null | undefined, b: Locale | null | undefined): boolean {
  return !!a && !!b && a.lang === b.lang && a.country === b.country;
}

/** Parses the `country_lang` cookie value `{"country":"DE","lang":"de"}`. */
export function parseCountryLangCookie(value: string | undefined): Locale | null {
  if (!value) return null;
  try {
    const parsed = JSON.parse(value) as { country?: unknown; lang?: unknown };
    if (typeof parsed.country !== 'string' || typeof parsed.lang !== 'string') return null;
    const lang = uiLanguageFrom(parsed.lang);
    if (!lang || !/^[A-Za-z]{2}$/.test(parsed.country)) return null;
    return { lang, country: parsed.country.toUpperCase() };
  } catch {
    return null;
  }
}

export function formatCountryLangCookie(locale: Locale): string {
  return JSON.stringify({ country: locale.country, lang: locale.lang });
}

/**
 * Picks a locale from an Accept-Language header: the first supported language by quality; the country is the
 * tag's region, else the visitor's country from the IP lookup, else the language's home market.
 */
export function detectBrowserLocale(
  acceptLanguage: string | undefined | null,
  ipCountry?: string | null,
): Locale | null {
  if (!acceptLanguage) return null;
  const entries = acceptLanguage
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const quality = q ? Number.parseFloat(q.slice(2)) : 1;
      return { tag: tag.trim(), quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((e) => e.tag && e.tag !== '*' && e.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  for (const { tag } of entries) {
    const [language = '', region] = tag.split('-');
    const lang = uiLanguageFrom(language === 'en' ? 'en' : language);
    if (!lang) continue;
    const country =
      region && /^[A-Za-z]{2}$/.test(region)
        ? region.toUpperCase()
        : (ipCountry?.toUpperCase() ?? LANGUAGE_HOME_COUNTRY[lang]);
    return { lang, country };
  }
  return null;
}

export interface ResolveLocaleInput {
  /** The visitor's stored choice (cookie). */
  stored?: Locale | null;
  /** The locale named by the route segment. */
  route?: Locale | null;
  /** Detected from the browser; only used when there is no stored choice. */
  browser?: Locale | null;
  /** A signed-in user's own language and country. */
  user?: Locale | null;
  /** True while an existing order is being completed: then the user's values do not win. */
  completingOrder?: boolean;
  isActiveCountry: (country: string) => boolean;
}

/**
 * Spec section 4: stored choice, else route, else browser, else default; a signed-in user's own values win unless
 * an order is being completed; a country that is not active falls back to US.
 */
export function resolveLocale(input: ResolveLocaleInput): Locale {
  let locale = input.stored ?? input.route ?? input.browser ?? DEFAULT_LOCALE;
  if (input.user && !input.completingOrder) locale = input.user;
  if (!input.isActiveCountry(locale.country)) return FALLBACK_LOCALE;
  return locale;
}

/**
 * The redirect needed when the route segment does not name the selected locale exactly.
 * 301 when the segment already names the current locale in another spelling (a permanent canonicalisation,
 * `/de-de` → `/de-DE`); 302 when it names another locale (the choice is the visitor's, not the URL's).
 */
export function localeRedirectStatus(segment: string | undefined, current: Locale): 301 | 302 | null {
  const route = parseLocaleSegment(segment);
  if (!route) return 302;
  if (sameLocale(route, current)) return segment === formatLocaleSegment(current) ? null : 301;
  return 302;
}

/** Replaces (or inserts) the locale segment of a path. `rest` is everything after the locale segment. */
export function localizedPath(locale: Locale, rest: string): string {
  const at = rest.search(/[?#]/);
  const path = at === -1 ? rest : rest.slice(0, at);
  const suffix = at === -1 ? '' : rest.slice(at);
  const tail = path === '/' || path === '' ? '' : path.startsWith('/') ? path : `/${path}`;
  return `/${formatLocaleSegment(locale)}${tail}${suffix}`;
}

/** Splits a pathname into its locale segment (when the first segment is one) and the rest. */
export function splitLocalePath(pathname: string): { segment: string | null; rest: string } {
  const m = /^\/([^/]+)(\/.*)?$/.exec(pathname);
  if (m && SEGMENT.test(m[1] as string)) return { segment: m[1] as string, rest: m[2] ?? '/' };
  return { segment: null, rest: pathname || '/' };
}
