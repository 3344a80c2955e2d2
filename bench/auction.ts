// 500 bidders bid at once on 10 axes for 10 s (the auction issue's target): every bidder loops "read the axe's minimum,
// bid it or a little more" while /health is timed in the same run. Afterwards each axe is checked against what the API
// accepted: no accepted bid lost or doubled (the bid count and, on PostgreSQL, the stored bids), and the highest bid
// equals the largest accepted amount. Prints bid and /health latencies (p50, p99) and their ratio.
//   npm run build && BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/auction_bench node bench/auction.ts
// The database of BENCH_DATABASE_URL is dropped and created again first. Settings: BENCH_BIDDERS (500),
// BENCH_AXES (10), BENCH_SECONDS (10), BENCH_THINK_MS (1000: each bidder waits 0.5–1.5× this between bids),
// BENCH_START (spread: the bidders' first bids fall anywhere in the first think time; together: all in one instant).
import { readFileSync } from 'node:fs';
import { checkAxes, percentile, runAuction, signUpBidders, storedBids } from './auction-core.ts';
import { BASE, startServer, waitReady } from './server.ts';

const BIDDERS = Number(process.env.BENCH_BIDDERS ?? 500);
const AXES = Array.from({ length: Number(process.env.BENCH_AXES ?? 10) }, (_, i) => 201 + i);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** A bidder's pause between two bids (a person reads the new highest bid before bidding again); 0 hammers. */
const THINK_MS = Number(process.env.BENCH_THINK_MS ?? 1000);
const url = process.env.BENCH_DATABASE_URL;
/**
 * `spread` (default): each bidder's first bid comes at a random moment of its first think time, so from the first second
 * on all 500 bid concurrently at their steady pace. `together`: all 500 send their first read and bid in the same
 * instant (a stress case: the whole first wave queues at once).
 */
const START = process.env.BENCH_START === 'together' ? 'together' : 'spread';

async function freshDatabase() {
  if (!url) return;
  const { openDatabase } = await import('@varg/db');
  const { sql } = await import('drizzle-orm');
  const target = new URL(url);
  const name = target.pathname.slice(1);
  if (!/^\w+$/.test(name)) throw new Error(`database name ${name}`);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const db = await openDatabase({ url: admin.toString(), poolSize: 1 });
  await db.db.execute(sql.raw(`drop database if exists ${name} with (force)`));
  await db.db.execute(sql.raw(`create database ${name}`));
  await db.close();
}

/** CPU seconds the server process has used (Linux /proc; 0 elsewhere). */
function serverCpu(): number {
  try {
    const fields = readFileSync(`/proc/${server.pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

await freshDatabase();
// Bidders sign up from their own (forwarded) addresses, clear of the per-address limits.
process.env.TRUST_PROXY = 'loopback';
const server = startServer();
try {
  await waitReady();
  const tokens = await signUpBidders(BASE, BIDDERS);
  console.log(`${tokens.length} bidders signed up`);

  const cpu = { bench: process.cpuUsage(), server: serverCpu() };
  const run = await runAuction(BASE, tokens, { axes: AXES, seconds: SECONDS, thinkMs: THINK_MS, start: START });
  const { bidMs, bidAt, healthMs, errors, refused } = run;

  const benchCpu = process.cpuUsage(cpu.bench);
  const used = { bench: (benchCpu.user + benchCpu.system) / 1e6, server: serverCpu() - cpu.server };
  // Every axe against what was accepted.
  const check = await checkAxes(BASE, run, AXES, url ? await storedBids(url) : null);
  const { lostOrDoubled, wrongHighest } = check;
  const total = check.acceptedTotal;
  const bidP99 = percentile(bidMs, 99);
  const healthP99 = percentile(healthMs, 99);
  console.log(
    `${BIDDERS} bidders on ${AXES.length} axes for ${SECONDS} s (think ${THINK_MS} ms, start ${START}), database: ${url ? 'PostgreSQL' : 'PGlite'}\n` +
      `  bids sent ${bidMs.length} (${(bidMs.length / SECONDS).toFixed(0)}/s), accepted ${total}, refused ${[...refused]
        .map(([c, n]) => `${c} ${n}`)
        .join(', ')}, errors ${errors.length}\n` +
      `  lost or doubled bids: ${lostOrDoubled}; axes whose highest is not the largest accepted: ${wrongHighest}\n` +
      `  bid latency p50 ${percentile(bidMs, 50).toFixed(0)} ms, p99 ${bidP99.toFixed(0)} ms; ` +
      `/health p50 ${percentile(healthMs, 50).toFixed(0)} ms, p99 ${healthP99.toFixed(0)} ms; ratio ${(bidP99 / healthP99).toFixed(2)} (target ≤ 5)`,
  );
  console.log(
    `  CPU seconds during the run: load generator ${used.bench.toFixed(1)}, server ${used.server.toFixed(1)}`,
  );
  const bySecond = Array.from({ length: SECONDS }, (_, s) => bidAt.filter(([at]) => at === s).map(([, ms]) => ms));
  console.log(
    `  bid p99 by second of the run: ${bySecond.map((ms) => `${percentile(ms, 99).toFixed(0)}`).join(' ')} ms`,
  );
  for (const e of errors.slice(0, 10)) console.log(`  ${e}`);
  if (errors.length || lostOrDoubled || wrongHighest || check.axes !== AXES.length || bidP99 > 5 * healthP99)
    process.exitCode = 1;
} finally {
  server.kill('SIGTERM');
}
