import { LRUCache } from 'lru-cache';

/**
 * Keeps the answers of slow-changing reads (reference data, the catalogue) for a while in this process. A miss
 * (null) and an error are not kept: the row may be written a moment later. `ttlMs` 0 turns it off.
 */
export function readCache(ttlMs: number, max = 2_000) {
  const cache = ttlMs > 0 ? new LRUCache<string, { value: unknown }>({ max, ttl: ttlMs }) : null;
  return async function cached<T>(key: string, load: () => Promise<T>): Promise<T> {
    const hit = cache?.get(key);
    if (hit) return hit.value as T;
    const value = await load();
    if (value !== null) cache?.set(key, { value });
    return value;
  };
}
