// 500 bidders bid at once on 10 axes for 10 s (the auction issue's target): every bidder loops "read the axe's minimum,
// bid it or a little more" while /health is timed in the same run. Afterwards each axe is checked against what the API
// accepted: no accepted bid lost or doubled (the bid count and, on PostgreSQL, the stored bids), and the highest bid
// equals the largest accepted amount. Prints bid and /health latencies (p50, p99) and their ratio.
//   npm run build && BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/auction_bench node bench/auction.ts
// The database of BENCH_DATABASE_URL is dropped and created again first. Settings: BENCH_BIDDERS (500),
// BENCH_AXES (10), BENCH_SECONDS (10), BENCH_THINK_MS (1000: each bidder waits 0.5–1.5× this between bids),
// BENCH_START (spread: the bidders' first bids fall anywhere in the first think time; together: all in one instant).
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
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

// node:http with kept-alive connections: the load generator shares the 2 cores with the server and PostgreSQL, and
// fetch costs it about twice the CPU per request.
const agent = new Agent({ keepAlive: true, maxSockets: 2_000 });
function call(
  method: string,
  path: string,
  body?: unknown,
  token?: string,
  ip?: string,
): Promise<{ status: number; json: Record<string, unknown> | null }> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      `${BASE}${path}`,
      {
        method,
        agent,
        headers: {
          ...(payload === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(ip ? { 'x-forwarded-for': ip } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          let json: Record<string, unknown> | null = null;
          try {
            json = JSON.parse(Buffer.concat(chunks).toString('utf8'));
          } catch {}
          resolve({ status: res.statusCode ?? 0, json });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

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

/** A new bidder: signs up from its own address, confirms through the dev mailbox, keeps the token. */
async function newBidder(i: number, stamp: number): Promise<{ token: string; ip: string }> {
  const email = `bidder-${stamp}-${i}@example.com`;
  const ip = `10.${(i >> 8) & 255}.${i & 255}.7`;
  const up = await call(
    'POST',
    '/v1/user/sign-up?lang=en&country=DE',
    { email, password: 'bench bidder 2026', name: 'Bidder', secondName: String(i), phone: '+4915123456789' },
    undefined,
    ip,
  );
  if (up.status !== 202) throw new Error(`sign-up ${up.status} ${JSON.stringify(up.json)}`);
  const mail = await call('GET', `/v1/dev/mailbox?to=${encodeURIComponent(email)}`);
  const text = ((mail.json?.docs as Array<{ text: string }>) ?? [])[0]?.text ?? '';
  const token = /\/confirm-email\/([\w-]+)/.exec(text)?.[1];
  const confirmed = await call('POST', `/v1/user/confirm-email/${token}`, undefined, undefined, ip);
  if (confirmed.status !== 200) throw new Error(`confirm ${confirmed.status}`);
  return { token: confirmed.json?.token as string, ip };
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
  const stamp = Date.now();
  const tokens: Array<{ token: string; ip: string }> = [];
  for (let i = 0; i < BIDDERS; i += 25) {
    tokens.push(
      ...(await Promise.all(Array.from({ length: Math.min(25, BIDDERS - i) }, (_, j) => newBidder(i + j, stamp)))),
    );
  }
  console.log(`${tokens.length} bidders signed up`);

  const accepted = new Map<number, number[]>(AXES.map((n) => [n, []]));
  const refused = new Map<string, number>();
  const bidMs: number[] = [];
  /** [second of the run the bid was sent in, latency]: where in the run the slow bids are. */
  const bidAt: Array<[number, number]> = [];
  const healthMs: number[] = [];
  const errors: string[] = [];
  const cpu = { bench: process.cpuUsage(), server: serverCpu() };
  const begin = performance.now();
  const end = begin + SECONDS * 1000;
  let seed = 42;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };

  async function bidder({ token, ip }: { token: string; ip: string }) {
    if (START === 'spread') await new Promise((r) => setTimeout(r, THINK_MS * random()));
    while (performance.now() < end) {
      const axe = AXES[Math.floor(random() * AXES.length)] as number;
      const read = await call('GET', `/v1/axes/${axe}/${axe}`, undefined, undefined, ip);
      const minimum = ((read.json?.docs as Array<{ minimumBid: number }>) ?? [])[0]?.minimumBid ?? 10_000;
      const amount = minimum + Math.floor(random() * 3) * 500;
      const started = performance.now();
      const res = await call('POST', `/v1/axes/bid/${axe}`, { amount }, token, ip);
      bidMs.push(performance.now() - started);
      bidAt.push([Math.floor((started - begin) / 1000), performance.now() - started]);
      if (res.status === 201) accepted.get(axe)?.push(amount);
      else if (res.status === 409) refused.set(String(res.json?.code), (refused.get(String(res.json?.code)) ?? 0) + 1);
      else errors.push(`bid ${res.status} ${JSON.stringify(res.json)}`);
      if (THINK_MS > 0) await new Promise((r) => setTimeout(r, THINK_MS * (0.5 + random())));
    }
  }
  async function health() {
    while (performance.now() < end) {
      const started = performance.now();
      const res = await call('GET', '/health');
      healthMs.push(performance.now() - started);
      if (res.status !== 200) errors.push(`health ${res.status}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }
  await Promise.all([...tokens.map(bidder), ...Array.from({ length: 5 }, health)]);

  const benchCpu = process.cpuUsage(cpu.bench);
  const used = { bench: (benchCpu.user + benchCpu.system) / 1e6, server: serverCpu() - cpu.server };
  // Every axe against what was accepted.
  let lostOrDoubled = 0;
  let wrongHighest = 0;
  const list = await call('GET', `/v1/axes/${AXES[0]}/${AXES.at(-1)}`);
  const axes =
    (list.json?.docs as Array<{ number: number; bidCount: number; highestBid: { amount: number } | null }>) ?? [];
  let stored: Map<number, number[]> | null = null;
  if (url) {
    const { openDatabase, auctionBids } = await import('@varg/db');
    const db = await openDatabase({ url, poolSize: 1 });
    const rows = await db.db.select().from(auctionBids);
    stored = new Map();
    for (const r of rows) stored.set(r.axeNumber, [...(stored.get(r.axeNumber) ?? []), r.amount]);
    await db.close();
  }
  const same = (a: number[], b: number[]) =>
    a.length === b.length && [...a].sort((x, y) => x - y).every((v, i) => v === [...b].sort((x, y) => x - y)[i]);
  for (const axe of axes) {
    const mine = accepted.get(axe.number) ?? [];
    if (axe.bidCount !== mine.length) lostOrDoubled += 1;
    if (stored && !same(stored.get(axe.number) ?? [], mine)) lostOrDoubled += 1;
    if ((axe.highestBid?.amount ?? 0) !== Math.max(0, ...mine)) wrongHighest += 1;
  }
  const total = [...accepted.values()].reduce((s, a) => s + a.length, 0);
  const bidP99 = percentile(bidMs, 99);
  const healthP99 = percentile(healthMs, 99);
  console.log(
    `${BIDDERS} bidders on ${AXES.length} axes for ${SECONDS} s (think ${THINK_MS} ms, start ${START}), database: ${url ? 'PostgreSQL' : 'PGlite'}\n` +
      `  bids sent ${bidMs.length} (${(bidMs.length / SECONDS).toFixed(0)}/s), accepted ${total}, refused ${[...refused]
        .map(([c, n]) => `${c} ${n}`)
        .join(', ')}, errors ${errors.length}\n` +
      `  axes with lost or doubled bids: ${lostOrDoubled}; axes whose highest is not the largest accepted: ${wrongHighest}\n` +
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
  if (errors.length || lostOrDoubled || wrongHighest || axes.length !== AXES.length || bidP99 > 5 * healthP99)
    process.exitCode = 1;
} finally {
  server.kill('SIGTERM');
}
