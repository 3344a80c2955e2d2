import { existsSync, readlinkSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { geoipLite } from './geoip-lite.ts';

describe('geoip-lite country lookup', () => {
  it('finds the country of an address, and repairs a link left pointing at a deleted checkout', () => {
    expect(geoipLite().countryOf('85.214.132.117')).toBe('DE');
    const dir = (globalThis as { geodatadir?: string }).geodatadir as string;
    const link = join(dir, 'geoip-country.dat');
    const target = readlinkSync(link);
    rmSync(link);
    symlinkSync('/nonexistent/checkout/node_modules/geoip-lite/data/geoip-country.dat', link);
    geoipLite();
    expect(readlinkSync(link)).toBe(target);
    expect(existsSync(link)).toBe(true);
    expect(geoipLite().countryOf('127.0.0.1')).toBeNull();
  });
});
