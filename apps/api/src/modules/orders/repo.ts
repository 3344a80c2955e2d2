import { type Db, orderLines, orderShipments, orders, payments } from '@varg/db';
import {
  type AnyColumn,
  and,
  asc,
  count,
  desc,
  eq,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  ne,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { pageWithTotal } from '../../lib/page-total.ts';

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
export type ShipmentRow = typeof orderShipments.$inferSelect;

export interface OrderWithDetails {
  order: OrderRow;
  lines: OrderLineRow[];
  payments: PaymentRow[];
  /** Parcels of a store order (decision 042), oldest first. */
  shipments: ShipmentRow[];
}

/** What the SUCCEEDED payments of the order in the outer query add up to, less refunds (the ledger's `paid`). */
export const paidSoFar = sql<number>`(select coalesce(sum(${payments.amount} - ${payments.refunded}), 0) from ${payments} where ${payments.orderId} = ${orders.id} and ${payments.status} = 'SUCCEEDED')`;

/** An order that may be reminded again: never reminded, or last reminded before `remindedBefore`. */
const reminderDue = (remindedBefore: Date) =>
  or(isNull(orders.balanceReminderAt), lt(orders.balanceReminderAt, remindedBefore));

/**
 * Reads of orders with their lines and payments, and the balance-reminder marks. The checkout writes orders
 * (docs/decisions/012-commerce-data.md).
 */
/**
 * The lines, payments and shipments of some orders (`of` picks them by the order-id column): every order read asks
 * them.
 */
function detailQueries(db: Db, of: (orderId: AnyColumn) => SQL) {
  return {
    lines: db
      .select()
      .from(orderLines)
      .where(of(orderLines.orderId))
      // Lines carry no position: bikes first, then by name, the same every time.
      .orderBy(asc(orderLines.type), asc(orderLines.name), asc(orderLines.nameKey), asc(orderLines.id)),
    payments: db.select().from(payments).where(of(payments.orderId)).orderBy(asc(payments.createdAt), asc(payments.id)),
    parcels: db
      .select()
      .from(orderShipments)
      .where(of(orderShipments.orderId))
      .orderBy(asc(orderShipments.createdAt), asc(orderShipments.id)),
  };
}

/** The same as named prepared statements, the ids an array parameter: built once, parsed once per connection. */
function preparedDetailQueries(db: Db) {
  const q = detailQueries(db, (orderId) => sql`${orderId} = any(${sql.placeholder('ids')}::uuid[])`);
  return {
    lines: q.lines.prepare('lines_of_orders'),
    payments: q.payments.prepare('payments_of_orders'),
    parcels: q.parcels.prepare('shipments_of_orders'),
  };
}

/**
 * A user's orders, newest first, a page at a time (with and without a type): the list every render of `/orders/my`
 * reads, prepared like the details (decision 069).
 */
function preparedOrderPages(db: Db) {
  const page = (where: SQL | undefined, name: string) =>
    db
      .select()
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.number))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(name);
  const ofUser = eq(orders.userId, sql.placeholder('userId'));
  return {
    all: page(ofUser, 'orders_of_user'),
    ofType: page(and(ofUser, eq(orders.type, sql.placeholder('type'))), 'orders_of_user_by_type'),
  };
}

