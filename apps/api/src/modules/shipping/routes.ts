import { ErrorEnvelope, ShippingMethod as ShippingMethodSchema, ShippingMethodsQuery } from '@varg/contracts';
import type { ShipmentKind } from '@varg/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ShippingService } from './service.ts';

/**
 * What ships and its subtotal for a cart or order (`shoppingCartId`, `orderId`); the checkout module provides it.
 * Without it, or for an id it does not resolve, `kind` and `subtotal` come from the query.
 */
export type ShipmentResolver = (
  ref: { shoppingCartId?: string | undefined; orderId?: string | undefined },
  request: FastifyRequest,
) => Promise<{ kind: ShipmentKind; subtotal: number } | null>;

/** `GET /v1/shipping-configs/allowed_methods` (spec section 7, "Checkout and payment"; decision 013). */
export const shippingRoutes: FastifyPluginAsyncZod<{
  shipping: ShippingService;
  shipmentOf?: ShipmentResolver | undefined;
}> = async (app, { shipping, shipmentOf }) => {
  app.get(
    '/shipping-configs/allowed_methods',
    {
      schema: {
        tags: ['tax'],
        summary: 'Shipping methods for a country',
        description:
          'Home delivery first and `default`: bikes by van for the market’s fee, store items by parcel (free from a subtotal per currency). Then pickup at each approved dealer in the country (`pickup` with the dealer’s id, store name as `label`, address and `[longitude, latitude]`; `forceDealerDefaultAddress`: the order ships to the dealer) and, in Spain, at the Barcelona headquarters. Free pickups. `_id` is unique (`dealer_pickup:<dealerId>`); `name` is what the order stores. Prices are minor units in the country’s currency, as listed (with VAT where the country shows VAT). With `shoppingCartId` or `orderId` the cart’s or order’s content decides `kind` and `subtotal`; otherwise the query’s (`kind` vehicle by default, `subtotal` 0). Unknown or inactive country: 404 COUNTRY_NOT_FOUND.',
        querystring: ShippingMethodsQuery,
        response: { 200: z.array(ShippingMethodSchema), 400: ErrorEnvelope, 404: ErrorEnvelope, 429: ErrorEnvelope },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const resolved =
        shipmentOf && (q.shoppingCartId || q.orderId)
          ? await shipmentOf({ shoppingCartId: q.shoppingCartId, orderId: q.orderId }, request)
          : null;
      reply.header('cache-control', 'private, max-age=60');
      return shipping.allowedMethods({
        country: q.country,
        kind: resolved?.kind ?? q.kind ?? 'vehicle',
        subtotal: resolved?.subtotal ?? q.subtotal ?? 0,
      });
    },
  );
};
