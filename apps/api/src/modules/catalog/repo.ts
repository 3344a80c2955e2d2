import {
  catalogImages,
  configurations,
  countries,
  type Db,
  optionGroups,
  optionPrices,
  optionRules,
  productCategories,
  productOptions,
  productPrices,
  products,
  stockBikePhotos,
  stockBikes,
} from '@varg/db';
import type { OptionRule } from '@varg/domain';
import { and, arrayOverlaps, asc, count, eq } from 'drizzle-orm';

export function catalogRepo(db: Db) {
  return {
    async category(slug: string) {
      const [row] = await db.select().from(productCategories).where(eq(productCategories.slug, slug)).limit(1);
      return row ?? null;
    },
    async products(category: string, status: number) {
      return db
        .select()
        .from(products)
        .where(and(eq(products.categorySlug, category), eq(products.status, status), eq(products.presale, false)))
        .orderBy(asc(products.sort));
    },
    async product(id: string) {
      const [row] = await db.select().from(products).where(eq(products.id, id)).limit(1);
      return row ?? null;
    },
    async market(code: string) {
      const [row] = await db.select().from(countries).where(eq(countries.code, code)).limit(1);
      return row ?? null;
    },
    async priceList(productId: string, currency: string) {
      const [row] = await db
        .select()
        .from(productPrices)
        .where(and(eq(productPrices.productId, productId), eq(productPrices.currency, currency)))
        .limit(1);
      return row ?? null;
    },
    async saveConfiguration(hash: string, productId: string, optionIds: string[]) {
      await db.insert(configurations).values({ hash, productId, optionIds }).onConflictDoNothing();
    },
    async configuration(hash: string) {
      const [row] = await db.select().from(configurations).where(eq(configurations.hash, hash)).limit(1);
      return row ?? null;
    },
    /** Available stock bikes of a model in a market; each filter group keeps bikes with any of its options. */
    async stockBikes(q: {
      productId: string;
      country: string;
      groups: string[][];
      dealerId?: string;
      page: number;
      limit: number;
    }) {
      const where = and(
        eq(stockBikes.productId, q.productId),
        eq(stockBikes.country, q.country),
        eq(stockBikes.status, 'available'),
        q.dealerId ? eq(stockBikes.dealerId, q.dealerId) : undefined,
        ...q.groups.map((ids) => arrayOverlaps(stockBikes.optionIds, ids)),
      );
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(stockBikes)
          .where(where)
          .orderBy(asc(stockBikes.sort))
          .limit(q.limit)
          .offset((q.page - 1) * q.limit),
        db.select({ n: count() }).from(stockBikes).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
    /** The ids of a stock bike's photos, first shown first. */
    async stockBikePhotoIds(stockBikeId: string) {
      const rows = await db
        .select({ id: stockBikePhotos.id })
        .from(stockBikePhotos)
        .where(eq(stockBikePhotos.stockBikeId, stockBikeId))
        .orderBy(asc(stockBikePhotos.sort), asc(stockBikePhotos.createdAt));
      return rows.map((r) => r.id);
    },
    async stockBike(id: string) {
      const [row] = await db.select().from(stockBikes).where(eq(stockBikes.id, id)).limit(1);
      return row ?? null;
    },
    /** A model's images (decision 059): the gallery in order, then its options' images. */
    async images(productId: string) {
      return db
        .select()
        .from(catalogImages)
        .where(eq(catalogImages.productId, productId))
        .orderBy(asc(catalogImages.sort), asc(catalogImages.createdAt));
    },
    /** A model's compatibility rules between options. */
    async rules(productId: string) {
      const rows = await db
        .select({ optionId: optionRules.optionId, kind: optionRules.kind, otherOptionId: optionRules.otherOptionId })
        .from(optionRules)
        .where(eq(optionRules.productId, productId));
      return rows as OptionRule[];
    },
    /** A model's options with their group and price in one currency, in display order. */
    async options(productId: string, currency: string) {
      return db
        .select({
          optionId: productOptions.optionId,
          groupId: productOptions.groupId,
          groupNameKey: optionGroups.nameKey,
          isDefault: productOptions.isDefault,
          name: productOptions.name,
          amount: optionPrices.amount,
        })
        .from(productOptions)
        .innerJoin(optionGroups, eq(optionGroups.id, productOptions.groupId))
        .leftJoin(
          optionPrices,
          and(
            eq(optionPrices.productId, productOptions.productId),
            eq(optionPrices.optionId, productOptions.optionId),
            eq(optionPrices.currency, currency),
          ),
        )
        .where(eq(productOptions.productId, productId))
        .orderBy(asc(optionGroups.sort), asc(productOptions.sort));
    },
  };
}
export type CatalogRepo = ReturnType<typeof catalogRepo>;
