import { auctionAxes, auctionBids, auctions, DEMO_AUCTION } from '@varg/db';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auctionApi, bid, bidder, COMPANY, calls, setEnd } from '../../../test/auction-fixture.ts';
import type { Json } from '../../../test/helper.ts';

// The axe auction through the API: reading the axes and bidding. Several app processes and live bids
// (auction-processes) and the winners (auction-winners) have their own files; the shared setup is
// apps/api/test/auction-fixture.ts.

const ctx = auctionApi();
const { call, ok, refused, signIn } = calls;

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
    const tooLong = await call('GET', '/v1/axes/1/101');
    await refused(tooLong, 400, 'AXE_RANGE_INVALID');
    // The limit is counted with the language's plural forms.
    expect(tooLong.json().message).toBe('Choose at most 100 axes, from the lower number to the higher one.');
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
