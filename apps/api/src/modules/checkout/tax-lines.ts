import type { FastifyRequest } from 'fastify';
import { ApiError } from '../../lib/api-error.ts';
import type { CartService } from '../cart/service.ts';
import type { Guards } from '../identity/auth.ts';
import type { OrdersService } from '../orders/service.ts';
import type { TaxLinesResolver } from '../tax/routes.ts';
import type { TaxService } from '../tax/service.ts';
import { checkoutCart } from './cart-adapter.ts';

/**
 * `POST tax/calculate` with only a cart or an order (spec section 7): the lines it sells, read as their owner reads
 * them. A cart is reached by its id as everywhere (an anonymous cart's id is its key; a signed-in user's cart only by
 * them); an order only by its buyer or its dealer (404 ORDER_NOT_FOUND for anyone else, so ids cannot be probed).
 * The lines are priced in the cart's or order's own market: asking for another country is 400
 * ADDRESS_COUNTRY_MISMATCH rather than an answer in the wrong tax.
 */
export function taxLinesResolver(deps: {
  cart: Pick<CartService, 'get'>;
  orders: Pick<OrdersService, 'order'>;
  tax: Pick<TaxService, 'market'>;
  guards: Pick<Guards, 'requireAuth'>;
}): TaxLinesResolver {
  async function callerOf(request: FastifyRequest) {
    if (!request.headers.authorization) return null;
    await deps.guards.requireAuth(request);
    return request.auth ? { userId: request.auth.userId, roles: request.auth.roles } : null;
  }
  return async (ref, request) => {
    const caller = await callerOf(request);
    const country = (request.body as { country: string }).country.toUpperCase();
    if (ref.orderId) {
      if (!caller) throw new ApiError('ORDER_NOT_FOUND');
      const order = await deps.orders.order(caller, ref.orderId, 'en-us');
      if (order.country !== country) throw new ApiError('ADDRESS_COUNTRY_MISMATCH');
      const { taxDisplay } = await deps.tax.market(country);
      return {
        lines: [
          // A line's total as charged: one unit of that amount taxes the same as the units it holds.
          ...order.lines.map((l) => ({ amount: l.amount, quantity: 1, taxDisplay, ref: l.id })),
          ...(order.shipping > 0 ? [{ amount: order.shipping, quantity: 1, taxDisplay, ref: 'shipping' }] : []),
        ],
      };
    }
    const cart = checkoutCart(await deps.cart.get(caller, ref.cartId));
    if (cart.country !== country) throw new ApiError('ADDRESS_COUNTRY_MISMATCH');
    const { taxDisplay } = await deps.tax.market(country);
    return {
      lines: cart.lines
        .filter((l) => l.available)
        .map((l) => ({ amount: l.unitPrice, quantity: l.quantity, taxDisplay, ref: l.id })),
    };
  };
}
