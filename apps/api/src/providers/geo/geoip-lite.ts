import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { createRequire } from 'node:module';
import { isIPv4, isIPv6 } from 'node:net';
import { dirname, join } from 'node:path';
import { LRUCache } from 'lru-cache';
import type { GeoLookup } from './interface.ts';

/**
 * geoip-lite's bundled country database, searched on disk. geoip-lite itself reads both country files (6.3 MB) into
 * memory at start (and its ~110 MB city database when present) and keeps them all the process's life (decision
 * 006). Here a lookup searches the sorted ranges as geoip-lite does, with the same answers as its
 * `lookup(ip).country`: the top of the search (the records every lookup reads first) is kept in memory, the rest are
 * positioned reads (~7, from the page cache). Every page request asks for its visitor's country (the page cache's
 * key), so the last 10,000 addresses' answers are kept too.
 */
export function geoipLite(): GeoLookup {
  const data = join(dirname(createRequire(import.meta.url).resolve('geoip-lite/package.json')), 'data');
  // A record: the range's first and last address and the country's two letters.
  const v4 = rangeFile(join(data, 'geoip-country.dat'), 4);
  const v6 = rangeFile(join(data, 'geoip-country6.dat'), 16);
  const answers = new LRUCache<string, { country: string | null }>({ max: 10_000 });
  return {
    countryOf(ip) {
      const known = answers.get(ip);
      if (known) return known.country;
      const country = lookup(ip);
      answers.set(ip, { country });
      return country;
    },
  };

  function lookup(ip: string): string | null {
    const mapped = /^(?:0:0:0:0:0:|::)ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
    const address = mapped ?? ip;
    let country: string | null = null;
    if (isIPv4(address)) country = PRIVATE_V4.test(address) ? null : v4.countryOf(ipv4Key(address));
    else if (isIPv6(address)) country = v6.countryOf(ipv6Key(address));
    return country && /^[A-Z]{2}$/.test(country) ? country : null;
  }
}

const TOP_LEVELS = 12;

/** 10/8, 172.16/12 and 192.168/16: never in the database, answered without reading it (as geoip-lite does). */
const PRIVATE_V4 = /^(10\.|172\.(1[6-9]|2\d|3[01])\.|192\.168\.)/;

function ipv4Key(ip: string): bigint {
  return ip.split('.').reduce((n, octet) => (n << 8n) | BigInt(Number(octet)), 0n);
}

/** The first 64 bits of an IPv6 address: geoip-lite compares only those. */
function ipv6Key(ip: string): bigint {
  const [head = '', tail] = ip.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  // An IPv4 suffix (`::1.2.3.4`) is two groups; it is in the last 32 bits, outside the key.
  const groups = tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill('0'), ...right];
  return groups.slice(0, 4).reduce((n, group) => (n << 16n) | BigInt(Number.parseInt(group || '0', 16) || 0), 0n);
}

/**
 * A file of sorted, disjoint address ranges: first address, last address (`addressBytes` each), two letters. An
 * address is compared by its first 32 bits (IPv4) or 64 bits (IPv6), as geoip-lite does.
 */
function rangeFile(path: string, addressBytes: 4 | 16) {
  const recordSize = 2 * addressBytes + 2;
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
    addressBytes === 4 ? BigInt(record.readUInt32BE(offset)) : record.readBigUInt64BE(offset);
  // The records of the search's first levels (at most 2^12 - 1 lines, 40 KB of IPv4 or 136 KB of IPv6 records).
  const top = new Map<number, Buffer>();
  const read = (line: number, depth = TOP_LEVELS) => {
    const kept = top.get(line);
    if (kept) kept.copy(record);
    else {
      readSync(fd, record, 0, recordSize, line * recordSize);
      if (depth < TOP_LEVELS) top.set(line, Buffer.from(record));
    }
  };
  read(count - 1);
  const lastIP = key(addressBytes);
  read(0);
  const firstIP = key(0);
  return {
    /**
     * geoip-lite's own search (lib/geoip.js, lookup4/lookup6), step for step: IPv6 ranges can share their first 64
     * bits, and which of them answers depends on the order the search visits them.
     */
    countryOf(ip: bigint): string | null {
      if (ip > lastIP || ip < firstIP) return null;
      let fline = 0;
      let cline = count - 1;
      for (let depth = 0; ; depth++) {
        const line = (fline + cline) >>> 1;
        read(line, depth);
        const floor = key(0);
        const ceil = key(addressBytes);
        if (floor <= ip && ceil >= ip) return record.toString('latin1', 2 * addressBytes, recordSize);
        if (fline === cline) return null;
        if (fline === cline - 1) {
          if (line === fline) fline = cline;
          else cline = fline;
        } else if (floor > ip) cline = line;
        else if (ceil < ip) fline = line;
      }
    },
  };
}
