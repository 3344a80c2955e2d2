// CPU and garbage per rendered page (issue 19 item 2): on a machine shared with other work, throughput swings with
// the load; the server's own CPU time per request does much less. A fixed number of requests per page, each one a
// render (a new query string, or a signed-in visitor), the server's utime+stime before/after. With
// `BENCH_TRACE_GC=1` the server runs with `--trace-gc` and the young (Scavenge) and full (Mark-Compact) collections
// during each load are counted too. Not part of `npm test`.
//   npm run build && BENCH_DATABASE_URL=postgres://... npx node bench/page-cpu.ts
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { BASE, cpuMs, startServer, waitReady } from './server.ts';
import { signedInPage } from './session.ts';

const AMOUNT = Number(process.env.BENCH_REQUESTS ?? 2000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const TRACE_GC = process.env.BENCH_TRACE_GC === '1';

function peakRssMb(pid: number): number {
  return Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
}

const gc = { scavenge: 0, markCompact: 0 };
const server = startServer(TRACE_GC ? ['--trace-gc'] : [], {}, TRACE_GC ? 'pipe' : 'ignore');
server.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
  gc.scavenge += chunk.match(/Scavenge/g)?.length ?? 0;
  gc.markCompact += chunk.match(/Mark-Compact/g)?.length ?? 0;
});
try {
  await waitReady();
  const pid = server.pid as number;
  const customer = await signedInPage('customer@demo.starkfuture.com', '/en-US/orders/my', 'routes/orders-my');
  const dealer = await signedInPage('dealer@demo.starkfuture.com', '/en-US/leads', 'routes/leads');
  const pages: Array<[string, string, Record<string, string>]> = [
    ['home, new query string', '/en-US?v=[<id>]', {}],
    ['configurator, new query string', '/de-DE/varg-ex/configurator?power=80hp&v=[<id>]', {}],
    ['orders/my, signed in', customer.path, { cookie: customer.cookie }],
    ['leads, signed in (dealer)', dealer.path, { cookie: dealer.cookie }],
  ];
  // `BENCH_ONLY=home,leads`: the pages whose name holds one of these words.
  const only = (process.env.BENCH_ONLY ?? '').toLowerCase().split(',').filter(Boolean);
  const run = (path: string, headers: Record<string, string>, amount: number, connections: number) =>
    autocannon({ url: `${BASE}${path}`, connections, amount, headers, idReplacement: path.includes('[<id>]') });
  // Warm-up: the JIT and the API client's caches.
  for (const [, path, headers] of pages) await run(path, headers, 300, 10);
  console.log('| page | requests | req/s | p99 ms | non-2xx | server CPU ms per request | scavenges | mark-compacts |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const [name, path, headers] of pages) {
    if (only.length && !only.some((word) => name.toLowerCase().includes(word))) continue;
    const before = cpuMs(pid);
    const gcBefore = { ...gc };
    const r = await run(path, headers, AMOUNT, CONNECTIONS);
    const perRequest = (cpuMs(pid) - before) / r.requests.total;
    console.log(
      `| ${name} | ${r.requests.total} | ${Math.round(r.requests.average)} | ${r.latency.p99} | ${r.non2xx + r.errors} | ${perRequest.toFixed(2)} | ${gc.scavenge - gcBefore.scavenge} | ${gc.markCompact - gcBefore.markCompact} |`,
    );
  }
  console.log(`peak RSS ${Math.round(peakRssMb(pid))} MB`);
} finally {
  server.kill('SIGTERM');
}
