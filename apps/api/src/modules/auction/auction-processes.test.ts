import { get, type IncomingMessage } from 'node:http';
import { auctionAxes, auctionBids, DEMO_AUCTION } from '@varg/db';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, auctionApi, bid, bidder, calls, setEnd } from '../../../test/auction-fixture.ts';
import { apiCalls, fixedGeo, type Json, testConfig } from '../../../test/helper.ts';
import { buildApi } from '../../app.ts';

// The axe auction behind several app processes: bids decided against the stored axe, and live highest bids
// (server-sent events) across processes. The shared setup is apps/api/test/auction-fixture.ts.

const ctx = auctionApi();
const { call, ok, refused, signIn } = calls;

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
