import type { AdminPart, AdminPartPatch, AdminPartsQuery, BikeModel } from '@varg/contracts';
import { type Db, storeArticles, storeCategories, storeGroups, storeVariantPrices, storeVariants } from '@varg/db';
import { shopAvailability } from '@varg/domain';
import { and, asc, eq, ilike, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import { containsPattern, countAll, orderOf, windowOf } from '../../lib/admin-list.ts';
import { ApiError } from '../../lib/api-error.ts';
import type { AuditService } from '../audit/service.ts';
import { changedFields } from '../audit/service.ts';

type Tx = Pick<Db, 'select' | 'insert' | 'update' | 'execute'>;

/** The models an article fits: its own list when set (decision 060), else its group's model; [] is every model. */
export const fitsOf = (articleFits: string[] | null, groupModel: string | null): BikeModel[] =>
  (articleFits ?? (groupModel ? [groupModel] : [])) as BikeModel[];

/**
 * The back office's parts, accessories, merchandise and extended warranties (decision 041): one row per SKU (variant)
 * with its article, kind, fitment (its group's model), availability and prices per currency. Changes are audited as
 * `part` in their transaction and announced (`changed`) so every process drops its cached pages.
 */
export function partsAdmin(deps: {
  db: Db;
  audit: Pick<AuditService, 'record'>;
  changed: (what: string) => Promise<void>;
}) {
  const { db, audit } = deps;
  const columns = {
    sku: storeVariants.variantCode,
    articleId: storeArticles.id,
    name: storeArticles.name,
    nameKey: storeArticles.nameKey,
    kind: storeCategories.kind,
    groupNameKey: storeGroups.nameKey,
    model: storeGroups.model,
    attributes: storeVariants.attributes,
    availability: storeVariants.availability,
    articleFits: storeArticles.fits,
    quantity: storeVariants.quantity,
    lowStockAt: storeVariants.lowStockAt,
    backorder: storeVariants.backorder,
    retiredAt: storeVariants.retiredAt,
  };
  const rows = (tx: Tx = db) =>
    tx
      .select(columns)
      .from(storeVariants)
      .innerJoin(storeArticles, eq(storeArticles.id, storeVariants.articleId))
      .innerJoin(storeGroups, eq(storeGroups.slug, storeArticles.groupSlug))
      .innerJoin(storeCategories, eq(storeCategories.slug, storeGroups.categorySlug));
  type Row = Awaited<ReturnType<ReturnType<typeof rows>['where']>>[number];

  async function withPrices(list: Row[], tx: Tx = db): Promise<AdminPart[]> {
    const skus = list.map((r) => r.sku);
    const prices = skus.length
      ? await tx
          .select()
          .from(storeVariantPrices)
          .where(inArray(storeVariantPrices.variantCode, skus))
          .orderBy(asc(storeVariantPrices.currency))
      : [];
    return list.map(({ articleFits, retiredAt, ...r }) => ({
      ...r,
      kind: r.kind as AdminPart['kind'],
      fits: fitsOf(articleFits, r.model),
      fitsFromGroup: articleFits === null,
      availability: r.availability as AdminPart['availability'],
      shopAvailability: shopAvailability({ ...r, availability: r.availability as AdminPart['availability'] }),
      retired: retiredAt !== null,
      prices: prices
        .filter((p) => p.variantCode === r.sku)
        .map((p) => ({ currency: p.currency, listPrice: p.listPrice, discountBp: p.discountBp })),
    }));
  }

  async function part(sku: string, tx: Tx = db): Promise<AdminPart> {
    const [row] = await rows(tx).where(eq(storeVariants.variantCode, sku)).limit(1);
    if (!row) throw new ApiError('PART_NOT_FOUND');
    const [withPrice] = await withPrices([row], tx);
    return withPrice as AdminPart;
  }

  return {
    part,

    async list(query: AdminPartsQuery) {
      const pattern = query.q ? containsPattern(query.q) : null;
      const where = and(
        pattern
          ? or(
              ilike(storeVariants.variantCode, pattern),
              ilike(storeArticles.name, pattern),
              ilike(storeArticles.id, pattern),
            )
          : undefined,
        query.kind ? eq(storeCategories.kind, query.kind) : undefined,
        query.availability ? eq(storeVariants.availability, query.availability) : undefined,
        query.stock === 'retired' ? isNotNull(storeVariants.retiredAt) : undefined,
        query.stock === 'low'
          ? and(isNull(storeVariants.retiredAt), lte(storeVariants.quantity, storeVariants.lowStockAt))
          : undefined,
      );
      const order = orderOf(
        { sku: storeVariants.variantCode, name: storeArticles.name, availability: storeVariants.availability },
        { sort: query.sort, dir: query.sort ? query.dir : 'asc' },
        'sku',
        storeVariants.variantCode,
      );
      const { limit, offset } = windowOf(query);
      const [list, [total]] = await Promise.all([
        rows()
          .where(where)
          .orderBy(...order)
          .limit(limit)
          .offset(offset),
        db
          .select({ n: countAll })
          .from(storeVariants)
          .innerJoin(storeArticles, eq(storeArticles.id, storeVariants.articleId))
          .innerJoin(storeGroups, eq(storeGroups.slug, storeArticles.groupSlug))
          .innerJoin(storeCategories, eq(storeCategories.slug, storeGroups.categorySlug))
          .where(where),
      ]);
      return { docs: await withPrices(list), total: total?.n ?? 0, page: query.page, pageSize: query.pageSize };
    },

    /** Availability and prices in the currencies the SKU is listed in (another currency is a 400). */
    async update(actor: { userId: string; ip: string }, sku: string, patch: AdminPartPatch) {
      await db.transaction(async (tx) => {
        await tx.execute(sql`select 1 from ${storeVariants} where ${storeVariants.variantCode} = ${sku} for update`);
        const before = await part(sku, tx);
        const listed = new Set(before.prices.map((p) => p.currency));
        const unknown = Object.keys(patch.prices ?? {}).filter((c) => !listed.has(c));
        if (unknown.length) throw new ApiError('PART_PRICE_CURRENCY', { currencies: unknown.join(', ') });
        if (patch.availability)
          await tx
            .update(storeVariants)
            .set({ availability: patch.availability })
            .where(eq(storeVariants.variantCode, sku));
        for (const [currency, price] of Object.entries(patch.prices ?? {}))
          await tx
            .update(storeVariantPrices)
            .set({ listPrice: price.listPrice, discountBp: price.discountBp })
            .where(and(eq(storeVariantPrices.variantCode, sku), eq(storeVariantPrices.currency, currency)));
        const priceMap = (list: AdminPart['prices']) =>
          Object.fromEntries(list.map((p) => [p.currency, { listPrice: p.listPrice, discountBp: p.discountBp }]));
        const was = { availability: before.availability, prices: priceMap(before.prices) };
        await audit.record(
          {
            actorId: actor.userId,
            action: 'catalog.part.update',
            ip: actor.ip,
            entity: { type: 'part', id: sku },
            ...changedFields(was, {
              availability: patch.availability,
              ...(patch.prices ? { prices: { ...was.prices, ...patch.prices } } : {}),
            }),
          },
          tx,
        );
      });
      await deps.changed(`part ${sku}`);
      return part(sku);
    },
  };
}
export type PartsAdmin = ReturnType<typeof partsAdmin>;
