import { describe, expect, it } from 'vitest';
import { decimalAmount, jsonLdText } from './json-ld.tsx';

describe('json-ld', () => {
  it('escapes what could end the script element, and stays the same JSON', () => {
    const data = { name: '</script><script>alert(1)</script> & <!--', dash: 'a\u2028b' };
    const text = jsonLdText(data);
    expect(text).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(text)).toEqual(data);
  });

  it('writes minor units as a decimal string without floats', () => {
    expect(decimalAmount(1390000)).toBe('13900.00');
    expect(decimalAmount(5)).toBe('0.05');
    expect(decimalAmount(0)).toBe('0.00');
    expect(decimalAmount(-1999)).toBe('-19.99');
    expect(decimalAmount(1234, 0)).toBe('1234');
    expect(() => decimalAmount(1.5)).toThrow();
  });
});
