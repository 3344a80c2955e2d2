import { readFileSync } from 'node:fs';

// The voice tests' shared reading of the catalogs (voice.test.ts, voice-glossary.test.ts).

const dir = new URL('../catalogs/', import.meta.url);
export const read = (lang: string) =>
  JSON.parse(readFileSync(new URL(`${lang}.json`, dir), 'utf8')) as Record<string, string>;
/** The keys whose value matches one of the patterns, with the value, so a failure shows what to rewrite. */
export const offending = (catalog: Record<string, string>, patterns: RegExp[], keys = Object.keys(catalog)) =>
  keys.filter((key) => patterns.some((p) => p.test(catalog[key] ?? ''))).map((key) => `${key}: ${catalog[key]}`);
