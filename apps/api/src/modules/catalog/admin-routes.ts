import {
  AdminModel,
  AdminModelPage,
  AdminModelParams,
  AdminModelPatch,
  AdminModelsQuery,
  AdminOptionCreate,
  AdminOptionParams,
  AdminOptionPatch,
  AdminPreview,
  AdminPreviewBody,
  AdminPriceBody,
  AdminPriceParams,
  AdminRulesBody,
  ErrorEnvelope,
} from '@varg/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Guards } from '../identity/auth.ts';
import type { CatalogAdminService } from './admin-service.ts';

const errors = { 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope, 409: ErrorEnvelope };
const tags = ['admin-catalogue'];
const CHECKED =
  'Refused with 400 DEFAULT_CONFIGURATION_BROKEN (naming the two options of the broken rule) when the default configuration would break a requires/excludes rule; nothing is then changed. Audited with the fields before and after, in the same transaction; once committed the catalogue and page caches of every process are dropped (decision 041).';

const actorOf = (request: FastifyRequest) => ({
  // biome-ignore lint/style/noNonNullAssertion: the admin guard ran
  userId: request.auth!.userId,
  ip: request.ip,
});

/** The back office's catalogue (issue 24 item 2, decision 041): models, options, rules and price lists. Admins only. */
export const catalogAdminRoutes: FastifyPluginAsyncZod<{ admin: CatalogAdminService; guards: Guards }> = async (
  app,
  { admin, guards },
) => {
  const preHandler = guards.requireRole('admin');

  app.get(
    '/admin/catalogue/models',
    {
      schema: {
        tags,
        summary: 'Models, with search, status filter, sort and pages',
        description: 'Searches the model id and name key. Status: active (served to the shop), hidden or draft.',
        querystring: AdminModelsQuery,
        response: { 200: AdminModelPage, ...errors },
      },
      preHandler,
    },
    async (request) => admin.models(request.query),
  );

  app.get(
    '/admin/catalogue/models/:productId',
    {
      schema: {
        tags,
        summary: 'A model with its option groups, options, prices per currency, rules and default configuration',
        params: AdminModelParams,
        response: { 200: AdminModel, ...errors },
      },
      preHandler,
    },
    async (request) => admin.model(request.params.productId),
  );

  app.patch(
    '/admin/catalogue/models/:productId',
    {
      schema: {
        tags,
        summary: "Change a model's status or position",
        description: `Only active models are shown and sold in the shop. ${CHECKED}`,
        params: AdminModelParams,
        body: AdminModelPatch,
        response: { 200: AdminModel, ...errors },
      },
      preHandler,
    },
    async (request) => admin.updateModel(actorOf(request), request.params.productId, request.body),
  );

  app.post(
    '/admin/catalogue/models/:productId/options',
    {
      schema: {
        tags,
        summary: 'Add an option to one of the model’s option groups, with its price in every currency',
        description: `The option needs a price difference in every currency the model has a price list in (400 OPTION_PRICES_MISSING naming the missing ones; 400 OPTION_PRICE_CURRENCY for a currency without a list). An id the model already offers is a 409 OPTION_EXISTS; an unknown group a 404 OPTION_GROUP_NOT_FOUND. Made the group's default (or the first option of a new group), it replaces the former default. ${CHECKED}`,
        params: AdminModelParams,
        body: AdminOptionCreate,
        response: { 201: AdminModel, ...errors },
      },
      preHandler,
    },
    async (request, reply) => {
      reply.code(201);
      return admin.addOption(actorOf(request), request.params.productId, request.body);
    },
  );

  app.patch(
    '/admin/catalogue/models/:productId/options/:optionId',
    {
      schema: {
        tags,
        summary: 'Change an option: name, position, prices, or make it its group’s default',
        description: `Prices given replace those currencies only. 404 OPTION_NOT_FOUND for an option the model does not offer. ${CHECKED}`,
        params: AdminOptionParams,
        body: AdminOptionPatch,
        response: { 200: AdminModel, ...errors },
      },
      preHandler,
    },
    async (request) =>
      admin.updateOption(actorOf(request), request.params.productId, request.params.optionId, request.body),
  );

  app.delete(
    '/admin/catalogue/models/:productId/options/:optionId',
    {
      schema: {
        tags,
        summary: 'Delete an option no order and no stock bike carries',
        description: `Refused with 409 OPTION_IN_USE while any order line or stock bike (of any status) carries the option, and with 409 OPTION_IS_DEFAULT for its group's default (make another option the default first); 404 OPTION_NOT_FOUND for an option the model does not offer. The option goes with its prices and the rules naming it; open carts holding it show the line as unavailable (decision 055). ${CHECKED}`,
        params: AdminOptionParams,
        response: { 200: AdminModel, ...errors },
      },
      preHandler,
    },
    async (request) => admin.deleteOption(actorOf(request), request.params.productId, request.params.optionId),
  );

  app.put(
    '/admin/catalogue/models/:productId/rules',
    {
      schema: {
        tags,
        summary: 'Replace the model’s compatibility rules (requires / excludes)',
        description: `Each rule names two different options the model offers (else 400 INVALID_CONFIGURATION). ${CHECKED}`,
        params: AdminModelParams,
        body: AdminRulesBody,
        response: { 200: AdminModel, ...errors },
      },
      preHandler,
    },
    async (request) => admin.setRules(actorOf(request), request.params.productId, request.body.rules),
  );

  app.put(
    '/admin/catalogue/models/:productId/prices/:currency',
    {
      schema: {
        tags,
        summary: 'Set the model’s base price and deposit in one currency (minor units, as listed in its markets)',
        description: `Markets of the currency list it including VAT or before sales tax, as their tax display says. ${CHECKED}`,
        params: AdminPriceParams,
        body: AdminPriceBody,
        response: { 200: AdminModel, ...errors },
      },
      preHandler,
    },
    async (request) =>
      admin.setPriceList(actorOf(request), request.params.productId, request.params.currency, request.body),
  );

  app.post(
    '/admin/catalogue/models/:productId/preview',
    {
      schema: {
        tags,
        summary: 'Preview the configurator total in a market, with prices being edited',
        description:
          'Prices a configuration (the defaults for groups left out) as the configurator does — VAT contained where the market lists prices including it, before sales tax where it adds tax at checkout, the deposit and the finance-from amount — with the given base price, deposit and option prices in place of the saved ones. Changes nothing. 404 COUNTRY_NOT_FOUND, 404 PRICE_UNAVAILABLE without a price list, 400 INVALID_CONFIGURATION / INCOMPATIBLE_OPTIONS as the shop answers them.',
        params: AdminModelParams,
        body: AdminPreviewBody,
        response: { 200: AdminPreview, ...errors },
      },
      preHandler,
    },
    async (request) => admin.preview(request.params.productId, request.body),
  );
};
