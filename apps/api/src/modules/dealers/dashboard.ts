import { type Db, dealers } from '@varg/db';
import { and, eq, isNotNull, sql } from 'drizzle-orm';

/** The dealers' figures of the back office's overview: applications waiting for a decision (decision 020). */
export function dealerFigures(db: Db) {
  return {
    async openApplications() {
      const [row] = await db
        .select({ count: sql<number>`cast(count(*) as int)` })
        .from(dealers)
        .where(and(eq(dealers.status, 0), isNotNull(dealers.application)));
      return row?.count ?? 0;
    },
  };
}
export type DealerFigures = ReturnType<typeof dealerFigures>;
