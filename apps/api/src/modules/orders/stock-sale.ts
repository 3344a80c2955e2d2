import { type Db, orderLines, orders, payments } from '@varg/db';
import { and, eq, isNotNull, sql } from 'drizzle-orm';

/**
 * The store lines of an order once it is paid in full (decision 060): what the store's stock gives up. Parts are paid
 * at once (no deposit), so "paid" is the moment the goods are sold; an unpaid or partly paid order holds no stock,
 * so an abandoned order never locks units away. Null while the order is not a paid store order.
 */
export async function paidStoreLines(db: Db, orderId: string) {
  const [order] = await db
    .select({ type: orders.type, status: orders.status, total: orders.total })
    .from(orders)
    .where(eq(orders.id, orderId))
    .limit(1);
  if (order?.type !== 'store' || order.status === 'cancelled') return null;
  const [paid] = await db
    .select({ amount: sql<number>`coalesce(sum(${payments.amount} - ${payments.refunded}), 0)`.mapWith(Number) })
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.status, 'SUCCEEDED')));
  if ((paid?.amount ?? 0) < order.total) return null;
  const lines = await db
    .select({ variantCode: orderLines.variantCode, quantity: orderLines.quantity })
    .from(orderLines)
    .where(and(eq(orderLines.orderId, orderId), isNotNull(orderLines.variantCode)));
  return lines.map((l) => ({ variantCode: l.variantCode as string, quantity: l.quantity }));
}
