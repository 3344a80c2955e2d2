import { describe, expect, it } from 'vitest';
import { deeplinkCookie, deeplinkFromQuery, recordedDeeplink, safeDeeplink } from './deeplink.server.ts';

const query = (search: string) => new URLSearchParams(search);
const withCookie = (value: unknown, url = 'http://shop.test/en-US/store') =>
  new Request(url, { headers: { cookie: `mobile_deeplink=${encodeURIComponent(JSON.stringify(value))}` } });

describe('the mobile app deeplinks', () => {
  it('allows only a custom scheme or an internal path as the way back (no open redirect)', () => {
    expect(safeDeeplink('starkapp://garage/parts')).toBe('starkapp://garage/parts');
    expect(safeDeeplink('/en-US/orders/my')).toBe('/en-US/orders/my');
    for (const bad of ['https://evil.test', '//evil.test', 'javascript:alert(1)', 'data:text/html,x', 'nope', '']) {
      expect(safeDeeplink(bad)).toBeNull();
    }
    expect(safeDeeplink(`starkapp://${'a'.repeat(520)}`)).toBeNull();
  });

  it('reads the part upgrade, the extended warranty and the card from the query', () => {
    expect(deeplinkFromQuery(query('returnTo=starkapp://x&addPartCodeToCart=VARG-BRAKE-01'))).toEqual({
      type: 'upgradePart',
      returnTo: 'starkapp://x',
      kind: 'part',
      code: 'VARG-BRAKE-01',
    });
    expect(deeplinkFromQuery(query('returnTo=starkapp://x&extendedWarranty=EW-12'))).toEqual({
      type: 'upgradePart',
      returnTo: 'starkapp://x',
      kind: 'warranty',
      code: 'EW-12',
    });
    expect(deeplinkFromQuery(query('returnTo=starkapp://x&addCard=true'))).toEqual({
      type: 'addCard',
      returnTo: 'starkapp://x',
    });
  });

  it('records nothing without a safe returnTo or with a code that is not one', () => {
    expect(deeplinkFromQuery(query('addPartCodeToCart=P1'))).toBeNull();
    expect(deeplinkFromQuery(query('returnTo=https://evil.test&addPartCodeToCart=P1'))).toBeNull();
    expect(deeplinkFromQuery(query('returnTo=starkapp://x&addPartCodeToCart=%3Cscript%3E'))).toBeNull();
    expect(deeplinkFromQuery(query('returnTo=starkapp://x'))).toBeNull();
  });

  it('reads the cookie back, checking its returnTo again', () => {
    const part = { type: 'upgradePart', returnTo: 'starkapp://x', kind: 'part', code: 'P1' };
    expect(recordedDeeplink(withCookie(part))).toEqual(part);
    expect(recordedDeeplink(withCookie({ ...part, returnTo: 'https://evil.test' }))).toBeNull();
    expect(recordedDeeplink(withCookie({ ...part, code: 'a b' }))).toBeNull();
    expect(recordedDeeplink(withCookie({ type: 'other', returnTo: 'starkapp://x' }))).toBeNull();
    expect(
      recordedDeeplink(new Request('http://shop.test/', { headers: { cookie: 'mobile_deeplink=%7Bnot' } })),
    ).toBeNull();
  });

  it('records the deeplink in a cookie and clears it once used', () => {
    const request = new Request('http://shop.test/');
    const part = { type: 'upgradePart', returnTo: 'starkapp://x', kind: 'part', code: 'P1' } as const;
    const set = deeplinkCookie(request, part);
    expect(decodeURIComponent(set)).toContain(JSON.stringify(part));
    expect(set).toMatch(/Max-Age=86400/);
    expect(deeplinkCookie(request, null)).toMatch(/^mobile_deeplink=; Max-Age=0/);
  });
});
