import {
  configurations,
  countries,
  type Db,
  optionGroups,
  optionPrices,
  productCategories,
  productOptions,
  productPrices,
  products,
} from '@varg/db';
import { and, asc, eq } from 'drizzle-orm';

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
        .where(and(eq(products.categorySlug, category), eq(products.status, status)))
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
    /** A model's options with their group and price in one currency, in display order. */
    async options(productId: string, currency: string) {
      return db
        .select({
          optionId: productOptions.optionId,
          groupId: productOptions.groupId,
          groupNameKey: optionGroups.nameKey,
          isDefault: productOptions.isDefault,
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
