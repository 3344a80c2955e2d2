import { get, type IncomingMessage } from 'node:http';
import { auctionAxes, auctions, DEMO_AUCTION } from '@varg/db';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectAdminOnly, tokenOf } from '../../../test/backoffice.ts';
import { apiCalls, type Json, lastMail, useApi } from '../../../test/helper.ts';

// The auction's back office (decision 046), on the seeded auction (running, bids on axes 1, 24, 42, 100, 500, 777).
const ctx = useApi();
const { ok, refused } = apiCalls(ctx);
const COMPANY = 'company@demo.starkfuture.com';
const DAY = 86_400_000;

async function send(method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object, as = true) {
  return ctx.app.inject({
    method,
    url,
    headers: { 'x-lang': 'en', ...(as ? { authorization: `Bearer ${await tokenOf(ctx, 'admin')}` } : {}) },
    ...(payload ? { payload } : {}),
  });
}
async function seeded(): Promise<string> {
  const [row] = await ctx.database.db.select().from(auctions).where(eq(auctions.slug, DEMO_AUCTION.slug));
  return row?.id ?? '';
}
async function storedAuctions() {
  return (await ctx.database.db.select().from(auctions)).length;
}
const trail = async (type: string, id: string) =>
  (await ok(await send('GET', `/v1/admin/audit/${type}/${encodeURIComponent(id)}`))).docs as Json[];

/** A batch starting `inDays` days from now, for `days` days. */
const batch = (slug: string, inDays: number, days = 10, extra: object = {}) => ({
  slug,
  startsAt: new Date(Date.now() + inDays * DAY).toISOString(),
  endsAt: new Date(Date.now() + (inDays + days) * DAY).toISOString(),
  reserve: 5_000,
  increment: 500,
  axes: 40,
  featured: [3, 1],
  ...extra,
});

