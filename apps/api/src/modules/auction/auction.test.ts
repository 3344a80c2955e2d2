import { get, type IncomingMessage } from 'node:http';
import { auctionAxes, auctionBids, auctions, DEMO_AUCTION } from '@varg/db';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCalls, fixedGeo, type Json, lastMail, newCustomer, testConfig, useApi } from '../../../test/helper.ts';
import { buildApi } from '../../app.ts';

const ctx = useApi();
const { call, ok, refused, signIn } = apiCalls(ctx);
const CUSTOMER = 'customer@demo.starkfuture.com'; // German
const COMPANY = 'company@demo.starkfuture.com'; // French
const ADMIN = 'admin@demo.starkfuture.com';

/** Moves an axe's end (the tests play the clock through the database). */
async function setEnd(number: number, endsAt: Date) {
  await ctx.database.db.update(auctionAxes).set({ endsAt }).where(eq(auctionAxes.number, number));
}
const bid = (token: string | null, number: number | string, amount: unknown) =>
  call('POST', `/v1/axes/bid/${number}`, token, { amount });

let people = 0;
async function bidder(): Promise<string> {
  const { token } = await newCustomer(ctx.app, `bidder-${Date.now()}-${++people}@example.com`);
  return token;
}

describe('reading the axes', () => {
  it('answers a range with the highest bids, the minimum next bid and the auction’s rules in EUR', async () => {
    const list = await ok(await call('GET', '/v1/axes/1/24'));
    expect(list.docs).toHaveLength(24);
    expect(list.currency).toBe('EUR');
    expect(list.increment).toBe(DEMO_AUCTION.increment);
    const first = list.docs[0] as Json;
    expect(first).toMatchObject({ number: 1, featured: true, bidCount: 2, currency: 'EUR', yours: false });
    expect(first.highestBid).toMatchObject({ amount: 30_000, currency: 'EUR', bidder: 'J. M.' });
    expect(first.minimumBid).toBe(30_000 + DEMO_AUCTION.increment);
    const second = list.docs[1] as Json;
    expect(second).toMatchObject({ number: 2, featured: false, highestBid: null, minimumBid: DEMO_AUCTION.reserve });
    const mine = await ok(await call('GET', '/v1/axes/1/1', await signIn(COMPANY)));
    expect(mine.docs[0].yours).toBe(true);
  });

  it('refuses numbers outside 1 to 1000, reversed and too long ranges', async () => {
    await refused(await call('GET', '/v1/axes/0/5'), 404, 'AXE_NOT_FOUND');
    await refused(await call('GET', '/v1/axes/990/1001'), 404, 'AXE_NOT_FOUND');
    await refused(await call('GET', '/v1/axes/10/5'), 400, 'AXE_RANGE_INVALID');
    await refused(await call('GET', '/v1/axes/1/101'), 400, 'AXE_RANGE_INVALID');
    await refused(await call('GET', '/v1/axes/abc/5'), 400, 'VALIDATION_ERROR');
    await refused(await call('GET', '/v1/axes/1.5/5'), 400, 'VALIDATION_ERROR');
  });

  it('lists featured axes and axes without bids by page', async () => {
    const featured = await ok(await call('GET', '/v1/axes/bids/featured/1'));
    expect(featured.docs.map((a: Json) => a.number)).toEqual([1, 13, 24, 100, 250, 500, 777, 1000]);
    expect(featured).toMatchObject({ page: 1, totalDocs: 8, hasNextPage: false });
    await refused(await call('GET', '/v1/axes/bids/featured/0'), 400, 'VALIDATION_ERROR');
    await refused(await call('GET', '/v1/axes/bids/featured/x'), 400, 'VALIDATION_ERROR');

    const free = await ok(await call('GET', '/v1/axes/wo-bids/1/30/1'));
    const numbers = free.docs.map((a: Json) => a.number);
    expect(numbers).not.toContain(1);
    expect(numbers).not.toContain(24);
    expect(numbers).toHaveLength(24);
    expect(free).toMatchObject({ totalDocs: 28, totalPages: 2, hasNextPage: true });
    expect((await ok(await call('GET', '/v1/axes/wo-bids/1/30/2'))).docs).toHaveLength(4);
    await refused(await call('GET', '/v1/axes/wo-bids/0/30/1'), 404, 'AXE_NOT_FOUND');
    await refused(await call('GET', '/v1/axes/wo-bids/30/1/1'), 400, 'AXE_RANGE_INVALID');
    await refused(await call('GET', '/v1/axes/wo-bids/1/30/0'), 400, 'VALIDATION_ERROR');
  });

  it('answers the highest bids of an axe, highest first, bidders by initials', async () => {
    const { axe, bids } = await ok(await call('GET', '/v1/axes/bids/highests/1'));
    expect(axe.number).toBe(1);
    expect(bids.map((b: Json) => [b.amount, b.bidder])).toEqual([
      [30_000, 'J. M.'],
      [25_000, 'L. F.'],
    ]);
    expect(JSON.stringify(bids)).not.toContain('@');
    await refused(await call('GET', '/v1/axes/bids/highests/1001'), 404, 'AXE_NOT_FOUND');
    await refused(await call('GET', '/v1/axes/bids/highests/-3'), 404, 'AXE_NOT_FOUND');
  });

  it('answers 304 to a poll with the ETag of an unchanged range, and the change after a bid', async () => {
    const first = await call('GET', '/v1/axes/301/320');
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await ctx.app.inject({ url: '/v1/axes/301/320', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    await ok(await bid(await bidder(), 305, 10_000), 201);
    const changed = await ctx.app.inject({ url: '/v1/axes/301/320', headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.json().docs[4].highestBid.amount).toBe(10_000);
  });
});

describe('bidding', () => {
  it('takes the reserve first, then only bids that beat the highest by the increment, never against oneself', async () => {
    await refused(await bid(null, 7, 10_000), 401, 'UNAUTHORIZED');
    const [a, b] = [await bidder(), await bidder()];
    await refused(await bid(a, 7, 9_999), 409, 'BID_TOO_LOW');
    const placed = await ok(await bid(a, 7, 10_000), 201);
    expect(placed.bid).toMatchObject({ amount: 10_000, currency: 'EUR' });
    expect(placed.axe).toMatchObject({ number: 7, yours: true, bidCount: 1, minimumBid: 11_000 });
    expect(placed.extended).toBe(false);
    await refused(await bid(a, 7, 20_000), 409, 'BID_ALREADY_HIGHEST');
    const low = await refused(await bid(b, 7, 10_999), 409, 'BID_TOO_LOW');
    expect(low.message).toContain('110.00');
    await refused(await bid(b, 7, 10_000), 409, 'BID_TOO_LOW');
    await ok(await bid(b, 7, 11_000), 201);
    await ok(await bid(a, 7, 12_000), 201);
    const { bids } = await ok(await call('GET', '/v1/axes/bids/highests/7'));
    expect(bids.map((x: Json) => x.amount)).toEqual([12_000, 11_000, 10_000]);
  });

  it('refuses bad axe numbers and amounts that are not whole minor units, and changes nothing', async () => {
    const a = await bidder();
    await refused(await bid(a, 0, 10_000), 404, 'AXE_NOT_FOUND');
    await refused(await bid(a, 1001, 10_000), 404, 'AXE_NOT_FOUND');
    await refused(await bid(a, 'seven', 10_000), 400, 'VALIDATION_ERROR');
    for (const amount of [-1, 0, 100.5, '10000', null, 1e12])
      await refused(await bid(a, 8, amount), 400, 'VALIDATION_ERROR');
    await refused(await call('POST', '/v1/axes/bid/8', a, {}), 400, 'VALIDATION_ERROR');
    const [row] = await ctx.database.db.select().from(auctionAxes).where(eq(auctionAxes.number, 8));
    expect(row?.bidCount).toBe(0);
  });

  it('refuses bids after the axe’s end and before the auction’s start', async () => {
    const a = await bidder();
    await setEnd(11, new Date(Date.now() - 1000));
    await refused(await bid(a, 11, 50_000), 409, 'AUCTION_ENDED');
    const { db } = ctx.database;
    const [before] = await db.select({ startsAt: auctions.startsAt }).from(auctions);
    await db.execute(sql`update auctions set starts_at = now() + interval '1 day'`);
    try {
      await refused(await bid(a, 12, 50_000), 409, 'AUCTION_NOT_STARTED');
    } finally {
      await db.update(auctions).set({ startsAt: before?.startsAt ?? new Date() });
    }
  });

  it('extends an axe’s end after a bid in its last minutes, and only then', async () => {
    const a = await bidder();
    const soon = new Date(Date.now() + 60_000);
    await setEnd(9, soon);
    const placed = await ok(await bid(a, 9, 10_000), 201);
    expect(placed.extended).toBe(true);
    const end = new Date(placed.axe.endsAt).getTime();
    expect(end).toBeGreaterThan(soon.getTime());
    expect(end - Date.parse(placed.bid.at)).toBe(DEMO_AUCTION.extensionSeconds * 1000);
    await setEnd(10, new Date(Date.now() + 3_600_000));
    expect((await ok(await bid(a, 10, 10_000), 201)).extended).toBe(false);
  });

  it(`keeps the highest of concurrent bids: none lost or doubled, lower ones refused (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, async () => {
    const tokens = await Promise.all(Array.from({ length: 8 }, () => bidder()));
    const number = 50;
    // Every bidder sends six bids at once, amounts from 10,000 up in steps smaller than, equal to and above the increment.
    const amounts = tokens.flatMap((_, i) => Array.from({ length: 6 }, (_, j) => 10_000 + (i * 6 + j) * 700));
    const shuffled = amounts.map((amount, i) => ({ amount, token: tokens[i % tokens.length] as string }));
    const answers = await Promise.all(shuffled.map((x) => bid(x.token, number, x.amount)));
    const accepted = answers.filter((r) => r.statusCode === 201).map((r) => r.json().bid.amount as number);
    const refusedCodes = answers.filter((r) => r.statusCode !== 201).map((r) => r.json().code as string);
    expect(accepted.length).toBeGreaterThan(0);
    expect(new Set(refusedCodes)).toEqual(
      new Set(refusedCodes.filter((c) => ['BID_TOO_LOW', 'BID_ALREADY_HIGHEST'].includes(c))),
    );
    const stored = await ctx.database.db
      .select()
      .from(auctionBids)
      .where(and(eq(auctionBids.axeNumber, number)))
      .orderBy(auctionBids.createdAt);
    expect(stored.map((b) => b.amount).sort((x, y) => x - y)).toEqual([...accepted].sort((x, y) => x - y));
    // In the order they were placed, each accepted bid beat the one before by the increment.
    const inOrder = [...stored].sort((x, y) => x.amount - y.amount);
    for (let i = 1; i < inOrder.length; i++) {
      expect((inOrder[i]?.amount ?? 0) - (inOrder[i - 1]?.amount ?? 0)).toBeGreaterThanOrEqual(DEMO_AUCTION.increment);
      expect(inOrder[i]?.userId).not.toBe(inOrder[i - 1]?.userId);
    }
    const [axe] = await ctx.database.db.select().from(auctionAxes).where(eq(auctionAxes.number, number));
    expect(axe?.highestAmount).toBe(Math.max(...accepted));
    expect(axe?.bidCount).toBe(accepted.length);
    expect(axe?.highestBidId).toBe(inOrder.at(-1)?.id);
  });
});

describe('bidding behind several app processes', () => {
  // Two more API instances on the same database: each keeps its own view of the axes and its own queue per axe.
  const others: FastifyInstance[] = [];
  beforeAll(async () => {
    for (let i = 0; i < 2; i++) {
      const app = await buildApi({ config: testConfig, database: ctx.database, geo: fixedGeo({}), logger: false });
      await app.ready();
      others.push(app);
    }
  });
  afterAll(async () => {
    for (const app of others) await app.close();
  });
  const processes = () => [ctx.app, ...others].map((app, i) => apiCalls({ app }, 100 + i * 40));

  it('decides a bid against the stored axe when the process saw it before another process’s bid', async () => {
    const [here, there] = processes() as [ReturnType<typeof apiCalls>, ReturnType<typeof apiCalls>];
    const [a, b, c] = await Promise.all([bidder(), bidder(), bidder()]);
    const number = 61;
    // Both processes see the axe without bids, then the first takes 100.00 EUR.
    await ok(await there.call('GET', `/v1/axes/${number}/${number}`));
    await ok(await here.call('POST', `/v1/axes/bid/${number}`, a, { amount: 10_000 }), 201);
    // The second still saw no bid: 100.00 again is refused against the stored bid, not accepted twice.
    const again = await refused(
      await there.call('POST', `/v1/axes/bid/${number}`, b, { amount: 10_000 }),
      409,
      'BID_TOO_LOW',
    );
    expect(again.message).toContain(String((10_000 + DEMO_AUCTION.increment) / 100));
    // Now it knows: a bid that beats the stored one is taken there, and the first process learns of it in turn.
    const second = 10_000 + DEMO_AUCTION.increment;
    await ok(await there.call('POST', `/v1/axes/bid/${number}`, b, { amount: second }), 201);
    await refused(await here.call('POST', `/v1/axes/bid/${number}`, c, { amount: second }), 409, 'BID_TOO_LOW');
    await refused(
      await here.call('POST', `/v1/axes/bid/${number}`, b, { amount: second * 2 }),
      409,
      'BID_ALREADY_HIGHEST',
    );
    await ok(await here.call('POST', `/v1/axes/bid/${number}`, a, { amount: second * 2 }), 201);
    const [axe] = await ctx.database.db.select().from(auctionAxes).where(eq(auctionAxes.number, number));
    expect(axe).toMatchObject({ highestAmount: second * 2, bidCount: 3 });
  });

  it('refuses a bid on an axe another process ended or closed, though this process saw it open', async () => {
    const [here, there] = processes() as [ReturnType<typeof apiCalls>, ReturnType<typeof apiCalls>];
    const [a, b] = await Promise.all([bidder(), bidder()]);
    const number = 62;
    await ok(await here.call('POST', `/v1/axes/bid/${number}`, a, { amount: 10_000 }), 201);
    await ok(await there.call('GET', `/v1/axes/${number}/${number}`));
    await setEnd(number, new Date(Date.now() - 1000));
    await ok(await here.call('POST', '/v1/axes/winners/determine', await signIn(ADMIN)));
    await refused(await there.call('POST', `/v1/axes/bid/${number}`, b, { amount: 20_000 }), 409, 'AUCTION_ENDED');
    const [axe] = await ctx.database.db.select().from(auctionAxes).where(eq(auctionAxes.number, number));
    expect(axe).toMatchObject({ highestAmount: 10_000, bidCount: 1, winningAmount: 10_000 });
  });

  it(`keeps the highest of concurrent bids from three processes (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, async () => {
    const all = processes();
    const tokens = await Promise.all(Array.from({ length: 9 }, () => bidder()));
    const number = 63;
    // Nine bidders, five bids each at once, spread over the three processes; amounts step by less than the increment.
    const bids = tokens.flatMap((token, i) =>
      Array.from({ length: 5 }, (_, j) => ({ token, amount: 10_000 + (i * 5 + j) * 400, via: all[(i + j) % 3] })),
    );
    const answers = await Promise.all(
      bids.map((x) => x.via?.call('POST', `/v1/axes/bid/${number}`, x.token, { amount: x.amount })),
    );
    const accepted = answers.filter((r) => r?.statusCode === 201).map((r) => r?.json().bid.amount as number);
    const codes = new Set(answers.filter((r) => r?.statusCode !== 201).map((r) => r?.json().code as string));
    expect(accepted.length).toBeGreaterThan(0);
    expect([...codes].every((c) => ['BID_TOO_LOW', 'BID_ALREADY_HIGHEST'].includes(c))).toBe(true);
    const stored = await ctx.database.db.select().from(auctionBids).where(eq(auctionBids.axeNumber, number));
    expect(stored.map((b) => b.amount).sort((x, y) => x - y)).toEqual([...accepted].sort((x, y) => x - y));
    const inOrder = [...stored].sort((x, y) => x.amount - y.amount);
    for (let i = 1; i < inOrder.length; i++) {
      expect((inOrder[i]?.amount ?? 0) - (inOrder[i - 1]?.amount ?? 0)).toBeGreaterThanOrEqual(DEMO_AUCTION.increment);
      expect(inOrder[i]?.userId).not.toBe(inOrder[i - 1]?.userId);
    }
    const [axe] = await ctx.database.db.select().from(auctionAxes).where(eq(auctionAxes.number, number));
    expect(axe).toMatchObject({ highestAmount: Math.max(...accepted), bidCount: accepted.length });
    expect(axe?.highestBidId).toBe(inOrder.at(-1)?.id);
  });
});

describe('live highest bids (server-sent events)', () => {
  /** Opens `GET /v1/axes/events` on a listening API and collects its `axe` events. */
  async function stream(app: FastifyInstance, query = '') {
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const events: Json[] = [];
    const res = await new Promise<IncomingMessage>((resolve, reject) =>
      get(`${address}/v1/axes/events${query}`, resolve).on('error', reject),
    );
    let buffer = '';
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => {
      buffer += chunk;
      for (let i = buffer.indexOf('\n\n'); i >= 0; i = buffer.indexOf('\n\n')) {
        const block = buffer.slice(0, i);
        buffer = buffer.slice(i + 2);
        const data = /^event: axe\ndata: (.*)$/m.exec(block)?.[1];
        if (data) events.push(JSON.parse(data));
      }
    });
    return { res, events };
  }
  const until = async (check: () => boolean) => {
    for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 50));
    return check();
  };

  it(`sends a bid placed through another app process to the streams of this one (${process.env.TEST_DATABASE_URL ? 'PostgreSQL LISTEN/NOTIFY' : 'PGlite LISTEN/NOTIFY'})`, async () => {
    const other = await buildApi({ config: testConfig, database: ctx.database, geo: fixedGeo({}), logger: false });
    try {
      const { res, events } = await stream(other, '?n=64,65');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/event-stream');
      const [a, b] = await Promise.all([bidder(), bidder()]);
      await ok(await bid(a, 66, 10_000), 201); // not asked for
      await ok(await bid(a, 64, 10_000), 201);
      await ok(await bid(b, 64, 10_000 + DEMO_AUCTION.increment), 201);
      expect(await until(() => events.some((e) => e.axe.highestBid?.amount === 10_000 + DEMO_AUCTION.increment))).toBe(
        true,
      );
      const last = events.at(-1) as Json;
      expect(last.axe).toMatchObject({ number: 64, bidCount: 2, yours: false, currency: 'EUR' });
      expect(last.axe.minimumBid).toBe(10_000 + 2 * DEMO_AUCTION.increment);
      expect(typeof last.serverTime).toBe('string');
      expect(events.every((e) => e.axe.number === 64)).toBe(true);
      res.destroy();
    } finally {
      await other.close();
    }
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)('listens again after its PostgreSQL connection is dropped', async () => {
    const other = await buildApi({ config: testConfig, database: ctx.database, geo: fixedGeo({}), logger: false });
    try {
      const { res, events } = await stream(other, '?n=68');
      // What a restart or failover does to the listening connections of this database.
      const killed = await ctx.database.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query = 'listen auction_axes'`,
      );
      expect(((killed as { rows?: unknown[] }).rows ?? []).length).toBeGreaterThan(0);
      await new Promise((r) => setTimeout(r, 2500));
      await ok(await bid(await bidder(), 68, 11_100), 201);
      expect(await until(() => events.some((e) => e.axe.highestBid?.amount === 11_100))).toBe(true);
      res.destroy();
    } finally {
      await other.close();
    }
  });

  it.skipIf(!process.env.TEST_REDIS_URL)(
    'sends it through Redis pub/sub between processes when REDIS_URL is set',
    async () => {
      const config = { ...testConfig, redisUrl: process.env.TEST_REDIS_URL };
      const [one, two] = await Promise.all(
        [0, 1].map(() => buildApi({ config, database: ctx.database, geo: fixedGeo({}), logger: false })),
      );
      try {
        const { res, events } = await stream(two as FastifyInstance, '?n=67');
        const token = await bidder();
        const placed = await (one as FastifyInstance).inject({
          method: 'POST',
          url: '/v1/axes/bid/67',
          headers: { authorization: `Bearer ${token}` },
          payload: { amount: 12_300 },
        });
        expect(placed.statusCode, placed.body).toBe(201);
        expect(await until(() => events.some((e) => e.axe.highestBid?.amount === 12_300))).toBe(true);
        res.destroy();
      } finally {
        await Promise.all([one?.close(), two?.close()]);
      }
    },
  );

  it('refuses axe numbers outside 1 to 1000 and a malformed list', async () => {
    await refused(await call('GET', '/v1/axes/events?n=5,1001'), 404, 'AXE_NOT_FOUND');
    await refused(await call('GET', '/v1/axes/events?n=0'), 404, 'AXE_NOT_FOUND');
    await refused(await call('GET', '/v1/axes/events?n=1;2'), 400, 'VALIDATION_ERROR');
    await refused(
      await call('GET', `/v1/axes/events?n=${Array.from({ length: 201 }, (_, i) => i + 1).join(',')}`),
      400,
      'VALIDATION_ERROR',
    );
  });
});

describe('winners', () => {
  it('are chosen once after the end, e-mailed in their language, give an address once and pay through payments', async () => {
    const admin = await signIn(ADMIN);
    const customer = await signIn(CUSTOMER);
    await refused(await call('POST', '/v1/axes/winners/determine', customer), 403, 'FORBIDDEN');
    // Axe 100: the German demo customer's 150.00 EUR; axe 2: no bid.
    await setEnd(100, new Date(Date.now() - 1000));
    await setEnd(2, new Date(Date.now() - 1000));
    const first = await ok(await call('POST', '/v1/axes/winners/determine', admin));
    // Axes that ended without bids in earlier tests close too, without a winner.
    expect(first).toMatchObject({ winners: 1, mailed: 1 });
    expect(first.closed).toBeGreaterThanOrEqual(2);
    expect(await ok(await call('POST', '/v1/axes/winners/determine', admin))).toEqual({
      closed: 0,
      winners: 0,
      mailed: 0,
    });

    const mail = await lastMail(ctx.app, CUSTOMER);
    expect(mail?.lang).toBe('de');
    expect(mail?.subject).toContain('100');
    const link = /\/de-DE\/xmas-auction-winner\?number=100&hash=([\w-]{43})/.exec(mail?.text ?? '');
    expect(link).not.toBeNull();
    const hash = link?.[1] as string;
    const [row] = await ctx.database.db.select().from(auctionAxes).where(eq(auctionAxes.number, 100));
    expect(row).toMatchObject({ winningAmount: 15_000 });
    await refused(await bid(await bidder(), 100, 90_000), 409, 'AUCTION_ENDED');

    const winner = await ok(await call('GET', `/v1/axes/winners/100/${hash}`));
    expect(winner).toMatchObject({ number: 100, amount: 15_000, currency: 'EUR', addressGiven: false, paid: false });
    const forged = `${hash.slice(0, 42)}${hash.endsWith('A') ? 'B' : 'A'}`;
    await refused(await call('GET', `/v1/axes/winners/100/${forged}`), 404, 'WINNER_LINK_INVALID');
    await refused(await call('GET', `/v1/axes/winners/2/${hash}`), 404, 'WINNER_LINK_INVALID');
    await refused(await call('GET', `/v1/axes/winners/1001/${hash}`), 400, 'VALIDATION_ERROR');

    // Paying before the address: there is no order yet.
    await refused(
      await call('POST', '/v1/axes/payment_intent', customer, { amount: 15_000, country: 'DE' }),
      404,
      'AUCTION_WIN_NOT_FOUND',
    );

    const address = {
      first_name: 'Laura',
      last_name: 'Fischer',
      phone: '+49 151 23456789',
      line_1: 'Torstraße 1',
      postal_code: '10119',
      city: 'Berlin',
      country: 'de',
    };
    const url = `/v1/axes/winners/address/100/${hash}`;
    await refused(await call('POST', url, null, { ...address, city: '' }), 400, 'VALIDATION_ERROR');
    await refused(await call('POST', url, null, { ...address, phone: 'call me' }), 400, 'VALIDATION_ERROR');
    await refused(await call('POST', url, null, { ...address, country: 'XX' }), 400, 'WINNER_ADDRESS_COUNTRY');
    await refused(
      await call('POST', `/v1/axes/winners/address/100/${forged}`, null, address),
      404,
      'WINNER_LINK_INVALID',
    );
    const given = await ok(await call('POST', url, null, address), 201);
    expect(given).toMatchObject({ addressGiven: true, address: { city: 'Berlin', country: 'DE' } });
    expect(given.orderId).toBeTruthy();
    await refused(await call('POST', url, null, { ...address, city: 'München' }), 409, 'WINNER_ADDRESS_GIVEN');

    // The order is the customer's own, of the winning amount; it is paid through the payments module.
    const order = await ok(await call('GET', `/v1/store/orders/${given.orderId}`, customer));
    expect(JSON.stringify(order)).toContain('15000');
    await refused(
      await call('POST', '/v1/axes/payment_intent', null, { amount: 15_000, country: 'DE' }),
      401,
      'UNAUTHORIZED',
    );
    await refused(
      await call('POST', '/v1/axes/payment_intent', customer, { amount: 14_000, country: 'DE' }),
      404,
      'AUCTION_WIN_NOT_FOUND',
    );
    await refused(
      await call('POST', '/v1/axes/payment_intent', await signIn(COMPANY), { amount: 15_000, country: 'DE' }),
      404,
      'AUCTION_WIN_NOT_FOUND',
    );
    await refused(
      await call('POST', '/v1/axes/payment_intent', customer, { amount: -5, country: 'DE' }),
      400,
      'VALIDATION_ERROR',
    );
    await refused(
      await call('POST', '/v1/axes/payment_intent', customer, { amount: 15_000, country: 'Germany' }),
      400,
      'VALIDATION_ERROR',
    );
    const intent = await ok(await call('POST', '/v1/axes/payment_intent', customer, { amount: 15_000, country: 'DE' }));
    expect(intent.orderId).toBe(given.orderId);
    expect(intent.payment).toMatchObject({ orderId: given.orderId, amount: 15_000, currency: 'EUR', method: 'card' });
    const again = await ok(await call('POST', '/v1/axes/payment_intent', customer, { amount: 15_000, country: 'DE' }));
    expect(again.payment._id).toBe(intent.payment._id);
  });

  it('are chosen once when two runs of the job meet (two processes)', async () => {
    const admin = await signIn(ADMIN);
    // Axe 1: the French demo customer's 300.00 EUR over the German one's 250.00.
    await setEnd(1, new Date(Date.now() - 1000));
    const runs = await Promise.all([
      call('POST', '/v1/axes/winners/determine', admin),
      call('POST', '/v1/axes/winners/determine', admin),
      call('POST', '/v1/axes/winners/determine', admin),
    ]);
    const answers = await Promise.all(runs.map((r) => ok(r)));
    expect(answers.reduce((n, a) => n + a.winners, 0)).toBe(1);
    expect(answers.reduce((n, a) => n + a.mailed, 0)).toBe(1);
    const [row] = await ctx.database.db.select().from(auctionAxes).where(eq(auctionAxes.number, 1));
    expect(row).toMatchObject({ winningAmount: 30_000 });
    const mail = await lastMail(ctx.app, COMPANY);
    expect(mail?.lang).toBe('fr');
    expect(mail?.subject).toBe('Vous avez remporté la hache n° 1');
  });

  it('runs the job for administrators only, and ends axes from this machine only (dev)', async () => {
    await refused(await call('POST', '/v1/axes/winners/determine'), 401, 'UNAUTHORIZED');
    // The dev route answers this machine only: from elsewhere it does not exist.
    expect((await call('POST', '/v1/dev/auction/end/5')).statusCode).toBe(404);
    const local = (url: string) => ctx.app.inject({ method: 'POST', url, headers: { 'x-lang': 'en' } });
    expect((await local('/v1/dev/auction/end/0')).json().code).toBe('VALIDATION_ERROR');
    const ended = await local('/v1/dev/auction/end/5');
    expect(ended.statusCode).toBe(200);
    const [row] = await ctx.database.db.select().from(auctionAxes).where(eq(auctionAxes.number, 5));
    expect(row?.closedAt).not.toBeNull();
    expect(row?.winnerId).toBeNull();
  });
});
