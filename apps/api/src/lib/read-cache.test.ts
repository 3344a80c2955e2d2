import { describe, expect, it } from 'vitest';
import { readCache } from './read-cache.ts';

describe('readCache', () => {
  it('keeps answers but not misses, so a row written later is found', async () => {
    const cached = readCache(60_000);
    let row: string | null = null;
    let reads = 0;
    const load = async () => {
      reads += 1;
      return row;
    };
    expect(await cached('k', load)).toBeNull();
    row = 'saved';
    expect(await cached('k', load)).toBe('saved');
    expect(await cached('k', load)).toBe('saved');
    expect(reads).toBe(2);
  });
  it('reads every time when turned off', async () => {
    const cached = readCache(0);
    let reads = 0;
    await cached('k', async () => ++reads);
    await cached('k', async () => ++reads);
    expect(reads).toBe(2);
  });
});
