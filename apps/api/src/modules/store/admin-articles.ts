import type { AdminArticle, AdminArticleCreate, AdminFitment, AdminPartCreate, StoreKind } from '@varg/contracts';
import { type Db, storeArticles, storeCategories, storeGroups, storeVariantPrices, storeVariants } from '@varg/db';
import { asc, eq, sql } from 'drizzle-orm';
import { ApiError } from '../../lib/api-error.ts';
import type { AuditService } from '../audit/service.ts';
import { changedFields } from '../audit/service.ts';
import { fitsOf, type PartsAdmin } from './admin.ts';

type Actor = { userId: string; ip: string };

/**
 * New articles and SKUs, fitment and retiring a SKU (decision 060). An article is named by a printed name (as options
 * added in the back office are, decision 041): the shop shows it in every language, since the catalogs have no key
 * for it. Its kind is its group's category's. Audited as `article` and `part`; announced through the catalogue's
 * changes so every process drops its cached pages at once.
 */
export function articlesAdmin(deps: {
  db: Db;
  audit: Pick<AuditService, 'record'>;
  changed: (what: string) => Promise<void>;
  parts: Pick<PartsAdmin, 'part'>;
  /** The currencies some market sells in: a price in another one could never be shown. */
  currencies: () => Promise<Set<string>>;
}) {
  const { db, audit } = deps;
  const groupColumns = {
    slug: storeGroups.slug,
    nameKey: storeGroups.nameKey,
    categoryNameKey: storeCategories.nameKey,
    kind: storeCategories.kind,
    model: storeGroups.model,
  };
  const groupsJoined = () =>
    db
      .select(groupColumns)
      .from(storeGroups)
      .innerJoin(storeCategories, eq(storeCategories.slug, storeGroups.categorySlug));
  type GroupRow = Awaited<ReturnType<typeof groupsJoined>>[number];
  const toGroup = (g: GroupRow) => ({
    ...g,
    kind: g.kind as StoreKind,
    model: g.model as AdminArticle['group']['model'],
  });

  async function article(id: string): Promise<AdminArticle> {
    const [row] = await db.select().from(storeArticles).where(eq(storeArticles.id, id)).limit(1);
    if (!row) throw new ApiError('PART_ARTICLE_NOT_FOUND');
    const [group] = await groupsJoined().where(eq(storeGroups.slug, row.groupSlug));
    if (!group) throw new ApiError('PART_ARTICLE_NOT_FOUND');
    const skus = await db
      .select({
        sku: storeVariants.variantCode,
        attributes: storeVariants.attributes,
        retiredAt: storeVariants.retiredAt,
      })
      .from(storeVariants)
      .where(eq(storeVariants.articleId, id))
      .orderBy(asc(storeVariants.sort), asc(storeVariants.variantCode));
    return {
      id: row.id,
      name: row.name,
      nameKey: row.nameKey,
      drawingReference: row.drawingReference,
      kit: row.kit,
      group: toGroup(group),
      fits: fitsOf(row.fits, group.model),
      fitsFromGroup: row.fits === null,
      skus: skus.map((s) => ({ sku: s.sku, attributes: s.attributes, retired: s.retiredAt !== null })),
    };
  }

  /** Retires or restores a SKU: hidden from the shop (lists, article, adding to a cart), kept for orders. */
  async function setRetired(actor: Actor, sku: string, retired: boolean) {
    await db.transaction(async (tx) => {
      const [row] = await tx
        .select({ retiredAt: storeVariants.retiredAt })
        .from(storeVariants)
        .where(eq(storeVariants.variantCode, sku))
        .for('update');
      if (!row) throw new ApiError('PART_NOT_FOUND');
      if ((row.retiredAt !== null) === retired) return;
      await tx
        .update(storeVariants)
        .set({ retiredAt: retired ? new Date() : null })
        .where(eq(storeVariants.variantCode, sku));
      await audit.record(
        {
          actorId: actor.userId,
          action: retired ? 'catalog.part.retire' : 'catalog.part.restore',
          ip: actor.ip,
          entity: { type: 'part', id: sku },
          before: { retired: !retired },
          after: { retired },
        },
        tx,
      );
    });
    await deps.changed(`part ${sku}`);
    return deps.parts.part(sku);
  }

  return {
    article,
    async groups() {
      const rows = await groupsJoined().orderBy(asc(storeCategories.sort), asc(storeGroups.sort));
      return { docs: rows.map(toGroup) };
    },

    async createArticle(actor: Actor, input: AdminArticleCreate) {
      await db.transaction(async (tx) => {
        const [group] = await tx.select().from(storeGroups).where(eq(storeGroups.slug, input.group)).limit(1);
        if (!group) throw new ApiError('PART_GROUP_NOT_FOUND');
        const [last] = await tx
          .select({ sort: sql<number>`coalesce(max(${storeArticles.sort}), 0)`.mapWith(Number) })
          .from(storeArticles)
          .where(eq(storeArticles.groupSlug, input.group));
        const inserted = await tx
          .insert(storeArticles)
          .values({
            id: input.id,
            groupSlug: input.group,
            name: input.name,
            nameKey: null,
            drawingReference: input.drawingReference,
            kit: input.kit,
            sort: (last?.sort ?? 0) + 10,
          })
          .onConflictDoNothing()
          .returning({ id: storeArticles.id });
        if (!inserted.length) throw new ApiError('PART_ARTICLE_TAKEN');
        await audit.record(
          {
            actorId: actor.userId,
            action: 'catalog.article.create',
            ip: actor.ip,
            entity: { type: 'article', id: input.id },
            after: { group: input.group, name: input.name, drawingReference: input.drawingReference, kit: input.kit },
          },
          tx,
        );
      });
      await deps.changed(`article ${input.id}`);
      return article(input.id);
    },

    /** The models an article fits: a list ([] = every model) or null to follow its group again. */
    async setFitment(actor: Actor, id: string, fitment: AdminFitment) {
      const models = fitment.models ? [...new Set(fitment.models)].sort() : null;
      await db.transaction(async (tx) => {
        const [row] = await tx
          .select({ fits: storeArticles.fits })
          .from(storeArticles)
          .where(eq(storeArticles.id, id))
          .for('update');
        if (!row) throw new ApiError('PART_ARTICLE_NOT_FOUND');
        await tx.update(storeArticles).set({ fits: models }).where(eq(storeArticles.id, id));
        const change = changedFields({ fits: row.fits }, { fits: models });
        if (!Object.keys(change.after).length) return;
        await audit.record(
          {
            actorId: actor.userId,
            action: 'catalog.article.fitment',
            ip: actor.ip,
            entity: { type: 'article', id },
            ...change,
          },
          tx,
        );
      });
      await deps.changed(`article ${id}`);
      return article(id);
    },

    /** A new SKU of an article: the code is unique ignoring case (the cart and shop match it so). */
    async createPart(actor: Actor, input: AdminPartCreate) {
      const known = await deps.currencies();
      const unknown = Object.keys(input.prices).filter((c) => !known.has(c));
      if (unknown.length) throw new ApiError('PART_PRICE_CURRENCY', { currencies: unknown.join(', ') });
      await db.transaction(async (tx) => {
        const [owner] = await tx
          .select({ id: storeArticles.id })
          .from(storeArticles)
          .where(eq(storeArticles.id, input.articleId))
          .for('update');
        if (!owner) throw new ApiError('PART_ARTICLE_NOT_FOUND');
        const [clash] = await tx
          .select({ sku: storeVariants.variantCode })
          .from(storeVariants)
          .where(sql`upper(${storeVariants.variantCode}) = ${input.sku}`)
          .limit(1);
        if (clash) throw new ApiError('PART_SKU_TAKEN');
        const [last] = await tx
          .select({ sort: sql<number>`coalesce(max(${storeVariants.sort}), 0)`.mapWith(Number) })
          .from(storeVariants)
          .where(eq(storeVariants.articleId, input.articleId));
        const inserted = await tx
          .insert(storeVariants)
          .values({
            variantCode: input.sku,
            articleId: input.articleId,
            attributes: input.attributes,
            availability: input.availability,
            sort: (last?.sort ?? 0) + 10,
          })
          .onConflictDoNothing()
          .returning({ sku: storeVariants.variantCode });
        if (!inserted.length) throw new ApiError('PART_SKU_TAKEN');
        await tx.insert(storeVariantPrices).values(
          Object.entries(input.prices).map(([currency, p]) => ({
            variantCode: input.sku,
            currency,
            listPrice: p.listPrice,
            discountBp: p.discountBp,
          })),
        );
        await audit.record(
          {
            actorId: actor.userId,
            action: 'catalog.part.create',
            ip: actor.ip,
            entity: { type: 'part', id: input.sku },
            after: {
              article: input.articleId,
              attributes: input.attributes,
              availability: input.availability,
              prices: input.prices,
            },
          },
          tx,
        );
      });
      await deps.changed(`part ${input.sku}`);
      return deps.parts.part(input.sku);
    },

    retire: (actor: Actor, sku: string) => setRetired(actor, sku, true),
    restore: (actor: Actor, sku: string) => setRetired(actor, sku, false),
  };
}
export type ArticlesAdmin = ReturnType<typeof articlesAdmin>;
