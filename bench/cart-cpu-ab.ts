// The cart calls' CPU per request on two builds side by side (issue 19 item 1), as bench/page-cpu-ab.ts does for
// pages: both servers run at once and get short bursts in turn (the order flips every burst), so both see the same
// busy machine; each server's utime+stime is summed per call. Not part of `npm test`.
//   BENCH_OLD_DIR=/path/to/other/worktree BENCH_DATABASE_URL=… BENCH_OLD_DATABASE_URL=… npx node bench/cart-cpu-ab.ts
import { resolve } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { cpuMs, startServer, waitReady } from './server.ts';

const OLD_DIR = process.env.BENCH_OLD_DIR;
if (!OLD_DIR) throw new Error('BENCH_OLD_DIR: a worktree with the build to compare against');
const PORT = Number(process.env.BENCH_PORT ?? 3200);
const BURSTS = Number(process.env.BENCH_BURSTS ?? 6);
const AMOUNT = Number(process.env.BENCH_REQUESTS ?? 1000);
const json = { 'content-type': 'application/json' };
const body = JSON.stringify({ productId: 'varg-ex', componentIds: ['varg_option_80hp'] });
const post = { method: 'POST' as const, headers: json, body };

const servers = [
  { name: 'old', dir: resolve(OLD_DIR), port: PORT + 1, database: process.env.BENCH_OLD_DATABASE_URL },
  { name: 'new', dir: process.cwd(), port: PORT, database: process.env.BENCH_DATABASE_URL },
].map((s) => {
  const child = startServer([], {}, 'ignore', { dir: s.dir, port: s.port, databaseUrl: s.database });
  return { ...s, child, calls: [] as Array<[string, string, typeof post | undefined]> };
});

try {
  for (const s of servers) {
    await waitReady(`http://127.0.0.1:${s.port}`);
    const add = async () =>
      ((await (await fetch(`http://127.0.0.1:${s.port}/v1/cart/add-item?country=DE`, post)).json()) as { _id: string })
        ._id;
    // The cart the adds hammer, and one they do not touch (read by GET cart).
    const [hammered, quiet] = [await add(), await add()];
    s.calls = [
      ['GET /v1/cart', `/v1/cart?cartId=${quiet}`, undefined],
      ['POST /v1/cart/add-item (one cart)', `/v1/cart/add-item?cartId=${hammered}&country=DE`, post],
      ['POST /v1/cart/add-item (new carts)', '/v1/cart/add-item?country=DE', post],
    ];
  }
  // PostgreSQL's share: the CPU of the backends serving each server's database (same machine, read from /proc).
  const databases = await Promise.all(
    servers.map(async (s) => {
      if (!s.database) return null;
      const client = new pg.Client({ connectionString: s.database });
      await client.connect();
      return client;
    }),
  );
  const pgCpuMs = async (index: number) => {
    const client = databases[index];
    if (!client) return 0;
    const { rows } = await client.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    return rows.reduce((sum, { pid }) => {
      try {
        return sum + cpuMs(pid);
      } catch {
        return sum; // a backend that ended meanwhile
      }
    }, 0);
  };
  const run = (port: number, path: string, send: typeof post | undefined, amount: number, connections: number) =>
    autocannon({ url: `http://127.0.0.1:${port}${path}`, connections, amount, ...(send ?? {}) });
  // Warm-up: the JIT and the catalogue's caches.
  for (const s of servers) for (const [, path, send] of s.calls) await run(s.port, path, send, 500, 10);
  console.log(
    '| call | build | requests | server CPU ms per request | PostgreSQL CPU ms per request | req/s | p99 ms (median of bursts) | non-2xx |',
  );
  console.log('|---|---|---:|---:|---:|---:|---:|---:|');
  const only = process.env.BENCH_ONLY?.toLowerCase();
  const names = (servers[0]?.calls ?? []).map(([name]) => name);
  for (const [index, name] of names.entries()) {
    if (only && !name.toLowerCase().includes(only)) continue;
    const sums = new Map(
      servers.map((s) => [s.name, { cpu: 0, pgCpu: 0, requests: 0, failed: 0, seconds: 0, p99: [] as number[] }]),
    );
    for (let burst = 0; burst < BURSTS; burst++) {
      for (const s of burst % 2 ? [...servers].reverse() : servers) {
        const [, path, send] = s.calls[index] as [string, string, typeof post | undefined];
        const pid = s.child.pid as number;
        const at = servers.indexOf(s);
        const before = cpuMs(pid);
        const pgBefore = await pgCpuMs(at);
        const r = await run(s.port, path, send, AMOUNT, 50);
        const sum = sums.get(s.name) as NonNullable<ReturnType<typeof sums.get>>;
        sum.cpu += cpuMs(pid) - before;
        sum.pgCpu += (await pgCpuMs(at)) - pgBefore;
        sum.seconds += r.duration;
        sum.p99.push(r.latency.p99);
        sum.requests += r.requests.total;
        sum.failed += r.non2xx + r.errors;
      }
    }
    for (const s of servers) {
      const sum = sums.get(s.name) as NonNullable<ReturnType<typeof sums.get>>;
      const p99 = [...sum.p99].sort((a, b) => a - b)[Math.floor(sum.p99.length / 2)] ?? 0;
      const rate = Math.round(sum.requests / sum.seconds);
      console.log(
        `| ${name} | ${s.name} | ${sum.requests} | ${(sum.cpu / sum.requests).toFixed(3)} | ${(sum.pgCpu / sum.requests).toFixed(3)} | ${rate} | ${p99} | ${sum.failed} |`,
      );
    }
  }
  for (const client of databases) await client?.end();
} finally {
  for (const s of servers) s.child.kill('SIGTERM');
}
