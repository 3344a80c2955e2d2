// Stock-bike holds of unpaid orders (issue 22, decision 027). The checkout reserves an order's stock bikes and sets
// `orders.reserved_until` (STOCK_RESERVATION_HOURS ahead). A periodic job releases the holds that lapsed with nothing
// paid: the order is cancelled (marked `reservation_lapsed_at`) and its bikes are offered again. A payment that still
// arrives for such an order is never lost: the bikes are taken again if they are still free and the order stands;
// otherwise the order stays cancelled, the payment stays on its ledger and an audit entry flags it for a refund.
import { auditLog, type Db, orderLines, orders, payments, stockBikes } from '@varg/db';
import { and, desc, eq, inArray, isNotNull, lt, ne, sql } from 'drizzle-orm';
import { ApiError } from '../../lib/api-error.ts';

export const DEFAULT_STOCK_RESERVATION_HOURS = 24;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** What an order has paid: SUCCEEDED payments less their refunds (minor units). */
async function paidOf(tx: Pick<Db, 'select'>, orderId: string): Promise<number> {
  const [paid] = await tx
    .select({ amount: sql<number>`coalesce(sum(${payments.amount} - ${payments.refunded}), 0)`.mapWith(Number) })
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.status, 'SUCCEEDED')));
  return paid?.amount ?? 0;
}

async function stockBikesOf(tx: Pick<Db, 'select'>, orderId: string): Promise<string[]> {
  const rows = await tx
    .select({ id: orderLines.stockBikeId })
    .from(orderLines)
    .where(and(eq(orderLines.orderId, orderId), isNotNull(orderLines.stockBikeId)));
  return rows.map((r) => r.id).filter((id): id is string => !!id);
}

/**
 * Cancels an unpaid order holding stock bikes and offers its bikes again, under the order's row lock (a payment
 * settling now waits for it, or is seen here). With something paid the hold ends for good instead (the bikes stay
 * reserved). `due` says whether the hold may end now (the lapse job: its deadline passed).
 */
async function cancelUnpaidHold(
  tx: Tx,
  orderId: string,
  now: Date,
  due: (order: { reservedUntil: Date | null }) => boolean,
): Promise<{ result: 'cancelled' | 'paid' | 'missing'; bikes: string[] }> {
  const [order] = await tx
    .select({ id: orders.id, status: orders.status, reservedUntil: orders.reservedUntil })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for('update');
  if (!order || order.status === 'cancelled' || !due(order)) return { result: 'missing', bikes: [] };
  if ((await paidOf(tx, order.id)) > 0) {
    await tx.update(orders).set({ reservedUntil: null }).where(eq(orders.id, order.id));
    return { result: 'paid', bikes: [] };
  }
  await tx
    .update(orders)
    .set({ status: 'cancelled', reservedUntil: null, reservationLapsedAt: now, updatedAt: now })
    .where(eq(orders.id, order.id));
  const bikes = await stockBikesOf(tx, order.id);
  if (bikes.length) {
    await tx
      .update(stockBikes)
      .set({ status: 'available' })
      .where(and(inArray(stockBikes.id, bikes), eq(stockBikes.status, 'reserved')));
  }
  return { result: 'cancelled', bikes };
}

