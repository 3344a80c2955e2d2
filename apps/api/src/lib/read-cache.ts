import { LRUCache } from 'lru-cache';

/**
 * Keeps the answers of slow-changing reads (reference data, the catalogue) for a while in this process. A miss
 * (null) and an error are not kept: the row may be written a moment later. `ttlMs` 0 turns it off.
 */
export function readCache(ttlMs: number, max = 2_000) {
  const cache = ttlMs > 0 ? new LRUCache<string, { value: unknown }>({ max, ttl: ttlMs }) : null;
  // Bumped by `clear`: a read that started before a clear does not store its (possibly old) answer after it.
  let generation = 0;
  async function cached<T>(key: string, load: () => Promise<T>): Promise<T> {
    const hit = cache?.get(key);
    if (hit) return hit.value as T;
    const started = generation;
    const value = await load();
    if (value !== null && started === generation) cache?.set(key, { value });
    return value;
  }
  /** Forgets everything kept (the rows changed). */
  cached.clear = () => {
    generation++;
    cache?.clear();
  };
  return cached;
}
