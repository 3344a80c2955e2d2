// The auction bench's core (bench/auction.ts runs it against one server; bench/cluster.ts through a balancer while a
// process is killed): bidders sign up, then loop "read the axe's minimum, bid it or a little more". Afterwards each axe
// is checked against what the API answered: every accepted bid stored once, nothing stored that was not sent, the bid
// count and the highest bid right. A bid whose answer was lost (its process died, or the balancer answered 502/503/504)
// may or may not have been stored: it is allowed to be, once, and is not sent again (a person reads the axe anew).
import { Agent, request } from 'node:http';

// node:http with kept-alive connections: the load generator shares the 2 cores with the server and PostgreSQL, and
// fetch costs it about twice the CPU per request.
const agent = new Agent({ keepAlive: true, maxSockets: 2_000 });
export function call(
  base: string,
  method: string,
  path: string,
  body?: unknown,
  token?: string,
  ip?: string,
): Promise<{ status: number; json: Record<string, unknown> | null }> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve) => {
    const req = request(
      `${base}${path}`,
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
        res.on('error', () => resolve({ status: 0, json: null }));
      },
    );
    // A connection that failed or was reset: status 0 (the answer is lost).
    req.on('error', () => resolve({ status: 0, json: null }));
    req.end(payload);
  });
}

export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

export interface Bidder {
  token: string;
  ip: string;
}

/** A new bidder: signs up from its own address, confirms through the dev mailbox, keeps the token. */
async function newBidder(base: string, i: number, stamp: number): Promise<Bidder> {
  const email = `bidder-${stamp}-${i}@example.com`;
  const ip = `10.${(i >> 8) & 255}.${i & 255}.7`;
  const up = await call(
    base,
    'POST',
    '/v1/user/sign-up?lang=en&country=DE',
    { email, password: 'bench bidder 2026', name: 'Bidder', secondName: String(i), phone: '+4915123456789' },
    undefined,
    ip,
  );
  if (up.status !== 202) throw new Error(`sign-up ${up.status} ${JSON.stringify(up.json)}`);
  const mail = await call(base, 'GET', `/v1/dev/mailbox?to=${encodeURIComponent(email)}`);
  const text = ((mail.json?.docs as Array<{ text: string }>) ?? [])[0]?.text ?? '';
  const token = /\/confirm-email\/([\w-]+)/.exec(text)?.[1];
  const confirmed = await call(base, 'POST', `/v1/user/confirm-email/${token}`, undefined, undefined, ip);
  if (confirmed.status !== 200) throw new Error(`confirm ${confirmed.status}`);
  return { token: confirmed.json?.token as string, ip };
}

export async function signUpBidders(base: string, n: number): Promise<Bidder[]> {
  const stamp = Date.now();
  const bidders: Bidder[] = [];
  for (let i = 0; i < n; i += 25)
    bidders.push(
      ...(await Promise.all(Array.from({ length: Math.min(25, n - i) }, (_, j) => newBidder(base, i + j, stamp)))),
    );
  return bidders;
}

export interface AuctionRun {
  /** Per axe, the amounts answered 201. */
  accepted: Map<number, number[]>;
  /** Per axe, the amounts whose answer was lost. */
  unknown: Map<number, number[]>;
  refused: Map<string, number>;
  bidMs: number[];
  /** [second of the run the bid was sent in, latency]. */
  bidAt: Array<[number, number]>;
  healthMs: number[];
  errors: string[];
  /** Requests sent (reads, bids, /health). */
  requests: number;
}

