import {
  catalogImages,
  type Db,
  optionGroups,
  optionPrices,
  optionRules,
  orderLines,
  productOptions,
  productPrices,
  products,
  stockBikes,
} from '@varg/db';
import type { OptionRule } from '@varg/domain';
import { and, asc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import { containsPattern, countAll, orderOf, windowOf } from '../../lib/admin-list.ts';

export type Tx = Pick<Db, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

/** The back office's reads and writes of the catalogue tables (decision 041); writes take the change's transaction. */
export function catalogAdminRepo(db: Db) {
  const optionCount = sql<number>`(select cast(count(*) as int) from ${productOptions} where ${productOptions.productId} = ${products.id})`;
  return {
    transaction: <T>(fn: (tx: Tx) => Promise<T>) => db.transaction(fn),

    async models(q: {
      q?: string | undefined;
      status?: number | undefined;
      sort?: 'name' | 'status' | 'sort' | undefined;
      dir: 'asc' | 'desc';
      page: number;
      pageSize: number;
    }) {
      const pattern = q.q ? containsPattern(q.q) : null;
      const where = and(
        pattern ? or(ilike(products.id, pattern), ilike(products.nameKey, pattern)) : undefined,
        q.status === undefined ? undefined : eq(products.status, q.status),
      );
      const columns = { name: products.id, status: products.status, sort: products.sort };
      const [rows, [total]] = await Promise.all([
        db
          .select({ product: products, options: optionCount })
          .from(products)
          .where(where)
          .orderBy(...orderOf(columns, { sort: q.sort, dir: q.sort ? q.dir : 'asc' }, 'sort', products.id))
          .limit(windowOf(q).limit)
          .offset(windowOf(q).offset),
        db.select({ n: countAll }).from(products).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    async product(id: string, tx: Tx = db) {
      const [row] = await tx.select().from(products).where(eq(products.id, id)).limit(1);
      return row ?? null;
    },

    async group(id: string, tx: Tx = db) {
      const [row] = await tx.select().from(optionGroups).where(eq(optionGroups.id, id)).limit(1);
      return row ?? null;
    },

    async groups() {
      return db.select().from(optionGroups).orderBy(asc(optionGroups.sort));
    },

    /** A model's options with their group, in display order. */
    async options(productId: string, tx: Tx = db) {
      return tx
        .select({ option: productOptions, groupNameKey: optionGroups.nameKey, groupSort: optionGroups.sort })
        .from(productOptions)
        .innerJoin(optionGroups, eq(optionGroups.id, productOptions.groupId))
        .where(eq(productOptions.productId, productId))
        .orderBy(asc(optionGroups.sort), asc(productOptions.sort), asc(productOptions.optionId));
    },

    async optionPrices(productId: string, tx: Tx = db) {
      return tx.select().from(optionPrices).where(eq(optionPrices.productId, productId));
    },

    async priceLists(productId: string, tx: Tx = db) {
      return tx
        .select()
        .from(productPrices)
        .where(eq(productPrices.productId, productId))
        .orderBy(asc(productPrices.currency));
    },

    async rules(productId: string, tx: Tx = db): Promise<OptionRule[]> {
      const rows = await tx
        .select({ optionId: optionRules.optionId, kind: optionRules.kind, otherOptionId: optionRules.otherOptionId })
        .from(optionRules)
        .where(eq(optionRules.productId, productId))
        .orderBy(asc(optionRules.optionId), asc(optionRules.kind), asc(optionRules.otherOptionId));
      return rows as OptionRule[];
    },

    /** Locks the model's row so two edits of its options are checked one after the other. */
    async lockModel(productId: string, tx: Tx) {
      await tx.execute(sql`select 1 from ${products} where ${products.id} = ${productId} for update`);
    },

    async updateModel(productId: string, patch: { status?: number; sort?: number; presaleEmails?: string[] }, tx: Tx) {
      await tx.update(products).set(patch).where(eq(products.id, productId));
    },

    async insertOption(
      row: { productId: string; optionId: string; groupId: string; name: string; isDefault: boolean; sort: number },
      tx: Tx,
    ) {
      const inserted = await tx
        .insert(productOptions)
        .values(row)
        .onConflictDoNothing()
        .returning({ optionId: productOptions.optionId });
      return inserted.length > 0;
    },

    async updateOption(
      productId: string,
      optionId: string,
      patch: { name?: string; isDefault?: boolean; sort?: number },
      tx: Tx,
    ) {
      await tx
        .update(productOptions)
        .set(patch)
        .where(and(eq(productOptions.productId, productId), eq(productOptions.optionId, optionId)));
    },

    /** Clears the default flag of the other options of a group. */
    async clearDefaults(productId: string, groupId: string, except: string, tx: Tx) {
      await tx
        .update(productOptions)
        .set({ isDefault: false })
        .where(
          and(
            eq(productOptions.productId, productId),
            eq(productOptions.groupId, groupId),
            sql`${productOptions.optionId} <> ${except}`,
          ),
        );
    },

    async setOptionPrices(productId: string, optionId: string, prices: Record<string, number>, tx: Tx) {
      const values = Object.entries(prices).map(([currency, amount]) => ({ productId, optionId, currency, amount }));
      if (values.length === 0) return;
      await tx
        .insert(optionPrices)
        .values(values)
        .onConflictDoUpdate({
          target: [optionPrices.productId, optionPrices.optionId, optionPrices.currency],
          set: { amount: sql`excluded.amount` },
        });
    },

    async setRules(productId: string, rules: readonly OptionRule[], tx: Tx) {
      await tx.delete(optionRules).where(eq(optionRules.productId, productId));
      if (rules.length) await tx.insert(optionRules).values(rules.map((r) => ({ productId, ...r })));
    },

    async setPriceList(productId: string, currency: string, list: { basePrice: number; deposit: number }, tx: Tx) {
      await tx
        .insert(productPrices)
        .values({ productId, currency, ...list })
        .onConflictDoUpdate({ target: [productPrices.productId, productPrices.currency], set: list });
    },

    /** How many order lines and stock bikes (of any status) of the model carry the option. */
    async optionUse(productId: string, optionId: string, tx: Tx) {
      const carries = (column: typeof orderLines.optionIds | typeof stockBikes.optionIds) =>
        sql`${column} @> array[${optionId}]::text[]`;
      const [[lines], [bikes]] = await Promise.all([
        tx
          .select({ n: countAll })
          .from(orderLines)
          .where(and(eq(orderLines.productId, productId), carries(orderLines.optionIds))),
        tx
          .select({ n: countAll })
          .from(stockBikes)
          .where(and(eq(stockBikes.productId, productId), carries(stockBikes.optionIds))),
      ]);
      return { orderLines: lines?.n ?? 0, stockBikes: bikes?.n ?? 0 };
    },

    /** Removes an option with its prices and the rules naming it. */
    async deleteOption(productId: string, optionId: string, tx: Tx) {
      await tx
        .delete(optionRules)
        .where(
          and(
            eq(optionRules.productId, productId),
            or(eq(optionRules.optionId, optionId), eq(optionRules.otherOptionId, optionId)),
          ),
        );
      await tx
        .delete(optionPrices)
        .where(and(eq(optionPrices.productId, productId), eq(optionPrices.optionId, optionId)));
      await tx
        .delete(catalogImages)
        .where(and(eq(catalogImages.productId, productId), eq(catalogImages.optionId, optionId)));
      await tx
        .delete(productOptions)
        .where(and(eq(productOptions.productId, productId), eq(productOptions.optionId, optionId)));
    },

    /** The options of a model among `ids` (to check that rules name offered options). */
    async offered(productId: string, ids: string[], tx: Tx = db) {
      if (ids.length === 0) return [];
      const rows = await tx
        .select({ optionId: productOptions.optionId })
        .from(productOptions)
        .where(and(eq(productOptions.productId, productId), inArray(productOptions.optionId, ids)));
      return rows.map((r) => r.optionId);
    },
  };
}
export type CatalogAdminRepo = ReturnType<typeof catalogAdminRepo>;
