import { describe, expect, it } from 'vitest';
import { countryName, createT } from './i18n.ts';

describe('client translations', () => {
  const messages = {
    hello: 'Hallo {{name}}',
    item_one: '{{count}} Artikel',
    item_other: '{{count}} Artikel (viele)',
    plain: 'Text',
  };

  it('interpolates and falls back to the key', () => {
    const t = createT('de-DE', messages);
    expect(t('hello', { name: 'Ada' })).toBe('Hallo Ada');
    expect(t('missing_key')).toBe('missing_key');
  });

  it('chooses the plural form with the locale’s rules', () => {
    const t = createT('de-DE', messages);
    expect(t('item', { count: 1 })).toBe('1 Artikel');
    expect(t('item', { count: 3 })).toBe('3 Artikel (viele)');
    expect(t('plain', { count: 2 })).toBe('Text');
  });

  it('uses the rules of the language: Polish has few and many', () => {
    const t = createT('pl-PL', { x_one: 'one', x_few: 'few', x_many: 'many', x_other: 'other' });
    expect([1, 2, 5, 22, 1.5].map((count) => t('x', { count }))).toEqual(['one', 'few', 'many', 'few', 'other']);
  });
});

describe('country names', () => {
  it('names a country in the UI language, each language with its own names, and falls back for an unknown code', () => {
    expect(countryName('DE', { lang: 'de', country: 'DE' }, 'Germany')).toBe('Deutschland');
    expect(countryName('DE', { lang: 'fr', country: 'FR' }, 'Germany')).toBe('Allemagne');
    expect(countryName('SE', { lang: 'de', country: 'DE' }, 'Sweden')).toBe('Schweden');
    expect(countryName('not a code', { lang: 'de', country: 'DE' }, 'fallback')).toBe('fallback');
  });
});
