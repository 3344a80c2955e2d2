import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { createRequire } from 'node:module';
import { isIPv4, isIPv6 } from 'node:net';
import { dirname, join } from 'node:path';
import type { GeoLookup } from './interface.ts';

/**
 * geoip-lite's bundled country database, searched on disk. geoip-lite itself reads both country files (6.3 MB) into
 * memory at start (and its ~110 MB city database when present) and keeps them all the process's life, for a lookup
 * only `GET /v1/country/by-ip` makes (decision 006). Here each lookup binary-searches the sorted ranges with small
 * positioned reads (~20 per lookup, from the page cache), the same answers as geoip-lite's `lookup(ip).country`.
 */
export function geoipLite(): GeoLookup {
  const data = join(dirname(createRequire(import.meta.url).resolve('geoip-lite/package.json')), 'data');
  // A record: the range's first and last address and the country's two letters. IPv6 ranges hold the first 64 bits.
  const v4 = rangeFile(join(data, 'geoip-country.dat'), 4);
  const v6 = rangeFile(join(data, 'geoip-country6.dat'), 8);
  return {
    countryOf(ip) {
      const mapped = /^(?:0:0:0:0:0:|::)ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
      const address = mapped ?? ip;
      let country: string | null = null;
      if (isIPv4(address)) country = PRIVATE_V4.test(address) ? null : v4.countryOf(ipv4Key(address));
      else if (isIPv6(address)) country = v6.countryOf(ipv6Key(address));
      return country && /^[A-Z]{2}$/.test(country) ? country : null;
    },
  };
}

/** 10/8, 172.16/12 and 192.168/16: never in the database, answered without reading it (as geoip-lite does). */
const PRIVATE_V4 = /^(10\.|172\.(1[6-9]|2\d|3[01])\.|192\.168\.)/;

function ipv4Key(ip: string): bigint {
  return ip.split('.').reduce((n, octet) => (n << 8n) | BigInt(Number(octet)), 0n);
}

/** The first 64 bits of an IPv6 address (the part the database's ranges are made of). */
function ipv6Key(ip: string): bigint {
  const [head = '', tail] = ip.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  // An IPv4 suffix (`::1.2.3.4`) is two groups; it is in the last 32 bits, outside the key.
  const groups = tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill('0'), ...right];
  return groups.slice(0, 4).reduce((n, group) => (n << 16n) | BigInt(Number.parseInt(group || '0', 16) || 0), 0n);
}

/** A file of sorted, disjoint address ranges: `keyBytes` first address, `keyBytes` last, two letters. */
function rangeFile(path: string, keyBytes: 4 | 8) {
  const recordSize = 2 * keyBytes + 2;
  const fd = openSync(path, 'r');
  let count: number;
  try {
    count = Math.floor(fstatSync(fd).size / recordSize);
  } catch (error) {
    closeSync(fd);
    throw error;
  }
  const record = Buffer.alloc(recordSize);
  const key = (offset: number) =>
    keyBytes === 4 ? BigInt(record.readUInt32BE(offset)) : record.readBigUInt64BE(offset);
  const read = (line: number) => readSync(fd, record, 0, recordSize, line * recordSize);
  return {
    countryOf(ip: bigint): string | null {
      // The last range starting at or before the address; the address is in it or in none.
      let low = 0;
      let high = count - 1;
      let country: string | null = null;
      while (low <= high) {
        const line = (low + high) >>> 1;
        read(line);
        if (key(0) <= ip) {
          country = key(keyBytes) >= ip ? record.toString('latin1', 2 * keyBytes, recordSize) : null;
          low = line + 1;
        } else high = line - 1;
      }
      return country;
    },
  };
}
