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

const I18nContext = createContext<TFunction>((key) => key);

/** `tag` is the BCP 47 locale (`de-DE`), used for plural rules. */
export function I18nProvider({ tag, messages, children }: { tag: string; messages: Messages; children: ReactNode }) {
  const t = useMemo(() => createT(tag, messages), [tag, messages]);
  return createElement(I18nContext.Provider, { value: t }, children);
}

/** Same shape as react-i18next's hook. */
export function useTranslation(): { t: TFunction } {
  return { t: useContext(I18nContext) };
}

const regionNames = new Map<string, Intl.DisplayNames | null>();

/**
 * Country names in the UI language, from the browser's or Node's own CLDR data. One `Intl.DisplayNames` per language,
 * kept: building one per name cost ~65 ms of a phone's main thread at hydration for a list of countries (issue 19).
 */
export function countryName(code: string, locale: Locale, fallback: string): string {
  const tag = formatLocaleSegment(locale);
  let names = regionNames.get(tag);
  if (names === undefined) {
    try {
      names = new Intl.DisplayNames([tag], { type: 'region' });
    } catch {
      names = null;
    }
    regionNames.set(tag, names);
  }
  try {
    return names?.of(code) ?? fallback;
  } catch {
    return fallback;
  }
}
