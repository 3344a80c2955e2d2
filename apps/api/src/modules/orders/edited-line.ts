// Builder edit mode for orders (spec sections 3 and 7; decision 050): the order line the configurator edits, read by
// the line's owner or its dealer. Anybody else, and an unknown order, is ORDER_NOT_FOUND (never a 403: ids cannot be
// probed); a line the order does not have, or one without a configuration, is ORDER_LINE_NOT_FOUND.
import { ApiError } from '../../lib/api-error.ts';
import type { OrderLineToEdit } from '../catalog/order-line.ts';
import { isApprovedDealer } from '../dealers/directory.ts';
import type { DealerOrdersContext } from './dealer-context.ts';
import type { DealerOrderPricing } from './dealer-pricing.ts';
import type { Viewer } from './service.ts';

export function editedOrderLines(
  { deps }: DealerOrdersContext,
  { listPriceOf }: Pick<DealerOrderPricing, 'listPriceOf'>,
) {
  /** The buyer, or the approved dealer who looks after the order. */
  async function mayRead(viewer: Viewer, order: { userId: string; dealerId: string | null }) {
    if (order.userId === viewer.userId) return true;
    if (!order.dealerId || !viewer.roles.includes('dealer')) return false;
    const dealer = await deps.dealerOf(viewer.userId);
    return isApprovedDealer(dealer) && dealer.id === order.dealerId;
  }

  return {
    async editedLine(viewer: Viewer, orderId: string, lineId: string): Promise<OrderLineToEdit> {
      const found = await deps.orders.order(orderId);
      if (!found || !(await mayRead(viewer, found.order))) throw new ApiError('ORDER_NOT_FOUND');
      const line = found.lines.find((l) => l.id === lineId);
      if (!line?.hash || !line.productId || (line.type !== 'bike' && line.type !== 'stock_bike')) {
        throw new ApiError('ORDER_LINE_NOT_FOUND');
      }
      return {
        country: found.order.country,
        currency: found.order.currency,
        productId: line.productId,
        hash: line.hash,
        optionIds: line.optionIds ?? [],
        quantity: line.quantity,
        listPrice: await listPriceOf(line, found.order),
        unitPrice: line.unitPrice,
      };
    },
  };
}
