import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import vm from 'node:vm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { IDLE_COMPACTION_GROWTH_BYTES, idleCompaction } from './idle-compaction.ts';

const MB = 1024 * 1024;
let server: Server;
let url: string;
// Answers after `?wait=` ms, so a request can be held open.
beforeEach(async () => {
  server = createServer((req, res) => {
    const wait = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('wait') ?? 0);
    setTimeout(() => res.end('ok'), wait);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterEach(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** A process whose clock, memory and collections the test sets and counts. */
function watched(idleMs = 1_000) {
  const fake = { t: 1_000_000, rss: 200 * MB, collections: 0 };
  const compaction = idleCompaction(server, idleMs, {
    now: () => fake.t,
    rss: () => fake.rss,
    collect: () => {
      fake.collections++;
      fake.rss -= 30 * MB;
    },
  });
  return { fake, compaction };
}

describe('idle compaction (decision 075)', () => {
  it('collects once the process has been quiet for the idle time, and not again until memory grew again', async () => {
    const { fake, compaction } = watched();
    try {
      await (await fetch(url)).text();
      fake.t += 999;
      compaction.check();
      expect(fake.collections).toBe(0);
      fake.t += 1;
      compaction.check();
      expect(fake.collections).toBe(1);
      expect(fake.rss).toBe(170 * MB);
      // Quiet, but nothing grew: no second pause.
      fake.t += 60_000;
      compaction.check();
      expect(fake.collections).toBe(1);
      // Requests again, memory grows by less than the threshold, then by it.
      await (await fetch(url)).text();
      fake.rss += IDLE_COMPACTION_GROWTH_BYTES - 1;
      fake.t += 1_000;
      compaction.check();
      expect(fake.collections).toBe(1);
      fake.rss += 1;
      compaction.check();
      expect(fake.collections).toBe(2);
      expect(compaction.count).toBe(2);
    } finally {
      compaction.stop();
    }
  });

  it('waits while requests start or finish within the idle time; a request held open does not keep it waiting', async () => {
    const { fake, compaction } = watched();
    try {
      const held = fetch(`${url}/?wait=300`).then((r) => r.text());
      // The request has started (the server saw it) at this clock.
      await new Promise((resolve) => setTimeout(resolve, 100));
      fake.t += 500;
      compaction.check();
      expect(fake.collections).toBe(0);
      // Its answer is sent: that is activity too.
      await held;
      fake.t += 999;
      compaction.check();
      expect(fake.collections).toBe(0);
      fake.t += 1;
      compaction.check();
      expect(fake.collections).toBe(1);
    } finally {
      compaction.stop();
    }
  });

  it('does nothing when turned off, or once stopped', async () => {
    const off = idleCompaction(server, 0, { collect: () => expect.unreachable() });
    off.check();
    expect(off.count).toBe(0);
    const { fake, compaction } = watched();
    compaction.stop();
    fake.t += 10_000;
    await (await fetch(url)).text();
    // Stopped: requests no longer count, but nor does anything run by itself.
    expect(fake.collections).toBe(0);
  });

  it("V8's collection it runs by default works, and leaves no `gc` behind in other contexts", () => {
    // A clock that moves an hour a reading: always quiet.
    let t = 0;
    const compaction = idleCompaction(server, 1_000, { now: () => (t += 3_600_000), growthBytes: 0 });
    try {
      compaction.check();
      expect(compaction.count).toBe(1);
      expect(vm.runInNewContext('typeof gc')).toBe('undefined');
      expect(typeof (globalThis as { gc?: unknown }).gc).toBe('undefined');
    } finally {
      compaction.stop();
    }
  });
});
