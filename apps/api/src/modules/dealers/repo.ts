import { type Db, dealers, users } from '@varg/db';
import { and, desc, eq, inArray } from 'drizzle-orm';

export type DealerRow = typeof dealers.$inferSelect;

/** Dealer records as applications (decision 020). */
export function dealersRepo(db: Db) {
  return {
    async ofUser(userId: string): Promise<DealerRow | null> {
      const [row] = await db.select().from(dealers).where(eq(dealers.userId, userId)).limit(1);
      return row ?? null;
    },

    /** A new application (status 0); null when the user has a dealer record already (one per user). */
    async insertApplication(values: typeof dealers.$inferInsert): Promise<DealerRow | null> {
      const [row] = await db.insert(dealers).values(values).onConflictDoNothing().returning();
      return row ?? null;
    },

    async applications(statuses: number[]) {
      return db
        .select({ dealer: dealers, user: users })
        .from(dealers)
        .innerJoin(users, eq(users.id, dealers.userId))
        .where(inArray(dealers.status, statuses))
        .orderBy(desc(dealers.appliedAt), desc(dealers.createdAt));
    },

    async withUser(id: string) {
      const [row] = await db
        .select({ dealer: dealers, user: users })
        .from(dealers)
        .innerJoin(users, eq(users.id, dealers.userId))
        .where(eq(dealers.id, id))
        .limit(1);
      return row ?? null;
    },

    /** Writes the profile's sections (the JSON columns given), and answers the record with its user. */
    async updateInfo(id: string, values: Partial<Pick<DealerRow, 'storeInfo' | 'invoicing' | 'shipping'>>) {
      await db
        .update(dealers)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(dealers.id, id));
      return this.withUser(id);
    },

    /**
     * Decides a pending application in one transaction: the record leaves status 0 only once (a second decision finds
     * nothing), and an approval gives the user the dealer role. `tell` runs in the same transaction with the applicant
     * as it was read there (the e-mail about the decision, decision 056).
     */
    async decide(
      id: string,
      values: Partial<typeof dealers.$inferInsert> & { status: number },
      tell?: (tx: Db, applicant: ApplicantRow | null) => Promise<void>,
    ): Promise<{ row: DealerRow; applicant: ApplicantRow | null } | null> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(dealers)
          .set({ ...values, updatedAt: new Date() })
          .where(and(eq(dealers.id, id), eq(dealers.status, 0)))
          .returning();
        if (!row) return null;
        const [user] = await tx
          .select({
            id: users.id,
            email: users.email,
            name: users.name,
            lang: users.lang,
            country: users.country,
            roles: users.roles,
          })
          .from(users)
          .where(eq(users.id, row.userId));
        if (values.status === 1) {
          const roles = [...new Set([...(user?.roles ?? []).filter((r) => r !== 'customer'), 'dealer'])];
          await tx.update(users).set({ roles, updatedAt: new Date() }).where(eq(users.id, row.userId));
        }
        await tell?.(tx as unknown as Db, user ?? null);
        return { row, applicant: user ?? null };
      });
    },
  };
}
export type DealersRepo = ReturnType<typeof dealersRepo>;

/** The applicant of a dealer record as its decision reads them. */
export interface ApplicantRow {
  id: string;
  email: string;
  name: string;
  lang: string;
  country: string;
  roles: string[];
}
