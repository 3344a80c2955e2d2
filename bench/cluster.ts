// Issue 23 item 6: the shop as a cluster. Three app processes (production-like, the demo's sandbox payments) on one
// PostgreSQL database and one Redis, HAProxy in front; through the balancer:
//   1. throughput of the same load against 1 process and against 3 (autocannon);
//   2. the checkout bench (100 buyers double-clicking) while one process is killed with SIGKILL and restarted;
//   3. the auction bench (500 bidders) while another process is killed with SIGKILL and restarted;
//   4. a rate-limited route hit more often than its limit, the requests spread over the processes;
//   5. every e-mail of the outbox delivered exactly once to an SMTP sink in the bench.
// Clients whose answer was lost with the killed process retry as a browser would (the checkout) or read the axe again
// (the auction). Exit code 1 when an invariant fails.
//   npm run build && npm run bench:cluster
// Settings: CLUSTER_DATABASE_URL (postgres://postgres@127.0.0.1:5432/cluster1: dropped and created again),
// CLUSTER_REDIS_URL (redis://127.0.0.1:6379/3: flushed; `none`: no Redis, each process counts its limits alone and
// the rate-limit check fails — the control that shows it can), CLUSTER_PORT (4100: HAProxy; the processes on the next three
// ports, the SMTP sink on +90), BENCH_SECONDS (5, each throughput load), BENCH_CONNECTIONS (50), BENCH_BUYERS (100),
// BENCH_BIDDERS (500), BENCH_AUCTION_SECONDS (10), CLUSTER_SMTP_DELAY_MS (300: the sink's pause before accepting a
// sender), CLUSTER_SKIP (comma list of throughput,checkout,auction).
import autocannon from 'autocannon';
import pg from 'pg';
import { checkAxes, percentile, runAuction, signUpBidders, storedBids } from './auction-core.ts';
import { runCheckout } from './checkout-core.ts';
import { checkMails, checkOrders } from './cluster-checks.ts';
import { App, Balancer, cleanup, haproxyVersion, migrateOnce } from './cluster-procs.ts';
import { smtpSink } from './smtp-sink.ts';

const DB_URL = process.env.CLUSTER_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/cluster1';
const REDIS_URL = process.env.CLUSTER_REDIS_URL ?? 'redis://127.0.0.1:6379/3';
const LB_PORT = Number(process.env.CLUSTER_PORT ?? 4100);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const BUYERS = Number(process.env.BENCH_BUYERS ?? 100);
const BIDDERS = Number(process.env.BENCH_BIDDERS ?? 500);
const AUCTION_SECONDS = Number(process.env.BENCH_AUCTION_SECONDS ?? 10);
const SKIP = new Set((process.env.CLUSTER_SKIP ?? '').split(','));
const AXES = Array.from({ length: 10 }, (_, i) => 201 + i);

