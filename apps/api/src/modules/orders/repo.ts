import { type Db, orderLines, orders, payments } from '@varg/db';
import { and, asc, count, desc, eq, inArray, type SQL } from 'drizzle-orm';

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;

export interface OrderWithDetails {
  order: OrderRow;
  lines: OrderLineRow[];
  payments: PaymentRow[];
}

/** Reads of orders with their lines and payments. The checkout writes them (docs/decisions/012-commerce-data.md). */
export function ordersRepo(db: Db) {
  async function details(rows: OrderRow[]): Promise<OrderWithDetails[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const [lines, ledger] = await Promise.all([
      db
        .select()
        .from(orderLines)
        .where(inArray(orderLines.orderId, ids))
        // Lines carry no position: bikes first, then by name, the same every time.
        .orderBy(asc(orderLines.type), asc(orderLines.name), asc(orderLines.nameKey), asc(orderLines.id)),
      db
        .select()
        .from(payments)
        .where(inArray(payments.orderId, ids))
        .orderBy(asc(payments.createdAt), asc(payments.id)),
    ]);
    return rows.map((order) => ({
      order,
      lines: lines.filter((l) => l.orderId === order.id),
      payments: ledger.filter((p) => p.orderId === order.id),
    }));
  }

  return {
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
      const [rows, [counted]] = await Promise.all([
        db
          .select()
          .from(orders)
          .where(where)
          .orderBy(desc(orders.createdAt), desc(orders.number))
          .limit(filter.limit)
          .offset((filter.page - 1) * filter.limit),
        db.select({ n: count() }).from(orders).where(where),
      ]);
      return { rows: await details(rows), total: counted?.n ?? 0 };
    },
  };
}
export type OrdersRepo = ReturnType<typeof ordersRepo>;
