import { LRUCache } from 'lru-cache';

export interface CachedPage {
  status: number;
  headers: Array<[string, string]>;
  body: string;
  /** The CSP nonce rendered into the body; replaced by each response's own nonce when served. */
  nonce: string;
}

/**
 * A short-lived in-process cache of anonymous HTML pages (DESIGN.md: cache what is public). Only complete 200
 * documents without Set-Cookie are stored; the key holds everything a page depends on for an anonymous visitor.
 * It is never the only copy of anything: each process fills its own from the database.
 */
export function createPageCache(ttlMs: number, maxEntries = 1000) {
  const cache = ttlMs > 0 ? new LRUCache<string, CachedPage>({ max: maxEntries, ttl: ttlMs }) : null;
  return {
    get: (key: string) => cache?.get(key),
    set: (key: string, page: CachedPage) => cache?.set(key, page),
    clear: () => cache?.clear(),
    enabled: cache !== null,
  };
}
export type PageCache = ReturnType<typeof createPageCache>;

/** The body as served with another nonce. */
export function withNonce(page: CachedPage, nonce: string): string {
  return page.body.replaceAll(page.nonce, nonce);
}
