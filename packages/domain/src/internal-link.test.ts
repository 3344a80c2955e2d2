import { describe, expect, it } from 'vitest';
import { isInternalLink, safeInternalLink } from './internal-link.ts';

describe('internal-link rule (spec section 5)', () => {
  it.each(['/', '/de-DE/orders/my', '/a-b_c~d%20e@f', '/checkout?orderId=42&x=1', '/terms#privacy', '/p?q=a/b#h'])(
    'accepts %s',
    (link) => expect(isInternalLink(link)).toBe(true),
  );

  it.each([
    '//evil.example/path',
    '/\\evil.example',
    'https://evil.example',
    'javascript:alert(1)',
    'orders',
    '/orders with space',
    '/orders/<script>',
    '/ünïcode',
    '/path?q=a b',
    '',
    '/a"b',
  ])('refuses %s', (link) => expect(isInternalLink(link)).toBe(false));

  it('refuses non-strings and overlong links', () => {
    expect(isInternalLink(undefined)).toBe(false);
    expect(isInternalLink(42)).toBe(false);
    expect(isInternalLink(`/${'a'.repeat(3000)}`)).toBe(false);
  });

  it('falls back when the link is not internal', () => {
    expect(safeInternalLink('//evil.example', '/home')).toBe('/home');
    expect(safeInternalLink('/orders', '/home')).toBe('/orders');
  });
});
