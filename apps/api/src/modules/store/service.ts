import type {
  Availability,
  BikeModel,
  StoreArticle,
  StoreArticlePage,
  StoreCategory,
  StoreItemsQuery,
  StoreKind,
  StoreVariant,
  StoreVariantDetail,
  TechnicalDocument,
  TechnicalDocumentPage,
  TechnicalDocumentQuery,
} from '@varg/contracts';
import { ACTIVE_STATUS, pageInfo, priceStoreItem, shopAvailability, type UiLanguage } from '@varg/domain';
import { type CatalogLocale, messagesFor, SOURCE_LANGUAGE } from '@varg/i18n/server';
import { ApiError } from '../../lib/api-error.ts';
import { readCache } from '../../lib/read-cache.ts';
import type { StorageProvider } from '../../providers/storage/interface.ts';
import type { MarketsService } from '../markets/service.ts';
import { technicalDocumentPdf } from './document-pdf.ts';
import type { StoreRepo } from './repo.ts';

/** Store rows change with an administrator's edit; each process re-reads the name keys after this long. */
export const STORE_CACHE_TTL_MS = 30_000;

type ArticleRow = NonNullable<Awaited<ReturnType<StoreRepo['article']>>>;
type VariantRow = Awaited<ReturnType<StoreRepo['variants']>>[number];
type DocumentRow = Awaited<ReturnType<StoreRepo['documents']>>['rows'][number];

/** The catalog keys among `keys` whose text, in the visitor's language or in English, contains `text`. */
function keysMatching(keys: string[], text: string, lang: UiLanguage): string[] {
  const needle = text.toLocaleLowerCase();
  const catalogs = [messagesFor(lang), messagesFor(SOURCE_LANGUAGE)];
  return keys.filter((key) => catalogs.some((m) => m[key]?.toLocaleLowerCase().includes(needle)));
}

function toDocument(row: DocumentRow): TechnicalDocument {
  return {
    id: row.id,
    _id: row.id,
    nameKey: row.nameKey,
    name: row.name,
    code: row.code,
    file: row.fileKey && row.fileUrl ? { key: row.fileKey, url: row.fileUrl } : null,
    videoURL: row.videoUrl,
    media: row.media,
    model: row.model as BikeModel | null,
  };
}

function articleFields(row: ArticleRow) {
  return {
    id: row.id,
    name: row.name,
    nameKey: row.nameKey,
    drawingReference: row.drawingReference,
    kit: row.kit,
    category: { slug: row.categorySlug, nameKey: row.categoryNameKey, kind: row.kind as StoreKind },
    group: { slug: row.groupSlug, nameKey: row.groupNameKey, model: row.model as BikeModel | null },
  };
}

