import { addresses, type Db } from '@varg/db';
import { and, count, desc, eq } from 'drizzle-orm';

export type AddressRow = typeof addresses.$inferSelect;

/** A user's saved addresses. Every read and delete names the owner, so nobody reaches another user's rows. */
export function addressesRepo(db: Db) {
  return {
    async list(userId: string) {
      return db
        .select()
        .from(addresses)
        .where(eq(addresses.userId, userId))
        .orderBy(desc(addresses.createdAt), desc(addresses.id));
    },
    async find(userId: string, id: string) {
      const [row] = await db
        .select()
        .from(addresses)
        .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
        .limit(1);
      return row ?? null;
    },
    async count(userId: string) {
      const [row] = await db.select({ n: count() }).from(addresses).where(eq(addresses.userId, userId));
      return row?.n ?? 0;
    },
    async insert(values: typeof addresses.$inferInsert) {
      const [row] = await db.insert(addresses).values(values).returning();
      if (!row) throw new Error('address insert returned nothing');
      return row;
    },
    /** True when the user's address existed and is gone. */
    async remove(userId: string, id: string) {
      const rows = await db
        .delete(addresses)
        .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
        .returning({ id: addresses.id });
      return rows.length === 1;
    },
  };
}
export type AddressesRepo = ReturnType<typeof addressesRepo>;
