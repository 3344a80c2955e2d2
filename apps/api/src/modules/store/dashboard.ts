import { type Db, storeArticles, storeVariants } from '@varg/db';
import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';

/** The store's figures of the back office's overview: items on sale that cannot be bought, and low stock. */
export function storeFigures(db: Db) {
  return {
    async unavailable(limit = 10) {
      // Not available as the shop shows it: so set by staff, or counted with none on hand and no back-orders.
      const where = and(
        isNull(storeVariants.retiredAt),
        eq(storeArticles.status, 1),
        sql`(${storeVariants.availability} = 'NOT_AVAILABLE' or (${storeVariants.quantity} <= 0 and not ${storeVariants.backorder}))`,
      );
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

    /** SKUs on sale counted at or below their low-stock mark (decision 060), lowest quantity first. */
    async lowStock(limit = 10) {
      const where = and(
        isNull(storeVariants.retiredAt),
        eq(storeArticles.status, 1),
        lte(storeVariants.quantity, storeVariants.lowStockAt),
      );
      const [rows, [total]] = await Promise.all([
        db
          .select({ sku: storeVariants.variantCode, name: storeArticles.name, quantity: storeVariants.quantity })
          .from(storeVariants)
          .innerJoin(storeArticles, eq(storeArticles.id, storeVariants.articleId))
          .where(where)
          .orderBy(asc(storeVariants.quantity), storeVariants.variantCode)
          .limit(limit),
        db
          .select({ count: sql<number>`cast(count(*) as int)` })
          .from(storeVariants)
          .innerJoin(storeArticles, eq(storeArticles.id, storeVariants.articleId))
          .where(where),
      ]);
      return { total: total?.count ?? 0, items: rows.map((r) => ({ ...r, quantity: r.quantity ?? 0 })) };
    },
  };
}
export type StoreFigures = ReturnType<typeof storeFigures>;
