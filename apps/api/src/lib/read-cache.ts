import { LRUCache } from 'lru-cache';

/** How much one read cache may keep (its entries' approximate sizes added up), whatever its entry count allows. */
export const READ_CACHE_MAX_BYTES = 4 * 1024 * 1024;

/**
 * About how many bytes a kept answer takes: a buffer its length, anything else the length of its JSON (a Set or Map
 * as the list of its values). An estimate that grows with the answer, which is what a byte budget needs.
 */
export function approxBytes(value: unknown): number {
  if (value instanceof Uint8Array) return value.byteLength;
  if (value instanceof Set || value instanceof Map) return approxBytes([...value]);
  try {
    return (JSON.stringify(value) ?? '').length + 64;
  } catch {
    return 1024;
  }
}

/**
 * Keeps the answers of slow-changing reads (reference data, the catalogue) for a while in this process, bounded by
 * entries and by bytes (decision 006). A miss (null) and an error are not kept: the row may be written a moment
 * later. `ttlMs` 0 turns it off.
 */
export function readCache(ttlMs: number, max = 2_000, maxBytes = READ_CACHE_MAX_BYTES) {
  const cache =
    ttlMs > 0
      ? new LRUCache<string, { value: unknown }>({
          max,
          ttl: ttlMs,
          maxSize: maxBytes,
          // An answer larger than the whole budget is not kept (lru-cache refuses it) and is read again next time.
          sizeCalculation: (entry, key) => Math.max(1, approxBytes(entry.value) + key.length),
        })
      : null;
  // Bumped by `clear`: a read that started before a clear does not store its (possibly old) answer after it.
  let generation = 0;
  // Reads on their way: callers missing the same key at the same moment share one read instead of each asking the
  // database (when the catalogue expired under load, 50 requests read it at once and waited seconds; decision 069).
  const reading = new Map<string, Promise<unknown>>();
  async function cached<T>(key: string, load: () => Promise<T>): Promise<T> {
    const hit = cache?.get(key);
    if (hit) return hit.value as T;
    if (!cache) return load();
    const pending = reading.get(key);
    if (pending) return pending as Promise<T>;
    const started = generation;
    let read: Promise<T> | undefined;
    read = (async () => {
      try {
        const value = await load();
        if (value !== null && started === generation) cache.set(key, { value });
        return value;
      } finally {
        if (reading.get(key) === read) reading.delete(key);
      }
    })();
    reading.set(key, read);
    return read;
  }
  /** Forgets everything kept (the rows changed); a read already on its way is not shared any more. */
  cached.clear = () => {
    generation++;
    reading.clear();
    cache?.clear();
  };
  /** What is kept now: entries and approximate bytes. */
  cached.size = () => ({ entries: cache?.size ?? 0, bytes: cache?.calculatedSize ?? 0 });
  return cached;
}
