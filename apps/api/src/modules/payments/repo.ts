import { type Db, payments } from '@varg/db';
import type { PaymentStatus } from '@varg/domain';
import { and, asc, eq } from 'drizzle-orm';

export type PaymentRow = typeof payments.$inferSelect;

export function paymentsRepo(db: Db) {
  return {
    async byIdempotencyKey(key: string) {
      const [row] = await db.select().from(payments).where(eq(payments.idempotencyKey, key)).limit(1);
      return row ?? null;
    },
    async byId(id: string) {
      const [row] = await db.select().from(payments).where(eq(payments.id, id)).limit(1);
      return row ?? null;
    },
    async ofOrder(orderId: string) {
      return db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(asc(payments.createdAt));
    },
    /** Inserts a payment; a concurrent insert with the same idempotency key yields the existing row instead. */
    async create(values: typeof payments.$inferInsert) {
      const [row] = await db.insert(payments).values(values).onConflictDoNothing().returning();
      return row ?? (values.idempotencyKey ? await this.byIdempotencyKey(values.idempotencyKey) : null);
    },
    /** Moves a payment from the status it was read in; false when another request moved it first. */
    async setStatus(id: string, from: PaymentStatus, to: PaymentStatus, failureCode: string | null) {
      const rows = await db
        .update(payments)
        .set({ status: to, failureCode, updatedAt: new Date() })
        .where(and(eq(payments.id, id), eq(payments.status, from)))
        .returning({ id: payments.id });
      return rows.length > 0;
    },
  };
}
export type PaymentsRepo = ReturnType<typeof paymentsRepo>;
