import { type Db, storeArticles, storeVariants } from '@varg/db';
import { and, eq, sql } from 'drizzle-orm';

/** The store's figures of the back office's overview: items on sale that cannot be bought (out of stock). */
export function storeFigures(db: Db) {
  return {
    async unavailable(limit = 10) {
      const where = and(eq(storeVariants.availability, 'NOT_AVAILABLE'), eq(storeArticles.status, 1));
      const [rows, [total]] = await Promise.all([
        db
          .select({ sku: storeVariants.variantCode, name: storeArticles.name })
          .from(storeVariants)
          .innerJoin(storeArticles, eq(storeArticles.id, storeVariants.articleId))
          .where(where)
          .orderBy(storeArticles.name, storeVariants.variantCode)
          .limit(limit),
        db
          .select({ count: sql<number>`cast(count(*) as int)` })
          .from(storeVariants)
          .innerJoin(storeArticles, eq(storeArticles.id, storeVariants.articleId))
          .where(where),
      ]);
      return { total: total?.count ?? 0, items: rows };
    },
  };
}
export type StoreFigures = ReturnType<typeof storeFigures>;
