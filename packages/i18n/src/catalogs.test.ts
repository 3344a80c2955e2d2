import { readdirSync, readFileSync } from 'node:fs';
import { UI_LANGUAGES } from '@varg/domain';
import { describe, expect, it } from 'vitest';
import {
  formatDistance,
  formatHours,
  formatMonths,
  formatPercent,
  interpolate,
  PLURAL_CATEGORIES,
  pluralCategories,
  translate,
} from './index.ts';
import { t } from './server.ts';

const dir = new URL('../catalogs/', import.meta.url);
const read = (file: string) => JSON.parse(readFileSync(new URL(file, dir), 'utf8')) as Record<string, string>;
const source = read('en-us.json');
const sourceKeys = Object.keys(source).sort();
const placeholders = (s: string) => (s.match(/\{\{\s*\w+\s*\}\}/g) ?? []).sort();

// Counted messages: the source has `<key>_one` and `<key>_other`; every catalog has `<key>_<category>` for exactly
// the CLDR plural categories of its language, and no `<key>` of its own.
const suffix = new RegExp(`_(${PLURAL_CATEGORIES.join('|')})$`);
const counted = [
  ...new Set(
    sourceKeys
      .filter((k) => k.endsWith('_one'))
      .map((k) => k.slice(0, -4))
      .filter((base) => `${base}_other` in source),
  ),
].sort();
const isPluralForm = (key: string) => suffix.test(key) && counted.includes(key.replace(suffix, ''));
/** The keys a catalog must have: the source's plain keys and, per counted message, the language's forms. */
const expectedKeys = (lang: string) =>
  [
    ...sourceKeys.filter((k) => !isPluralForm(k)),
    ...counted.flatMap((base) => pluralCategories(lang).map((c) => `${base}_${c}`)),
  ].sort();
/** The source text a key's placeholders are compared with (a plural form: the source's `_other`). */
const sourceOf = (key: string) => source[isPluralForm(key) ? `${key.replace(suffix, '')}_other` : key] ?? '';

// Brand and model names that are the same in every language.
const SAME_EVERYWHERE = new Set([
  'app_name',
  'seo_site_name',
  'nav_varg_mx',
  'nav_varg_ex',
  'nav_varg_sm',
  'model_varg_name',
  'model_varg_ex_name',
  'model_varg_sm_name',
]);

describe('message catalogs', () => {
  it('exist for exactly the 23 languages of the spec', () => {
    const files = readdirSync(dir)
      .filter((f) => /^[a-z]{2}(-[a-z]{2})?\.json$/.test(f))
      .map((f) => f.replace(/\.json$/, ''))
      .sort();
    expect(files).toEqual([...UI_LANGUAGES].sort());
  });

  it('count things with plural keys', () => {
    expect(counted.length).toBeGreaterThanOrEqual(10);
    // A count shown in a message is `{{count}}` of a plural key, never a number in a plain message.
    const plainCounts = sourceKeys.filter((k) => !isPluralForm(k) && /\{\{\s*count\s*\}\}/.test(source[k] ?? ''));
    expect(plainCounts.sort()).toEqual(['test_ride_feedback_stars', 'order_quantity', 'cart_quantity_value'].sort());
  });

  describe.each(UI_LANGUAGES)('%s', (lang) => {
    const catalog = read(`${lang}.json`);
    it('has every key of the source catalog, the plural forms of its language, and no other', () => {
      expect(Object.keys(catalog).sort()).toEqual(expectedKeys(lang));
    });
    it('counts with {{count}} in every plural form', () => {
      const missing = Object.keys(catalog).filter((k) => isPluralForm(k) && !catalog[k]?.includes('{{count}}'));
      expect(missing).toEqual([]);
    });
    it('writes no "%" beside a number placeholder (Intl formats percentages)', () => {
      const percent = Object.entries(catalog).filter(([, v]) =>
        /\}\}[\s\u00a0\u202f]?%|%[\s\u00a0\u202f]?\{\{/.test(v),
      );
      expect(percent).toEqual([]);
    });
  });

  describe.each(UI_LANGUAGES.filter((l) => l !== 'en-us'))('%s', (lang) => {
    const catalog = read(`${lang}.json`);
    it('has a non-empty value for every key', () => {
      expect(Object.entries(catalog).filter(([, v]) => typeof v !== 'string' || !v.trim())).toEqual([]);
    });
    it('keeps every placeholder', () => {
      const broken = Object.keys(catalog).filter(
        (k) => placeholders(sourceOf(k)).join() !== placeholders(catalog[k] ?? '').join(),
      );
      expect(broken).toEqual([]);
    });
    it('is translated, not an English copy', () => {
      const copies = sourceKeys.filter(
        (k) => !SAME_EVERYWHERE.has(k) && catalog[k] === source[k] && (source[k] ?? '').length > 3,
      );
      // A few short words may legitimately match (e.g. "OK"); a whole catalog must not.
      expect(copies.length).toBeLessThan(sourceKeys.length * 0.05);
    });
  });
});

