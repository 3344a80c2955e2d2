import { readdirSync, readFileSync } from 'node:fs';
import { UI_LANGUAGES } from '@varg/domain';
import { describe, expect, it } from 'vitest';
import { interpolate, translate } from './index.ts';

const dir = new URL('../catalogs/', import.meta.url);
const read = (file: string) => JSON.parse(readFileSync(new URL(file, dir), 'utf8')) as Record<string, string>;
const source = read('en-us.json');
const sourceKeys = Object.keys(source).sort();
const placeholders = (s: string) => (s.match(/\{\{\s*\w+\s*\}\}/g) ?? []).sort();

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
      .filter((f) => f.endsWith('.json'))
      .map((f) => f.replace(/\.json$/, ''))
      .sort();
    expect(files).toEqual([...UI_LANGUAGES].sort());
  });

  describe.each(UI_LANGUAGES.filter((l) => l !== 'en-us'))('%s', (lang) => {
    const catalog = read(`${lang}.json`);
    it('has every key of the source catalog and no other', () => {
      expect(Object.keys(catalog).sort()).toEqual(sourceKeys);
    });
    it('has a non-empty value for every key', () => {
      expect(Object.entries(catalog).filter(([, v]) => typeof v !== 'string' || !v.trim())).toEqual([]);
    });
    it('keeps every placeholder', () => {
      const broken = sourceKeys.filter(
        (k) => placeholders(source[k] ?? '').join() !== placeholders(catalog[k] ?? '').join(),
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
