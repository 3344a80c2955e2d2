// Two builds side by side (issue 19 item 2): on a machine shared with other work, CPU time per request swings ±15 %
// between runs, enough to hide a 5–10 % change. Both servers run at once and get short bursts in turn (the order
// flips every burst), so both see the same machine; each server's utime+stime and young collections (`--trace-gc`)
// are summed per page. Bursts of `BENCH_REQUESTS` at `BENCH_CONNECTIONS` (50). Not part of `npm test`.
//   BENCH_OLD_DIR=/path/to/other/worktree (built) BENCH_DATABASE_URL=… BENCH_OLD_DATABASE_URL=… npx node bench/page-cpu-ab.ts
// A signed-in page in BENCH_PAGES is `email>path>routeId` (`customer@demo.starkfuture.com>/en-US/orders/my>routes/orders-my`):
// each server signs that account in through its own sign-in form and the bench sends the session's cookies to it.
import { resolve } from 'node:path';
import autocannon from 'autocannon';
import { cpuMs, startServer, waitReady } from './server.ts';
import { signedInPage } from './session.ts';

const OLD_DIR = process.env.BENCH_OLD_DIR;
if (!OLD_DIR) throw new Error('BENCH_OLD_DIR: a worktree with the build to compare against');
const PORT = Number(process.env.BENCH_PORT ?? 3200);
const BURSTS = Number(process.env.BENCH_BURSTS ?? 6);
const AMOUNT = Number(process.env.BENCH_REQUESTS ?? 250);
// Fewer connections when the machine is so busy that renders at 50 would outlast the render timeout (5 s).
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const PAGES = (process.env.BENCH_PAGES ?? '/en-US?v=[<id>],/de-DE/varg-ex/configurator?power=80hp&v=[<id>]').split(',');
const servers = [
  { name: 'old', dir: resolve(OLD_DIR), port: PORT + 1, database: process.env.BENCH_OLD_DATABASE_URL },
  { name: 'new', dir: process.cwd(), port: PORT, database: process.env.BENCH_DATABASE_URL },
].map((s) => {
  const child = startServer(['--trace-gc'], {}, 'pipe', { dir: s.dir, port: s.port, databaseUrl: s.database });
  const gc = { scavenges: 0 };
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    gc.scavenges += chunk.match(/Scavenge/g)?.length ?? 0;
  });
  return { ...s, child, gc };
});

/** Per server and BENCH_PAGES entry: the path to load and the headers to send (a signed-in page's cookie). */
const targets = new Map<string, { path: string; headers: Record<string, string> }>();
async function target(port: number, page: string) {
  const key = `${port} ${page}`;
  let t = targets.get(key);
  if (!t) {
    const [email, path, routeId] = page.split('>');
    if (path && routeId) {
      const signed = await signedInPage(email as string, path, routeId, `http://127.0.0.1:${port}`);
      t = { path: signed.path, headers: { cookie: signed.cookie } };
    } else t = { path: page, headers: {} };
    targets.set(key, t);
  }
  return t;
}

const run = async (port: number, page: string, amount: number, connections: number) => {
  const { path, headers } = await target(port, page);
  return autocannon({
    url: `http://127.0.0.1:${port}${path}`,
    connections,
    amount,
    headers,
    idReplacement: path.includes('[<id>]'),
  });
};

try {
  for (const s of servers) await waitReady(`http://127.0.0.1:${s.port}`);
  // Warm-up: the JIT and the API client's caches.
  for (const s of servers) for (const path of PAGES) await run(s.port, path, 300, 10);
  console.log('| page | build | requests | server CPU ms per request | scavenges per 100 requests | non-2xx |');
  console.log('|---|---|---:|---:|---:|---:|');
  for (const path of PAGES) {
    const sums = new Map(servers.map((s) => [s.name, { cpu: 0, requests: 0, scavenges: 0, failed: 0 }]));
    for (let burst = 0; burst < BURSTS; burst++) {
      for (const s of burst % 2 ? [...servers].reverse() : servers) {
        const pid = s.child.pid as number;
        const [cpuBefore, gcBefore] = [cpuMs(pid), s.gc.scavenges];
        const r = await run(s.port, path, AMOUNT, CONNECTIONS);
        const sum = sums.get(s.name) as { cpu: number; requests: number; scavenges: number; failed: number };
        sum.cpu += cpuMs(pid) - cpuBefore;
        sum.requests += r.requests.total;
        sum.scavenges += s.gc.scavenges - gcBefore;
        sum.failed += r.non2xx + r.errors;
      }
    }
    for (const s of servers) {
      const sum = sums.get(s.name) as { cpu: number; requests: number; scavenges: number; failed: number };
      console.log(
        `| ${path} | ${s.name} | ${sum.requests} | ${(sum.cpu / sum.requests).toFixed(2)} | ${((100 * sum.scavenges) / sum.requests).toFixed(1)} | ${sum.failed} |`,
      );
    }
  }
} finally {
  for (const s of servers) s.child.kill('SIGTERM');
}
