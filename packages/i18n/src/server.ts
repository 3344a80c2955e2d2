import { readFileSync } from 'node:fs';
import { UI_LANGUAGES, type UiLanguage } from '@varg/domain';
import { type Messages, translate } from './index.ts';

const catalogDir = new URL('../catalogs/', import.meta.url);

function load(lang: UiLanguage): Messages {
  return JSON.parse(readFileSync(new URL(`${lang}.json`, catalogDir), 'utf8')) as Messages;
}

/** Every catalog, read once at start. */
export const CATALOGS: Readonly<Record<UiLanguage, Messages>> = Object.freeze(
  Object.fromEntries(UI_LANGUAGES.map((lang) => [lang, load(lang)])) as Record<UiLanguage, Messages>,
);

export const SOURCE_LANGUAGE: UiLanguage = 'en-us';

export function messagesFor(lang: UiLanguage): Messages {
  return CATALOGS[lang];
}

export function t(lang: UiLanguage, key: string, params?: Record<string, string | number>): string {
  return translate(CATALOGS[lang], key, params, CATALOGS[SOURCE_LANGUAGE], lang);
}
