import { describe, expect, it } from 'vitest';
import { formatCurrency, formatMoney } from './money.ts';

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
