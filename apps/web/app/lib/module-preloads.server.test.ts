import { describe, expect, it } from 'vitest';
import { joinDocument } from './module-preloads.server.ts';

const page = (head: string, body: string) => `<!DOCTYPE html><html><head>${head}</head><body>${body}</body></html>`;
const head = (low: string) =>
  `<meta charSet="utf-8"/><link rel="modulepreload"${low} href="/assets/a.js" nonce="n"/><style>p{}</style>` +
  `<link rel="modulepreload"${low} href="/assets/b-é.js" nonce="n"/><link rel="icon" href="/favicon.svg"/>`;
// The body may show the markup as text, or carry a link React did not hoist: neither is the head's.
const body = '<p>Grüße</p><noscript><link rel="modulepreload" href="/x.js"/></noscript>';
const rendered = Buffer.from(page(head(''), body));
const expected = page(head(' fetchpriority="low"'), body);

describe('joinDocument', () => {
  it("joins React's chunks and marks the head's module preloads low priority, leaving every other byte as it was", () => {
    expect(joinDocument([rendered]).toString('utf8')).toBe(expected);
  });

  it('finds a preload wherever the chunk boundaries fall', () => {
    for (let cut = 1; cut < rendered.length; cut++) {
      const chunks = [rendered.subarray(0, cut), rendered.subarray(cut)];
      expect(joinDocument(chunks).toString('utf8'), `cut at ${cut}`).toBe(expected);
    }
  });

  it('leaves a document without module preloads as React wrote it', () => {
    const plain = Buffer.from(page('<title>x</title>', body));
    expect(joinDocument([plain.subarray(0, 10), plain.subarray(10)]).equals(plain)).toBe(true);
  });
});
