// A dealer's edit of an order, from the order page's forms to one API operation per intent (decision 025): a line's
// price and quantity, or its configuration from the configurator (decision 050) (putOrderEditItem), a bike added by
// its configuration code (postOrderAddItem), customer type and delivery (putOrderUpdatePricesById), and a reorder of
// the dealer's own order (postCartClone). The form's values are read through the operations' own zod schemas.
import { OrderAddItemBody, OrderEditItemBody, type OrderEditResult, UpdatePricesBody } from '@varg/contracts';
import { isUuid, minorUnitsFromDecimal } from '@varg/domain';
import { isApiRequestError } from '../../lib/api.ts';
import type { TypedCalls } from '../../lib/api-call.ts';

export const DEALER_ORDER_INTENTS = ['edit-item', 'add-item', 'update-prices'] as const;
export type DealerOrderIntent = (typeof DEALER_ORDER_INTENTS)[number];

/** What the page's action answers: the money an edit moved, or the error (a catalog key or the API's message). */
export type DealerOrderActionData =
  | { ok: true; intent: string; settlement: OrderEditResult['settlement'] }
  | { ok: false; intent: string; lineId?: string; error: string };

/** An edit read from the form, ready to send; or why it cannot be (a catalog key). */
export type DealerOrderEdit =
  | { ok: true; intent: DealerOrderIntent; lineId?: string; send: (api: TypedCalls) => Promise<OrderEditResult> }
  | { ok: false; intent: string; lineId?: string; error: string };

const isIntent = (value: string): value is DealerOrderIntent =>
  (DEALER_ORDER_INTENTS as readonly string[]).includes(value);

export function readDealerOrderEdit(form: FormData, orderId: string): DealerOrderEdit {
  const text = (name: string) => String(form.get(name) ?? '').trim();
  const intent = text('intent');
  const lineId = intent === 'edit-item' ? text('lineId') || undefined : undefined;
  const fail = (error: string) => ({ ok: false as const, intent, ...(lineId ? { lineId } : {}), error });
  if (!isIntent(intent)) return fail('error_bad_request');
  // The unit price is typed in major units (`1234.50`); the API takes minor units.
  const price = text('price');
  const overwritePrice = price ? minorUnitsFromDecimal(price) : undefined;
  if (overwritePrice === null) return fail('dealer_order_price_invalid');
  const quantity = text('quantity') || '1';
  const priced = overwritePrice !== undefined ? { overwritePrice } : {};

  if (intent === 'edit-item') {
    // A new configuration comes from the configurator's edit mode (decision 050); the line form has none.
    const hash = text('hash').toLowerCase();
    const body = OrderEditItemBody.safeParse({
      orderId,
      lineId: text('lineId'),
      quantity,
      ...priced,
      ...(hash ? { hash } : {}),
    });
    if (!body.success) return fail('dealer_order_form_invalid');
    return {
      ok: true,
      intent,
      ...(lineId ? { lineId } : {}),
      send: (api) => api.call('putOrderEditItem', { body: body.data }),
    };
  }
  if (intent === 'add-item') {
    const body = OrderAddItemBody.safeParse({ orderId, hash: text('hash').toLowerCase(), quantity, ...priced });
    if (!body.success) return fail('dealer_order_form_invalid');
    return { ok: true, intent, send: (api) => api.call('postOrderAddItem', { body: body.data }) };
  }
  const body = UpdatePricesBody.safeParse({
    customerType: text('customerType'),
    deliveryMethod: text('deliveryMethod'),
  });
  if (!body.success) return fail('dealer_order_form_invalid');
  return {
    ok: true,
    intent,
    send: (api) => api.call('putOrderUpdatePricesById', { path: { id: orderId }, body: body.data }),
  };
}

/**
 * Reorder (POST cart/clone): the order's cart copied into the dealer's open cart. Null when it was; else what to
 * show — the server's message, "nothing to copy", or the unknown error — and the status.
 */
export async function reorder(api: TypedCalls, cartId: string): Promise<{ error: string; status: number } | null> {
  if (!isUuid(cartId)) return { error: 'error_generic', status: 400 };
  try {
    const { didClone } = await api.call('postCartClone', { query: { cartId } });
    return didClone ? null : { error: 'dealer_reorder_nothing', status: 409 };
  } catch (error) {
    if (isApiRequestError(error) && error.status < 500) return { error: error.message, status: error.status };
    return { error: 'error_generic', status: 502 };
  }
}
