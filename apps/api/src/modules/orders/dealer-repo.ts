import { auditLog, type Db, orderAttachments, orderLines, orders, payments, walletEntries } from '@varg/db';
import { allocateRefund, settleEdit } from '@varg/domain';
import { and, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { ApiError } from '../../lib/api-error.ts';
import { type OrderLineRow, type OrderRow, type OrdersRepo, paidSoFar } from './repo.ts';

export type AttachmentRow = typeof orderAttachments.$inferSelect;

export interface DealerOrderFilter {
  type?: string | undefined;
  status?: string | undefined;
  search?: string | undefined;
  page: number;
  limit: number;
}

/** An order after an edit, as the service priced it: the order's new totals and every line's new values. */
export interface OrderRewrite {
  orderId: string;
  /** What the edit was priced from (order and lines): when the stored ones differ now, the write is a conflict. */
  pricedFrom: { order: OrderRow; lines: OrderLineRow[] };
  order: Pick<
    OrderRow,
    'subtotal' | 'shipping' | 'tax' | 'total' | 'customerType' | 'shippingMethod' | 'shippingAddress' | 'taxDetails'
  > &
    Partial<Pick<OrderRow, 'contact' | 'dealerId'>>;
  lines: Array<Omit<OrderLineRow, 'orderId'>>;
  /** Lines to add (no id yet). */
  added: Array<Omit<OrderLineRow, 'orderId' | 'id'>>;
  audit: { actorId: string; action: string; detail: Record<string, unknown>; ip: string | null };
  /** Writes the audit entry in the edit's transaction instead of `audit` (the buyer's change: decision 049). */
  record?: (tx: Pick<Db, 'insert'>, credited: number) => Promise<void>;
}

/**
 * What an edit depends on: the order's prices, status, delivery and contact, and every line's price, quantity and
 * configuration.
 */
function fingerprint(order: OrderRow, lines: OrderLineRow[]): string {
  const head = [
    order.status,
    order.total,
    order.shipping,
    order.customerType,
    order.shippingMethod,
    JSON.stringify(order.shippingAddress),
    JSON.stringify(order.contact),
  ].join('|');
  const body = lines
    .map((l) => [l.id, l.unitPrice, l.quantity, l.hash, l.total].join(':'))
    .sort()
    .join(',');
  return `${head}#${body}`;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Dealer orders and order edits (decision 025). An edit writes the order, its lines, what is given back of payments
 * beyond the new total (as store credit) and its audit entry in one transaction: the payment ledger and the order
 * never disagree, and nothing paid is lost.
 */
export function dealerOrdersRepo(db: Db, base: OrdersRepo) {
  return {
    /** Orders a dealer looks after (`dealer_id`) or bought (`user_id`), newest first, filtered. */
    async list(dealerId: string | null, userId: string, filter: DealerOrderFilter) {
      const mine = dealerId ? or(eq(orders.dealerId, dealerId), eq(orders.userId, userId)) : eq(orders.userId, userId);
      const search = filter.search?.trim();
      const number = search && /^\d{1,9}$/.test(search) ? Number(search) : null;
      const like = search ? `%${escapeLike(search)}%` : null;
      const statusClause: Record<string, SQL> = {
        cancelled: sql`${orders.status} = 'cancelled'`,
        paid: sql`${orders.status} <> 'cancelled' and ${paidSoFar} >= ${orders.total}`,
        partially_paid: sql`${orders.status} <> 'cancelled' and ${paidSoFar} > 0 and ${paidSoFar} < ${orders.total}`,
        pending_payment: sql`${orders.status} <> 'cancelled' and ${paidSoFar} <= 0 and ${orders.total} > 0`,
      };
      const where = and(
        mine,
        filter.type ? eq(orders.type, filter.type) : undefined,
        filter.status ? statusClause[filter.status] : undefined,
        like
          ? or(
              number !== null ? eq(orders.number, number) : undefined,
              ilike(sql`${orders.contact}->>'email'`, like),
              ilike(sql`${orders.contact}->>'firstName'`, like),
              ilike(sql`${orders.contact}->>'lastName'`, like),
              ilike(orders.customerOrderReference, like),
            )
          : undefined,
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
      return { rows: await base.withDetails(rows), total: counted?.n ?? 0 };
    },

    /** The attachments of these orders (one query for a page of orders), newest first. */
    async attachments(...orderIds: string[]): Promise<AttachmentRow[]> {
      if (orderIds.length === 0) return [];
      return db
        .select()
        .from(orderAttachments)
        .where(inArray(orderAttachments.orderId, orderIds))
        .orderBy(desc(orderAttachments.createdAt), desc(orderAttachments.id));
    },

    async attachment(orderId: string, id: string): Promise<AttachmentRow | null> {
      const [row] = await db
        .select()
        .from(orderAttachments)
        .where(and(eq(orderAttachments.orderId, orderId), eq(orderAttachments.id, id)))
        .limit(1);
      return row ?? null;
    },

    async addAttachment(values: typeof orderAttachments.$inferInsert, audit: OrderRewrite['audit']) {
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(orderAttachments).values(values).returning();
        await tx.insert(auditLog).values({ ...audit, subjectId: null });
        return row as AttachmentRow;
      });
    },

    /**
     * Writes an edit: the order (only if it has not changed since it was priced), its lines, and — when the
     * SUCCEEDED payments now exceed the total — gives the excess back as store credit, newest payment first.
     * Answers what was credited. ORDER_EDIT_CONFLICT when the order changed meanwhile; nothing is written then.
     */
    async rewrite(edit: OrderRewrite): Promise<{ credited: number }> {
      return db.transaction(async (tx) => {
        const [current] = await tx.select().from(orders).where(eq(orders.id, edit.orderId)).for('update');
        const currentLines = await tx.select().from(orderLines).where(eq(orderLines.orderId, edit.orderId));
        if (
          !current ||
          fingerprint(current, currentLines) !== fingerprint(edit.pricedFrom.order, edit.pricedFrom.lines)
        ) {
          throw new ApiError('ORDER_EDIT_CONFLICT');
        }
        const [updated] = await tx
          .update(orders)
          .set({ ...edit.order, updatedAt: new Date() })
          .where(eq(orders.id, edit.orderId))
          .returning({ id: orders.id, userId: orders.userId, currency: orders.currency, total: orders.total });
        if (!updated) throw new ApiError('ORDER_EDIT_CONFLICT');
        for (const line of edit.lines) {
          const { id, ...values } = line;
          await tx
            .update(orderLines)
            .set(values)
            .where(and(eq(orderLines.id, id), eq(orderLines.orderId, edit.orderId)));
        }
        if (edit.added.length) {
          await tx.insert(orderLines).values(edit.added.map((l) => ({ ...l, orderId: edit.orderId })));
        }
        // Every payment of the order is locked, so one settling now waits for this edit (and sees the new total).
        const all = await tx
          .select({ id: payments.id, amount: payments.amount, refunded: payments.refunded, status: payments.status })
          .from(payments)
          .where(eq(payments.orderId, edit.orderId))
          .orderBy(desc(payments.createdAt), desc(payments.id))
          .for('update');
        const received = all.filter((p) => p.status === 'SUCCEEDED');
        const paid = received.reduce((sum, p) => sum + p.amount - p.refunded, 0);
        // Money on its way (a transfer or debit being processed, a card waiting for 3-D Secure) would land on a total
        // it no longer fits: such an edit waits until the payment has settled.
        const underWay = all
          .filter((p) => p.status === 'PROCESSING' || p.status === 'REQUIRES_ACTION')
          .reduce((sum, p) => sum + p.amount, 0);
        if (underWay > 0 && paid + underWay > updated.total) throw new ApiError('ORDER_PAYMENT_UNDER_WAY');
        const { overpaid: credited } = settleEdit(updated.total, paid);
        if (credited > 0) {
          const parts = allocateRefund(
            received.map((p) => ({ id: p.id, available: p.amount - p.refunded })),
            credited,
          );
          for (const part of parts) {
            await tx
              .update(payments)
              .set({ refunded: sql`${payments.refunded} + ${part.amount}`, updatedAt: new Date() })
              .where(eq(payments.id, part.id));
          }
          await tx
            .insert(walletEntries)
            .values({ userId: updated.userId, currency: updated.currency, amount: credited, reason: 'order_edit' });
        }
        if (edit.record) {
          await edit.record(tx, credited);
          return { credited };
        }
        await tx.insert(auditLog).values({
          actorId: edit.audit.actorId,
          action: edit.audit.action,
          detail: { ...edit.audit.detail, orderId: edit.orderId, credited },
          ip: edit.audit.ip,
        });
        return { credited };
      });
    },
  };
}
export type DealerOrdersRepo = ReturnType<typeof dealerOrdersRepo>;