export async function runAuction(
  base: string,
  bidders: Bidder[],
  options: { axes: number[]; seconds: number; thinkMs: number; start: 'spread' | 'together' },
): Promise<AuctionRun> {
  const { axes, thinkMs } = options;
  const run: AuctionRun = {
    accepted: new Map(axes.map((n) => [n, []])),
    unknown: new Map(axes.map((n) => [n, []])),
    refused: new Map(),
    bidMs: [],
    bidAt: [],
    healthMs: [],
    errors: [],
    requests: 0,
  };
  const begin = performance.now();
  const end = begin + options.seconds * 1000;
  let seed = 42;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const lost = (status: number) => status === 0 || status === 502 || status === 503 || status === 504;

  async function bidder({ token, ip }: Bidder) {
    if (options.start === 'spread') await new Promise((r) => setTimeout(r, thinkMs * random()));
    while (performance.now() < end) {
      const axe = axes[Math.floor(random() * axes.length)] as number;
      const read = await call(base, 'GET', `/v1/axes/${axe}/${axe}`, undefined, undefined, ip);
      run.requests += 1;
      if (lost(read.status)) continue;
      const minimum = ((read.json?.docs as Array<{ minimumBid: number }>) ?? [])[0]?.minimumBid ?? 10_000;
      const amount = minimum + Math.floor(random() * 3) * 500;
      const started = performance.now();
      const res = await call(base, 'POST', `/v1/axes/bid/${axe}`, { amount }, token, ip);
      run.requests += 1;
      run.bidMs.push(performance.now() - started);
      run.bidAt.push([Math.floor((started - begin) / 1000), performance.now() - started]);
      if (res.status === 201) run.accepted.get(axe)?.push(amount);
      else if (lost(res.status)) run.unknown.get(axe)?.push(amount);
      else if (res.status === 409)
        run.refused.set(String(res.json?.code), (run.refused.get(String(res.json?.code)) ?? 0) + 1);
      else run.errors.push(`bid ${res.status} ${JSON.stringify(res.json)}`);
      if (thinkMs > 0) await new Promise((r) => setTimeout(r, thinkMs * (0.5 + random())));
    }
  }
  async function health() {
    while (performance.now() < end) {
      const started = performance.now();
      const res = await call(base, 'GET', '/health');
      run.requests += 1;
      if (!lost(res.status)) run.healthMs.push(performance.now() - started);
      if (res.status !== 200 && !lost(res.status)) run.errors.push(`health ${res.status}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }
  await Promise.all([...bidders.map(bidder), ...Array.from({ length: 5 }, health)]);
  return run;
}

export interface AuctionCheck {
  axes: number;
  lostOrDoubled: number;
  wrongHighest: number;
  acceptedTotal: number;
  /** Bids whose answer was lost and that were stored all the same. */
  storedUnanswered: number;
}

/**
 * Every axe against the answers: the API's bid count and highest bid, and (given `stored`, the bids in the database per
 * axe) every accepted amount stored exactly once, and nothing else stored but amounts whose answer was lost.
 */
export async function checkAxes(
  base: string,
  run: AuctionRun,
  axesNumbers: number[],
  stored: Map<number, number[]> | null,
) {
  const list = await call(base, 'GET', `/v1/axes/${axesNumbers[0]}/${axesNumbers.at(-1)}`);
  const axes =
    (list.json?.docs as Array<{ number: number; bidCount: number; highestBid: { amount: number } | null }>) ?? [];
  const check: AuctionCheck = {
    axes: axes.length,
    lostOrDoubled: 0,
    wrongHighest: 0,
    acceptedTotal: 0,
    storedUnanswered: 0,
  };
  for (const axe of axes) {
    const mine = run.accepted.get(axe.number) ?? [];
    const unknown = new Set(run.unknown.get(axe.number) ?? []);
    check.acceptedTotal += mine.length;
    // Without the stored bids, the accepted ones are all there is to compare with.
    let all = mine;
    if (stored) {
      const rest = [...(stored.get(axe.number) ?? [])];
      for (const amount of mine) {
        const at = rest.indexOf(amount);
        if (at < 0) check.lostOrDoubled += 1;
        else rest.splice(at, 1);
      }
      // What is left must be bids whose answer was lost, each once.
      for (const amount of rest) {
        if (unknown.delete(amount)) check.storedUnanswered += 1;
        else check.lostOrDoubled += 1;
      }
      all = stored.get(axe.number) ?? [];
    }
    if (axe.bidCount !== all.length) check.lostOrDoubled += 1;
    if ((axe.highestBid?.amount ?? 0) !== Math.max(0, ...all)) check.wrongHighest += 1;
  }
  return check;
}

/** The bids stored in PostgreSQL per axe. */
export async function storedBids(url: string): Promise<Map<number, number[]>> {
  const { openDatabase, auctionBids } = await import('@varg/db');
  const db = await openDatabase({ url, poolSize: 1 });
  const rows = await db.db.select().from(auctionBids);
  const stored = new Map<number, number[]>();
  for (const r of rows) stored.set(r.axeNumber, [...(stored.get(r.axeNumber) ?? []), r.amount]);
  await db.close();
  return stored;
}
