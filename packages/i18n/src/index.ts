// Message catalogs: one flat JSON per UI language, keys in the spec's `*_t_key` style. This entry is safe for the
// browser bundle (no catalog is imported here); the server loads catalogs from `@varg/i18n/server`.
export type Messages = Record<string, string>;

/**
 * Latin-American markets: Spanish there reads the `es-419` override catalog (and its country's own, `es-MX`), with
 * the region's vocabulary (moto, computadora, celular, ustedes) instead of Spain's.
 */
export const LATIN_AMERICA: ReadonlySet<string> = new Set(
  'AR BO CL CO CR CU DO EC GT HN MX NI PA PE PR PY SV UY VE'.split(' '),
);

/**
 * The override catalogs (`catalogs/overrides/<name>.json`) a language reads in a country, most specific first:
 * Portuguese in Brazil `pt-BR`; Spanish in Mexico `es-MX`, then `es-419`. Each holds only the keys that differ; the
 * rest comes from the language's catalog.
 */
export function catalogVariants(lang: string, country: string | null | undefined): string[] {
  const c = (country ?? '').toUpperCase();
  if (lang === 'pt' && c === 'BR') return ['pt-BR'];
  if (lang === 'es' && LATIN_AMERICA.has(c)) return [`es-${c}`, 'es-419'];
  return [];
}

/** CLDR plural categories in CLDR's order; a counted message is `key_<category>` for each category of its language. */
export const PLURAL_CATEGORIES = ['zero', 'one', 'two', 'few', 'many', 'other'] as const;
export type PluralCategory = (typeof PLURAL_CATEGORIES)[number];

const rulesByTag = new Map<string, Intl.PluralRules>();

/** The language's plural rules (cached); `tag` is a catalog code (`pt`, `en-us`) or a BCP 47 tag (`pt-BR`). */
export function pluralRules(tag: string): Intl.PluralRules {
  let rules = rulesByTag.get(tag);
  if (!rules) {
    rules = new Intl.PluralRules(tag);
    rulesByTag.set(tag, rules);
  }
  return rules;
}

/** The plural categories a language has, in CLDR order (`pl`: one, few, many, other). */
export function pluralCategories(tag: string): PluralCategory[] {
  const present = new Set(pluralRules(tag).resolvedOptions().pluralCategories);
  return PLURAL_CATEGORIES.filter((c) => present.has(c));
}

/** Replaces `{{name}}` placeholders, as i18next does, for code that runs without an i18next instance. */
export function interpolate(template: string, params?: Record<string, string | number>): string {
  if (!params) return template;
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

/**
 * A key's template in one catalog: with a numeric `count`, the i18next plural key `key_<category>` chosen by the
 * language's `Intl.PluralRules` (`key_few` for 2 in Polish), else the key itself.
 */
export function lookup(
  messages: Messages,
  key: string,
  params: Record<string, string | number> | undefined,
  tag: string,
): string | undefined {
  const count = params?.count;
  if (typeof count === 'number') {
    const counted = messages[`${key}_${pluralRules(tag).select(count)}`] ?? messages[`${key}_other`];
    if (counted !== undefined) return counted;
  }
  return messages[key];
}

/**
 * Looks a key up in a catalog (plural forms for `count`, by the rules of `tag`), falling back to the fallback
 * catalog (English rules), then to the key itself. A numeric `count` is written by Intl in the language of `tag`.
 */
export function translate(
  messages: Messages,
  key: string,
  params?: Record<string, string | number>,
  fallback?: Messages,
  tag = 'en-US',
): string {
  const template =
    lookup(messages, key, params, tag) ?? (fallback ? lookup(fallback, key, params, 'en-US') : undefined) ?? key;
  const count = params?.count;
  return interpolate(template, typeof count === 'number' ? { ...params, count: formatCount(tag, count) } : params);
}

const intlFormats = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

/**
 * One `Intl` format per language and options, made on first use: making one loads its CLDR data, ~0.1–0.4 ms each
 * time, and a page of orders or a configurator formats dozens of dates and numbers per render (issue 19 item 2).
 * Known by the language and the options as JSON (far cheaper than a new format); a tag `Intl` refuses throws as the
 * constructor does.
 */
function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat>(
  kind: string,
  tag: string,
  options: object,
  make: () => T,
): T {
  const id = `${kind}|${tag}|${JSON.stringify(options)}`;
  let format = intlFormats.get(id) as T | undefined;
  if (!format) {
    format = make();
    // Tags come from the 23 languages × their markets; the bound only guards against a caller passing anything else.
    if (intlFormats.size >= 2_000) intlFormats.clear();
    intlFormats.set(id, format);
  }
  return format;
}

/** A cached `Intl.NumberFormat` of `tag` with these options. */
export function numberFormat(tag: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  return cached('n', tag, options, () => new Intl.NumberFormat(tag, options));
}

/** A cached `Intl.DateTimeFormat` of `tag` with these options. */
export function dateTimeFormat(tag: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return cached('d', tag, options, () => new Intl.DateTimeFormat(tag, options));
}

/** A count as the language writes it ("2,000" in en-US, "2 000" in pl, "2.000" in de); a message shows `{{count}}` so. */
export function formatCount(tag: string, count: number): string {
  return numberFormat(tag, { maximumFractionDigits: 2 }).format(count);
}

// Numbers with units are formatted by Intl and passed into messages whole, so no catalog writes "%" or a unit beside
// a number: Finnish reads "25,5 %", Turkish "%25,5", Polish "24 miesiące".

/** A percentage given in percent (25.5 → "25.5%" in en-US, "25,5 %" in fi). */
export function formatPercent(tag: string, percent: number): string {
  return numberFormat(tag, { style: 'percent', maximumFractionDigits: 2 }).format(percent / 100);
}

/** A number of months written out in the language ("1 month", "24 miesiące", "36 de luni"). */
export function formatMonths(tag: string, months: number): string {
  return numberFormat(tag, { style: 'unit', unit: 'month', unitDisplay: 'long' }).format(months);
}

/** A number of hours written out in the language ("2.5 hours", "2,5 Stunden", "2,5 godziny"). */
export function formatHours(tag: string, hours: number): string {
  return numberFormat(tag, {
    style: 'unit',
    unit: 'hour',
    unitDisplay: 'long',
    maximumFractionDigits: 2,
  }).format(hours);
}

/** A distance in kilometers or miles with the language's unit symbol ("12.5 km", "3 mi"). */
export function formatDistance(tag: string, value: number, unit: 'km' | 'mi'): string {
  return numberFormat(tag, {
    style: 'unit',
    unit: unit === 'mi' ? 'mile' : 'kilometer',
    maximumFractionDigits: 1,
  }).format(value);
}
