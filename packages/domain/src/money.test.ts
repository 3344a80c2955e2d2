import { describe, expect, it } from 'vitest';
import { formatCurrency, formatMoney, minorUnitsFromDecimal } from './money.ts';

describe('formatCurrency (spec section 5)', () => {
  it('uses 2 decimals by default, in the locale’s own format', () => {
    expect(formatCurrency(11900, 'EUR', 'de-DE')).toBe('11.900,00\u00a0€');
    expect(formatCurrency(10490, 'USD', 'en-US')).toBe('$10,490.00');
    expect(formatCurrency(1, 'JPY', 'en-US')).toBe('¥1.00');
  });

  it('honours another number of decimals', () => {
    expect(formatCurrency(12.5, 'EUR', 'fr-FR', 0)).toBe('13\u00a0€');
  });

  it('shows the plain number and the code when the currency is invalid', () => {
    expect(formatCurrency(12, 'EURO', 'en-US')).toBe('12.00 EURO');
    expect(formatCurrency(1234.5, '€', 'de-DE')).toBe('1.234,50 €');
  });

  it('formats integer minor units', () => {
    expect(formatMoney({ amount: 1190000, currency: 'EUR' }, 'de-DE')).toBe('11.900,00\u00a0€');
  });
});

describe('minorUnitsFromDecimal (a price typed by a dealer)', () => {
  it('reads whole and decimal amounts with a point or a comma, exactly', () => {
    expect(minorUnitsFromDecimal('10710')).toBe(1_071_000);
    expect(minorUnitsFromDecimal('10710.5')).toBe(1_071_050);
    expect(minorUnitsFromDecimal('10710,05')).toBe(1_071_005);
    expect(minorUnitsFromDecimal(' 0.29 ')).toBe(29);
  });

  it('refuses what is not a plain amount', () => {
    for (const bad of ['', '-5', '1.234,56', '12.345', 'abc', '1e5', '10 710']) {
      expect(minorUnitsFromDecimal(bad)).toBeNull();
    }
  });
});
