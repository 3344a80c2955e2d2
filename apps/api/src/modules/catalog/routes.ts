import {
  BikeConfiguration,
  ComponentGroup,
  CountryQuery,
  ErrorEnvelope,
  HashQuery,
  OrderInfoQuery,
  PricingInfo,
  ProductCategory,
  ProductListItem,
  ProductListQuery,
  StockBike,
  StockBikePage,
  StockBikeSearch,
} from '@varg/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError } from '../../lib/api-error.ts';
import { errorResponses, PRIVATE } from '../../lib/route-responses.ts';
import { type Guards, signedIn } from '../identity/auth.ts';
import type { OrderLineLookup } from './order-line.ts';
import { maySeePresale, type PresaleViewer } from './presale.ts';
import type { CatalogService } from './service.ts';

const PUBLIC = 'public, max-age=60, stale-while-revalidate=600';
const errors = errorResponses(400, 404);
const editErrors = errorResponses(400, 401, 404);
const HashParams = z.object({ hash: z.string().regex(/^[0-9a-f]{8}$/, 'form_invalid') });
const ProductParams = z.object({ productId: z.string().regex(/^[a-z0-9-]{1,64}$/) });

/** The bike catalogue (spec section 7, "Catalogue"). Public and cacheable; prices are integer minor units. */
export const catalogRoutes: FastifyPluginAsyncZod<{
  catalog: CatalogService;
  guards: Guards;
  /** The dealer record of a user (identity's), or null. */
  dealerIdOf: (userId: string) => Promise<string | null>;
  /** The orders module's reading of an order line (bound once orders exist), for builder edit mode. */
  orderLines: () => OrderLineLookup | null;
  /** The account of a signed-in caller (identity's), null when it is gone. */
  accountOf: (userId: string) => Promise<Omit<PresaleViewer, 'roles' | 'impersonatorId'> | null>;
  /** The internal addresses (`WHITELIST_EMAILS`). */
  whitelistEmails: readonly string[];
}> = async (app, { catalog, guards, dealerIdOf, orderLines, accountOf, whitelistEmails }) => {
  app.get(
    '/product-category/by-slug/:slug',
    {
      schema: {
        tags: ['catalog'],
        summary: 'A product category by slug (`bikes`)',
        params: z.object({ slug: z.string().regex(/^[a-z0-9-]{1,64}$/) }),
        response: { 200: ProductCategory, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', PUBLIC);
      return catalog.categoryBySlug(request.params.slug);
    },
  );

  app.get(
    '/product/getlist',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Models of a category with their base price and deposit in a market',
        querystring: ProductListQuery,
        response: { 200: z.object({ docs: z.array(ProductListItem) }), ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', PUBLIC);
      return catalog.productList(request.query);
    },
  );

  app.get(
    '/product/:productId/presale',
    {
      schema: {
        tags: ['catalog'],
        summary: 'A preorder model with its base price and deposit in a market (invited viewers)',
        description:
          'Preorder models are in no public list (decision 052). Administrators, users flagged `whitelistedPresales`, and confirmed addresses on the internal list or on the model’s own invitations get it; everybody else, anonymous callers included, gets 404 PRODUCT_NOT_FOUND, as for a model that does not exist. Never cached by shared caches.',
        params: ProductParams,
        querystring: CountryQuery,
        response: { 200: ProductListItem, ...errors },
      },
      config: { auth: 'optional' },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const auth = request.auth;
      const account = auth ? await accountOf(auth.userId) : null;
      const viewer = auth && account ? { ...account, roles: auth.roles, impersonatorId: auth.impersonatorId } : null;
      return catalog.presaleModel(request.params.productId, request.query.country, (invited) =>
        maySeePresale(viewer, whitelistEmails, invited),
      );
    },
  );

  app.get(
    '/product/:productId/components',
    {
      schema: {
        tags: ['catalog'],
        summary: "A model's option groups, each option with its price difference in the market's currency",
        params: ProductParams,
        querystring: CountryQuery,
        response: { 200: z.array(ComponentGroup), ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', PUBLIC);
      return catalog.components(request.params.productId, request.query.country);
    },
  );

  app.get(
    '/checkout/orderInfo/:productId',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Price a configuration in a market',
        description:
          '`componentId` repeated, one per chosen option; groups left out take their default. Unknown options, or two of one group, are a 400 INVALID_CONFIGURATION. `hash` is murmur2 over the product id and the sorted option ids.',
        params: ProductParams,
        querystring: OrderInfoQuery,
        response: { 200: PricingInfo, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', PUBLIC);
      return catalog.orderInfo(request.params.productId, request.query.country, request.query.componentId);
    },
  );

  /**
   * Builder edit mode (decision 050): the order line named by `orderId` and `lineId`, read for the signed-in caller
   * (its owner or dealer; anybody else 404), or null without them. Such an answer is the caller's alone.
   */
  async function lineToEdit(request: FastifyRequest<{ Querystring: HashQuery }>, reply: FastifyReply) {
    const { orderId, lineId } = request.query;
    if (!orderId && !lineId) {
      reply.header('cache-control', PUBLIC);
      return undefined;
    }
    reply.header('cache-control', PRIVATE);
    if (!orderId || !lineId) throw new ApiError('VALIDATION_ERROR');
    const viewer = signedIn(request);
    const lookup = orderLines();
    if (!lookup) throw new ApiError('ORDER_NOT_FOUND');
    return lookup(viewer, orderId, lineId);
  }
  const EDIT_MODE =
    'With `orderId` and `lineId` (both, signed in: builder edit mode, decision 050) it is priced for that order line: in the order’s market (`country` is ignored), the line’s own configuration at the line’s price, another at its catalogue price less the line’s discount. Only the line’s owner and the dealer who looks after the order may ask; for anybody else the order is a 404 ORDER_NOT_FOUND, an unknown line a 404 ORDER_LINE_NOT_FOUND.';

  app.get(
    '/checkout/:hash/pricing',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Price a configuration named by its hash, in a market (or for an order line being edited)',
        description: `The hash of a configuration priced before (orderInfo). ${EDIT_MODE}`,
        params: HashParams,
        querystring: HashQuery,
        response: { 200: PricingInfo, ...editErrors },
      },
      preHandler: guards.linkOrBearer,
    },
    async (request, reply) => {
      const line = await lineToEdit(request, reply);
      return catalog.pricingByHash(request.params.hash, request.query.country, line);
    },
  );

  app.get(
    '/checkout/:hash',
    {
      schema: {
        tags: ['catalog'],
        summary: 'A configuration by its hash: the option chosen in each group, and its pricing in a market',
        description: `What the configurator restores from a shared link, a cart line or an order line. \`options\` maps each group (camelCase: color, power, rearBrake, suspension, tires, tubes, frontDiskGuard, rearDiskGuard, footpeg, titaniumBoltsKit, registration, rearWheelSize, sideStand) to its option id. ${EDIT_MODE} Then \`quantity\` is the line’s and \`editedPrices\` says its prices: \`basePrice\` the list price its discount is measured from, \`price\` the unit price, \`discountPercentage\` the line’s discount, \`isActive\` whether a dealer’s price is set, \`optionsPrices\` the price of each chosen option.`,
        params: HashParams,
        querystring: HashQuery,
        response: { 200: BikeConfiguration, ...editErrors },
      },
      preHandler: guards.linkOrBearer,
    },
    async (request, reply) => {
      const line = await lineToEdit(request, reply);
      return catalog.configurationByHash(request.params.hash, request.query.country, line);
    },
  );

  app.post(
    '/checkout/calculate-product-price',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Dealer price of a bike (dealers)',
        body: z.object({
          productId: z.string().max(64),
          basePrice: z.number().int().min(0).max(100_000_000),
          dealerDiscount: z.number().min(0).max(100),
          componentsPrices: z.array(z.number().int().min(0).max(10_000_000)).max(20),
        }),
        response: {
          200: z.object({ price: z.number().int(), discountPercentage: z.number(), discountedPrice: z.number().int() }),
          400: ErrorEnvelope,
          401: ErrorEnvelope,
          403: ErrorEnvelope,
        },
      },
      preHandler: guards.requireRole('dealer'),
    },
    async (request) => catalog.calculateProductPrice(request.body),
  );

  app.post(
    '/vehicles/stock-bikes',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Search the bikes in stock in a market',
        description:
          'Filters by option id per group (color, power, rearBrake, suspension, rearWheelSize, sideStand): a bike matches a group when it has any of the listed options. Page 1, 10 a page by default.',
        body: StockBikeSearch,
        response: { 200: StockBikePage, ...errors },
      },
    },
    async (request) => catalog.searchStockBikes(request.body),
  );

  app.post(
    '/dealer/stock-bikes',
    {
      schema: {
        tags: ['catalog'],
        summary: "The calling dealer's own stock bikes (dealers)",
        description:
          "The same search as POST vehicles/stock-bikes, limited to the bikes standing at the calling dealer (the spec adds the dealerId; here it is taken from the token, so a dealer cannot list another dealer's stock).",
        body: StockBikeSearch,
        response: {
          200: StockBikePage,
          400: ErrorEnvelope,
          401: ErrorEnvelope,
          403: ErrorEnvelope,
          404: ErrorEnvelope,
        },
      },
      preHandler: guards.requireRole('dealer'),
    },
    async (request) => {
      // biome-ignore lint/style/noNonNullAssertion: requireRole guarantees it
      const dealerId = await dealerIdOf(request.auth!.userId);
      if (!dealerId) throw new ApiError('FORBIDDEN');
      return catalog.searchStockBikes(request.body, dealerId);
    },
  );

  app.get(
    '/vehicles/stock-bikes/:id',
    {
      schema: {
        tags: ['catalog'],
        summary: 'One bike in stock, priced in a market',
        params: z.object({ id: z.string().regex(/^[A-Za-z0-9]{1,32}$/) }),
        querystring: CountryQuery,
        response: { 200: StockBike, ...errors },
      },
    },
    async (request) => catalog.stockBikeById(request.params.id, request.query.country),
  );
};
