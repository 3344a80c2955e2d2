// Load benchmark (issues 2, 4, 5 and 19): throughput, p99 latency and the server's RSS for static files, pages
// (cached, rendered for every request, signed in) and API calls, on loopback; then issue 19's targets, each with its
// figure and "met"/"NOT met". Not part of `npm test`. The exit code is 0 whatever the verdicts: it is a measurement.
//   npm run build && npm run bench            (PGlite)
//   BENCH_DATABASE_URL=postgres://... npm run bench
//   BENCH_RUNS=3 ...                            three whole measurements, each on a freshly started server
import { loadavg } from 'node:os';
import { CONNECTIONS, type Measurement, measure, NAMES, ONLY } from './scenarios.ts';
import { nodeFlags, startServer, waitReady } from './server.ts';
import { printAcrossRuns, printVerdicts, summary, type Verdict, verdicts } from './targets.ts';

const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 1));
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);

function printRun(m: Measurement, run: number): void {
  const database = process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  console.log(
    `\nRun ${run} of ${RUNS}: ${CONNECTIONS} connections, ${DURATION} s each, database: ${database}, node ${nodeFlags().join(' ')}`,
  );
  if (ONLY.length) console.log('(only the scenarios matching BENCH_ONLY)');
  console.log('\n| endpoint | req/s | p99 ms | errors | non-2xx | peak RSS MB | busy after, s |');
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const r of m.results) {
    console.log(
      `| ${r.name} (\`${r.path}\`) | ${Math.round(r.rps)} | ${r.p99} | ${r.errors} | ${r.non2xx} | ${r.peakRss.toFixed(0)} | ${r.settled.toFixed(1)} |`,
    );
  }
  const by = Object.fromEntries(m.results.map((r) => [r.name, r]));
  const ratio = (a: string, b: string) => ((by[a]?.rps ?? 0) / (by[b]?.rps ?? 1)).toFixed(2);
  console.log(`\nSSR home / static file throughput: ${ratio(NAMES.home, NAMES.static)} (issue 2: ≥ 0.50)`);
  console.log(`GET /v1/country / static file throughput: ${ratio('GET /v1/country', NAMES.static)}`);
  const health = by[NAMES.health]?.p99 ?? 0;
  for (const name of ['GET /v1/product/getlist', 'GET /v1/checkout/{hash}/pricing']) {
    const r = by[name];
    if (r)
      console.log(
        `${name}: ${Math.round(r.rps)} req/s (issue 4: ≥ 2,000), p99 ${r.p99} ms = ${(r.p99 / (health || 1)).toFixed(1)}× /health`,
      );
  }
  console.log(`Home page document: ${(m.homeJs.html / 1024).toFixed(1)} KB gzip`);
}

const runs: Verdict[][] = [];
for (let run = 1; run <= RUNS; run++) {
  const server = startServer();
  try {
    await waitReady();
    // Other work on the machine skews every figure: say how busy it was.
    const before = loadavg()[0]?.toFixed(1);
    const m = await measure(server.pid as number);
    console.log(`\nLoad average (1 min) before run ${run}: ${before}, after: ${loadavg()[0]?.toFixed(1)}`);
    printRun(m, run);
    const list = verdicts(m);
    printVerdicts(list);
    runs.push(list);
    console.log(`\nRun ${run}: ${summary([list])}`);
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
  }
}
if (RUNS > 1) printAcrossRuns(runs);
console.log(`\n${summary(runs)}`);
