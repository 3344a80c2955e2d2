import { createHash } from 'node:crypto';
import { mkdirSync, readlinkSync, rmSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { GeoLookup } from './interface.ts';

const require = createRequire(import.meta.url);

/**
 * geoip-lite's bundled country database. geoip-lite also loads its ~110 MB city database when the files are
 * present; pointing it at a folder holding only the country files keeps it to ~7 MB of memory.
 */
export function geoipLite(): GeoLookup {
  const source = join(dirname(require.resolve('geoip-lite/package.json')), 'data');
  // One folder per installation: a folder shared by every checkout on the machine kept links into whichever
  // checkout made it first, and once that checkout was deleted every server failed to start.
  const dir = join(tmpdir(), `varg-geoip-country-${createHash('sha256').update(source).digest('hex').slice(0, 12)}`);
  mkdirSync(dir, { recursive: true });
  for (const file of ['geoip-country.dat', 'geoip-country6.dat']) {
    const link = join(dir, file);
    const target = join(source, file);
    let current: string | null = null;
    try {
      current = readlinkSync(link);
    } catch {}
    if (current === target) continue;
    // A link to anything else (or a file in its place) is replaced.
    rmSync(link, { force: true });
    try {
      symlinkSync(target, link);
    } catch (err) {
      // Another process of the same installation made it at the same moment.
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
  }
  (globalThis as { geodatadir?: string }).geodatadir = dir;
  const geoip = require('geoip-lite') as { lookup(ip: string): { country?: string } | null };
  return {
    countryOf(ip) {
      const country = geoip.lookup(ip)?.country;
      return country && /^[A-Z]{2}$/.test(country) ? country : null;
    },
  };
}
