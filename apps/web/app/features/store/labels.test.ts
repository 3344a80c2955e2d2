import { describe, expect, it } from 'vitest';
import { createT } from '../../lib/i18n.ts';
import { attributeValue, variantLabel } from './labels.ts';

describe('store attribute values', () => {
  const t = createT('pl-PL', { store_attr_colour_black: 'Czarny' });

  it('writes a warranty’s months in the language, with its plural form', () => {
    expect(attributeValue(t, 'months', '24', 'pl-PL')).toBe('24 miesiące');
    expect(attributeValue(t, 'months', '36', 'pl-PL')).toBe('36 miesięcy');
    expect(attributeValue(t, 'months', '12', 'ro-RO')).toBe('12 luni');
    expect(attributeValue(t, 'months', '24', 'ro-RO')).toBe('24 de luni');
  });

  it('translates words and keeps sizes as written', () => {
    expect(attributeValue(t, 'colour', 'black', 'pl-PL')).toBe('Czarny');
    expect(attributeValue(t, 'size', 'XL', 'pl-PL')).toBe('XL');
    expect(
      variantLabel(t, { attributes: { months: '12', colour: 'black' } } as never, ['months', 'colour'], 'fi-FI'),
    ).toBe('12 kuukautta · Czarny');
  });
});
