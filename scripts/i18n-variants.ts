// Writes the market variants' override catalogs: `npx node scripts/i18n-variants.ts` (Node 24). For each variant of
// scripts/i18n/variants.json (pt-BR, es-419, es-MX, es-AR) it applies the variant's rules — regular expressions
// matched as whole words, in order — to every text of its base (a language catalog, or another variant applied to
// its language), then its fixed texts, and writes to packages/i18n/catalogs/overrides/<variant>.json only the keys
// whose text differs from its base (es-MX holds what differs from es-419; the server reads es, es-419, es-MX). In a replacement, `@` after a word ending in "a" makes it masculine
// (`paga@` → `pago`: "a encomenda paga" becomes "o pedido pago"). A rule starting with `~` is matched anywhere
// (punctuation: « » → “ ”). Run it again after any change to the catalogs.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

type Variant = { base: string; rules: Array<[string, string]>; texts: Record<string, string> };
const dir = join(import.meta.dirname, '../packages/i18n/catalogs');
const { $doc: _, ...variants } = JSON.parse(
  readFileSync(join(import.meta.dirname, 'i18n/variants.json'), 'utf8'),
) as Record<string, Variant> & { $doc?: string };

const catalog = (lang: string) => JSON.parse(readFileSync(join(dir, `${lang}.json`), 'utf8')) as Record<string, string>;
const full = new Map<string, { lang: string; messages: Record<string, string> }>();

function resolve(name: string): { lang: string; messages: Record<string, string> } {
  const known = full.get(name);
  if (known) return known;
  const variant = variants[name];
  if (!variant) {
    const lang = { lang: name, messages: catalog(name) };
    full.set(name, lang);
    return lang;
  }
  const base = resolve(variant.base);
  const rules = variant.rules.map(
    ([from, to]) =>
      [new RegExp(from.startsWith('~') ? from.slice(1) : `(?<![\\p{L}\\-])${from}(?![\\p{L}\\-])`, 'gu'), to] as const,
  );
  const messages: Record<string, string> = {};
  for (const [key, text] of Object.entries(base.messages)) {
    let out = text;
    for (const [pattern, to] of rules) out = out.replace(pattern, to);
    messages[key] = out.replace(/(\p{L}+)a@/gu, '$1o').replace(/@/g, '');
  }
  for (const [key, text] of Object.entries(variant.texts)) {
    if (!(key in messages)) throw new Error(`${name}: ${key} is not a key of ${base.lang}`);
    messages[key] = text;
  }
  const resolved = { lang: base.lang, messages };
  full.set(name, resolved);
  return resolved;
}

mkdirSync(join(dir, 'overrides'), { recursive: true });
for (const name of Object.keys(variants)) {
  const { messages } = resolve(name);
  const base = variants[name]?.base as string;
  const before = resolve(base).messages;
  const differing = Object.fromEntries(Object.entries(messages).filter(([key, text]) => before[key] !== text));
  writeFileSync(join(dir, 'overrides', `${name}.json`), `${JSON.stringify(differing, null, 2)}\n`);
  console.log(`${name}: ${Object.keys(differing).length} keys differ from ${base}`);
}
