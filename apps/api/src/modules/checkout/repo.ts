// The confirm transaction (docs/decisions/012-commerce-data.md, 035): the guest's account, the address, order, lines,
// stock-bike reservation, the cart marked ordered and its payment attempts adopted, all or nothing. It spans the
// orders, cart and catalogue tables on purpose (DESIGN.md section 4), and the other modules write in it.
import { carts, type Db, orderLines, orders, stockBikes } from '@varg/db';
import { and, eq, inArray } from 'drizzle-orm';
import { ApiError } from '../../lib/api-error.ts';

export type NewOrder = typeof orders.$inferInsert;
export type NewOrderLine = Omit<typeof orderLines.$inferInsert, 'orderId'>;

/** The confirm's transaction: the other modules' writes of the confirm take it too (decision 035). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export function checkoutRepo(db: Db) {
  return {
    async ordersOfCart(cartId: string) {
      return db.select().from(orders).where(eq(orders.cartId, cartId));
    },

    /** The hash of the confirm key a buyer without an account ordered the cart with (decision 062). */
    async confirmKeyHashOf(cartId: string): Promise<string | null> {
      const [row] = await db.select({ hash: carts.confirmKeyHash }).from(carts).where(eq(carts.id, cartId));
      return row?.hash ?? null;
    },

    /**
     * Runs the confirm in one transaction, the cart locked first: a second confirm of the same cart waits for the
     * first and then finds its orders (`ordered`).
     */
    async transaction<T>(cartId: string, work: (tx: Tx, ordered: Array<typeof orders.$inferSelect>) => Promise<T>) {
      return db.transaction(async (tx) => {
        await tx.select({ id: carts.id }).from(carts).where(eq(carts.id, cartId)).for('update');
        return work(tx, await tx.select().from(orders).where(eq(orders.cartId, cartId)));
      });
    },

    /**
     * Creates the orders of a cart (a vehicle order, a store order, or both for a mixed purchase) in the confirm's
     * transaction. Answers `created: false` with the existing orders when the cart was ordered already (a double
     * click, a retried request). A stock bike someone else reserved first is STOCK_BIKE_UNAVAILABLE: the transaction
     * fails and nothing is written.
     */
    async createOrders(
      tx: Tx,
      drafts: Array<{ order: NewOrder; lines: NewOrderLine[] }>,
      cartId: string,
      confirmKeyHash: string | null = null,
    ) {
      const created: Array<typeof orders.$inferSelect> = [];
      for (const draft of drafts) {
        const [row] = await tx.insert(orders).values(draft.order).onConflictDoNothing().returning();
        if (!row) {
          // Another request ordered this cart first: answer its orders.
          const existing = await tx.select().from(orders).where(eq(orders.cartId, cartId));
          if (!existing.length) throw new ApiError('PAYMENT_CONFLICT');
          return { orders: existing, created: false };
        }
        created.push(row);
        await tx.insert(orderLines).values(draft.lines.map((l) => ({ ...l, orderId: row.id })));
      }
      const stockIds = drafts.flatMap((d) => d.lines.map((l) => l.stockBikeId)).filter((id): id is string => !!id);
      if (stockIds.length) {
        const reserved = await tx
          .update(stockBikes)
          .set({ status: 'reserved' })
          .where(and(inArray(stockBikes.id, stockIds), eq(stockBikes.status, 'available')))
          .returning({ id: stockBikes.id });
        if (reserved.length !== stockIds.length) throw new ApiError('STOCK_BIKE_UNAVAILABLE');
      }
      await tx
        .update(carts)
        .set({ status: 'ordered', confirmKeyHash, updatedAt: new Date() })
        .where(eq(carts.id, cartId));
      return { orders: created, created: true };
    },
  };
}
export type CheckoutRepo = ReturnType<typeof checkoutRepo>;
