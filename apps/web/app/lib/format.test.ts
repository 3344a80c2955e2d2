// The web's one formatter: money in minor units, calendar dates, moments and percentages in the page's language.
import { describe, expect, it } from 'vitest';
import { decimalOf, formatDateTime, formatIsoDate, formatUtcDateTime, formatUtcDay, money } from './format.ts';

const nbsp = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('lib/format', () => {
  it('formats integer minor units with the currency of the locale', () => {
    expect(nbsp(money(1_390_050, 'EUR', 'de-DE'))).toBe('13.900,50 €');
    expect(money(1_049_000, 'USD', 'en-US')).toBe('$10,490.00');
    expect(nbsp(money(99, 'SEK', 'sv-SE'))).toBe('0,99 kr');
    expect(decimalOf(1_071_050)).toBe('10710.50');
  });

  it('reads a calendar date the same day everywhere, and names UTC moments', () => {
    expect(formatIsoDate('2026-08-14', 'de-DE')).toBe('14. August 2026');
    expect(formatIsoDate('not a date', 'de-DE')).toBe('not a date');
    expect(nbsp(formatUtcDateTime('2026-11-25T23:30:00Z', 'en-US'))).toBe('Nov 25, 2026, 11:30 PM UTC');
    expect(formatUtcDay('2026-11-25T23:30:00Z', 'fr-FR')).toBe('25 nov. 2026');
  });

  it('shows a moment with no market zone in the default display time zone, Asia/Tokyo, named', () => {
    // 23:30 UTC is 08:30 the next morning in Tokyo, whatever zone this machine runs in.
    expect(nbsp(formatDateTime('2026-11-25T23:30:00Z', 'en-US'))).toBe('Nov 26, 2026, 8:30 AM GMT+9');
    expect(nbsp(formatDateTime('2026-11-25T23:30:00Z', 'de-DE'))).toBe('26. Nov. 2026, 08:30 GMT+9');
    expect(nbsp(formatDateTime('2026-11-25T23:30:00Z', 'en-US', 'Europe/Madrid'))).toBe('Nov 26, 2026, 12:30 AM GMT+1');
    expect(formatDateTime('soon', 'en-US')).toBe('soon');
  });
});
