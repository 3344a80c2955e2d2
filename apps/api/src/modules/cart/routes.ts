import {
  AddItemBody,
  AddStockBikeBody,
  AddStoreItemBody,
  Cart,
  CartAddItemQuery,
  CartAddQuery,
  CartQuery,
  CartReadQuery,
  CartSummary,
  CloneResult,
  MergeBody,
  MergeResult,
  RemoveItemBody,
  RemoveStoreItemBody,
  SetCountryBody,
  UpdateItemBody,
  UpdateQuantityBody,
  UpdateStoreQuantityBody,
} from '@varg/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError } from '../../lib/api-error.ts';
import { errorResponses } from '../../lib/route-responses.ts';
import { optionalAuthRoutes } from '../../lib/route-security.ts';
import type { Guards } from '../identity/auth.ts';
import type { Caller, CartService } from './service.ts';

const NO_STORE = 'no-store';
const errors = errorResponses(400, 401, 403, 404, 429);

const ACCESS =
  'An anonymous cart is used by whoever holds its id (a random UUID, kept in the `cart_id` cookie by the web). A signed-in user’s cart answers only to that user’s token: 403 FORBIDDEN for anyone else. Without `cartId` a signed-in caller uses their open cart. An unknown id, or a cart merged into a user’s cart, is 404 SHOPPING_CART_NOT_FOUND; a cart that was ordered can be read and cloned but takes no changes (404 SHOPPING_CART_NOT_FOUND). A Bearer token that is invalid or expired is 401, so the client refreshes it.';

const PRICES =
  'Prices are never stored: each answer prices every line in the cart’s country (the catalogue for bikes and stock bikes, the store for variants). A line without a price there (or sold, or no longer offered) is `available: false`, has `subTotal: null` and counts for nothing in the totals. Amounts are integer minor units. `subTotal.vat` is the VAT RATE as a percent (19 for Germany, 0 where sales tax is added at checkout) — the spec reads it so; `subTotal.vatAmount` is the VAT contained in `subTotal.priceWithDiscount`, in minor units (the sum of the lines’ `vatMetadata.amount`). `count` is the number of units.';

const MIXING =
  'Bikes (configured or in stock) and parts, accessories and merchandise share a cart (checkout makes a vehicle order and a store order of it), but an extended warranty (a variant of a store category of kind `extended_warranty`) never shares a cart with bikes: adding a bike to a cart holding an extended warranty, or an extended warranty to a cart holding bikes, is a 400 CART-ERROR-003 and changes nothing. A line holds at most 99.';