export function reservations(db: Db) {
  return {
    /**
     * Releases the holds that lapsed before `now`: each unpaid order is cancelled and its stock bikes become available,
     * in one transaction per order that checks again (under the order's lock) that nothing was paid meanwhile. Orders
     * with something paid keep their bikes for good (their hold is cleared). Answers the orders cancelled.
     */
    async releaseLapsed(now: Date): Promise<string[]> {
      const due = await db
        .select({ id: orders.id })
        .from(orders)
        .where(and(isNotNull(orders.reservedUntil), lt(orders.reservedUntil, now), ne(orders.status, 'cancelled')))
        .limit(500);
      const released: string[] = [];
      for (const candidate of due) {
        const done = await db.transaction(async (tx) => {
          const outcome = await cancelUnpaidHold(tx, candidate.id, now, (order) => (order.reservedUntil ?? now) < now);
          if (outcome.result !== 'cancelled') return false;
          await tx.insert(auditLog).values({
            actorId: null,
            action: 'order.reservation_lapsed',
            detail: { orderId: candidate.id, stockBikes: outcome.bikes },
          });
          return true;
        });
        if (done) released.push(candidate.id);
      }
      return released;
    },

    /** The orders holding a stock bike (not cancelled): who, until when, which cart, what is paid. */
    async holdsOf(stockBikeId: string) {
      const rows = await db
        .selectDistinct({ order: orders })
        .from(orders)
        .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
        .where(and(eq(orderLines.stockBikeId, stockBikeId), ne(orders.status, 'cancelled')))
        .orderBy(desc(orders.createdAt));
      return Promise.all(
        rows.map(async ({ order }) => {
          const contact = (order.contact ?? {}) as { firstName?: string; lastName?: string; email?: string };
          return {
            orderId: order.id,
            number: order.number,
            status: order.status,
            cartId: order.cartId,
            buyer: {
              name: [contact.firstName, contact.lastName].filter(Boolean).join(' '),
              email: contact.email ?? '',
            },
            reservedUntil: order.reservedUntil?.toISOString() ?? null,
            paid: await paidOf(db, order.id),
            currency: order.currency,
            createdAt: order.createdAt.toISOString(),
          };
        }),
      );
    },

    /**
     * An administrator releases an unpaid order's hold of a stock bike (decision 043): the order is cancelled and its
     * bikes are offered again, as when the hold lapses, in `tx` with its audit entries. Refused when the order does
     * not hold that bike (404) or something is paid (409: cancel it with a refund from the order's page instead).
     */
    async release(tx: Tx, orderId: string, stockBikeId: string, now: Date): Promise<string[]> {
      const [line] = await tx
        .select({ id: orderLines.id })
        .from(orderLines)
        .where(and(eq(orderLines.orderId, orderId), eq(orderLines.stockBikeId, stockBikeId)))
        .limit(1);
      if (!line) throw new ApiError('RESERVATION_NOT_FOUND');
      const outcome = await cancelUnpaidHold(tx, orderId, now, () => true);
      if (outcome.result === 'missing') throw new ApiError('RESERVATION_NOT_FOUND');
      if (outcome.result === 'paid') throw new ApiError('RESERVATION_PAID');
      return outcome.bikes;
    },

    /**
     * After a payment succeeded: an order whose hold had lapsed takes its bikes again when they are all still free
     * (and stands again, `pending_payment` until the ledger says more); otherwise it stays cancelled and an audit entry
     * flags the payment for a refund. Answers what happened (`none` for any other order).
     */
    async afterPayment(orderId: string, at = new Date()): Promise<'none' | 'reserved_again' | 'needs_refund'> {
      return db.transaction(async (tx) => {
        const [order] = await tx
          .select({ id: orders.id, status: orders.status, lapsedAt: orders.reservationLapsedAt })
          .from(orders)
          .where(eq(orders.id, orderId))
          .for('update');
        if (!order?.lapsedAt || order.status !== 'cancelled') return 'none';
        const bikes = await stockBikesOf(tx, order.id);
        const taken = bikes.length
          ? await tx
              .update(stockBikes)
              .set({ status: 'reserved' })
              .where(and(inArray(stockBikes.id, bikes), eq(stockBikes.status, 'available')))
              .returning({ id: stockBikes.id })
          : [];
        if (taken.length === bikes.length) {
          await tx
            .update(orders)
            .set({ status: 'pending_payment', reservationLapsedAt: null, updatedAt: at })
            .where(eq(orders.id, order.id));
          await tx.insert(auditLog).values({
            actorId: null,
            action: 'order.reserved_again_after_payment',
            detail: { orderId: order.id, stockBikes: bikes },
          });
          return 'reserved_again';
        }
        // Some bike went to another buyer meanwhile: give back what this call took, keep the order cancelled.
        const mine = taken.map((t) => t.id);
        if (mine.length) {
          await tx
            .update(stockBikes)
            .set({ status: 'available' })
            .where(and(inArray(stockBikes.id, mine), eq(stockBikes.status, 'reserved')));
        }
        await tx.insert(auditLog).values({
          actorId: null,
          action: 'order.paid_after_reservation_lapsed',
          detail: { orderId: order.id, stockBikes: bikes, refund: true },
        });
        return 'needs_refund';
      });
    },
  };
}
export type Reservations = ReturnType<typeof reservations>;

/** The hold of a new order: `hours` from `now` when it has stock bikes, else none. */
export const reservationDeadline = (hasStockBikes: boolean, now: Date, hours = DEFAULT_STOCK_RESERVATION_HOURS) =>
  hasStockBikes ? new Date(now.getTime() + hours * 3_600_000) : null;
