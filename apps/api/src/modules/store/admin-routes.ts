import {
  AdminPart,
  AdminPartPage,
  AdminPartParams,
  AdminPartPatch,
  AdminPartsQuery,
  ErrorEnvelope,
} from '@varg/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Guards } from '../identity/auth.ts';
import type { PartsAdmin } from './admin.ts';

const errors = { 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope };
const tags = ['admin-parts'];

/** The back office's parts, accessories, merchandise and extended warranties (issue 24 item 2). Admins only. */
export const partsAdminRoutes: FastifyPluginAsyncZod<{ parts: PartsAdmin; guards: Guards }> = async (
  app,
  { parts, guards },
) => {
  const preHandler = guards.requireRole('admin');

  app.get(
    '/admin/parts',
    {
      schema: {
        tags,
        summary: 'SKUs of the store with search, filters, sort and pages',
        description: 'Searches the SKU, the article id and its printed name; filters by kind and availability.',
        querystring: AdminPartsQuery,
        response: { 200: AdminPartPage, ...errors },
      },
      preHandler,
    },
    async (request) => parts.list(request.query),
  );

  app.get(
    '/admin/parts/:sku',
    {
      schema: {
        tags,
        summary: 'One SKU with its article, fitment, availability and prices per currency',
        params: AdminPartParams,
        response: { 200: AdminPart, ...errors },
      },
      preHandler,
    },
    async (request) => parts.part(request.params.sku),
  );

  app.patch(
    '/admin/parts/:sku',
    {
      schema: {
        tags,
        summary: 'Change a SKU’s availability (stock) or its prices',
        description:
          'Prices are minor units as listed in the markets of the currency, with a campaign reduction in basis points; only the currencies the SKU is listed in (else 400 PART_PRICE_CURRENCY). Audited as `part` with the fields before and after, in the same transaction; once committed every process drops its cached pages (decision 041).',
        params: AdminPartParams,
        body: AdminPartPatch,
        response: { 200: AdminPart, ...errors },
      },
      preHandler,
    },
    async (request) =>
      // biome-ignore lint/style/noNonNullAssertion: the admin guard ran
      parts.update({ userId: request.auth!.userId, ip: request.ip }, request.params.sku, request.body),
  );
};
