// Adds (or replaces) message keys in all 23 catalogs: `npx node scripts/i18n-add.ts keys.json` (Node 24), where keys.json is
// `{ "key": { "en-us": "…", "de": "…", … every language } }`. A key missing a language is refused, so no catalog
// is left without it. Keys are appended in the order given; existing keys keep their place.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = join(import.meta.dirname, '../packages/i18n/catalogs');
const file = process.argv[2];
if (!file) throw new Error('usage: npx node scripts/i18n-add.ts keys.json');
const additions = JSON.parse(readFileSync(file, 'utf8')) as Record<string, Record<string, string>>;
const languages = readdirSync(dir)
  .filter((f) => /^[a-z]{2}(-[a-z]{2})?\.json$/.test(f))
  .map((f) => f.slice(0, -5));
const missing = Object.entries(additions).flatMap(([key, values]) =>
  languages.filter((lang) => typeof values[lang] !== 'string' || !values[lang].trim()).map((lang) => `${key}: ${lang}`),
);
if (missing.length) throw new Error(`missing translations:\n${missing.join('\n')}`);
for (const lang of languages) {
  const path = join(dir, `${lang}.json`);
  const catalog = JSON.parse(readFileSync(path, 'utf8')) as Record<string, string>;
  for (const [key, values] of Object.entries(additions)) catalog[key] = values[lang] as string;
  writeFileSync(path, `${JSON.stringify(catalog, null, 2)}\n`);
}
console.log(`${Object.keys(additions).length} keys in ${languages.length} catalogs`);
