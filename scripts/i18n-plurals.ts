// Turns counted messages into i18next plural keys in all 23 catalogs: `npx node scripts/i18n-plurals.ts` (Node 24).
// scripts/i18n/plurals.json is `{ "<key>": { "<lang>": { "one": "…", "few": "…", "many": "…", "other": "…" } } }`
// with exactly the CLDR plural categories of each language (`Intl.PluralRules(lang)`); the script removes `<key>`
// (and any older `<key>_<category>`) and writes `<key>_<category>` in its place. Its `$remove` lists keys no longer
// used, and `$unitless` lists `key: placeholder` pairs whose value gets its number formatted by Intl (a percentage),
// so a "%" written beside that placeholder is dropped; `$replace` maps `key` to `[pattern, to]`, a regular expression replaced in
// every language (placeholders a formatted value now takes whole). Running it again changes nothing.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const ORDER = ['zero', 'one', 'two', 'few', 'many', 'other'];
const dir = join(import.meta.dirname, '../packages/i18n/catalogs');
const file = process.argv[2] ?? join(import.meta.dirname, 'i18n/plurals.json');
const {
  $remove = [],
  $unitless = {},
  $replace = {},
  ...plurals
} = JSON.parse(readFileSync(file, 'utf8')) as {
  $remove?: string[];
  $unitless?: Record<string, string>;
  $replace?: Record<string, [string, string]>;
} & Record<string, Record<string, Record<string, string>>>;
const languages = readdirSync(dir)
  .filter((f) => /^[a-z]{2}(-[a-z]{2})?\.json$/.test(f))
  .map((f) => f.slice(0, -5));

const categories = (lang: string) => {
  const present = new Set<string>(new Intl.PluralRules(lang).resolvedOptions().pluralCategories);
  return ORDER.filter((c) => present.has(c));
};
const problems = Object.entries(plurals).flatMap(([key, byLang]) =>
  languages.flatMap((lang) => {
    const forms = byLang[lang];
    const want = categories(lang);
    if (!forms) return [`${key}: ${lang} missing`];
    const got = Object.keys(forms);
    if (got.sort().join() !== [...want].sort().join()) return [`${key}: ${lang} has ${got} but needs ${want}`];
    return want.filter((c) => !forms[c]?.includes('{{count}}')).map((c) => `${key}: ${lang} ${c} lacks {{count}}`);
  }),
);
if (problems.length) throw new Error(`plurals.json:\n${problems.join('\n')}`);

const isForm = (key: string, base: string) => ORDER.some((c) => key === `${base}_${c}`);
// "25 %", "25%", "%25" (Turkish), with ordinary, no-break or narrow no-break spaces.
const percentAround = (name: string) =>
  new RegExp(`%[ \\u00a0\\u202f]?(\\{\\{${name}\\}\\})|(\\{\\{${name}\\}\\})[ \\u00a0\\u202f]?%`, 'g');

for (const lang of languages) {
  const path = join(dir, `${lang}.json`);
  const catalog = JSON.parse(readFileSync(path, 'utf8')) as Record<string, string>;
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(catalog)) {
    if ($remove.includes(key)) continue;
    const base = key in plurals ? key : Object.keys(plurals).find((b) => isForm(key, b));
    if (base) {
      // The forms go where the key (or its first older form) was.
      if (`${base}_one` in out || `${base}_other` in out) continue;
      for (const c of categories(lang)) out[`${base}_${c}`] = plurals[base]?.[lang]?.[c] as string;
      continue;
    }
    const placeholder = $unitless[key];
    const unitless = placeholder ? value.replace(percentAround(placeholder), (_, a, b) => a ?? b) : value;
    const replace = $replace[key];
    out[key] = replace ? unitless.replace(new RegExp(replace[0], 'gu'), replace[1]) : unitless;
  }
  for (const base of Object.keys(plurals)) {
    if (`${base}_other` in out) continue;
    for (const c of categories(lang)) out[`${base}_${c}`] = plurals[base]?.[lang]?.[c] as string;
  }
  writeFileSync(path, `${JSON.stringify(out, null, 2)}\n`);
}
console.log(`${Object.keys(plurals).length} counted keys, ${$remove.length} removed, in ${languages.length} catalogs`);