describe('scheduling a batch of axes', () => {
  it('creates an auction with axes 1 to N in the future, featured ones flagged, audited', async () => {
    const created = await ok(await send('POST', '/v1/admin/auctions', batch('spring-2027', 120)), 201);
    expect(created).toMatchObject({
      slug: 'spring-2027',
      currency: 'EUR',
      status: 'scheduled',
      editable: true,
      current: false,
      axes: 40,
      featured: [1, 3],
      bids: 0,
      extensionWindowSeconds: 300,
    });
    const axes = await ctx.database.db.select().from(auctionAxes).where(eq(auctionAxes.auctionId, created.id));
    expect(axes.map((a) => a.number).sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect(axes.every((a) => a.endsAt.toISOString() === created.endsAt)).toBe(true);
    const [entry] = await trail('auction', created.id);
    expect(entry).toMatchObject({ action: 'auction.created', actor: { email: 'admin@demo.starkfuture.com' } });
    expect(entry?.detail.after).toMatchObject({ slug: 'spring-2027', axes: 40, featured: [1, 3], reserve: 5_000 });

    // The storefront still shows the running auction: a scheduled one waits for its start.
    const shown = await ok(await ctx.app.inject('/v1/axes/1/1'));
    expect(shown.docs[0].bidCount).toBe(2);
    const list = await ok(await send('GET', '/v1/admin/auctions?sort=startsAt&dir=asc'));
    expect(list.docs.map((a: Json) => [a.slug, a.status, a.current])).toEqual([
      [DEMO_AUCTION.slug, 'running', true],
      ['spring-2027', 'scheduled', false],
    ]);
    expect(list.docs[0]).toMatchObject({ axes: 1000, bids: 7, editable: false });
    const scheduled = await ok(await send('GET', '/v1/admin/auctions?status=scheduled&q=spring'));
    expect(scheduled).toMatchObject({ total: 1, page: 1, pageSize: 50 });
  });

  it('refuses bad schedules, overlaps, featured axes outside the batch and a taken slug, storing nothing', async () => {
    const before = await storedAuctions();
    const post = (body: object) => send('POST', '/v1/admin/auctions', body);
    await refused(await post(batch('past', -1)), 400, 'AUCTION_SCHEDULE_INVALID');
    await refused(await post(batch('backwards', 200, -2)), 400, 'AUCTION_SCHEDULE_INVALID');
    await refused(await post(batch('beside-xmas', 5)), 409, 'AUCTION_OVERLAP');
    await refused(await post(batch('beside-spring', 125)), 409, 'AUCTION_OVERLAP');
    await refused(await post(batch('too-far', 300, 5, { featured: [41] })), 400, 'AUCTION_FEATURED_INVALID');
    await refused(await post(batch(DEMO_AUCTION.slug, 300)), 409, 'AUCTION_SLUG_TAKEN');
    await refused(await post(batch('zero', 300, 5, { reserve: 0 })), 400, 'VALIDATION_ERROR');
    await refused(await post(batch('many', 300, 5, { axes: 1001 })), 400, 'VALIDATION_ERROR');
    await refused(await post(batch('Bad Slug!', 300)), 400, 'VALIDATION_ERROR');
    await refused(await post({ ...batch('extra', 300), hidden: true }), 400, 'VALIDATION_ERROR');
    await refused(await post(batch('no-zone', 300, 5, { startsAt: '2027-01-01T10:00' })), 400, 'VALIDATION_ERROR');
    expect(await storedAuctions()).toBe(before);
  });

  it('edits a scheduled auction (batch resized, changes audited) and refuses to edit one that started', async () => {
    const created = await ok(await send('POST', '/v1/admin/auctions', batch('summer-2027', 200, 5)), 201);
    const edited = await ok(
      await send('PUT', `/v1/admin/auctions/${created.id}`, batch('summer-2027', 210, 5, { axes: 12, increment: 800 })),
    );
    expect(edited).toMatchObject({ axes: 12, increment: 800, featured: [1, 3] });
    const numbers = await ctx.database.db.select().from(auctionAxes).where(eq(auctionAxes.auctionId, created.id));
    expect(numbers).toHaveLength(12);
    expect(numbers.every((a) => a.endsAt.toISOString() === edited.endsAt)).toBe(true);
    const [entry] = await trail('auction', created.id);
    expect(entry?.action).toBe('auction.updated');
    expect(entry?.detail.before).toMatchObject({ axes: 40, increment: 500 });
    expect(entry?.detail.after).toMatchObject({ axes: 12, increment: 800 });
    expect(entry?.detail.after).not.toHaveProperty('reserve');

    const xmas = await seeded();
    const [was] = await ctx.database.db.select().from(auctions).where(eq(auctions.id, xmas));
    await refused(
      await send('PUT', `/v1/admin/auctions/${xmas}`, batch(DEMO_AUCTION.slug, 400, 5)),
      409,
      'AUCTION_STARTED',
    );
    await refused(
      await send('PUT', `/v1/admin/auctions/${created.id}`, batch('summer-2027', 200, 5, { axes: 0 })),
      400,
      'VALIDATION_ERROR',
    );
    const [is] = await ctx.database.db.select().from(auctions).where(eq(auctions.id, xmas));
    expect(is).toEqual(was);
    await refused(
      await send('GET', '/v1/admin/auctions/00000000-0000-4000-8000-000000000000'),
      404,
      'AUCTION_NOT_FOUND',
    );
    await refused(await send('GET', '/v1/admin/auctions/nope'), 400, 'VALIDATION_ERROR');
    await refused(
      await send('PUT', '/v1/admin/auctions/00000000-0000-4000-8000-000000000000', batch('ghost', 600)),
      404,
      'AUCTION_NOT_FOUND',
    );
  });
});

describe('one axe: feature, extend, close', () => {
  /** Opens the storefront's event stream on a listening API and collects its `axe` events. */
  async function stream() {
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const events: Json[] = [];
    const res = await new Promise<IncomingMessage>((resolve, reject) =>
      get(`${address}/v1/axes/events?n=5`, resolve).on('error', reject),
    );
    res.setEncoding('utf8');
    let buffer = '';
    res.on('data', (chunk: string) => {
      buffer += chunk;
      for (let i = buffer.indexOf('\n\n'); i >= 0; i = buffer.indexOf('\n\n')) {
        const data = /^event: axe\ndata: (.*)$/m.exec(buffer.slice(0, i))?.[1];
        buffer = buffer.slice(i + 2);
        if (data) events.push(JSON.parse(data));
      }
    });
    return { res, events };
  }

  it('features an axe: the storefront lists it with the featured ones; audited on the axe', async () => {
    const id = await seeded();
    const axe = await ok(await send('PATCH', `/v1/admin/auctions/${id}/axes/2`, { featured: true }));
    expect(axe).toMatchObject({ number: 2, featured: true });
    const featured = await ok(await ctx.app.inject('/v1/axes/bids/featured/1'));
    expect(featured.docs.map((a: Json) => a.number)).toContain(2);
    const [entry] = await trail('axe', `${id}:2`);
    expect(entry).toMatchObject({
      action: 'axe.featured',
      detail: { before: { featured: false }, after: { featured: true } },
    });
    await refused(await send('PATCH', `/v1/admin/auctions/${id}/axes/2`, { featured: 'yes' }), 400, 'VALIDATION_ERROR');
    await refused(
      await send('PATCH', `/v1/admin/auctions/${id}/axes/1001`, { featured: true }),
      400,
      'VALIDATION_ERROR',
    );
    const filtered = await ok(await send('GET', `/v1/admin/auctions/${id}/axes?featured=yes&pageSize=100`));
    expect(filtered.docs.map((a: Json) => a.number)).toEqual([1, 2, 13, 24, 100, 250, 500, 777, 1000]);
    const withBids = await ok(await send('GET', `/v1/admin/auctions/${id}/axes?bids=yes&sort=highestAmount&dir=desc`));
    expect(withBids.docs[0]).toMatchObject({
      number: 777,
      highestAmount: 77_700,
      highestBidder: { email: 'customer@demo.starkfuture.com' },
    });
    expect(withBids.total).toBe(6);
  });

  it('moves an axe’s end later: the storefront and its live stream get the new end at once', async () => {
    const id = await seeded();
    const { res, events } = await stream();
    try {
      const before = (await ok(await ctx.app.inject('/v1/axes/5/5'))).docs[0];
      const axe = await ok(await send('POST', `/v1/admin/auctions/${id}/axes/5/extend`, { minutes: 90 }));
      const later = new Date(new Date(before.endsAt).getTime() + 90 * 60_000).toISOString();
      expect(axe.endsAt).toBe(later);
      expect((await ok(await ctx.app.inject('/v1/axes/5/5'))).docs[0].endsAt).toBe(later);
      for (let i = 0; i < 100 && events.length === 0; i++) await new Promise((r) => setTimeout(r, 50));
      expect(events[0]?.axe).toMatchObject({ number: 5, endsAt: later });
      const [entry] = await trail('axe', `${id}:5`);
      expect(entry).toMatchObject({
        action: 'axe.extended',
        detail: { before: { endsAt: before.endsAt }, after: { endsAt: later } },
      });
    } finally {
      res.destroy();
    }
    for (const minutes of [0, 10_081, 1.5, '5'])
      await refused(await send('POST', `/v1/admin/auctions/${id}/axes/5/extend`, { minutes }), 400, 'VALIDATION_ERROR');
    // An axe whose end has passed waits for the winners job: it is not reopened.
    await ctx.database.db
      .update(auctionAxes)
      .set({ endsAt: new Date(Date.now() - 1000) })
      .where(and(eq(auctionAxes.auctionId, id), eq(auctionAxes.number, 6)));
    await refused(await send('POST', `/v1/admin/auctions/${id}/axes/6/extend`, { minutes: 10 }), 409, 'AUCTION_ENDED');
    await refused(
      await send('POST', `/v1/admin/auctions/${id}/axes/5/extend`, { minutes: 10 }, false),
      401,
      'UNAUTHORIZED',
    );
  });

  it('closes an axe now: the winners job picks the highest bid and e-mails the winner; winners list the address', async () => {
    const id = await seeded();
    const closed = await ok(await send('POST', `/v1/admin/auctions/${id}/axes/1/close`));
    expect(closed).toMatchObject({ number: 1, winningAmount: 30_000, winner: { email: COMPANY } });
    expect(closed.closedAt).toBeTruthy();
    const mail = await lastMail(ctx.app, COMPANY);
    const link = /xmas-auction-winner\?number=1&hash=([\w-]+)/.exec(mail?.text ?? '');
    expect(link).toBeTruthy();
    await refused(await send('POST', `/v1/admin/auctions/${id}/axes/1/close`), 409, 'AXE_CLOSED');
    await refused(await send('POST', `/v1/admin/auctions/${id}/axes/1/extend`, { minutes: 5 }), 409, 'AXE_CLOSED');
    const actions = (await trail('axe', `${id}:1`)).map((e) => e.action);
    expect(actions).toEqual(['axe.closed', 'axe.close_requested']);

    await ok(
      await ctx.app.inject({
        method: 'POST',
        url: `/v1/axes/winners/address/1/${link?.[1]}`,
        payload: {
          first_name: 'Jeanne',
          last_name: 'Martin',
          phone: '+33 1 23 45 67 89',
          line_1: '1 rue de la Paix',
          postal_code: '75002',
          city: 'Paris',
          country: 'fr',
        },
      }),
      201,
    );
    const winners = await ok(await send('GET', `/v1/admin/auctions/${id}/winners?q=company`));
    expect(winners.total).toBe(1);
    expect(winners.docs[0]).toMatchObject({
      number: 1,
      amount: 30_000,
      currency: 'EUR',
      winner: { email: COMPANY },
      address: { city: 'Paris', country: 'FR', line_1: '1 rue de la Paix' },
    });
    expect(winners.docs[0].orderId).toBeTruthy();
    expect(winners.docs[0].emailedAt).toBeTruthy();

    const bids = await ok(await send('GET', `/v1/admin/auctions/${id}/axes/1/bids`));
    expect(bids.docs.map((b: Json) => [b.amount, b.bidder.email])).toEqual([
      [30_000, COMPANY],
      [25_000, 'customer@demo.starkfuture.com'],
    ]);
  });

  it('refuses axes outside a batch and closing before the start', async () => {
    const created = await ok(
      await send('POST', '/v1/admin/auctions', batch('tiny-2028', 500, 3, { axes: 3, featured: [] })),
      201,
    );
    await refused(await send('GET', `/v1/admin/auctions/${created.id}/axes/4`), 404, 'AXE_NOT_FOUND');
    await refused(
      await send('POST', `/v1/admin/auctions/${created.id}/axes/4/extend`, { minutes: 5 }),
      404,
      'AXE_NOT_FOUND',
    );
    await refused(await send('POST', `/v1/admin/auctions/${created.id}/axes/2/close`), 409, 'AUCTION_NOT_STARTED');
    const detail = await ok(await send('GET', `/v1/admin/auctions/${created.id}/axes/2`));
    expect(detail).toMatchObject({ auction: { slug: 'tiny-2028' }, axe: { number: 2, closedAt: null, bidCount: 0 } });
  });
});

describe('the role matrix', () => {
  it('serves administrators only, on every call', async () => {
    const id = await seeded();
    const before = await storedAuctions();
    const calls = [
      { method: 'GET', url: '/v1/admin/auctions' },
      { method: 'POST', url: '/v1/admin/auctions', payload: batch('sneaky', 900) },
      { method: 'GET', url: `/v1/admin/auctions/${id}` },
      { method: 'PUT', url: `/v1/admin/auctions/${id}`, payload: batch('sneaky', 900) },
      { method: 'GET', url: `/v1/admin/auctions/${id}/axes` },
      { method: 'GET', url: `/v1/admin/auctions/${id}/axes/7` },
      { method: 'PATCH', url: `/v1/admin/auctions/${id}/axes/7`, payload: { featured: true } },
      { method: 'POST', url: `/v1/admin/auctions/${id}/axes/7/extend`, payload: { minutes: 5 } },
      { method: 'POST', url: `/v1/admin/auctions/${id}/axes/7/close` },
      { method: 'GET', url: `/v1/admin/auctions/${id}/axes/7/bids` },
      { method: 'GET', url: `/v1/admin/auctions/${id}/winners` },
    ] as const;
    for (const call of calls) await expectAdminOnly(ctx, call);
    expect(await storedAuctions()).toBe(before);
    const [seven] = await ctx.database.db
      .select()
      .from(auctionAxes)
      .where(and(eq(auctionAxes.auctionId, id), eq(auctionAxes.number, 7)));
    expect(seven).toMatchObject({ featured: false, closedAt: null });
  });
});

describe('the auction the storefront shows', () => {
  it('is the one that started last: a scheduled batch takes over at its start, not before', async () => {
    const next = await ok(
      await send('POST', '/v1/admin/auctions', batch('next-2029', 900, 3, { axes: 5, featured: [] })),
      201,
    );
    expect((await ok(await ctx.app.inject('/v1/axes/bids/featured/1'))).totalDocs).toBeGreaterThan(0);
    // The clock reaches its start (and the running auction ended before it).
    await ctx.database.db
      .update(auctions)
      .set({ startsAt: new Date(Date.now() - 60_000) })
      .where(eq(auctions.id, next.id));
    const shown = await ok(await ctx.app.inject('/v1/axes/1/5'));
    expect(shown.docs).toHaveLength(5);
    expect(shown.docs.every((a: Json) => a.bidCount === 0)).toBe(true);
    expect(shown.reserve).toBe(5_000);
    expect((await ok(await send('GET', `/v1/admin/auctions/${next.id}`))).current).toBe(true);
  });
});
