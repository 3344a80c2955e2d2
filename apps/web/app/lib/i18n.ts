import type { Locale } from '@varg/domain';
import { formatLocaleSegment } from '@varg/domain';
import type { Messages } from '@varg/i18n';
import i18next, { type i18n } from 'i18next';
import { useMemo } from 'react';
import { initReactI18next, useTranslation } from 'react-i18next';

/** `tag` is the BCP 47 locale (`de-DE`): i18next uses it for plural rules, and would re-case a spec code like `en-us`. */
export function createI18n(tag: string, messages: Messages): i18n {
  const instance = i18next.createInstance();
  instance.use(initReactI18next).init({
    lng: tag,
    fallbackLng: false,
    resources: { [tag]: { translation: messages } },
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return instance;
}

export function useI18nInstance(lang: string, messages: Messages): i18n {
  return useMemo(() => createI18n(lang, messages), [lang, messages]);
}

export { useTranslation };

/** Country names in the UI language, from the browser's or Node's own CLDR data. */
export function countryName(code: string, locale: Locale, fallback: string): string {
  try {
    return new Intl.DisplayNames([formatLocaleSegment(locale)], { type: 'region' }).of(code) ?? fallback;
  } catch {
    return fallback;
  }
}
