// Two servers' memory side by side (issue 19 item 4, decision 006): idle RSS after `npm run bench`'s warm-up (2 s of
// the cached home page at 10 connections, then quiet) and the peak RSS under the loads the bench peaks at (the
// configurator rendered for every request, 50 connections, after the cached home page and configurator as in the bench). Each round starts both servers afresh; warm-ups and
// loads take turns (the order flips every round), so both see the same machine. The two sides are two builds
// (`BENCH_OLD_DIR`) or one build with other Node flags or environment (`BENCH_OLD_NODE_FLAGS`, `BENCH_OLD_ENV`
// against `BENCH_NEW_NODE_FLAGS`, `BENCH_NEW_ENV`; the flags default to each build's `npm run serve`). Not part of
// `npm test`.
//   BENCH_OLD_DIR=… BENCH_DATABASE_URL=… BENCH_OLD_DATABASE_URL=… npx node bench/mem-ab.ts
//   BENCH_OLD_ENV='MALLOC_ARENA_MAX=2' BENCH_ROUNDS=3 …
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import autocannon from 'autocannon';
import { cpuMs, nodeFlags, serveEnv, startServer, waitReady } from './server.ts';

const PORT = Number(process.env.BENCH_PORT ?? 3200);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** Requests of the warm-up and of each load instead of durations: on a busy machine a duration holds far fewer
 * requests (and so less garbage) than on a quiet one. `BENCH_WARMUP=8000 BENCH_AMOUNTS=20000,20000,600`. */
const WARMUP = Number(process.env.BENCH_WARMUP ?? 0);
const AMOUNTS = (process.env.BENCH_AMOUNTS ?? '').split(',').filter(Boolean).map(Number);
const PAGES = (
  process.env.BENCH_PAGES ??
  '/en-US,/de-DE/varg-ex/configurator?power=80hp&sideStand=side_stand_yes,/de-DE/varg-ex/configurator?power=80hp&v=[<id>]'
).split(',');
const envOf = (words = '') =>
  Object.fromEntries(
    words
      .split(/\s+/)
      .filter(Boolean)
      .map((w) => [w.slice(0, w.indexOf('=')), w.slice(w.indexOf('=') + 1)]),
  );
const sides = [
  {
    name: 'old',
    dir: resolve(process.env.BENCH_OLD_DIR ?? '.'),
    port: PORT + 1,
    database: process.env.BENCH_OLD_DATABASE_URL,
    flags: process.env.BENCH_OLD_NODE_FLAGS,
    env: envOf(process.env.BENCH_OLD_ENV),
  },
  {
    name: 'new',
    dir: process.cwd(),
    port: PORT,
    database: process.env.BENCH_DATABASE_URL,
    flags: process.env.BENCH_NEW_NODE_FLAGS,
    env: envOf(process.env.BENCH_NEW_ENV),
  },
];

/** VmRSS and its anonymous and file-backed parts, in MB. */
function rss(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024;
  return { total: kb('VmRSS'), anon: kb('RssAnon'), file: kb('RssFile') };
}

async function settle(pid: number): Promise<void> {
  const start = Date.now();
  while (Date.now() - start < 30_000) {
    const before = cpuMs(pid);
    await new Promise((r) => setTimeout(r, 500));
    if (cpuMs(pid) - before < 100) break;
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const rows = new Map(
  sides.map((s) => [
    s.name,
    { idle: [] as number[], anon: [] as number[], peak: [] as number[], rps: [] as number[], failed: 0 },
  ]),
);

console.log(
  `| round | build | idle RSS MB (anon + file) | ${PAGES.map((p) => `peak RSS MB, req/s: ${p}`).join(' | ')} |`,
);
console.log(`|---|---|---:|${PAGES.map(() => '---:').join('|')}|`);
for (let round = 1; round <= ROUNDS; round++) {
  const running = sides.map((s) => {
    if (s.flags !== undefined) process.env.BENCH_NODE_FLAGS = s.flags;
    else delete process.env.BENCH_NODE_FLAGS;
    const flags = nodeFlags(s.dir);
    const child = startServer([], s.env, 'ignore', { dir: s.dir, port: s.port, databaseUrl: s.database });
    // The label names the whole environment the server got beyond the bench's: the serve script's and the side's.
    const env = { ...serveEnv(s.dir), ...s.env };
    return { ...s, flags, env, child, pid: child.pid as number, cells: [] as string[], idle: '' };
  });
  delete process.env.BENCH_NODE_FLAGS;
  const order = round % 2 ? running : [...running].reverse();
  try {
    for (const s of running) await waitReady(`http://127.0.0.1:${s.port}`);
    for (const s of order)
      await autocannon({
        url: `http://127.0.0.1:${s.port}/en-US`,
        connections: 10,
        ...(WARMUP ? { amount: WARMUP } : { duration: 2 }),
      });
    for (const s of running) await settle(s.pid);
    await new Promise((r) => setTimeout(r, 1_000));
    for (const s of running) {
      const r = rss(s.pid);
      s.idle = `${r.total.toFixed(0)} (${r.anon.toFixed(0)} + ${r.file.toFixed(0)})`;
      rows.get(s.name)?.idle.push(r.total);
      rows.get(s.name)?.anon.push(r.anon);
    }
    for (const [i, path] of PAGES.entries()) {
      for (const s of order) {
        let peak = rss(s.pid).total;
        const sampler = setInterval(() => {
          peak = Math.max(peak, rss(s.pid).total);
        }, 200);
        const r = await autocannon({
          url: `http://127.0.0.1:${s.port}${path}`,
          connections: 50,
          ...(AMOUNTS[i] ? { amount: AMOUNTS[i] } : { duration: SECONDS }),
          idReplacement: path.includes('[<id>]'),
        });
        await settle(s.pid);
        clearInterval(sampler);
        const row = rows.get(s.name);
        row?.peak.push(peak);
        row?.rps.push(r.requests.average);
        if (row) row.failed += r.errors + r.non2xx;
        s.cells.push(`${peak.toFixed(0)}, ${Math.round(r.requests.average)}`);
      }
    }
    for (const s of running)
      console.log(
        `| ${round} | ${s.name} (${s.flags.join(' ')} ${Object.entries(s.env)
          .map(([k, v]) => `${k}=${v}`)
          .join(' ')}) | ${s.idle} | ${s.cells.join(' | ')} |`,
      );
  } finally {
    for (const s of running) {
      s.child.kill('SIGTERM');
      await new Promise((r) => s.child.once('exit', r));
    }
  }
}
console.log('\nmedians | idle RSS MB | idle anon MB | peak RSS MB | req/s | errors + non-2xx');
for (const [name, r] of rows) {
  console.log(
    `${name} | ${median(r.idle).toFixed(0)} | ${median(r.anon).toFixed(0)} | ${median(r.peak).toFixed(0)} | ${median(r.rps).toFixed(0)} | ${r.failed}`,
  );
}
