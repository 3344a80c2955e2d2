import { describe, expect, it } from 'vitest';
import { minorUnits } from './amount.ts';

describe('an amount typed in the refund form', () => {
  it('reads decimals with a point or a comma, and spaces between thousands, as minor units', () => {
    expect(minorUnits('12.50')).toBe(1250);
    expect(minorUnits('12,5')).toBe(1250);
    expect(minorUnits('1 234,56')).toBe(123456);
    expect(minorUnits('59.94')).toBe(5994);
    expect(minorUnits('7')).toBe(700);
  });
  it('refuses what is not an amount, zero, and more than two decimals', () => {
    for (const typed of ['', 'abc', '0', '0,00', '-5', '1.234', '12.345', '1e3', '12.5.0'])
      expect(minorUnits(typed)).toBeNull();
  });
});
