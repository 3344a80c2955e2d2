import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createPageCache, toCachedPage } from './page-cache.ts';

const nonce = () => randomBytes(16).toString('base64');

describe('page cache', () => {
  it('serves the stored document with each response’s own nonce, and nothing else changed', () => {
    const first = nonce();
    const html = `<html><head><script nonce="${first}">a()</script></head><body>– ü ${'x'.repeat(100)}<script nonce="${first}">b()</script></body></html>`;
    const page = toCachedPage(200, [['content-type', 'text/html']], html, first);
    expect(page.nonceOffsets).toHaveLength(2);
    const second = nonce();
    expect(createPageCache(60_000).withNonce(page, second).body.toString('utf8')).toBe(html.replaceAll(first, second));
    // The stored copy is untouched by serving it.
    expect(page.body.toString('utf8')).toBe(html);
  });

  it('reuses a copy only once its response was written, each time with the new nonce', () => {
    const cache = createPageCache(60_000);
    const first = nonce();
    const html = `<script nonce="${first}"></script><p>ü</p><style nonce="${first}"></style>`;
    const page = toCachedPage(200, [], html, first);
    cache.set('k', page);
    const [a, b] = [nonce(), nonce()];
    const one = cache.withNonce(page, a);
    const two = cache.withNonce(page, b);
    // Two answers in flight never share bytes.
    expect(two.body).not.toBe(one.body);
    expect(one.body.toString('utf8')).toBe(html.replaceAll(first, a));
    expect(two.body.toString('utf8')).toBe(html.replaceAll(first, b));
    one.release();
    expect(cache.spareBytes()).toBe(page.body.length);
    const c = nonce();
    const three = cache.withNonce(page, c);
    expect(three.body).toBe(one.body);
    expect(three.body.toString('utf8')).toBe(html.replaceAll(first, c));
    expect(cache.spareBytes()).toBe(0);
    expect(page.body.toString('utf8')).toBe(html);
  });

  it('keeps spare copies within their byte budget, and none of a page that left the cache', () => {
    const cache = createPageCache(60_000, 1_000_000, 2_500);
    const page = toCachedPage(200, [], 'x'.repeat(1000), nonce());
    cache.set('k', page);
    const copies = [1, 2, 3].map(() => cache.withNonce(page, nonce()));
    for (const copy of copies) copy.release();
    expect(cache.spareBytes()).toBe(2_000);
    cache.set('k', toCachedPage(200, [], 'y'.repeat(1000), nonce()));
    expect(cache.spareBytes()).toBe(0);
    expect(page.spares).toHaveLength(0);
    cache.withNonce(page, nonce()).release();
    expect(cache.spareBytes()).toBe(0);
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
