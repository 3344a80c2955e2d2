import { LRUCache } from 'lru-cache';

export interface CachedPage {
  status: number;
  headers: Array<[string, string]>;
  /** The document as UTF-8, rendered with some nonce. */
  body: Buffer;
  /** Byte offsets of that nonce in the body; each hit writes its own nonce there. */
  nonceOffsets: number[];
  /** Copies of the body whose responses have been written, for later hits to write their nonce into. */
  spares: Buffer[];
  /** Set when the page leaves the cache: a copy coming back is dropped. */
  gone?: boolean;
}

/** A hit's document, and what to call once its response has been written (never earlier). */
export interface PageCopy {
  body: Buffer;
  release: () => void;
}

/**
 * A short-lived in-process cache of anonymous HTML pages (docs/decisions/004-page-cache-and-csp.md). Bounded by
 * bytes, so URLs with ever-new query strings cannot grow it without limit. It is never the only copy of anything:
 * each process fills its own from the database.
 *
 * A hit needs the document with its own nonce. Instead of a fresh copy per hit (a ~90 KB buffer of garbage each,
 * which waits for V8's next collection and then for malloc to give it back: decision 006, "Session 15"), the copies
 * of written responses are kept and reused, `spareBytes` of them at most over all pages.
 */
export function createPageCache(ttlMs: number, maxBytes = 32 * 1024 * 1024, spareBytes = 4 * 1024 * 1024) {
  let spare = 0;
  const cache =
    ttlMs > 0
      ? new LRUCache<string, CachedPage>({
          maxSize: maxBytes,
          sizeCalculation: (page) => page.body.length + 256,
          ttl: ttlMs,
          dispose: (page) => {
            page.gone = true;
            spare -= page.spares.length * page.body.length;
            page.spares.length = 0;
          },
        })
      : null;
  return {
    get: (key: string) => cache?.get(key),
    set: (key: string, page: CachedPage, ttlMs?: number) => cache?.set(key, page, ttlMs ? { ttl: ttlMs } : undefined),
    clear: () => cache?.clear(),
    /** The page with this nonce: a spare copy if there is one, else a new copy. */
    withNonce(page: CachedPage, nonce: string): PageCopy {
      const reused = page.spares.pop();
      if (reused) spare -= reused.length;
      const body = reused ?? copyOf(page.body);
      for (const at of page.nonceOffsets) body.write(nonce, at, 'utf8');
      const release = () => {
        if (page.gone || spare + body.length > spareBytes) return;
        page.spares.push(body);
        spare += body.length;
      };
      return { body, release };
    },
    /** Bytes held as spare copies (for tests). */
    spareBytes: () => spare,
  };
}

function copyOf(body: Buffer): Buffer {
  const copy = Buffer.allocUnsafe(body.length);
  body.copy(copy);
  return copy;
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
  return { status, headers, body, nonceOffsets, spares: [] };
}