describe('translate', () => {
  it('interpolates, and falls back to the fallback catalog, then the key', () => {
    expect(interpolate('© {{year}} X', { year: 2026 })).toBe('© 2026 X');
    expect(interpolate('{{missing}}', {})).toBe('{{missing}}');
    expect(translate({ a: 'A {{n}}' }, 'a', { n: 1 })).toBe('A 1');
    expect(translate({}, 'b', undefined, { b: 'B' })).toBe('B');
    expect(translate({}, 'zz')).toBe('zz');
  });
});

describe('plurals', () => {
  const COUNTS = [0, 1, 2, 5, 21, 22, 25];

  it('chooses the category of the language for 0, 1, 2, 5, 21, 22 and 25 in every counted message', () => {
    for (const lang of UI_LANGUAGES) {
      const catalog = read(`${lang}.json`);
      const rules = new Intl.PluralRules(lang);
      for (const base of counted) {
        for (const count of COUNTS) {
          const text = t(lang, base, { count, delivered: 0, search: 'x', query: 'x' });
          const expected = interpolate(catalog[`${base}_${rules.select(count)}`] ?? '<none>', {
            count,
            delivered: 0,
            search: 'x',
            query: 'x',
          });
          expect(text, `${lang} ${base} ${count}`).toBe(expected);
          expect(text, `${lang} ${base} ${count}`).toContain(String(count));
        }
      }
    }
  });

  it('reads as a native speaker counts', () => {
    const forms = (lang: Parameters<typeof t>[0], key: string) => COUNTS.map((count) => t(lang, key, { count }));
    expect(forms('en-us', 'auction_bids_count')).toEqual([
      '0 bids',
      '1 bid',
      '2 bids',
      '5 bids',
      '21 bids',
      '22 bids',
      '25 bids',
    ]);
    expect(forms('pl', 'auction_bids_count')).toEqual([
      '0 ofert',
      '1 oferta',
      '2 oferty',
      '5 ofert',
      '21 ofert',
      '22 oferty',
      '25 ofert',
    ]);
    expect(forms('ru', 'auction_bids_count')).toEqual([
      '0 ставок',
      '1 ставка',
      '2 ставки',
      '5 ставок',
      '21 ставка',
      '22 ставки',
      '25 ставок',
    ]);
    expect(forms('cs', 'store_results')).toEqual([
      '0 výsledků',
      '1 výsledek',
      '2 výsledky',
      '5 výsledků',
      '21 výsledků',
      '22 výsledků',
      '25 výsledků',
    ]);
    expect(forms('sl', 'store_results')).toEqual([
      '0 zadetkov',
      '1 zadetek',
      '2 zadetka',
      '5 zadetkov',
      '21 zadetkov',
      '22 zadetkov',
      '25 zadetkov',
    ]);
    expect(forms('ro', 'store_results')).toEqual([
      '0 rezultate',
      '1 rezultat',
      '2 rezultate',
      '5 rezultate',
      '21 de rezultate',
      '22 de rezultate',
      '25 de rezultate',
    ]);
    expect(t('nl', 'error_transfer_code_invalid', { count: 1 })).toBe('De code klopt niet. Nog 1 poging.');
    expect(t('fr', 'error_transfer_code_invalid', { count: 1 })).toBe('Le code n’est pas correct. Il reste 1 essai.');
    expect(t('en-us', 'error_transfer_code_invalid', { count: 1 })).toBe('The code is incorrect. 1 try left.');
  });

  it('falls back to the other form, then to the source language', () => {
    expect(translate({ x_other: '{{count}} x' }, 'x', { count: 1 }, undefined, 'pl')).toBe('1 x');
    expect(translate({}, 'x', { count: 1 }, { x_one: 'one {{count}}', x_other: 'many' }, 'pl')).toBe('one 1');
  });
});

describe('numbers with units', () => {
  it('come from Intl in the language', () => {
    expect(formatPercent('fi', 25.5)).toBe('25,5\u00a0%');
    expect(formatPercent('en-US', 25.5)).toBe('25.5%');
    expect(formatPercent('tr', 20)).toBe('%20');
    expect(formatMonths('pl', 24)).toBe('24 miesiące');
    expect(formatMonths('pl', 36)).toBe('36 miesięcy');
    expect(formatMonths('ro', 36)).toBe('36 de luni');
    expect(t('de', 'ledger_hours', { duration: formatHours('de', 2.5), rate: '50 €' })).toBe(
      '2,5 Stunden zu 50 € pro Stunde',
    );
    expect(t('nl', 'stores_distance', { distance: formatDistance('nl', 12.4, 'km') })).toBe('12,4 km hiervandaan');
    expect(t('fi', 'checkout_vat_included', { rate: formatPercent('fi', 25.5) })).toContain('25,5\u00a0%');
  });
});

describe('translator context (en-us.context.json)', () => {
  const context = read('en-us.context.json');
  it('describes at least 60 ambiguous keys, each a key of the source (a counted message by its name)', () => {
    expect(Object.keys(context).length).toBeGreaterThanOrEqual(60);
    expect(Object.keys(context).filter((k) => !(k in source) && !counted.includes(k))).toEqual([]);
    expect(Object.entries(context).filter(([, v]) => v.trim().length < 15)).toEqual([]);
  });
  it('tells deposit and down payment apart', () => {
    expect(context.payment_kind_deposit).toMatch(/down payment/);
    expect(context.payment_kind_down_payment).toMatch(/deposit/);
  });
});
