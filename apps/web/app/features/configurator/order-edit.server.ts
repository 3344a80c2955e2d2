// Builder edit mode for orders (spec sections 3 and 7; decision 050): the order line a dealer edits from the order
// page, read through the dealer's order (its number, the line's place and quantity, the order's market), and the
// configurator's choice priced for that line (GET checkout/{hash}/pricing with orderId and lineId: its discount).
import type { DealerOrderView, PricingInfo } from '@varg/contracts';
import { isApiRequestError } from '../../lib/api.ts';
import type { TypedCalls } from '../../lib/api-call.ts';

/** What the configurator shows and saves of the edited order line. */
export interface OrderLineEdit {
  orderId: string;
  lineId: string;
  /** The order's number, as its page shows it. */
  number: number;
  /** The line's place on the order (1 is the first). */
  position: number;
  quantity: number;
  /** The order's market: the configurator prices in its currency. */
  country: string;
  /** The line's configuration as ordered. */
  hash: string;
}

const notFound = () => new Response(null, { status: 404 });

/**
 * The order line, when the signed-in dealer may edit it: a bike line of an order they look after that is not
 * cancelled. Anything else is a 404, as the API answers it.
 */
export async function orderLineEdit(api: TypedCalls, ids: { order: string; line: string }): Promise<OrderLineEdit> {
  let order: DealerOrderView;
  try {
    order = await api.call('getDealerOrdersById', { path: { id: ids.order } });
  } catch (error) {
    if (isApiRequestError(error) && error.status === 404) throw notFound();
    throw error;
  }
  const position = order.lines.findIndex((l) => l.id === ids.line);
  const line = order.lines[position];
  if (!order.editable || line?.type !== 'bike' || !line.hash) throw notFound();
  return {
    orderId: order.id,
    lineId: line.id,
    number: order.number,
    position: position + 1,
    quantity: line.quantity,
    country: order.country,
    hash: line.hash,
  };
}

/** The query naming the edited line on GET checkout/{hash}[/pricing]. */
export const lineQuery = (edit: OrderLineEdit) => ({
  country: edit.country,
  orderId: edit.orderId,
  lineId: edit.lineId,
});

/** A configuration's pricing as the edited line would have it (the line's discount, in the order's currency). */
export function pricedForLine(api: TypedCalls, edit: OrderLineEdit, hash: string): Promise<PricingInfo> {
  return api.call('getCheckoutByHashPricing', { path: { hash }, query: lineQuery(edit) });
}
