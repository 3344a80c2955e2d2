// Where a rendered page's latency goes under load (decision 069): `npm run bench:tail [-- /en-US]` after
// `npm run build`. Starts the server as `npm run bench` does, with bench/tail-probe.ts loaded, and sends BENCH_SECONDS
// (10) of requests from BENCH_CONNECTIONS (50) keep-alive connections, each URL unique (a page-cache miss). For every
// request it joins the client's clock with the server's and prints three parts: waiting before the server read the
// request (queueing: at N connections the median is ≈ N / throughput), the server's own handling, and delivery.
// Also the longest stretches in which the server started no request. A measurement, not a test; exit code 0.
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { BASE, startServer, waitReady } from './server.ts';

const path = process.argv[2] ?? '/en-US';
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const file = join(tmpdir(), `varg-tail-${process.pid}.json`);
const now = () => performance.timeOrigin + performance.now();

/** Keeps `connections` requests in flight for `duration` s; returns [url, sent, answered] per request. */
async function drive(duration: number): Promise<[string, number, number][]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const sent: [string, number, number][] = [];
  const end = Date.now() + duration * 1000;
  let id = 0;
  const one = () =>
    new Promise<void>((resolve) => {
      const url = `${path}${path.includes('?') ? '&' : '?'}tail=${++id}`;
      const start = now();
      http
        .get(`${BASE}${url}`, { agent }, (res) => {
          res.resume();
          res.on('end', () => {
            sent.push([url, start, now()]);
            resolve();
          });
        })
        .on('error', () => resolve());
    });
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (Date.now() < end) await one();
    }),
  );
  agent.destroy();
  return sent;
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? 0);
};

const server = startServer(['--import', './bench/tail-probe.ts'], { BENCH_TAIL_FILE: file });
try {
  await waitReady();
  await drive(3); // warm-up: JIT and caches
  server.kill('SIGUSR2');
  await new Promise((r) => setTimeout(r, 500));
  const client = await drive(seconds);
  await new Promise((r) => setTimeout(r, 500));
  server.kill('SIGUSR2');
  await new Promise((r) => setTimeout(r, 500));
  const served = new Map(
    (JSON.parse(readFileSync(file, 'utf8')) as [string, number, number][]).map(([url, a, b]) => [url, [a, b]]),
  );
  const parts = { before: [] as number[], server: [] as number[], delivery: [] as number[], total: [] as number[] };
  for (const [url, sentAt, answeredAt] of client) {
    const [start, finish] = served.get(url) ?? [];
    if (start === undefined || finish === undefined) continue;
    parts.before.push(start - sentAt);
    parts.server.push(finish - start);
    parts.delivery.push(answeredAt - finish);
    parts.total.push(answeredAt - sentAt);
  }
  console.log(
    `${path}: ${client.length} answers in ${seconds} s at ${connections} connections (load average ${loadavg()[0]?.toFixed(1)})\n`,
  );
  console.log('| part, ms | p50 | p90 | p99 | max |\n|---|---:|---:|---:|---:|');
  for (const [name, values] of Object.entries(parts))
    console.log(
      `| ${name} | ${quantile(values, 0.5)} | ${quantile(values, 0.9)} | ${quantile(values, 0.99)} | ${quantile(values, 1)} |`,
    );
  const starts = [...served.values()].map(([a]) => a as number).sort((a, b) => a - b);
  const gaps = starts
    .slice(1)
    .map((t, i) => t - (starts[i] as number))
    .sort((a, b) => b - a);
  console.log(`\nLongest stretches without a request started, ms: ${gaps.slice(0, 5).map(Math.round).join(', ')}`);
} finally {
  server.kill('SIGTERM');
  await once(server, 'exit');
}
