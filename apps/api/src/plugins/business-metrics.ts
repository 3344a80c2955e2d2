import { auctionBids, type Database, orders, outbox, payments } from '@varg/db';
import { and, count, isNotNull, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';

/**
 * The shop's own figures on `/metrics` next to the HTTP ones (issue 23): orders and payments by status, the e-mail
 * outbox (waiting for a retry, dead), and the auction's bids. Read from the database at each scrape, so every process
 * reports the same totals (query one replica, or take the max).
 */
export function registerBusinessMetrics(app: FastifyInstance, database: Database): void {
  const { db } = database;
  const { Gauge: PromGauge, register } = app.metrics.client;
  // One registry per process (fastify-metrics clears it when an instance starts): two instances built at once in one
  // process (the tests' two "processes") would otherwise collide on the names; the later instance's gauges win.
  class Gauge<T extends string> extends PromGauge<T> {
    constructor(configuration: ConstructorParameters<typeof PromGauge<T>>[0]) {
      register.removeSingleMetric(configuration.name);
      super(configuration);
    }
  }
  const byStatus = (rows: { status: string; n: number }[], set: (status: string, n: number) => void) => {
    for (const r of rows) set(r.status, Number(r.n));
  };
  new Gauge({
    name: 'shop_orders',
    help: 'Orders by status',
    labelNames: ['status'],
    async collect() {
      this.reset();
      const rows = await db.select({ status: orders.status, n: count() }).from(orders).groupBy(orders.status);
      byStatus(rows, (status, n) => this.set({ status }, n));
    },
  });
  new Gauge({
    name: 'shop_payments',
    help: 'Payments by status',
    labelNames: ['status'],
    async collect() {
      this.reset();
      const rows = await db.select({ status: payments.status, n: count() }).from(payments).groupBy(payments.status);
      byStatus(rows, (status, n) => this.set({ status }, n));
    },
  });
  new Gauge({
    name: 'shop_outbox_messages',
    help: 'E-mails not delivered: waiting for a (re)try, or dead after the last attempt',
    labelNames: ['state'],
    async collect() {
      const [waiting] = await db
        .select({ n: count() })
        .from(outbox)
        .where(and(isNull(outbox.sentAt), isNull(outbox.deadAt), isNotNull(outbox.nextAttemptAt)));
      const [dead] = await db.select({ n: count() }).from(outbox).where(isNotNull(outbox.deadAt));
      this.set({ state: 'waiting' }, Number(waiting?.n ?? 0));
      this.set({ state: 'dead' }, Number(dead?.n ?? 0));
    },
  });
  new Gauge({
    name: 'shop_auction_bids',
    help: 'Bids placed in all auctions',
    async collect() {
      const [bids] = await db.select({ n: count() }).from(auctionBids);
      this.set(Number(bids?.n ?? 0));
    },
  });
}
