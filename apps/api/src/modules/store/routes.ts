import {
  ArticleId,
  StoreArticle,
  StoreArticlePage,
  StoreCategory,
  StoreCategoryQuery,
  StoreCountryQuery,
  StoreItemsQuery,
  StoreVariantDetail,
  TechnicalDocumentId,
  TechnicalDocumentPage,
  TechnicalDocumentQuery,
  VariantCode,
} from '@varg/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestLanguage, requestLocale } from '../../lib/request-language.ts';
import { errorResponses, PDF_RESPONSE, sendPdf } from '../../lib/route-responses.ts';
import type { StoreService } from './service.ts';

const PUBLIC = 'public, max-age=60, stale-while-revalidate=600';
const FILE = 'public, max-age=3600';
// A search also matches names in the request's language.
const VARY = 'accept-language, x-lang';
const errors = errorResponses(400, 404);

const PRICE_NOTE =
  'Each variant carries its price in the country: `{currency, subtotal, vat_percentage, discount_percentage, total, vat}` in minor units. `total` is the price as shown and paid (after the discount; with VAT where the country shows prices with VAT, before sales tax in the US); `subtotal` is the net list price before discount; `price` is null where the variant has no price in the country’s currency. An unknown or inactive country is a 404 COUNTRY_NOT_FOUND.';

/**
 * The parts and accessories store and the technical documents (spec sections 3 and 7; DATA.md, "Spare parts and
 * accessories"). Public and cacheable. Only `GET technical-documents` is a path of the spec; the store paths are ours
 * (docs/decisions/010-parts-store.md).
 */
export const storeRoutes: FastifyPluginAsyncZod<{ store: StoreService }> = async (app, { store }) => {
  app.get(
    '/technical-documents',
    {
      schema: {
        tags: ['store'],
        summary: 'Technical documents and tutorial videos, one page',
        description:
          '`search` matches part of the name (in English or in the language of the request) or of the code, ignoring case. Page 1, 10 a page by default (`limit` ≤ 100); answers `{docs, totalDocs, page, totalPages, hasNextPage, hasPrevPage, nextPage, prevPage, limit}`. A document has a `file` to download (`file.url` is `/v1/technical-documents/{id}/file`, its PDF; `file.key` names it in the file storage), a `videoURL`, or both.',
        querystring: TechnicalDocumentQuery,
        response: { 200: TechnicalDocumentPage, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', PUBLIC).header('vary', VARY);
      return store.technicalDocuments(request.query, requestLanguage(request));
    },
  );

  app.get(
    '/technical-documents/:id/file',
    {
      schema: {
        tags: ['store'],
        summary: 'A technical document’s file, as a PDF',
        description:
          'The PDF of a document that has a `file` (its `file.url` is this path): title, code and model in the language of the request (`lang`, `x-lang` or Accept-Language; `?lang=pt-BR` for a market’s variant), then the document’s sections with their tables in English (the PDF says so in another language), drawn with the brand header, page numbers and a footer. Answered `inline` (`content-disposition: inline; filename="<code>.pdf"`), cacheable for an hour. A malformed id is a 400 VALIDATION_ERROR; an unknown document, or one with nothing to print (a video alone), is a 404 TECHNICAL_DOCUMENT_NOT_FOUND.',
        params: z.object({ id: TechnicalDocumentId }),
        response: {
          200: PDF_RESPONSE,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const { code, pdf } = await store.documentFile(request.params.id, requestLocale(request));
      reply.header('vary', VARY);
      // Chrome shows a PDF through an internal <embed>, which the pages' policy (`object-src 'none'`) would block.
      reply.header('content-security-policy', "frame-ancestors 'self'");
      return sendPdf(reply, pdf, `${code.replace(/[^A-Za-z0-9._-]/g, '_')}.pdf`, { inline: true, cache: FILE });
    },
  );

  app.get(
    '/store/categories',
    {
      schema: {
        tags: ['store'],
        summary: 'Store categories with their product groups',
        description:
          'Category → product group → article → variant. `kind` (repeat or comma-separate): `spare_parts`, `accessories`, `merchandise`, `extended_warranty`; all kinds without it. `model` (`varg`, `varg-ex`, `varg-sm`) keeps the groups that fit that model or every model.',
        querystring: StoreCategoryQuery,
        response: { 200: z.object({ docs: z.array(StoreCategory) }), ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', PUBLIC);
      return store.categories(request.query.kind, request.query.model);
    },
  );

  app.get(
    '/store/items',
    {
      schema: {
        tags: ['store'],
        summary: 'Store articles with their variants, availability and price in a country, one page',
        description: `Filters: \`kind\` (repeat or comma-separate), \`category\` and \`group\` (slugs; an unknown one is a 404 STORE_CATEGORY_NOT_FOUND), \`model\` (articles of groups that fit that model or every model), \`search\` (part of the printed name, of the name in English or the request language, of the drawing reference, of a variant code or of a variant attribute such as a size; ignoring case). Ordered by category, group and article. Page 1, 10 a page by default (\`limit\` ≤ 100). ${PRICE_NOTE}`,
        querystring: StoreItemsQuery,
        response: { 200: StoreArticlePage, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', PUBLIC).header('vary', VARY);
      return store.items(request.query, requestLanguage(request));
    },
  );

  app.get(
    '/store/items/:articleId',
    {
      schema: {
        tags: ['store'],
        summary: 'One store article with its variants priced in a country',
        description: `An unknown article is a 404 STORE_ITEM_NOT_FOUND. ${PRICE_NOTE}`,
        params: z.object({ articleId: ArticleId }),
        querystring: StoreCountryQuery,
        response: { 200: StoreArticle, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', PUBLIC);
      return store.item(request.params.articleId, request.query.country);
    },
  );

  app.get(
    '/store/variants/:variantCode',
    {
      schema: {
        tags: ['store'],
        summary: 'One variant by its code (the SKU the cart adds by), priced in a country, with its article',
        description: `The code is matched ignoring case. An unknown code is a 404 VARIANT_NOT_FOUND. ${PRICE_NOTE}`,
        params: z.object({ variantCode: VariantCode }),
        querystring: StoreCountryQuery,
        response: { 200: StoreVariantDetail, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', PUBLIC);
      return store.variant(request.params.variantCode, request.query.country);
    },
  );
};
