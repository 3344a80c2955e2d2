import { describe, expect, it } from 'vitest';
import { cardBrandLabel, cardExpiry, maskedCardNumber, parseCardExpiry } from './payment-card.ts';

describe('maskedCardNumber', () => {
  it('pads the last four digits to 19 characters in groups of four', () => {
    expect(maskedCardNumber('4242')).toBe('**** **** **** 4242');
    expect(maskedCardNumber('4242')).toHaveLength(19);
    expect(maskedCardNumber('0005')).toBe('**** **** **** 0005');
  });
  it('keeps only the last four digits of a longer or spaced value', () => {
    expect(maskedCardNumber('4242 4242 4242 4444')).toBe('**** **** **** 4444');
  });
  it('pads fewer digits with stars too', () => {
    expect(maskedCardNumber('42')).toBe('**** **** **** **42');
    expect(maskedCardNumber('')).toBe('**** **** **** ****');
  });
});

describe('cardExpiry', () => {
  it('pads the month to two digits and shows the year in full', () => {
    expect(cardExpiry(3, 2031)).toBe('03/2031');
    expect(cardExpiry(12, 2034)).toBe('12/2034');
    expect(cardExpiry(1, 34)).toBe('01/2034');
  });
});

describe('cardBrandLabel', () => {
  it('is upper case', () => {
    expect(cardBrandLabel('visa')).toBe('VISA');
    expect(cardBrandLabel('mastercard')).toBe('MASTERCARD');
  });
});

describe('parseCardExpiry', () => {
  it('reads MM/YY and MM/YYYY', () => {
    expect(parseCardExpiry('12/34')).toEqual({ month: 12, year: 2034 });
    expect(parseCardExpiry(' 1 / 2031 ')).toEqual({ month: 1, year: 2031 });
  });
  it('refuses anything else', () => {
    expect(parseCardExpiry('13/34')).toBeNull();
    expect(parseCardExpiry('00/34')).toBeNull();
    expect(parseCardExpiry('1234')).toBeNull();
    expect(parseCardExpiry('12/345')).toBeNull();
    expect(parseCardExpiry('')).toBeNull();
  });
});
