import { LRUCache } from 'lru-cache';

export interface CachedPage {
  status: number;
  headers: Array<[string, string]>;
  /** The document as UTF-8, rendered with some nonce. */
  body: Buffer;
  /** Byte offsets of that nonce in the body; each hit writes its own nonce there. */
  nonceOffsets: number[];
}

/**
 * A short-lived in-process cache of anonymous HTML pages (docs/decisions/004-page-cache-and-csp.md). Bounded by
 * bytes, so URLs with ever-new query strings cannot grow it without limit. It is never the only copy of anything:
 * each process fills its own from the database.
 */
export function createPageCache(ttlMs: number, maxBytes = 32 * 1024 * 1024) {
  const cache =
    ttlMs > 0
      ? new LRUCache<string, CachedPage>({
          maxSize: maxBytes,
          sizeCalculation: (page) => page.body.length + 256,
          ttl: ttlMs,
        })
      : null;
  return {
    get: (key: string) => cache?.get(key),
    set: (key: string, page: CachedPage, ttlMs?: number) => cache?.set(key, page, ttlMs ? { ttl: ttlMs } : undefined),
    clear: () => cache?.clear(),
  };
}

/** Stores a rendered document: its bytes and where its nonce stands. */
export function toCachedPage(
  status: number,
  headers: Array<[string, string]>,
  html: string | Buffer,
  nonce: string,
): CachedPage {
  const body = typeof html === 'string' ? Buffer.from(html, 'utf8') : html;
  const needle = Buffer.from(nonce, 'utf8');
  const nonceOffsets: number[] = [];
  if (needle.length > 0) {
    for (let at = body.indexOf(needle); at !== -1; at = body.indexOf(needle, at + needle.length)) nonceOffsets.push(at);
  }
  return { status, headers, body, nonceOffsets };
}

/** The cached document with another nonce of the same length (every nonce is 16 random bytes in base64). */
export function withNonce(page: CachedPage, nonce: string): Buffer {
  const copy = Buffer.allocUnsafe(page.body.length);
  page.body.copy(copy);
  for (const at of page.nonceOffsets) copy.write(nonce, at, 'utf8');
  return copy;
}
