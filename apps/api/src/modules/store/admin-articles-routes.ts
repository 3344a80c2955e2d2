import {
  AdminArticle,
  AdminArticleCreate,
  AdminFitment,
  AdminPart,
  AdminPartCreate,
  AdminPartGroup,
  AdminPartParams,
  AdminPartStock,
  ArticleIdParams,
  ErrorEnvelope,
} from '@varg/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Guards } from '../identity/auth.ts';
import { adminActor } from './admin-actor.ts';
import type { ArticlesAdmin } from './admin-articles.ts';
import type { PartsStock } from './stock.ts';

const errors = { 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope, 409: ErrorEnvelope };
const tags = ['admin-parts'];
const ANNOUNCED =
  'Audited in the same transaction; once committed every process drops its cached pages (decision 041).';

/** New articles and SKUs, fitment, retiring a SKU, stock counts (decision 060). Admins only. */
export const articlesAdminRoutes: FastifyPluginAsyncZod<{
  articles: ArticlesAdmin;
  stock: PartsStock;
  guards: Guards;
}> = async (app, { articles, stock, guards }) => {
  const preHandler = guards.requireRole('admin');

  app.get(
    '/admin/parts/groups',
    {
      schema: {
        tags,
        summary: 'The store’s product groups a new article can go in, with their kind and model',
        response: { 200: z.object({ docs: z.array(AdminPartGroup) }), ...errors },
      },
      preHandler,
    },
    async () => articles.groups(),
  );

  app.post(
    '/admin/part-articles',
    {
      schema: {
        tags,
        summary: 'Create an article (part, accessory, merchandise or warranty by its group) with a printed name',
        description: `The kind is the group's category's. Unknown group: 404 PART_GROUP_NOT_FOUND; an id in use: 409 PART_ARTICLE_TAKEN. The article shows in the shop once it has a SKU. Audited as \`article\`. ${ANNOUNCED}`,
        body: AdminArticleCreate,
        response: { 201: AdminArticle, ...errors },
      },
      preHandler,
    },
    async (request, reply) => reply.code(201).send(await articles.createArticle(adminActor(request), request.body)),
  );

  app.get(
    '/admin/part-articles/:id',
    {
      schema: {
        tags,
        summary: 'One article with its group, fitment and SKUs',
        description: 'Unknown: 404 PART_ARTICLE_NOT_FOUND.',
        params: ArticleIdParams,
        response: { 200: AdminArticle, ...errors },
      },
      preHandler,
    },
    async (request) => articles.article(request.params.id),
  );

  app.put(
    '/admin/part-articles/:id/fitment',
    {
      schema: {
        tags,
        summary: 'Set the models an article fits',
        description: `\`models\`: the models it fits (\`[]\` every model), or null to follow its group again. The shop's model filter follows at once. Audited as \`article\`. ${ANNOUNCED}`,
        params: ArticleIdParams,
        body: AdminFitment,
        response: { 200: AdminArticle, ...errors },
      },
      preHandler,
    },
    async (request) => articles.setFitment(adminActor(request), request.params.id, request.body),
  );

  app.post(
    '/admin/parts',
    {
      schema: {
        tags,
        summary: 'Add a SKU to an article with its attributes, stock state and prices',
        description: `The SKU is taken in capitals and must be unique ignoring case (409 PART_SKU_TAKEN). Prices in minor units as listed, in currencies some market uses (else 400 PART_PRICE_CURRENCY). Unknown article: 404 PART_ARTICLE_NOT_FOUND. Audited as \`part\`. ${ANNOUNCED}`,
        body: AdminPartCreate,
        response: { 201: AdminPart, ...errors },
      },
      preHandler,
    },
    async (request, reply) => reply.code(201).send(await articles.createPart(adminActor(request), request.body)),
  );

  for (const [verb, summary] of [
    ['retire', 'Retire a SKU: hidden from the shop and refused by the cart, kept for orders'],
    ['restore', 'Put a retired SKU back on sale'],
  ] as const)
    app.post(
      `/admin/parts/:sku/${verb}`,
      {
        schema: {
          tags,
          summary,
          description: `Doing it twice changes nothing. Unknown SKU: 404 PART_NOT_FOUND. Audited as \`part\`. ${ANNOUNCED}`,
          params: AdminPartParams,
          response: { 200: AdminPart, ...errors },
        },
        preHandler,
      },
      async (request) => articles[verb](adminActor(request), request.params.sku),
    );

  app.put(
    '/admin/parts/:sku/stock',
    {
      schema: {
        tags,
        summary: 'Count a SKU’s stock: quantity on hand, low-stock mark and back-orders, with a reason',
        description: `\`quantity\` null: not counted (warranties, made to order). A counted SKU with none on hand is NOT_AVAILABLE in the shop unless \`backorder\`; paying an order takes its units (never below zero; what is missing is recorded short on the SKU). \`reason\` (3–300 characters) is kept in the audit entry. Unknown SKU: 404 PART_NOT_FOUND. ${ANNOUNCED}`,
        params: AdminPartParams,
        body: AdminPartStock,
        response: { 200: AdminPart, ...errors },
      },
      preHandler,
    },
    async (request) => stock.set(adminActor(request), request.params.sku, request.body),
  );
};
