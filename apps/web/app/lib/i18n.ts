import type { Locale } from '@varg/domain';
import { formatLocaleSegment } from '@varg/domain';
import { type Messages, translate } from '@varg/i18n';
import { createContext, createElement, type ReactNode, useContext, useMemo } from 'react';

// The catalogs are i18next JSON (flat keys, {{name}} placeholders, _one/_other plural suffixes). The browser reads
// them through this small hook instead of i18next + react-i18next, which cost 18 KB gzip of the 100 KB home-page
// budget (docs/decisions/005-client-translations.md).
export type TFunction = (key: string, params?: Record<string, string | number>) => string;

export function createT(tag: string, messages: Messages): TFunction {
  return (key, params) => translate(messages, key, params, undefined, tag);
}

const I18nContext = createContext<{ t: TFunction; tag: string }>({ t: (key) => key, tag: 'en-US' });

/** `tag` is the BCP 47 locale (`de-DE`), used for plural rules. */
export function I18nProvider({ tag, messages, children }: { tag: string; messages: Messages; children: ReactNode }) {
  const value = useMemo(() => ({ t: createT(tag, messages), tag }), [tag, messages]);
  return createElement(I18nContext.Provider, { value }, children);
}

/** Same shape as react-i18next's hook; `tag` is the BCP 47 locale the messages are written for (numbers by Intl). */
export function useTranslation(): { t: TFunction; tag: string } {
  return useContext(I18nContext);
}

/** One `Intl.DisplayNames` per locale: making one loads its CLDR data, which cost a page render ~0.4 ms each time. */
const regionNames = new Map<string, Intl.DisplayNames | null>();

function regionNamesFor(tag: string): Intl.DisplayNames | null {
  let names = regionNames.get(tag);
  if (names === undefined) {
    try {
      names = new Intl.DisplayNames([tag], { type: 'region' });
    } catch {
      names = null;
    }
    // Tags come from the 23 languages × their markets; the bound only guards against a caller passing anything else.
    if (regionNames.size < 512) regionNames.set(tag, names);
  }
  return names;
}

/** Names already looked up, by locale and country: `DisplayNames.of` costs ~25 µs a call, on every render. */
const countryNames = new Map<string, string | undefined>();

/** Country names in the UI language, from the browser's or Node's own CLDR data. */
export function countryName(code: string, locale: Locale, fallback: string): string {
  const tag = formatLocaleSegment(locale);
  const id = `${tag}|${code}`;
  if (countryNames.has(id)) return countryNames.get(id) ?? fallback;
  let name: string | undefined;
  try {
    name = regionNamesFor(tag)?.of(code);
  } catch {
    name = undefined;
  }
  // Bounded like the formats above: tags × the ~250 region codes CLDR knows.
  if (countryNames.size >= 20_000) countryNames.clear();
  countryNames.set(id, name);
  return name ?? fallback;
}
