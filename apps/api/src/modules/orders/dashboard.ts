import { type Db, orderLines, orders } from '@varg/db';
import { and, gte, inArray, ne, sql } from 'drizzle-orm';

const day = sql<string>`to_char(${orders.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;

/** The orders' figures of the back office's overview (read by the dashboard; orders own these tables). */
export function orderFigures(db: Db) {
  return {
    async createdSince(since: Date) {
      const [row] = await db
        .select({ count: sql<number>`cast(count(*) as int)` })
        .from(orders)
        .where(gte(orders.createdAt, since));
      return row?.count ?? 0;
    },
    /** Orders per day (cancelled ones not counted). */
    async perDay(since: Date) {
      return db
        .select({ day, count: sql<number>`cast(count(*) as int)` })
        .from(orders)
        .where(and(gte(orders.createdAt, since), ne(orders.status, 'cancelled')))
        .groupBy(day)
        .orderBy(day);
    },
    async perMarket(since: Date) {
      const count = sql<number>`cast(count(*) as int)`;
      return db
        .select({ country: orders.country, orders: count })
        .from(orders)
        .where(and(gte(orders.createdAt, since), ne(orders.status, 'cancelled')))
        .groupBy(orders.country)
        .orderBy(sql`count(*) desc`, orders.country);
    },
    /** The market (country) of each of these orders. */
    async countriesOf(ids: readonly string[]) {
      if (ids.length === 0) return new Map<string, string>();
      const rows = await db
        .select({ id: orders.id, country: orders.country })
        .from(orders)
        .where(inArray(orders.id, [...ids]));
      return new Map(rows.map((r) => [r.id, r.country]));
    },
    /** The number (VARG-…) of each of these orders. */
    async numbersOf(ids: readonly string[]) {
      if (ids.length === 0) return new Map<string, number>();
      const rows = await db
        .select({ id: orders.id, number: orders.number })
        .from(orders)
        .where(inArray(orders.id, [...ids]));
      return new Map(rows.map((r) => [r.id, r.number]));
    },
    /** Orders of the period that owed a deposit, and how many of them are paid in full. */
    async depositConversion(since: Date) {
      const [row] = await db
        .select({
          orders: sql<number>`cast(count(*) as int)`,
          fullyPaid: sql<number>`cast(count(*) filter (where ${orders.status} = 'paid') as int)`,
        })
        .from(orders)
        .where(
          and(
            gte(orders.createdAt, since),
            ne(orders.status, 'cancelled'),
            sql`exists (select 1 from ${orderLines} where ${orderLines.orderId} = ${orders.id} and ${orderLines.deposit} > 0)`,
          ),
        );
      return { orders: row?.orders ?? 0, fullyPaid: row?.fullyPaid ?? 0 };
    },
  };
}
export type OrderFigures = ReturnType<typeof orderFigures>;
