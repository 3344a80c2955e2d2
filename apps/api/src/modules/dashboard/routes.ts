import { AdminDashboard, DashboardQuery, ErrorEnvelope } from '@varg/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuctionFigures } from '../auction/dashboard.ts';
import type { StockFigures } from '../catalog/dashboard.ts';
import type { DealerFigures } from '../dealers/dashboard.ts';
import type { Guards } from '../identity/auth.ts';
import type { OrderFigures } from '../orders/dashboard.ts';
import type { PaymentFigures } from '../payments/dashboard.ts';
import type { StoreFigures } from '../store/dashboard.ts';
import type { WhistleFigures } from '../whistleblowing/dashboard.ts';

/** What the overview reads, each from the module that owns the data (decision 033). */
export interface DashboardSources {
  orders: OrderFigures;
  payments: PaymentFigures;
  dealers: DealerFigures;
  stock: StockFigures;
  store: StoreFigures;
  auction: AuctionFigures;
  whistleblowing: WhistleFigures;
}

/** Money received in the period per market and currency, largest first: payments of orders, by the order's market. */
async function perMarket(sources: DashboardSources, since: Date) {
  const received = await sources.payments.receivedPerOrder(since);
  const countries = await sources.orders.countriesOf([...new Set(received.map((r) => r.orderId))]);
  const sums = new Map<string, { country: string; currency: string; amount: number }>();
  for (const r of received) {
    const country = countries.get(r.orderId);
    if (!country) continue;
    const key = `${country}:${r.currency}`;
    const sum = sums.get(key) ?? { country, currency: r.currency, amount: 0 };
    sum.amount += r.amount;
    sums.set(key, sum);
  }
  return [...sums.values()].sort((a, b) => b.amount - a.amount || a.country.localeCompare(b.country));
}

const DAY_MS = 24 * 60 * 60 * 1000;
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** The back office's overview (issue 24 item 9): one call, the figures of every module. */
export const dashboardRoutes: FastifyPluginAsyncZod<{ guards: Guards; sources: DashboardSources }> = async (
  app,
  { guards, sources },
) => {
  app.get(
    '/admin/dashboard',
    {
      schema: {
        tags: ['admin'],
        summary: "The back office's overview",
        description:
          "Today's orders, money received per currency today and over the last `days` (30 or 90) days, money received in the period per market and currency (payments of orders, by the order's market), payments needing attention (failed in the period, bank transfers waiting for the money), open dealer applications, stock bikes available per market, store items that cannot be bought, store items low on stock (counted at or below their mark), and per-day series (orders, money received per currency, orders per market, deposits and remaining payments, auction bids). Days are UTC. Whistleblowing deadlines (counts only) are given to a compliance officer who is also an administrator, never to an administrator acting as one (decision 023); otherwise `whistleblowing` is null. Disputes are not counted: the payment ledger has none.",
        querystring: DashboardQuery,
        response: { 200: AdminDashboard, 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope },
      },
      preHandler: guards.requireRole('admin'),
    },
    async (request) => {
      // biome-ignore lint/style/noNonNullAssertion: the admin guard ran
      const auth = request.auth!;
      const { days } = request.query;
      const now = new Date();
      const today = new Date(`${isoDay(now)}T00:00:00.000Z`);
      const since = new Date(today.getTime() - (days - 1) * DAY_MS);
      const compliance = auth.roles.includes('compliance') && !auth.impersonatorId;
      const [
        ordersToday,
        receivedToday,
        receivedPeriod,
        attention,
        openApplications,
        stockBikes,
        storeUnavailable,
        storeLowStock,
        deposits,
        whistleblowing,
        orders,
        revenue,
        markets,
        payments,
        bids,
      ] = await Promise.all([
        sources.orders.createdSince(today),
        sources.payments.receivedSince(today),
        sources.payments.receivedSince(since),
        sources.payments.needingAttention(since),
        sources.dealers.openApplications(),
        sources.stock.availablePerMarket(),
        sources.store.unavailable(),
        sources.store.lowStock(),
        sources.orders.depositConversion(since),
        compliance ? sources.whistleblowing.deadlines(now) : null,
        sources.orders.perDay(since),
        sources.payments.receivedPerDay(since),
        sources.orders.perMarket(since),
        sources.payments.depositsAndRemaining(since),
        sources.auction.bidsPerDay(since),
      ]);
      const revenueByMarket = await perMarket(sources, since);
      const todayOf = new Map(receivedToday.map((r) => [r.currency, r.amount]));
      return {
        days,
        since: isoDay(since),
        today: isoDay(today),
        ordersToday,
        revenue: receivedPeriod.map((r) => ({
          currency: r.currency,
          today: todayOf.get(r.currency) ?? 0,
          period: r.amount,
        })),
        attention,
        openApplications,
        stockBikes,
        storeUnavailable,
        storeLowStock,
        deposits,
        whistleblowing,
        revenueByMarket,
        series: { orders, revenue, markets, payments, bids },
      };
    },
  );
};