const failures: string[] = [];
const expect = (ok: boolean, what: string) => {
  console.log(`  ${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures.push(what);
};
const loadavg = async () =>
  (await import('node:os'))
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

async function freshDatabase(): Promise<void> {
  const name = new URL(DB_URL).pathname.slice(1);
  if (!/^\w+$/.test(name)) throw new Error(`database name ${name}`);
  const admin = new URL(DB_URL);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  await client.query(`drop database if exists ${name} with (force)`);
  await client.query(`create database ${name}`);
  await client.end();
  const { Redis } = await import('ioredis');
  if (REDIS_URL === 'none') return;
  const redis = new Redis(REDIS_URL);
  await redis.flushdb();
  redis.disconnect();
}

/** Kills `app` with SIGKILL once `trigger` resolves, then starts it again at once; resolves when it is ready. */
async function killAndRestart(app: App, trigger: Promise<string>): Promise<void> {
  const why = await trigger;
  app.kill();
  const killedAt = performance.now();
  console.log(`  SIGKILL to the process on :${app.port} (${why}); restarting it`);
  app.start();
  await app.ready();
  console.log(`  :${app.port} ready again after ${((performance.now() - killedAt) / 1000).toFixed(1)} s`);
}

/** Resolves when `n` more orders than now are committed, or after `maxMs`. */
async function ordersCommitted(db: pg.Pool, n: number, maxMs: number): Promise<string> {
  const count = async () => Number((await db.query('select count(*)::int as n from orders')).rows[0]?.n);
  const before = await count();
  const until = performance.now() + maxMs;
  while (performance.now() < until) {
    if ((await count()) >= before + n) return `${n} orders committed`;
    await new Promise((r) => setTimeout(r, 20));
  }
  return `${maxMs} ms passed`;
}

async function throughput(lb: Balancer): Promise<Array<{ name: string; rps: number; p99: number; errors: number }>> {
  const loads = [
    { name: 'GET /v1/product/getlist', path: '/v1/product/getlist?countryLocation=DE&category=bikes&status=1' },
    { name: 'SSR home, rendered every time', path: '/en-US?v=[<id>]' },
  ];
  const out = [];
  for (const l of loads) {
    const r = await autocannon({
      url: `${lb.url}${l.path}`,
      connections: CONNECTIONS,
      duration: SECONDS,
      idReplacement: l.path.includes('[<id>]'),
    });
    out.push({ name: l.name, rps: r.requests.average, p99: r.latency.p99, errors: r.errors + r.non2xx });
  }
  return out;
}

try {
  console.log(haproxyVersion());
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
await freshDatabase();
// A relay that takes 300 ms to accept a sender: a process killed mid-run leaves deliveries half done.
const sink = await smtpSink(LB_PORT + 90, Number(process.env.CLUSTER_SMTP_DELAY_MS ?? 300));
const options = { databaseUrl: DB_URL, redisUrl: REDIS_URL, smtpUrl: sink.url };
const apps = [1, 2, 3].map((i) => new App(LB_PORT + i, options));
const lb = new Balancer(LB_PORT);
const db = new pg.Pool({ connectionString: DB_URL, max: 3 });
try {
  const t0 = performance.now();
  migrateOnce(DB_URL);
  // The first process seeds the demo; the others start once it is ready (they find it seeded).
  await apps[0]?.start().ready();
  for (const app of apps.slice(1)) app.start();
  await Promise.all(apps.map((a) => a.ready()));
  console.log(
    `migrated, 3 processes ready in ${((performance.now() - t0) / 1000).toFixed(1)} s; load average ${await loadavg()}`,
  );

  if (!SKIP.has('throughput')) {
    const rows: string[] = [];
    for (const n of [1, 3]) {
      await lb.start(apps.slice(0, n).map((a) => a.port));
      await autocannon({ url: `${lb.url}/en-US`, connections: 10, duration: 2 });
      const load = await loadavg();
      for (const r of await throughput(lb))
        rows.push(`| ${r.name} | ${n} | ${r.rps.toFixed(0)} | ${r.p99} | ${r.errors} | ${load} |`);
    }
    console.log('\n| load | processes | req/s | p99 ms | errors + non-2xx | load average before |');
    console.log('|---|---:|---:|---:|---:|---|');
    for (const r of rows) console.log(r);
  }
  await lb.start(apps.map((a) => a.port));

  if (!SKIP.has('checkout')) {
    console.log(`\ncheckout: ${BUYERS} buyers double-clicking, through HAProxy, load average ${await loadavg()}`);
    const app = apps[1] as App;
    const killed = killAndRestart(app, ordersCommitted(db, Math.floor(BUYERS / 3), 15_000));
    const run = await runCheckout(lb.url, {
      buyers: BUYERS,
      retry: true,
      email: (i) => `cluster-buyer-${i}-${Date.now()}@example.com`,
    });
    console.log(
      `  ${run.seconds.toFixed(1)} s, ${run.requests} requests (${(run.requests / run.seconds).toFixed(0)}/s), ` +
        `${run.lost} answers lost and sent again; orders ${run.orders.size}, paid exactly once (API) ${run.paidOnce}, errors ${run.errors.length}`,
    );
    for (const e of run.errors.slice(0, 10)) console.log(`    ${e}`);
    await killed;
    const o = await checkOrders(db, run.carts, 'cluster-buyer-%');
    console.log(
      `  database: carts ${o.carts}, paid exactly once ${o.paidOnce}, without order ${o.noOrder}, two orders ${o.twoOrders}, ` +
        `unpaid ${o.unpaid}, paid twice ${o.paidTwice}, accounts without an order ${o.accountsWithoutOrder}`,
    );
    expect(
      o.paidOnce === BUYERS && o.noOrder + o.twoOrders + o.unpaid + o.paidTwice + o.accountsWithoutOrder === 0,
      'every buyer has one order, paid exactly once; nothing lost or doubled',
    );
    expect(run.errors.length === 0, 'no buyer saw an error');
  }

  if (!SKIP.has('auction')) {
    const bidders = await signUpBidders(lb.url, BIDDERS);
    console.log(
      `\nauction: ${bidders.length} bidders for ${AUCTION_SECONDS} s, through HAProxy, load average ${await loadavg()}`,
    );
    const app = apps[2] as App;
    const killed = killAndRestart(
      app,
      new Promise((r) => setTimeout(() => r(`${AUCTION_SECONDS * 400} ms into the run`), AUCTION_SECONDS * 400)),
    );
    const run = await runAuction(lb.url, bidders, {
      axes: AXES,
      seconds: AUCTION_SECONDS,
      thinkMs: 1000,
      start: 'spread',
    });
    await killed;
    const check = await checkAxes(lb.url, run, AXES, await storedBids(DB_URL));
    const unknown = [...run.unknown.values()].reduce((s, a) => s + a.length, 0);
    console.log(
      `  ${run.requests} requests (${(run.requests / AUCTION_SECONDS).toFixed(0)}/s); bids sent ${run.bidMs.length}, accepted ` +
        `${check.acceptedTotal}, answer lost ${unknown} (of which stored ${check.storedUnanswered}), errors ${run.errors.length}; ` +
        `bid p50 ${percentile(run.bidMs, 50).toFixed(0)} ms, p99 ${percentile(run.bidMs, 99).toFixed(0)} ms`,
    );
    for (const e of run.errors.slice(0, 10)) console.log(`    ${e}`);
    expect(
      check.axes === AXES.length && check.lostOrDoubled === 0,
      'no accepted bid lost, none stored twice or unasked',
    );
    expect(check.wrongHighest === 0, "every axe's highest bid is the largest stored");
  }

  // A route's own limit (the contact form: 5 per 10 minutes per address), from one address through the balancer.
  console.log('\nrate limit: POST /v1/contact 15 times from one address (limit 5 per 10 minutes)');
  const served = new Map<string, number>();
  let allowed = 0;
  let limited = 0;
  for (let i = 0; i < 15; i++) {
    const res = await fetch(`${lb.url}/v1/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '192.0.2.77' },
      body: '{}',
    });
    const by = res.headers.get('x-served-by') ?? '?';
    served.set(by, (served.get(by) ?? 0) + 1);
    if (res.status === 429) limited += 1;
    else allowed += 1;
  }
  console.log(
    `  answered ${allowed} (400: the empty form), 429 ${limited}; served by ${[...served].map(([k, v]) => `${k} ${v}`).join(', ')}`,
  );
  expect(allowed === 5 && limited === 10 && served.size > 1, 'the limit holds across processes (Redis counters)');

  console.log('\ne-mails: the outbox against the SMTP sink');
  const m = await checkMails(db, sink);
  console.log(
    `  outbox rows ${m.rows}: sent ${m.sent}, dead ${m.dead} (the demo's seeded ones), waiting ${m.waiting}; ` +
      `leases of the killed processes expired by the bench ${m.leasesExpired}; the sink received ${m.delivered} ` +
      `(${sink.messages} messages); missing ${m.missing}, sent twice ${m.doubled}`,
  );
  expect(m.waiting === 0 && m.missing === 0 && m.doubled === 0, 'every e-mail sent exactly once');
} finally {
  await db.end().catch(() => undefined);
  await lb.stop();
  await Promise.all(apps.map((a) => a.stop()));
  await sink.close();
  cleanup();
}
console.log(failures.length ? `\n${failures.length} check(s) failed` : '\nevery check passed');
if (failures.length) process.exitCode = 1;
