import { existsSync, mkdirSync, symlinkSync } from 'node:fs';
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
  const dir = join(tmpdir(), 'varg-geoip-country');
  mkdirSync(dir, { recursive: true });
  for (const file of ['geoip-country.dat', 'geoip-country6.dat']) {
    if (!existsSync(join(dir, file))) {
      try {
        symlinkSync(join(source, file), join(dir, file));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      }
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
