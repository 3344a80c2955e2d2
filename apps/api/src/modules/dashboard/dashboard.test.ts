import { auctionBids, orderLines, orders, payments, stockBikes, whistleCases } from '@varg/db';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectAdminOnly } from '../../../test/backoffice.ts';
import { apiCalls, useApi } from '../../../test/helper.ts';

const ctx = useApi();
const { call, ok, refused, signIn } = apiCalls(ctx, 160);
const today = new Date().toISOString().slice(0, 10);

/** Today's copy of a seeded deposit order with its payment: the figures must count it. */
async function todaysOrder(payment: Partial<typeof payments.$inferInsert>) {
  const db = ctx.database.db;
  const [seeded] = await db.select().from(orders).where(eq(orders.status, 'partially_paid')).limit(1);
  if (!seeded) throw new Error('the demo seed has no partially paid order');
  const { id: _, number: __, cartId: ___, createdAt: ____, ...rest } = seeded;
  const [order] = await db
    .insert(orders)
    .values({ ...rest, createdAt: new Date() })
    .returning();
  if (!order) throw new Error('no order');
  const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, seeded.id));
  await db.insert(orderLines).values(lines.map(({ id: _id, ...line }) => ({ ...line, orderId: order.id })));
  await db.insert(payments).values({
    orderId: order.id,
    userId: order.userId,
    kind: 'deposit',
    method: 'card',
    status: 'SUCCEEDED',
    amount: 50_000,
    currency: order.currency,
    provider: 'sandbox',
    ...payment,
  });
  return order;
}

describe('the overview (GET /v1/admin/dashboard)', () => {
  it("counts today's orders, money received, payments needing attention and the series from real rows", async () => {
    const admin = await signIn('admin@demo.starkfuture.com');
    const before = await ok(await call('GET', '/v1/admin/dashboard', admin));
    const order = await todaysOrder({});
    await todaysOrder({ status: 'FAILED', kind: 'full' });
    await todaysOrder({ status: 'PROCESSING', method: 'bank_transfer', kind: 'full' });
    const [axe] = await ctx.database.db.select().from(auctionBids).limit(1);
    if (axe) {
      const { id: _, createdAt: __, ...bid } = axe;
      await ctx.database.db.insert(auctionBids).values({ ...bid, amount: bid.amount + 1_000_000 });
    }

    const after = await ok(await call('GET', '/v1/admin/dashboard?days=30', admin));
    expect(after).toMatchObject({ days: 30, today });
    expect(after.ordersToday).toBe(before.ordersToday + 3);
    const revenue = after.revenue.find((r: { currency: string }) => r.currency === order.currency);
    const was = before.revenue.find((r: { currency: string }) => r.currency === order.currency);
    expect(revenue.today - (was?.today ?? 0)).toBe(50_000);
    // Per market: the order's country and currency, grown by the same payment.
    type Market = { country: string; currency: string; amount: number };
    const inMarket = (rows: Market[]) =>
      rows.find((r) => r.country === order.country && r.currency === order.currency)?.amount ?? 0;
    expect(inMarket(after.revenueByMarket) - inMarket(before.revenueByMarket)).toBe(50_000);
    const amounts = after.revenueByMarket.map((r: Market) => r.amount);
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
    expect(after.attention.failed).toBe(before.attention.failed + 1);
    expect(after.attention.awaitingTransfer).toBe(before.attention.awaitingTransfer + 1);
    expect(after.deposits.orders).toBe(before.deposits.orders + 3);
    const day = (series: { day: string }[]) => series.find((d) => d.day === today) as unknown as Record<string, number>;
    expect(day(after.series.orders).count).toBe((day(before.series.orders)?.count ?? 0) + 3);
    expect(day(after.series.payments).deposits).toBe((day(before.series.payments)?.deposits ?? 0) + 1);
    if (axe) expect(day(after.series.bids).count).toBe((day(before.series.bids)?.count ?? 0) + 1);
    expect(after.series.markets.find((m: { country: string }) => m.country === order.country).orders).toBeGreaterThan(
      0,
    );
    // Stock per market is what the stock bikes table holds.
    const [de] = await ctx.database.db
      .select({ n: sql<number>`cast(count(*) as int)` })
      .from(stockBikes)
      .where(and(eq(stockBikes.country, 'DE'), eq(stockBikes.status, 'available')));
    const listed = after.stockBikes.find((s: { country: string }) => s.country === 'DE');
    expect(listed?.available ?? 0).toBe(de?.n ?? 0);
    expect(after.storeUnavailable.total).toBeGreaterThanOrEqual(after.storeUnavailable.items.length);
    expect(after.openApplications).toBeGreaterThanOrEqual(1);
    // An administrator who is no compliance officer sees nothing of whistleblowing.
    expect(after.whistleblowing).toBeNull();
    const ninety = await ok(await call('GET', '/v1/admin/dashboard?days=90', admin));
    expect(ninety.days).toBe(90);
    expect(ninety.since < after.since).toBe(true);
  });

  it('gives whistleblowing deadlines to an administrator who is also a compliance officer', async () => {
    const admin = await signIn('admin@demo.starkfuture.com');
    const me = await ok(await call('GET', '/v1/user/me', admin));
    await ctx.database.db.insert(whistleCases).values({
      code: 'WB-TEST-0001',
      secretHash: 'x',
      category: 'fraud',
      report: 'v1.x.y.z',
      receivedAt: new Date(Date.now() - 10 * 24 * 3600 * 1000),
    });
    await ok(await call('PUT', `/v1/admin/staff/${me._id}/roles`, admin, { roles: ['admin', 'compliance'] }));
    const board = await ok(await call('GET', '/v1/admin/dashboard', admin));
    expect(board.whistleblowing).toMatchObject({ open: 1, acknowledgementOverdue: 1, feedbackOverdue: 0 });
    await ok(await call('PUT', `/v1/admin/staff/${me._id}/roles`, admin, { roles: ['admin'] }));
  });

  it('refuses another period and serves administrators only', async () => {
    const admin = await signIn('admin@demo.starkfuture.com');
    await refused(await call('GET', '/v1/admin/dashboard?days=7', admin), 400, 'VALIDATION_ERROR');
    await expectAdminOnly(ctx, { method: 'GET', url: '/v1/admin/dashboard' });
  });
});