export function ordersRepo(db: Db) {
  // Prepared on first use, outside a transaction only (decision 069).
  let prepared: ReturnType<typeof preparedDetailQueries> | undefined;
  let pages: ReturnType<typeof preparedOrderPages> | undefined;
  async function details(rows: OrderRow[]): Promise<OrderWithDetails[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    let found: [OrderLineRow[], PaymentRow[], ShipmentRow[]];
    // A transaction has one connection, which takes one query at a time: one after the other there.
    const inTransaction: boolean = db instanceof PgTransaction;
    if (inTransaction) {
      const q = detailQueries(db, (orderId) => inArray(orderId, ids));
      found = [await q.lines, await q.payments, await q.parcels];
    } else {
      prepared ??= preparedDetailQueries(db);
      found = await Promise.all([
        prepared.lines.execute({ ids }),
        prepared.payments.execute({ ids }),
        prepared.parcels.execute({ ids }),
      ]);
    }
    const [lines, ledger, parcels] = found;
    return rows.map((order) => ({
      order,
      lines: lines.filter((l) => l.orderId === order.id),
      payments: ledger.filter((p) => p.orderId === order.id),
      shipments: parcels.filter((s) => s.orderId === order.id),
    }));
  }

  return {
    /** Runs `work` in one transaction (`ordersRepo(tx)` reads and writes in it; an e-mail is recorded in it). */
    transaction<T>(work: (tx: Db) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(tx as unknown as Db));
    },
    /** Orders of a market still to be paid (not cancelled, not fully paid): a currency change must wait for them. */
    async unpaidOrdersIn(country: string) {
      const [row] = await db
        .select({ n: count() })
        .from(orders)
        .where(and(eq(orders.country, country), inArray(orders.status, ['pending_payment', 'partially_paid'])));
      return row?.n ?? 0;
    },
    /** Orders with their lines and payments (the rows as given, in their order). */
    withDetails: details,

    async order(id: string): Promise<OrderWithDetails | null> {
      const [row] = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
      if (!row) return null;
      return (await details([row]))[0] ?? null;
    },

    /** A user's orders, newest first. */
    async ordersOf(
      userId: string,
      filter: { type?: string | undefined; page: number; limit: number },
    ): Promise<{ rows: OrderWithDetails[]; total: number }> {
      const where: SQL | undefined = and(
        eq(orders.userId, userId),
        filter.type ? eq(orders.type, filter.type) : undefined,
      );
      const window = { limit: filter.limit, offset: (filter.page - 1) * filter.limit };
      const { rows, total } = await pageWithTotal(
        window,
        () => {
          if (db instanceof PgTransaction)
            return db
              .select()
              .from(orders)
              .where(where)
              .orderBy(desc(orders.createdAt), desc(orders.number))
              .limit(window.limit)
              .offset(window.offset);
          pages ??= preparedOrderPages(db);
          return filter.type
            ? pages.ofType.execute({ userId, type: filter.type, ...window })
            : pages.all.execute({ userId, ...window });
        },
        async () => (await db.select({ n: count() }).from(orders).where(where))[0]?.n ?? 0,
      );
      return { rows: await details(rows), total };
    },

    /**
     * Vehicle orders that owe a balance after a deposit: not cancelled, something paid and something still due,
     * delivery on or before `deliveryBy` (`YYYY-MM-DD`), not reminded since `remindedBefore`. Earliest delivery first.
     */
    async balanceReminderCandidates(input: {
      deliveryBy: string;
      remindedBefore: Date;
    }): Promise<Array<{ id: string; balanceReminderAt: Date | null }>> {
      return db
        .select({ id: orders.id, balanceReminderAt: orders.balanceReminderAt })
        .from(orders)
        .where(
          and(
            eq(orders.type, 'vehicle'),
            ne(orders.status, 'cancelled'),
            isNotNull(orders.deliveryDate),
            lte(orders.deliveryDate, input.deliveryBy),
            reminderDue(input.remindedBefore),
            sql`${paidSoFar} > 0`,
            sql`${paidSoFar} < ${orders.total}`,
          ),
        )
        .orderBy(asc(orders.deliveryDate), asc(orders.number));
    },

    /**
     * Claims the order's reminder: marks it reminded at `at` unless it was reminded since `remindedBefore`. Only one
     * of two concurrent runs gets the row back (the second re-reads the mark after the first commits), so only one
     * sends the e-mail.
     */
    async claimBalanceReminder(id: string, at: Date, remindedBefore: Date): Promise<boolean> {
      const claimed = await db
        .update(orders)
        .set({ balanceReminderAt: at })
        .where(and(eq(orders.id, id), reminderDue(remindedBefore)))
        .returning({ id: orders.id });
      return claimed.length > 0;
    },

    /** Orders of a type paid in full (the ledger's paid ≥ total), not cancelled, oldest first (vehicles' deliveries). */
    async paidInFull(type: string, limit: number): Promise<OrderWithDetails[]> {
      const rows = await db
        .select()
        .from(orders)
        .where(and(eq(orders.type, type), ne(orders.status, 'cancelled'), sql`${paidSoFar} >= ${orders.total}`))
        .orderBy(asc(orders.createdAt), asc(orders.number))
        .limit(limit);
      return details(rows);
    },

    async idByNumber(number: number): Promise<string | null> {
      const [row] = await db.select({ id: orders.id }).from(orders).where(eq(orders.number, number)).limit(1);
      return row?.id ?? null;
    },

    /** Store lines bought for one of these VINs (extended warranties), of orders paid in full and not cancelled. */
    async paidLinesForVins(vins: string[]): Promise<Array<{ vin: string; variantCode: string; quantity: number }>> {
      if (vins.length === 0) return [];
      const rows = await db
        .select({ vin: orderLines.vin, variantCode: orderLines.variantCode, quantity: orderLines.quantity })
        .from(orderLines)
        .innerJoin(orders, eq(orders.id, orderLines.orderId))
        .where(
          and(
            inArray(orderLines.vin, vins),
            isNotNull(orderLines.variantCode),
            ne(orders.status, 'cancelled'),
            sql`${paidSoFar} >= ${orders.total}`,
          ),
        );
      return rows.flatMap((r) =>
        r.vin && r.variantCode ? [{ vin: r.vin, variantCode: r.variantCode, quantity: r.quantity }] : [],
      );
    },
  };
}
export type OrdersRepo = ReturnType<typeof ordersRepo>;
