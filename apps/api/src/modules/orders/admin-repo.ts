// The back office's reads and writes of orders (decision 042): the list with its search and filters, the unpaid
// orders past their payment deadline, cancelling (the stock bikes released) and the parcels of a store order.
import type { AdminOrderListQuery } from '@varg/contracts';
import { type Db, orderAttachments, orderLines, orderShipments, orders, payments, stockBikes } from '@varg/db';
import { and, asc, desc, eq, exists, gte, ilike, inArray, isNotNull, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import { containsPattern, countAll, orderOf, windowOf } from '../../lib/admin-list.ts';
import { paidSoFar } from './repo.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The ledger's status in SQL (decision 014): cancelled as stored, else from what the SUCCEEDED payments bring. */
const ledgerStatus = sql<string>`case when ${orders.status} = 'cancelled' then 'cancelled' when ${paidSoFar} >= ${orders.total} then 'paid' when ${paidSoFar} > 0 then 'partially_paid' else 'pending_payment' end`;
const buyerName = sql<string>`trim(coalesce(${orders.contact}->>'firstName', '') || ' ' || coalesce(${orders.contact}->>'lastName', ''))`;
const vinsOf = sql<
  string[]
>`coalesce((select array_agg(${orderLines.vin} order by ${orderLines.vin}) from ${orderLines} where ${orderLines.orderId} = ${orders.id} and ${orderLines.vin} is not null), '{}')`;

/** Unpaid (nothing kept of any payment), not cancelled, and its payment deadline (the stock-bike hold) passed. */
export const overdue = (now: Date) =>
  and(
    ne(orders.status, 'cancelled'),
    isNotNull(orders.reservedUntil),
    lt(orders.reservedUntil, now),
    sql`${paidSoFar} <= 0`,
  );

function filters(query: AdminOrderListQuery, now: Date): SQL | undefined {
  const q = query.q?.trim();
  const like = q ? containsPattern(q) : null;
  const number = q && /^\d{1,9}$/.test(q) ? Number(q) : null;
  return and(
    like
      ? or(
          number !== null ? eq(orders.number, number) : undefined,
          ilike(sql`${orders.contact}->>'email'`, like),
          ilike(buyerName, like),
          exists(
            sql`(select 1 from ${orderLines} where ${orderLines.orderId} = ${orders.id} and ${orderLines.vin} ilike ${like})`,
          ),
        )
      : undefined,
    query.market ? eq(orders.country, query.market) : undefined,
    query.status ? sql`${ledgerStatus} = ${query.status}` : undefined,
    query.kind ? eq(orders.type, query.kind) : undefined,
    query.dealer ? eq(orders.dealerId, query.dealer) : undefined,
    query.from ? gte(orders.createdAt, new Date(`${query.from}T00:00:00Z`)) : undefined,
    query.to ? lt(orders.createdAt, new Date(Date.parse(`${query.to}T00:00:00Z`) + 86_400_000)) : undefined,
    query.view === 'overdue' ? overdue(now) : undefined,
  );
}

export interface AdminOrderListRow {
  id: string;
  number: number;
  type: string;
  status: string;
  createdAt: Date;
  country: string;
  currency: string;
  email: string;
  name: string;
  dealerId: string | null;
  vins: string[];
  total: number;
  paid: number;
  reservedUntil: Date | null;
}

export function adminOrdersRepo(db: Db) {
  return {
    async list(query: AdminOrderListQuery, now: Date): Promise<{ rows: AdminOrderListRow[]; total: number }> {
      const where = filters(query, now);
      const columns = {
        createdAt: orders.createdAt,
        number: orders.number,
        total: orders.total,
        buyer: buyerName,
        country: orders.country,
      };
      const [rows, [counted]] = await Promise.all([
        db
          .select({
            id: orders.id,
            number: orders.number,
            type: orders.type,
            status: ledgerStatus,
            createdAt: orders.createdAt,
            country: orders.country,
            currency: orders.currency,
            email: sql<string>`coalesce(${orders.contact}->>'email', '')`,
            name: buyerName,
            dealerId: orders.dealerId,
            vins: vinsOf,
            total: orders.total,
            paid: sql<number>`${paidSoFar}`.mapWith(Number),
            reservedUntil: orders.reservedUntil,
          })
          .from(orders)
          .where(where)
          .orderBy(...orderOf(columns, query, 'createdAt', orders.id))
          .limit(windowOf(query).limit)
          .offset(windowOf(query).offset),
        db.select({ n: countAll }).from(orders).where(where),
      ]);
      return { rows, total: counted?.n ?? 0 };
    },

    /** The dealer invoices attached to an order (decision 025), newest first. */
    attachments(orderId: string) {
      return db
        .select({ id: orderAttachments.id, name: orderAttachments.name, createdAt: orderAttachments.createdAt })
        .from(orderAttachments)
        .where(eq(orderAttachments.orderId, orderId))
        .orderBy(desc(orderAttachments.createdAt));
    },

    /** The order's stock bikes (their ids). */
    async stockBikesOf(orderId: string, tx: Pick<Db, 'select'> = db): Promise<string[]> {
      const rows = await tx
        .select({ id: orderLines.stockBikeId })
        .from(orderLines)
        .where(and(eq(orderLines.orderId, orderId), isNotNull(orderLines.stockBikeId)))
        .orderBy(asc(orderLines.stockBikeId));
      return rows.flatMap((r) => (r.id ? [r.id] : []));
    },

    /**
     * Cancels the order under its row lock and releases its reserved stock bikes (bookable again), then runs `also`
     * in the same transaction (the audit entry). Null when the order does not exist; `already` when it was cancelled.
     */
    async cancel<T>(
      orderId: string,
      now: Date,
      also: (tx: Tx, before: { status: string; reservedUntil: Date | null }, released: string[]) => Promise<T>,
    ): Promise<'missing' | 'already' | { released: string[]; result: T }> {
      return db.transaction(async (tx) => {
        const [order] = await tx
          .select({ id: orders.id, status: orders.status, reservedUntil: orders.reservedUntil })
          .from(orders)
          .where(eq(orders.id, orderId))
          .for('update');
        if (!order) return 'missing';
        if (order.status === 'cancelled') return 'already';
        await tx
          .update(orders)
          .set({ status: 'cancelled', reservedUntil: null, updatedAt: now })
          .where(eq(orders.id, orderId));
        const bikes = await this.stockBikesOf(orderId, tx);
        const released = bikes.length
          ? (
              await tx
                .update(stockBikes)
                .set({ status: 'available' })
                .where(and(inArray(stockBikes.id, bikes), eq(stockBikes.status, 'reserved')))
                .returning({ id: stockBikes.id })
            ).map((b) => b.id)
          : [];
        return { released, result: await also(tx, order, released) };
      });
    },

    /** Records a parcel of the order and runs `also` (the audit entry) in the same transaction. */
    async addShipment(
      values: typeof orderShipments.$inferInsert,
      also: (tx: Tx, row: typeof orderShipments.$inferSelect) => Promise<void>,
    ) {
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(orderShipments).values(values).returning();
        if (!row) throw new Error('shipment not stored');
        await also(tx, row);
        return row;
      });
    },

    /** The payments of an order that are SUCCEEDED with something left to refund, oldest first. */
    refundable(orderId: string) {
      return db
        .select({ id: payments.id, amount: payments.amount, refunded: payments.refunded })
        .from(payments)
        .where(
          and(
            eq(payments.orderId, orderId),
            eq(payments.status, 'SUCCEEDED'),
            sql`${payments.refunded} < ${payments.amount}`,
          ),
        )
        .orderBy(asc(payments.createdAt), asc(payments.id));
    },
  };
}
export type AdminOrdersRepo = ReturnType<typeof adminOrdersRepo>;
