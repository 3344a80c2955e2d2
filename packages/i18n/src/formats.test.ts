import { describe, expect, it } from 'vitest';
import { dateTimeFormat, formatMonths, formatPercent, numberFormat } from './index.ts';

describe('cached Intl formats', () => {
  it('makes one format per language and options, and formats as a new one would', () => {
    const a = dateTimeFormat('de-DE', { dateStyle: 'long', timeZone: 'UTC' });
    expect(dateTimeFormat('de-DE', { dateStyle: 'long', timeZone: 'UTC' })).toBe(a);
    expect(dateTimeFormat('fr-FR', { dateStyle: 'long', timeZone: 'UTC' })).not.toBe(a);
    expect(dateTimeFormat('de-DE', { dateStyle: 'short', timeZone: 'UTC' })).not.toBe(a);
    expect(a.format(new Date('2026-08-14T00:00:00Z'))).toBe('14. August 2026');
    expect(numberFormat('fi', { style: 'percent' })).not.toBe(numberFormat('fi', {}));
    expect(formatPercent('fi', 25.5)).toBe(
      new Intl.NumberFormat('fi', { style: 'percent', maximumFractionDigits: 2 }).format(0.255),
    );
    expect(formatMonths('pl', 24)).toBe('24 miesiące');
  });

  it('refuses a tag Intl refuses, every time', () => {
    expect(() => formatPercent('not a tag!', 1)).toThrow(RangeError);
    expect(() => formatPercent('not a tag!', 1)).toThrow(RangeError);
  });
});
