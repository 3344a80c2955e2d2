import {
  AdminMarket,
  AdminMarketListQuery,
  AdminMarketOptions,
  AdminMarketPage,
  AdminMarketParams,
  AdminMarketUpdate,
  ErrorEnvelope,
} from '@varg/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Guards } from '../identity/auth.ts';
import type { MarketsAdminService } from './admin-service.ts';

const errors = { 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope, 409: ErrorEnvelope };
const tags = ['admin-markets'];

/** Administrators' markets (decision 043). */
export const marketsAdminRoutes: FastifyPluginAsyncZod<{ admin: MarketsAdminService; guards: Guards }> = async (
  app,
  { admin, guards },
) => {
  const preHandler = guards.requireRole('admin');

  app.get(
    '/admin/markets',
    {
      preHandler,
      schema: {
        tags,
        summary: 'List markets (administrators)',
        description:
          'Every country, active or paused: search by code or name, filter by status, sort by code, name, currency or status (default: by name).',
        querystring: AdminMarketListQuery,
        response: { 200: AdminMarketPage, ...errors },
      },
    },
    async (request) => admin.list(request.query),
  );

  app.get(
    '/admin/markets/options',
    {
      preHandler,
      schema: {
        tags,
        summary: 'What the market form offers: the languages',
        response: { 200: AdminMarketOptions, ...errors },
      },
    },
    async () => admin.options(),
  );

  app.get(
    '/admin/markets/:country',
    {
      preHandler,
      schema: {
        tags,
        summary: 'One market (administrators)',
        params: AdminMarketParams,
        response: { 200: AdminMarket, ...errors },
      },
    },
    async (request) => admin.get(request.params.country),
  );

  app.put(
    '/admin/markets/:country',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Change a market: status, language, currency, tax',
        description:
          'Pausing a market takes it off the storefront at once: its pages redirect to the visitor’s fallback (en-US; decision 003), and it sells nothing. An active market needs a known ISO 4217 currency and, where prices include VAT, a rate above zero (400 MARKET_INCOMPLETE). The default market cannot be paused (409 MARKET_DEFAULT_PAUSE). The currency cannot change while the market has open carts with lines (changed within 30 days) or unpaid orders (409 MARKET_CURRENCY_IN_USE). An unknown language is 404 LANGUAGE_NOT_FOUND. Audited on the market (`market.activate`, `market.pause` or `market.update`) with the changed fields.',
        params: AdminMarketParams,
        body: AdminMarketUpdate,
        response: { 200: AdminMarket, ...errors },
      },
    },
    async (request) => {
      // biome-ignore lint/style/noNonNullAssertion: the admin guard ran
      const auth = request.auth!;
      return admin.update(request.params.country, request.body, { actorId: auth.userId, ip: request.ip });
    },
  );
};
