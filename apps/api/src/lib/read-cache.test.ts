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
  it('callers missing the same key at once share one read; after a clear the next caller reads again', async () => {
    const cached = readCache(60_000);
    let reads = 0;
    let release: () => void = () => {};
    const load = async () => {
      reads++;
      await new Promise<void>((r) => (release = r));
      return { reads };
    };
    const together = Array.from({ length: 10 }, () => cached('catalogue', load));
    release();
    expect(new Set((await Promise.all(together)).map((v) => v.reads))).toEqual(new Set([1]));
    expect(reads).toBe(1);
    cached.clear();
    const again = cached('catalogue', load);
    release();
    expect((await again).reads).toBe(2);
  });

  it('reads every time when turned off', async () => {
    const cached = readCache(0);
    let reads = 0;
    await cached('k', async () => ++reads);
    await cached('k', async () => ++reads);
    expect(reads).toBe(2);
  });
  it('keeps no more than its byte budget, dropping the least recently used answers first', async () => {
    const cached = readCache(60_000, 1_000, 10_000);
    let reads = 0;
    const page = (n: number) => async () => {
      reads += 1;
      return 'x'.repeat(3_000) + n;
    };
    for (let n = 0; n < 10; n++) await cached(`k${n}`, page(n));
    expect(cached.size().entries).toBeLessThanOrEqual(3);
    expect(cached.size().bytes).toBeLessThanOrEqual(10_000);
    reads = 0;
    await cached('k9', page(9));
    expect(reads).toBe(0);
    await cached('k0', page(0));
    expect(reads).toBe(1);
  });
  it('does not keep an answer larger than the whole budget', async () => {
    const cached = readCache(60_000, 1_000, 1_000);
    let reads = 0;
    const big = async () => {
      reads += 1;
      return new Uint8Array(5_000);
    };
    await cached('pdf', big);
    await cached('pdf', big);
    expect(reads).toBe(2);
    expect(cached.size().entries).toBe(0);
  });
});