/** The cart (spec section 7, "Cart"; docs/decisions/012-commerce-data.md). Never cached. */
export const cartRoutes: FastifyPluginAsyncZod<{ cart: CartService; guards: Guards }> = async (
  app,
  { cart, guards },
) => {
  optionalAuthRoutes(app);
  /** The caller: a signed-in user whose session is still valid, or null. A bad token is a 401, not anonymity. */
  async function callerOf(request: FastifyRequest): Promise<Caller> {
    if (!request.headers.authorization) return null;
    await guards.requireAuth(request);
    const auth = request.auth;
    return auth ? { userId: auth.userId, roles: auth.roles } : null;
  }

  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', NO_STORE);
  });

  app.get(
    '/cart',
    {
      schema: {
        tags: ['cart'],
        summary: 'The cart, priced',
        description: `Always priced in the cart’s own market, the country stored on it (decision 035): \`country\` (the visitor’s current market) neither re-prices nor moves it, so the cart, its summary and its checkout agree. The answer’s \`country\` says which market the cart is in; a page of another market offers to move it (PUT cart). ${ACCESS} ${PRICES}`,
        querystring: CartReadQuery,
        response: { 200: Cart, ...errors },
      },
    },
    async (request) => cart.get(await callerOf(request), request.query.cartId, request.query.country),
  );

  app.get(
    '/cart/summary',
    {
      schema: {
        tags: ['cart'],
        summary: 'Lines and units in the cart, without pricing (the header’s badge)',
        description: `\`kind\` is \`bikes\`, \`store\` or null when empty. ${ACCESS}`,
        querystring: CartQuery,
        response: { 200: CartSummary, ...errors },
      },
    },
    async (request) => cart.summary(await callerOf(request), request.query.cartId),
  );

  app.post(
    '/cart/add-item',
    {
      schema: {
        tags: ['cart'],
        summary: 'Add a configured bike',
        description: `The configuration is priced through the catalogue first: an option the model does not offer is a 400 INVALID_CONFIGURATION, options that cannot be built together a 400 INCOMPATIBLE_OPTIONS, a model without a price in the market a 404 PRICE_UNAVAILABLE. Adds one bike, or one more to the line of the same configuration (hash) in one atomic statement, so concurrent adds never lose one. Without \`cartId\` an anonymous caller gets a new cart (its \`_id\` is in the answer) and a signed-in caller their open cart; the cart takes the \`country\`. \`overwritePrice\` (a unit price in minor units) is for approved dealers in their own cart only (403 for anyone else), between the list price less the dealer’s allowed discount (400 PRICE_BELOW_ALLOWED_DISCOUNT) and the list price (400 PRICE_ABOVE_LIST), as in an order’s edit. It is kept with the market's currency and the configuration it was set for: an add with another \`country\` (which moves the cart), \`PUT cart\` to another country or a new configuration (\`cart/update-item\`) drops it, and the checkout checks it again against today's list price and the dealer's terms (409 DEALER_PRICE_CHANGED at the confirm when it had to change). ${MIXING} ${ACCESS} The answer is the cart priced, or with \`answer=summary\` only its lines and units (decision 035).`,
        querystring: CartAddItemQuery,
        body: AddItemBody,
        response: { 200: z.union([Cart, CartSummary]), ...errors },
      },
    },
    async (request) => cart.addItem(await callerOf(request), request.query, request.body),
  );

  app.post(
    '/cart/add-stock-bike',
    {
      schema: {
        tags: ['cart'],
        summary: 'Add a bike in stock',
        description: `The spec’s body is \`{product, quantity: 1, componentNames}\`; none of those names the bike, so \`stockBikeId\` (the bike’s \`_id\` in POST vehicles/stock-bikes) carries it. \`product\`, when sent, must be the bike’s model (400 BAD_REQUEST otherwise); \`componentNames\` is ignored (the bike has its own options); \`quantity\` can only be 1. Only a bike that is available and stands in the \`country\` can be added (404 STOCK_BIKE_NOT_FOUND otherwise). One line per bike, always quantity 1: adding it again changes nothing. ${MIXING} ${ACCESS}`,
        querystring: CartAddQuery,
        body: AddStockBikeBody,
        response: { 200: Cart, ...errors },
      },
    },
    async (request) => cart.addStockBike(await callerOf(request), request.query, request.body),
  );

  app.post(
    '/cart/add-store-item',
    {
      schema: {
        tags: ['cart'],
        summary: 'Add a part, accessory, merchandise or extended warranty',
        description: `\`variant_code\` as in GET store/variants (404 VARIANT_NOT_FOUND when unknown); a variant without a price in the country or NOT_AVAILABLE is a 400 CART_ITEM_UNAVAILABLE. \`quantity\` 1–99 (default 1) adds to the line of the same variant and VIN. \`vin\` (optional): the vehicle the part or warranty is for, 17 characters without I, O and Q. ${MIXING} ${ACCESS}`,
        querystring: CartAddQuery,
        body: AddStoreItemBody,
        response: { 200: Cart, ...errors },
      },
    },
    async (request) => cart.addStoreItem(await callerOf(request), request.query, request.body),
  );

  app.post(
    '/cart/update-item',
    {
      schema: {
        tags: ['cart'],
        summary: 'Change the configuration of a bike line (builder edit mode)',
        description: `Replaces the line’s options (groups left out take their default, as in orderInfo) and keeps its quantity; if another line already has the new configuration, the quantities add up. A stock bike’s line cannot change (400 STOCK_BIKE_LINE_FIXED). Priced in the cart’s market (\`country\` is ignored, decision 035). ${ACCESS}`,
        querystring: CartReadQuery,
        body: UpdateItemBody,
        response: { 200: Cart, ...errors },
      },
    },
    async (request) => cart.updateItem(await callerOf(request), request.query, request.body),
  );

  const quantityNote =
    '`operation`: `increment` or `decrement` (`add` and `subtract` are accepted as the same). A quantity stays between 1 and 99: decrementing a line of 1 leaves it at 1 — removing is its own call. An unknown line is 404 CART_ITEM_NOT_FOUND.';

  app.post(
    '/cart/update-quantity',
    {
      schema: {
        tags: ['cart'],
        summary: 'One more or one less of a bike line',
        description: `${quantityNote} A stock bike’s line is always 1: 400 STOCK_BIKE_LINE_FIXED. ${ACCESS}`,
        querystring: CartQuery,
        body: UpdateQuantityBody,
        response: { 200: Cart, ...errors },
      },
    },
    async (request) =>
      cart.updateQuantity(await callerOf(request), request.query.cartId, request.body.itemId, request.body.operation),
  );

  app.post(
    '/cart/update-store-quantity',
    {
      schema: {
        tags: ['cart'],
        summary: 'One more or one less of a store line',
        description: `${quantityNote} ${ACCESS}`,
        querystring: CartQuery,
        body: UpdateStoreQuantityBody,
        response: { 200: Cart, ...errors },
      },
    },
    async (request) =>
      cart.updateStoreQuantity(
        await callerOf(request),
        request.query.cartId,
        request.body.store_item_id,
        request.body.operation,
      ),
  );

  app.post(
    '/cart/remove-item',
    {
      schema: {
        tags: ['cart'],
        summary: 'Remove a bike line',
        description: `404 CART_ITEM_NOT_FOUND when the cart has no such line. ${ACCESS}`,
        querystring: CartQuery,
        body: RemoveItemBody,
        response: { 200: Cart, ...errors },
      },
    },
    async (request) => cart.removeItem(await callerOf(request), request.query.cartId, request.body.itemId),
  );

  app.post(
    '/cart/remove-store-item',
    {
      schema: {
        tags: ['cart'],
        summary: 'Remove a store line',
        description: `404 CART_ITEM_NOT_FOUND when the cart has no such line. ${ACCESS}`,
        querystring: CartQuery,
        body: RemoveStoreItemBody,
        response: { 200: Cart, ...errors },
      },
    },
    async (request) => cart.removeStoreItem(await callerOf(request), request.query.cartId, request.body.store_item_id),
  );

  app.put(
    '/cart/clean',
    {
      schema: {
        tags: ['cart'],
        summary: 'Empty the cart',
        description: `Removes every line; the cart keeps its id. ${ACCESS}`,
        querystring: CartQuery,
        response: { 200: Cart, ...errors },
      },
    },
    async (request) => cart.clean(await callerOf(request), request.query.cartId),
  );

  app.put(
    '/cart',
    {
      schema: {
        tags: ['cart'],
        summary: 'Move the cart to another country',
        description: `The lines are priced in that market from now on (lines without a price there become unavailable); a dealer's own prices (\`overwritePrice\`), set in the old market's currency, are dropped. An unknown or inactive country is a 404 COUNTRY_NOT_FOUND. ${ACCESS}`,
        querystring: CartQuery,
        body: SetCountryBody,
        response: { 200: Cart, ...errors },
      },
    },
    async (request) => cart.setCountry(await callerOf(request), request.query.cartId, request.body.country),
  );

  app.post(
    '/cart/clone',
    {
      schema: {
        tags: ['cart'],
        summary: 'Copy a cart’s lines into an open cart (e.g. to reorder)',
        description: `Copies the lines that can still be bought (priced in the source’s country) into the caller’s open cart (created if needed), or into a new anonymous cart for an anonymous caller; answers that cart and \`didClone: true\`. When nothing can be copied, or the source is the caller’s own open cart, answers the source unchanged with \`didClone: false\`. Works on an ordered cart. ${MIXING} ${ACCESS}`,
        querystring: CartQuery.required(),
        response: { 200: CloneResult, ...errors },
      },
    },
    async (request) => cart.clone(await callerOf(request), request.query.cartId),
  );

  app.post(
    '/cart/merge',
    {
      schema: {
        tags: ['cart'],
        summary: 'Merge an anonymous cart into the signed-in user’s cart (at sign-in)',
        description: `Signed in only (401 otherwise). The anonymous cart’s lines join the user’s open cart (created if needed; quantities add up, a stock bike stays one line) and the anonymous cart is marked merged, in one transaction; answers the user’s cart and \`didMerge: true\`. Idempotent: a cart already merged (or ordered, or the user’s own) changes nothing and answers \`didMerge: false\` with the user’s open cart (or null). Another user’s cart is 403; an unknown id 404 SHOPPING_CART_NOT_FOUND. When one cart holds bikes and the other an extended warranty, 400 CART-ERROR-003 and nothing changes (the anonymous cart stays as it was).`,
        body: MergeBody,
        response: { 200: MergeResult, ...errors },
      },
    },
    async (request) => {
      const caller = await callerOf(request);
      if (!caller) throw new ApiError('UNAUTHORIZED');
      return cart.merge(caller, request.body.cartId);
    },
  );
};