export function storeService(
  repo: StoreRepo,
  markets: Pick<MarketsService, 'getCountry'>,
  cacheTtlMs = STORE_CACHE_TTL_MS,
  /** Where PDFs uploaded in the back office are kept (decision 060). */
  files?: Pick<StorageProvider, 'get'>,
) {
  const cached = readCache(cacheTtlMs, 10);
  // Drawn PDFs, kept as long as the name keys: a document's content changes with an administrator's edit only.
  const cachedPdf = readCache(cacheTtlMs, 32);
  const nameKeys = () => cached('store name keys', () => repo.nameKeys());
  const documentNameKeys = () => cached('document name keys', () => repo.documentNameKeys());

  /** The active market a price is asked for; an unknown or inactive one is COUNTRY_NOT_FOUND, as in the catalogue. */
  async function marketOf(code: string) {
    const country = await markets.getCountry(code);
    if (country.status !== ACTIVE_STATUS) throw new ApiError('COUNTRY_NOT_FOUND');
    return {
      currency: country.currency.code,
      taxDisplay: country.taxDisplay,
      vatRateBp: Math.round(country.vatPercentage * 100),
    };
  }

  type Market = Awaited<ReturnType<typeof marketOf>>;

  function toVariant(row: VariantRow, market: Market): StoreVariant {
    return {
      variant_code: row.variantCode,
      attributes: row.attributes,
      availability: shopAvailability({ ...row, availability: row.availability as Availability }),
      price:
        row.listPrice === null
          ? null
          : priceStoreItem({ listPrice: row.listPrice, discountBp: row.discountBp ?? 0 }, market),
    };
  }

  async function withVariants(rows: ArticleRow[], market: Market): Promise<StoreArticle[]> {
    const variants = await repo.variants(
      rows.map((r) => r.id),
      market.currency,
    );
    return rows.map((row) => ({
      ...articleFields(row),
      variants: variants.filter((v) => v.articleId === row.id).map((v) => toVariant(v, market)),
    }));
  }

  async function articleOf(id: string, market: Market): Promise<StoreArticle> {
    const row = await repo.article(id);
    if (!row) throw new ApiError('STORE_ITEM_NOT_FOUND');
    const [article] = await withVariants([row], market);
    return article as StoreArticle;
  }

  return {
    async technicalDocuments(query: TechnicalDocumentQuery, lang: UiLanguage): Promise<TechnicalDocumentPage> {
      const search = query.search
        ? { text: query.search, nameKeys: keysMatching(await documentNameKeys(), query.search, lang) }
        : undefined;
      const { rows, total } = await repo.documents({ search, page: query.page, limit: query.limit });
      const { hasPreviousPage: _, ...page } = pageInfo(query.page, query.limit, total);
      return { docs: rows.map(toDocument), ...page };
    },

    /**
     * A technical document's file: the PDF uploaded in the back office, else the one drawn from its content, framed
     * in the reader's locale. An unknown or retired document, or one with neither (a video alone), is
     * TECHNICAL_DOCUMENT_NOT_FOUND.
     */
    async documentFile(id: string, locale: Exclude<CatalogLocale, string>): Promise<{ code: string; pdf: Buffer }> {
      const row = await repo.document(id);
      // Keyed by the upload, so a new upload is served at once; a drawn PDF by the reader's locale.
      const variant = row?.uploadKey ?? `${locale.lang}-${locale.country ?? ''}`;
      const file = await cachedPdf(`pdf ${id} ${variant}`, async () => {
        if (row?.uploadKey && files) {
          const stored = await files.get(row.uploadKey);
          if (stored) return { code: row.code, pdf: stored.body };
        }
        if (!row?.content) return null;
        return { code: row.code, pdf: await technicalDocumentPdf({ ...row, content: row.content }, locale) };
      });
      if (!file) throw new ApiError('TECHNICAL_DOCUMENT_NOT_FOUND');
      return file;
    },

    /** Categories with their product groups, in display order. */
    async categories(kinds: StoreKind[], model?: BikeModel): Promise<{ docs: StoreCategory[] }> {
      const { categories, groups } = await repo.categories(kinds, model);
      return {
        docs: categories.map((c) => ({
          slug: c.slug,
          nameKey: c.nameKey,
          kind: c.kind as StoreKind,
          groups: groups
            .filter((g) => g.categorySlug === c.slug)
            .map((g) => ({ slug: g.slug, nameKey: g.nameKey, model: g.model as BikeModel | null })),
        })),
      };
    },

    /** Articles with their variants priced in the country; an unknown category or group is a 404. */
    async items(query: StoreItemsQuery, lang: UiLanguage): Promise<StoreArticlePage> {
      const market = await marketOf(query.country);
      if (query.category && !(await repo.category(query.category))) throw new ApiError('STORE_CATEGORY_NOT_FOUND');
      if (query.group) {
        const group = await repo.group(query.group);
        if (!group || (query.category && group.categorySlug !== query.category)) {
          throw new ApiError('STORE_CATEGORY_NOT_FOUND');
        }
      }
      const search = query.search
        ? { text: query.search, nameKeys: keysMatching(await nameKeys(), query.search, lang) }
        : undefined;
      const { rows, total } = await repo.articles({
        kinds: query.kind,
        category: query.category,
        group: query.group,
        model: query.model,
        search,
        page: query.page,
        limit: query.limit,
      });
      const { hasPreviousPage: _, ...page } = pageInfo(query.page, query.limit, total);
      return { docs: await withVariants(rows, market), ...page };
    },

    async item(articleId: string, country: string): Promise<StoreArticle> {
      return articleOf(articleId, await marketOf(country));
    },

    /**
     * The codes of the variants of one kind: the cart asks which of its lines are extended warranties (they never
     * share a cart with bikes). Kept like the rest of the store's reads, so a new warranty counts after at most the
     * cache time.
     */
    async variantCodesOfKind(kind: StoreKind): Promise<ReadonlySet<string>> {
      return cached(`codes of ${kind}`, async () => new Set(await repo.variantCodesOfKind(kind)));
    },

    /** A variant by its code (the SKU the cart adds by), with its article. */
    async variant(variantCode: string, country: string): Promise<StoreVariantDetail> {
      const market = await marketOf(country);
      const articleId = await repo.variantArticleId(variantCode);
      if (!articleId) throw new ApiError('VARIANT_NOT_FOUND');
      const row = await repo.article(articleId);
      if (!row) throw new ApiError('VARIANT_NOT_FOUND');
      const [variant] = (await repo.variants([articleId], market.currency)).filter(
        (v) => v.variantCode === variantCode,
      );
      if (!variant) throw new ApiError('VARIANT_NOT_FOUND');
      return { ...toVariant(variant, market), article: articleFields(row) };
    },
  };
}
export type StoreService = ReturnType<typeof storeService>;
