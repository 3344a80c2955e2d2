import { mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { geoipLite } from './geoip-lite.ts';

/** geoip-lite itself, on its country files only (its city files would take ~110 MB): the answers to match. */
function geoipLiteItself(): { lookup(ip: string): { country?: string } | null } {
  const require = createRequire(import.meta.url);
  const data = join(dirname(require.resolve('geoip-lite/package.json')), 'data');
  const dir = join(tmpdir(), `varg-geoip-test-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  for (const file of ['geoip-country.dat', 'geoip-country6.dat']) {
    try {
      symlinkSync(join(data, file), join(dir, file));
    } catch {}
  }
  (globalThis as { geodatadir?: string }).geodatadir = dir;
  return require('geoip-lite');
}

/** A deterministic sequence (linear congruential). */
function sequence(seed: number): () => number {
  let x = seed;
  return () => {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    return x;
  };
}

const v4 = (b: Buffer, at: number) => [...b.subarray(at, at + 4)].join('.');
const v6 = (b: Buffer, at: number) =>
  Array.from({ length: 8 }, (_, i) => b.readUInt16BE(at + 2 * i).toString(16)).join(':');

/**
 * Addresses to ask about: random ones, and from ranges of the database itself (their first and last address and
 * the address just after), IPv4 and IPv6.
 */
function* addresses(data: string, perFile: number): Generator<string> {
  const next = sequence(12345);
  for (const [file, size, format] of [
    ['geoip-country.dat', 4, v4],
    ['geoip-country6.dat', 16, v6],
  ] as const) {
    const bytes = readFileSync(join(data, file));
    const record = 2 * size + 2;
    const count = bytes.length / record;
    for (let i = 0; i < perFile; i++) {
      const at = (next() % count) * record;
      yield format(bytes, at);
      yield format(bytes, at + size);
      // The address just after the range: usually another range's, or none.
      const after = Buffer.from(bytes.subarray(at + size, at + 2 * size));
      for (let j = size - 1; j >= 0; j--) {
        after[j] = ((after[j] ?? 0) + 1) & 255;
        if (after[j] !== 0) break;
      }
      yield format(after, 0);
    }
  }
  for (let i = 0; i < perFile; i++) {
    const n = next();
    yield [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.');
    yield `2${(next() & 0xfff).toString(16).padStart(3, '0')}:${(next() & 0xffff).toString(16)}::${(next() & 0xffff).toString(16)}`;
  }
}

describe('geoip-lite country lookup', () => {
  const geo = geoipLite();

  it('finds the country of an address, and none for private, loopback or malformed ones', () => {
    expect(geo.countryOf('85.214.132.117')).toBe('DE');
    expect(geo.countryOf('::ffff:85.214.132.117')).toBe('DE');
    expect(geo.countryOf('127.0.0.1')).toBeNull();
    expect(geo.countryOf('10.1.2.3')).toBeNull();
    expect(geo.countryOf('::1')).toBeNull();
    expect(geo.countryOf('not an address')).toBeNull();
  });

  it('answers as geoip-lite does, for IPv4 and IPv6', () => {
    const itself = geoipLiteItself();
    const data = join(dirname(createRequire(import.meta.url).resolve('geoip-lite/package.json')), 'data');
    const found = { v4: 0, v6: 0 };
    for (const ip of addresses(data, 1_000)) {
      const expected = itself.lookup(ip)?.country || null;
      expect(geo.countryOf(ip), ip).toBe(expected && /^[A-Z]{2}$/.test(expected) ? expected : null);
      if (expected) found[ip.includes(':') ? 'v6' : 'v4']++;
    }
    // Both kinds are mostly found: the comparison is not between two empty answers.
    expect(found.v4).toBeGreaterThan(2_000);
    expect(found.v6).toBeGreaterThan(2_000);
  });
});
