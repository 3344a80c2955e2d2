import {
  type Db,
  storeArticles,
  storeCategories,
  storeGroups,
  storeVariantPrices,
  storeVariants,
  technicalDocuments,
} from '@varg/db';
import {
  and,
  asc,
  count,
  eq,
  exists,
  getTableColumns,
  ilike,
  inArray,
  isNotNull,
  isNull,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';

/** `%text%` for ILIKE, with the wildcards of the text taken literally. */
const contains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface ArticleFilter {
  kinds: string[];
  category?: string | undefined;
  group?: string | undefined;
  model?: string | undefined;
  /** Free text; `nameKeys` are the catalog keys whose translation contains it. */
  search?: { text: string; nameKeys: string[] } | undefined;
  page: number;
  limit: number;
}

/** An article is on sale with at least one SKU not retired (decision 060: a new article shows once it has one). */
const hasLiveSku = sql`exists (select 1 from ${storeVariants} where ${storeVariants.articleId} = ${storeArticles.id} and ${storeVariants.retiredAt} is null)`;

/**
 * The article fits `model`: its own list when set (empty = every model), else its group's model (null = every model).
 */
const fitsModel = (model: string) =>
  sql`(case when ${storeArticles.fits} is null then (${storeGroups.model} is null or ${storeGroups.model} = ${model}) else (cardinality(${storeArticles.fits}) = 0 or ${model} = any(${storeArticles.fits})) end)`;

const articleColumns = {
  id: storeArticles.id,
  name: storeArticles.name,
  nameKey: storeArticles.nameKey,
  drawingReference: storeArticles.drawingReference,
  kit: storeArticles.kit,
  categorySlug: storeCategories.slug,
  categoryNameKey: storeCategories.nameKey,
  kind: storeCategories.kind,
  groupSlug: storeGroups.slug,
  groupNameKey: storeGroups.nameKey,
  model: storeGroups.model,
};

export function storeRepo(db: Db) {
  const articlesJoined = () =>
    db
      .select(articleColumns)
      .from(storeArticles)
      .innerJoin(storeGroups, eq(storeGroups.slug, storeArticles.groupSlug))
      .innerJoin(storeCategories, eq(storeCategories.slug, storeGroups.categorySlug));

  function articleWhere(f: ArticleFilter): SQL | undefined {
    let search: SQL | undefined;
    if (f.search) {
      const pattern = contains(f.search.text);
      const keys = f.search.nameKeys;
      search = or(
        ilike(storeArticles.name, pattern),
        ilike(storeArticles.drawingReference, pattern),
        keys.length ? inArray(storeArticles.nameKey, keys) : undefined,
        keys.length ? inArray(storeGroups.nameKey, keys) : undefined,
        keys.length ? inArray(storeCategories.nameKey, keys) : undefined,
        exists(
          db
            .select({ one: sql`1` })
            .from(storeVariants)
            .where(
              and(
                eq(storeVariants.articleId, storeArticles.id),
                isNull(storeVariants.retiredAt),
                or(
                  ilike(storeVariants.variantCode, pattern),
                  sql`exists (select 1 from jsonb_each_text(${storeVariants.attributes}) as a where a.value ilike ${pattern})`,
                ),
              ),
            ),
        ),
      );
    }
    return and(
      eq(storeArticles.status, 1),
      hasLiveSku,
      f.kinds.length ? inArray(storeCategories.kind, f.kinds) : undefined,
      f.category ? eq(storeCategories.slug, f.category) : undefined,
      f.group ? eq(storeGroups.slug, f.group) : undefined,
      f.model ? fitsModel(f.model) : undefined,
      search,
    );
  }

  return {
    async categories(kinds: string[], model?: string) {
      const categories = await db
        .select()
        .from(storeCategories)
        .where(kinds.length ? inArray(storeCategories.kind, kinds) : undefined)
        .orderBy(asc(storeCategories.sort));
      const groups = categories.length
        ? await db
            .select()
            .from(storeGroups)
            .where(
              and(
                inArray(
                  storeGroups.categorySlug,
                  categories.map((c) => c.slug),
                ),
                // A group shows for a model when one of its articles on sale fits it.
                model
                  ? or(
                      isNull(storeGroups.model),
                      eq(storeGroups.model, model),
                      sql`exists (select 1 from ${storeArticles} where ${storeArticles.groupSlug} = ${storeGroups.slug} and ${storeArticles.status} = 1 and ${storeArticles.fits} is not null and (cardinality(${storeArticles.fits}) = 0 or ${model} = any(${storeArticles.fits})))`,
                    )
                  : undefined,
              ),
            )
            .orderBy(asc(storeGroups.sort))
        : [];
      return { categories, groups };
    },
    async category(slug: string) {
      const [row] = await db.select().from(storeCategories).where(eq(storeCategories.slug, slug)).limit(1);
      return row ?? null;
    },
    async group(slug: string) {
      const [row] = await db.select().from(storeGroups).where(eq(storeGroups.slug, slug)).limit(1);
      return row ?? null;
    },
    /** The catalog keys the store's names use, for searching them in the visitor's language. */
    async nameKeys(): Promise<string[]> {
      const [categories, groups, articles] = await Promise.all([
        db.selectDistinct({ key: storeCategories.nameKey }).from(storeCategories),
        db.selectDistinct({ key: storeGroups.nameKey }).from(storeGroups),
        db.selectDistinct({ key: storeArticles.nameKey }).from(storeArticles).where(isNotNull(storeArticles.nameKey)),
      ]);
      return [...categories, ...groups, ...articles].map((r) => r.key).filter((k): k is string => !!k);
    },
    /** Articles in display order (category, group, article), one page, with the total. */
    async articles(f: ArticleFilter) {
      const where = articleWhere(f);
      const [rows, [total]] = await Promise.all([
        articlesJoined()
          .where(where)
          .orderBy(asc(storeCategories.sort), asc(storeGroups.sort), asc(storeArticles.sort))
          .limit(f.limit)
          .offset((f.page - 1) * f.limit),
        db
          .select({ n: count() })
          .from(storeArticles)
          .innerJoin(storeGroups, eq(storeGroups.slug, storeArticles.groupSlug))
          .innerJoin(storeCategories, eq(storeCategories.slug, storeGroups.categorySlug))
          .where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
    async article(id: string) {
      const [row] = await articlesJoined()
        .where(and(eq(storeArticles.id, id), eq(storeArticles.status, 1), hasLiveSku))
        .limit(1);
      return row ?? null;
    },
    /** The variants of some articles with their price in one currency (null where none), in display order. */
    async variants(articleIds: string[], currency: string) {
      if (!articleIds.length) return [];
      return db
        .select({
          variantCode: storeVariants.variantCode,
          articleId: storeVariants.articleId,
          attributes: storeVariants.attributes,
          availability: storeVariants.availability,
          quantity: storeVariants.quantity,
          backorder: storeVariants.backorder,
          listPrice: storeVariantPrices.listPrice,
          discountBp: storeVariantPrices.discountBp,
        })
        .from(storeVariants)
        .leftJoin(
          storeVariantPrices,
          and(eq(storeVariantPrices.variantCode, storeVariants.variantCode), eq(storeVariantPrices.currency, currency)),
        )
        .where(and(inArray(storeVariants.articleId, articleIds), isNull(storeVariants.retiredAt)))
        .orderBy(asc(storeVariants.articleId), asc(storeVariants.sort));
    },
    async variantArticleId(variantCode: string) {
      const [row] = await db
        .select({ articleId: storeVariants.articleId })
        .from(storeVariants)
        .where(and(eq(storeVariants.variantCode, variantCode), isNull(storeVariants.retiredAt)))
        .limit(1);
      return row?.articleId ?? null;
    },
    /** The codes of the variants whose category is of `kind` (on sale or not). */
    async variantCodesOfKind(kind: string): Promise<string[]> {
      const rows = await db
        .select({ variantCode: storeVariants.variantCode })
        .from(storeVariants)
        .innerJoin(storeArticles, eq(storeArticles.id, storeVariants.articleId))
        .innerJoin(storeGroups, eq(storeGroups.slug, storeArticles.groupSlug))
        .innerJoin(storeCategories, eq(storeCategories.slug, storeGroups.categorySlug))
        .where(eq(storeCategories.kind, kind));
      return rows.map((r) => r.variantCode);
    },
    async documentNameKeys(): Promise<string[]> {
      const rows = await db
        .selectDistinct({ key: technicalDocuments.nameKey })
        .from(technicalDocuments)
        .where(isNotNull(technicalDocuments.nameKey));
      return rows.map((r) => r.key).filter((k): k is string => !!k);
    },
    /** One document with the content its PDF is drawn from. */
    async document(id: string) {
      const [row] = await db
        .select({
          id: technicalDocuments.id,
          nameKey: technicalDocuments.nameKey,
          name: technicalDocuments.name,
          code: technicalDocuments.code,
          model: technicalDocuments.model,
          content: technicalDocuments.content,
          uploadKey: technicalDocuments.uploadKey,
        })
        .from(technicalDocuments)
        .where(and(eq(technicalDocuments.id, id), isNull(technicalDocuments.retiredAt)))
        .limit(1);
      return row ?? null;
    },
    async documents(q: { search?: { text: string; nameKeys: string[] } | undefined; page: number; limit: number }) {
      const where = and(
        isNull(technicalDocuments.retiredAt),
        q.search
          ? or(
              ilike(technicalDocuments.name, contains(q.search.text)),
              ilike(technicalDocuments.code, contains(q.search.text)),
              q.search.nameKeys.length ? inArray(technicalDocuments.nameKey, q.search.nameKeys) : undefined,
            )
          : undefined,
      );
      const { content: _, ...columns } = getTableColumns(technicalDocuments);
      const [rows, [total]] = await Promise.all([
        db
          .select(columns)
          .from(technicalDocuments)
          .where(where)
          .orderBy(asc(technicalDocuments.sort), asc(technicalDocuments.id))
          .limit(q.limit)
          .offset((q.page - 1) * q.limit),
        db.select({ n: count() }).from(technicalDocuments).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
  };
}
export type StoreRepo = ReturnType<typeof storeRepo>;
