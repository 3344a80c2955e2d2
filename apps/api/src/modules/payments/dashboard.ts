import { type Db, payments } from '@varg/db';
import { and, eq, gte, inArray, isNotNull, ne, sql } from 'drizzle-orm';

const count = sql<number>`cast(count(*) as int)`;
const received = sql<number>`cast(coalesce(sum(${payments.amount} - ${payments.refunded}), 0) as int)`;
// A payment's money arrives when it succeeds: its last update.
const day = sql<string>`to_char(${payments.updatedAt} at time zone 'UTC', 'YYYY-MM-DD')`;
const succeeded = and(eq(payments.status, 'SUCCEEDED'), ne(payments.method, 'wallet'));

/** The payments' figures of the back office's overview (payments own the ledger). */
export function paymentFigures(db: Db) {
  return {
    /** Money received since a moment, per currency (refunds taken off, store credit not counted). */
    async receivedSince(since: Date) {
      return db
        .select({ currency: payments.currency, amount: received })
        .from(payments)
        .where(and(succeeded, gte(payments.updatedAt, since)))
        .groupBy(payments.currency)
        .orderBy(payments.currency);
    },
    /** Money received since a moment per order and currency (payments of an order only): the overview's markets. */
    async receivedPerOrder(since: Date) {
      const rows = await db
        .select({ orderId: payments.orderId, currency: payments.currency, amount: received })
        .from(payments)
        .where(and(succeeded, gte(payments.updatedAt, since), isNotNull(payments.orderId)))
        .groupBy(payments.orderId, payments.currency);
      return rows.flatMap((r) => (r.orderId ? [{ ...r, orderId: r.orderId }] : []));
    },
    async receivedPerDay(since: Date) {
      return db
        .select({ day, currency: payments.currency, amount: received })
        .from(payments)
        .where(and(succeeded, gte(payments.updatedAt, since)))
        .groupBy(day, payments.currency)
        .orderBy(day, payments.currency);
    },
    async needingAttention(since: Date) {
      const [failed] = await db
        .select({ count })
        .from(payments)
        .where(and(eq(payments.status, 'FAILED'), gte(payments.createdAt, since)));
      const [awaiting] = await db
        .select({ count })
        .from(payments)
        .where(
          and(
            inArray(payments.method, ['bank_transfer', 'bank_transfer_gb']),
            eq(payments.status, 'PROCESSING'),
            isNotNull(payments.orderId),
          ),
        );
      return { failed: failed?.count ?? 0, awaitingTransfer: awaiting?.count ?? 0 };
    },
    /** Deposits and remaining payments received per day: how deposits turn into full payments. */
    async depositsAndRemaining(since: Date) {
      return db
        .select({
          day,
          deposits: sql<number>`cast(count(*) filter (where ${payments.kind} = 'deposit') as int)`,
          remaining: sql<number>`cast(count(*) filter (where ${payments.kind} = 'remaining') as int)`,
        })
        .from(payments)
        .where(and(succeeded, gte(payments.updatedAt, since), inArray(payments.kind, ['deposit', 'remaining'])))
        .groupBy(day)
        .orderBy(day);
    },
  };
}
export type PaymentFigures = ReturnType<typeof paymentFigures>;
