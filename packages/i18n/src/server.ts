import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { UI_LANGUAGES, type UiLanguage } from '@varg/domain';
import { catalogVariants, type Messages, translate } from './index.ts';

const catalogDir = new URL('../catalogs/', import.meta.url);
const overrideDir = new URL('overrides/', catalogDir);

function load(lang: UiLanguage): Messages {
  return JSON.parse(readFileSync(new URL(`${lang}.json`, catalogDir), 'utf8')) as Messages;
}

/**
 * Every catalog, each read on its first use and then kept: a process holds only the languages it has served (all 23
 * parsed are ~12 MB of heap; decision 006). Frozen; each language is a getter.
 */
export const CATALOGS: Readonly<Record<UiLanguage, Messages>> = Object.freeze(
  Object.defineProperties(
    {},
    Object.fromEntries(
      UI_LANGUAGES.map((lang) => {
        let messages: Messages | undefined;
        return [lang, { enumerable: true, get: () => (messages ??= load(lang)) }];
      }),
    ),
  ) as Record<UiLanguage, Messages>,
);

/** Market variants (`pt-BR`, `es-419`, `es-MX`): only the keys that differ from the language's catalog. */
export const OVERRIDES: Readonly<Record<string, Messages>> = Object.freeze(
  Object.fromEntries(
    (existsSync(overrideDir) ? readdirSync(overrideDir) : [])
      .filter((f) => f.endsWith('.json'))
      .map((f) => [f.slice(0, -5), JSON.parse(readFileSync(new URL(f, overrideDir), 'utf8')) as Messages]),
  ),
);

export const SOURCE_LANGUAGE: UiLanguage = 'en-us';

/** A language, or a language in a country (the locale of a page, an order, a vehicle), whose variant it reads. */
export type CatalogLocale = UiLanguage | { lang: UiLanguage; country?: string | null | undefined };

const merged = new Map<string, Messages>();

/** The messages of a language; in a country with a variant (`pt` in BR), the variant's keys over the language's. */
export function messagesFor(locale: CatalogLocale): Messages {
  const lang = typeof locale === 'string' ? locale : locale.lang;
  const variants =
    typeof locale === 'string' ? [] : catalogVariants(lang, locale.country).filter((v) => v in OVERRIDES);
  if (!variants.length) return CATALOGS[lang];
  const id = variants.join(' ');
  const known = merged.get(id);
  if (known) return known;
  const messages: Messages = Object.assign({}, CATALOGS[lang], ...variants.reverse().map((v) => OVERRIDES[v]));
  merged.set(id, messages);
  return messages;
}

/** The BCP 47 tag whose plural rules count: the country's when known (`pt-PT` says "0 motas", `pt-BR` "0 moto"). */
function pluralTag(locale: CatalogLocale): string {
  if (typeof locale === 'string') return locale;
  return locale.country ? `${locale.lang.split('-')[0]}-${locale.country.toUpperCase()}` : locale.lang;
}

export function t(locale: CatalogLocale, key: string, params?: Record<string, string | number>): string {
  return translate(messagesFor(locale), key, params, CATALOGS[SOURCE_LANGUAGE], pluralTag(locale));
}
