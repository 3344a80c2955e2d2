import {
  contactMessages,
  type Db,
  dealers,
  jobApplications,
  jobPositions,
  newsletterSubscriptions,
  users,
} from '@varg/db';
import { and, asc, between, desc, eq, sql } from 'drizzle-orm';

export type StoreRow = { id: string; country: string; storeInfo: Record<string, unknown> };
export type ApplicationRow = typeof jobApplications.$inferSelect;
export type SubscriptionRow = typeof newsletterSubscriptions.$inferSelect;

// The same expressions as the index dealers_store_lat_lng_idx, so a box query is answered from it.
const LAT = sql<number>`((${dealers.storeInfo} -> 'location' -> 'coordinates' ->> 1)::double precision)`;
const LNG = sql<number>`((${dealers.storeInfo} -> 'location' -> 'coordinates' ->> 0)::double precision)`;

/** Stores of approved dealers, positions and applications, contact messages, newsletter subscriptions. */
export function engagementRepo(db: Db) {
  const storeColumns = { id: dealers.id, country: users.country, storeInfo: dealers.storeInfo };
  return {
    /** Approved dealers' stores inside a box (south, west, north, east); a box across the antimeridian is two. */
    async storesInBox(box: { south: number; west: number; north: number; east: number }): Promise<StoreRow[]> {
      const lng =
        box.west <= box.east ? between(LNG, box.west, box.east) : sql`(${LNG} >= ${box.west} or ${LNG} <= ${box.east})`;
      const rows = await db
        .select(storeColumns)
        .from(dealers)
        .innerJoin(users, eq(users.id, dealers.userId))
        .where(and(eq(dealers.status, 1), between(LAT, box.south, box.north), lng))
        .orderBy(asc(dealers.id));
      return rows as StoreRow[];
    },

    /** Every approved dealer's store in a country (the place search of the default provider, and a plain list). */
    async storesIn(country: string | null): Promise<StoreRow[]> {
      const rows = await db
        .select(storeColumns)
        .from(dealers)
        .innerJoin(users, eq(users.id, dealers.userId))
        .where(and(eq(dealers.status, 1), country ? eq(users.country, country) : undefined))
        .orderBy(asc(dealers.id));
      return rows as StoreRow[];
    },

    positions: () => db.select().from(jobPositions).where(eq(jobPositions.status, 1)).orderBy(asc(jobPositions.sort)),

    async position(id: string) {
      const [row] = await db
        .select()
        .from(jobPositions)
        .where(and(eq(jobPositions.id, id), eq(jobPositions.status, 1)))
        .limit(1);
      return row ?? null;
    },

    async insertApplication(values: typeof jobApplications.$inferInsert): Promise<ApplicationRow> {
      const [row] = await db.insert(jobApplications).values(values).returning();
      if (!row) throw new Error('application not inserted');
      return row;
    },

    applications: (limit: number, offset: number) =>
      db.select().from(jobApplications).orderBy(desc(jobApplications.createdAt)).limit(limit).offset(offset),

    async countApplications() {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(jobApplications);
      return row?.n ?? 0;
    },

    async application(id: string): Promise<ApplicationRow | null> {
      const [row] = await db.select().from(jobApplications).where(eq(jobApplications.id, id)).limit(1);
      return row ?? null;
    },

    async insertContact(values: typeof contactMessages.$inferInsert) {
      const [row] = await db.insert(contactMessages).values(values).returning({ id: contactMessages.id });
      if (!row) throw new Error('contact message not inserted');
      return row;
    },

    async subscription(email: string): Promise<SubscriptionRow | null> {
      const [row] = await db
        .select()
        .from(newsletterSubscriptions)
        .where(eq(newsletterSubscriptions.email, email))
        .limit(1);
      return row ?? null;
    },

    /** Creates the subscription or, for a known address, sets a new pending state with new tokens. */
    async upsertPending(values: {
      email: string;
      lang: string;
      country: string;
      confirmTokenHash: string;
      unsubscribeTokenHash: string;
      at: Date;
    }) {
      const { at, ...rest } = values;
      await db
        .insert(newsletterSubscriptions)
        .values({ ...rest, status: 'pending', createdAt: at, updatedAt: at })
        .onConflictDoUpdate({
          target: newsletterSubscriptions.email,
          set: {
            lang: rest.lang,
            country: rest.country,
            status: 'pending',
            confirmTokenHash: rest.confirmTokenHash,
            unsubscribeTokenHash: rest.unsubscribeTokenHash,
            unsubscribedAt: null,
            updatedAt: at,
          },
        });
    },

    async confirm(confirmTokenHash: string, at: Date): Promise<SubscriptionRow | null> {
      const [row] = await db
        .update(newsletterSubscriptions)
        .set({ status: 'confirmed', confirmTokenHash: null, confirmedAt: at, updatedAt: at })
        .where(
          and(
            eq(newsletterSubscriptions.confirmTokenHash, confirmTokenHash),
            eq(newsletterSubscriptions.status, 'pending'),
          ),
        )
        .returning();
      return row ?? null;
    },

    async unsubscribe(unsubscribeTokenHash: string, at: Date): Promise<SubscriptionRow | null> {
      const [row] = await db
        .update(newsletterSubscriptions)
        .set({ status: 'unsubscribed', confirmTokenHash: null, unsubscribedAt: at, updatedAt: at })
        .where(eq(newsletterSubscriptions.unsubscribeTokenHash, unsubscribeTokenHash))
        .returning();
      return row ?? null;
    },
  };
}
export type EngagementRepo = ReturnType<typeof engagementRepo>;
