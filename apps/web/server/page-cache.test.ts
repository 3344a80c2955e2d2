import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createPageCache, toCachedPage, withNonce } from './page-cache.ts';

const nonce = () => randomBytes(16).toString('base64');

describe('page cache', () => {
  it('serves the stored document with each response’s own nonce, and nothing else changed', () => {
    const first = nonce();
    const html = `<html><head><script nonce="${first}">a()</script></head><body>– ü ${'x'.repeat(100)}<script nonce="${first}">b()</script></body></html>`;
    const page = toCachedPage(200, [['content-type', 'text/html']], html, first);
    expect(page.nonceOffsets).toHaveLength(2);
    const second = nonce();
    expect(withNonce(page, second).toString('utf8')).toBe(html.replaceAll(first, second));
    // The stored copy is untouched by serving it.
    expect(page.body.toString('utf8')).toBe(html);
  });

  it('keeps pages for the time to live only, and can be turned off', async () => {
    const cache = createPageCache(30);
    cache.set('k', toCachedPage(200, [], '<p>hi</p>', nonce()));
    expect(cache.get('k')).toBeDefined();
    await new Promise((r) => setTimeout(r, 60));
    expect(cache.get('k')).toBeUndefined();
    const off = createPageCache(0);
    off.set('k', toCachedPage(200, [], '<p>hi</p>', nonce()));
    expect(off.get('k')).toBeUndefined();
  });

  it('is bounded by bytes, evicting the least recently used pages', () => {
    const cache = createPageCache(60_000, 10_000);
    for (let i = 0; i < 20; i++) cache.set(`p${i}`, toCachedPage(200, [], 'x'.repeat(1000), nonce()));
    expect(cache.get('p0')).toBeUndefined();
    expect(cache.get('p19')).toBeDefined();
  });
});
