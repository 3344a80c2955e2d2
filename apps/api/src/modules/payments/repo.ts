import {
  type Db,
  orderLines,
  orders,
  paymentCustomers,
  paymentEvents,
  payments,
  sandboxObjects,
  users,
  walletEntries,
} from '@varg/db';
import type { PaymentStatus } from '@varg/domain';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { SandboxStore } from '../../providers/payments/sandbox.ts';

export type PaymentRow = typeof payments.$inferSelect;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

function queries(db: Db | Tx) {
  return {
    async byIdempotencyKey(key: string) {
      const [row] = await db.select().from(payments).where(eq(payments.idempotencyKey, key)).limit(1);
      return row ?? null;
    },
    async byId(id: string) {
      const [row] = await db.select().from(payments).where(eq(payments.id, id)).limit(1);
      return row ?? null;
    },
    async byReference(provider: string, reference: string) {
      const [row] = await db
        .select()
        .from(payments)
        .where(and(eq(payments.provider, provider), eq(payments.providerReference, reference)))
        .limit(1);
      return row ?? null;
    },
    async ofOrder(orderId: string) {
      return db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(asc(payments.createdAt));
    },
    /** Attempts started for a cart before it became an order. */
    async ofCart(cartId: string) {
      return db
        .select()
        .from(payments)
        .where(and(eq(payments.cartId, cartId), isNull(payments.orderId)))
        .orderBy(asc(payments.createdAt));
    },
    /** Inserts a payment; a concurrent insert with the same idempotency key yields the existing row instead. */
    async create(values: typeof payments.$inferInsert) {
      const [row] = await db.insert(payments).values(values).onConflictDoNothing().returning();
      return row ?? (values.idempotencyKey ? await this.byIdempotencyKey(values.idempotencyKey) : null);
    },
    /** Moves a payment from the status it was read in; false when another request moved it first. */
    async setStatus(
      id: string,
      from: PaymentStatus,
      to: PaymentStatus,
      failureCode: string | null,
      extra: { actionUrl?: string | null; instructions?: unknown } = {},
    ) {
      const rows = await db
        .update(payments)
        .set({ status: to, failureCode, updatedAt: new Date(), ...extra })
        .where(and(eq(payments.id, id), eq(payments.status, from)))
        .returning({ id: payments.id });
      return rows.length > 0;
    },
    async update(id: string, values: Partial<typeof payments.$inferInsert>) {
      await db
        .update(payments)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(payments.id, id));
    },
    /** Claims `amount` of a SUCCEEDED payment for a refund; null when that much is no longer refundable. */
    async claimRefund(id: string, amount: number) {
      const [row] = await db
        .update(payments)
        .set({ refunded: sql`${payments.refunded} + ${amount}`, updatedAt: new Date() })
        .where(
          and(
            eq(payments.id, id),
            eq(payments.status, 'SUCCEEDED'),
            sql`${payments.refunded} + ${amount} <= ${payments.amount}`,
          ),
        )
        .returning();
      return row ?? null;
    },
    /** Gives a claim back when the provider refused the refund. */
    async releaseRefund(id: string, amount: number) {
      await db
        .update(payments)
        .set({ refunded: sql`${payments.refunded} - ${amount}`, updatedAt: new Date() })
        .where(eq(payments.id, id));
    },
    /** Gives the cart's open attempts to the order made from it (the confirm). */
    async adopt(cartId: string, orderId: string, userId: string) {
      return db
        .update(payments)
        .set({ orderId, userId, updatedAt: new Date() })
        .where(and(eq(payments.cartId, cartId), isNull(payments.orderId)))
        .returning();
    },
    /** Records a provider event; false when it was processed before (a replay). */
    async recordEvent(id: string, provider: string, type: string) {
      const rows = await db
        .insert(paymentEvents)
        .values({ id, provider, type })
        .onConflictDoNothing()
        .returning({ id: paymentEvents.id });
      return rows.length > 0;
    },
    async customerRef(userId: string, provider: string, country: string) {
      const [row] = await db
        .select({ ref: paymentCustomers.customerRef })
        .from(paymentCustomers)
        .where(
          and(
            eq(paymentCustomers.userId, userId),
            eq(paymentCustomers.provider, provider),
            eq(paymentCustomers.country, country),
          ),
        )
        .limit(1);
      return row?.ref ?? null;
    },
    async saveCustomerRef(userId: string, provider: string, country: string, customerRef: string) {
      await db.insert(paymentCustomers).values({ userId, provider, country, customerRef }).onConflictDoNothing();
    },
    async user(userId: string) {
      const [row] = await db
        .select({ email: users.email, name: users.name, secondName: users.secondName })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1);
      return row ?? null;
    },
    /** What paying an order needs: its owner, market, total, and the deposit its bikes ask (the lines' sum). */
    async orderBasics(orderId: string) {
      const [order] = await db
        .select({
          id: orders.id,
          number: orders.number,
          type: orders.type,
          userId: orders.userId,
          country: orders.country,
          currency: orders.currency,
          language: orders.language,
          total: orders.total,
        })
        .from(orders)
        .where(eq(orders.id, orderId))
        .limit(1);
      if (!order) return null;
      const [lines] = await db
        .select({ deposit: sql<number>`coalesce(sum(${orderLines.deposit}), 0)::int` })
        .from(orderLines)
        .where(eq(orderLines.orderId, orderId));
      return { ...order, type: order.type as 'vehicle' | 'store', deposit: Number(lines?.deposit ?? 0) };
    },
    async walletBalance(userId: string, currency: string) {
      const [row] = await db
        .select({ balance: sql<number>`coalesce(sum(${walletEntries.amount}), 0)::int` })
        .from(walletEntries)
        .where(and(eq(walletEntries.userId, userId), eq(walletEntries.currency, currency)));
      return Number(row?.balance ?? 0);
    },
    async addWalletEntry(values: typeof walletEntries.$inferInsert) {
      await db.insert(walletEntries).values(values);
    },
    /** Serialises a user's wallet spending (the users row lock), so two payments cannot spend the same credit. */
    async lockUser(userId: string) {
      await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    },
  };
}

export function paymentsRepo(db: Db) {
  return {
    ...queries(db),
    /** Runs `work` in one transaction with the same queries (and the transaction itself, for an audit entry). */
    async transaction<T>(work: (tx: ReturnType<typeof queries>, raw: Tx) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(queries(tx), tx));
    },
  };
}
export type PaymentsRepo = ReturnType<typeof paymentsRepo>;

/** The sandbox provider's store in the database (sandbox_objects). */
export function dbSandboxStore(db: Db): SandboxStore {
  return {
    async get<T>(id: string) {
      const [row] = await db.select().from(sandboxObjects).where(eq(sandboxObjects.id, id)).limit(1);
      return (row?.data as T) ?? null;
    },
    async put(id, kind, customer, data) {
      await db
        .insert(sandboxObjects)
        .values({ id, kind, customer, data })
        .onConflictDoUpdate({ target: sandboxObjects.id, set: { data, customer, updatedAt: new Date() } });
    },
    async remove(id) {
      await db.delete(sandboxObjects).where(eq(sandboxObjects.id, id));
    },
    async list<T>(kind: 'card', customer: string) {
      const rows = await db
        .select()
        .from(sandboxObjects)
        .where(and(eq(sandboxObjects.kind, kind), eq(sandboxObjects.customer, customer)))
        .orderBy(asc(sandboxObjects.createdAt));
      return rows.map((r) => r.data as T);
    },
  };
}
