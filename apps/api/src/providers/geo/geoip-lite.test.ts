import { mkdirSync, symlinkSync } from 'node:fs';
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

/** A deterministic spread of addresses (a linear congruential sequence). */
function* addresses(count: number): Generator<string> {
  let x = 12345;
  const next = () => {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    return x;
  };
  for (let i = 0; i < count; i++) {
    const n = next();
    yield [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.');
    const groups = Array.from({ length: 4 }, () => (next() & 0xffff).toString(16));
    // Mostly the allocated 2000::/3 space, where the ranges are.
    groups[0] = (0x2000 + (next() % 0x1000)).toString(16);
    yield `${groups.join(':')}::${(next() & 0xffff).toString(16)}`;
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
    let found = 0;
    for (const ip of addresses(2_000)) {
      const expected = itself.lookup(ip)?.country || null;
      expect(geo.countryOf(ip), ip).toBe(expected && /^[A-Z]{2}$/.test(expected) ? expected : null);
      if (expected) found++;
    }
    // Most of the sampled addresses are in the database: the comparison is not between two empty answers.
    expect(found).toBeGreaterThan(1_000);
  });
});
