// The order page's actions (decision 042): each posts one intent to the API and answers what the page shows — a
// success with what happened, or the API's translated error with the values typed, so the form keeps them.
import { SHIPMENT_CARRIERS } from '@varg/contracts';
import { data, type RouterContextProvider } from 'react-router';
import { isApiRequestError } from '../../../lib/api.ts';
import { userApi } from '../../../lib/auth.server.ts';
import { minorUnits } from './amount.ts';

export type OrderActionResult =
  | {
      intent: string;
      ok: true;
      /** Catalog key of the success message, with its parameters (amounts in minor units with `currency`). */
      key: string;
      amount?: number;
      currency?: string;
      email?: string;
      warning?: string;
    }
  | { intent: string; ok: false; error: string; values: Record<string, string> };

export async function orderAction({
  context,
  request,
  params,
}: {
  context: Readonly<RouterContextProvider>;
  request: Request;
  params: { id: string };
}): Promise<OrderActionResult> {
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  const text = (name: string) => String(form.get(name) ?? '').trim();
  const values = Object.fromEntries([...form.entries()].map(([k, v]) => [k, String(v)]));
  const api = userApi(context, request);
  const path = { id: params.id };
  const failed = (error: string): OrderActionResult => ({ intent, ok: false, error, values });
  try {
    switch (intent) {
      case 'refund': {
        const amount = minorUnits(text('amount'));
        if (amount === null) return failed('admin_orders_amount_invalid');
        const to = text('to') === 'wallet' ? 'wallet' : 'original';
        await api.call('postAdminOrdersByIdRefund', { path, body: { paymentId: text('paymentId'), amount, to } });
        return { intent, ok: true, key: 'admin_orders_refund_done', amount, currency: text('currency') };
      }
      case 'received':
        await api.call('postAdminOrdersByIdReceived', { path, body: { paymentId: text('paymentId') } });
        return { intent, ok: true, key: 'admin_orders_received_done' };
      case 'invoice': {
        const detail = await api.call('postAdminOrdersByIdInvoiceEmail', { path });
        return { intent, ok: true, key: 'admin_orders_invoice_sent', email: detail.order.contact.email };
      }
      case 'ship': {
        const carrier = text('carrier');
        if (!(SHIPMENT_CARRIERS as readonly string[]).includes(carrier)) return failed('error_validation');
        const url = text('trackingUrl');
        await api.call('postAdminOrdersByIdShipments', {
          path,
          body: {
            carrier: carrier as (typeof SHIPMENT_CARRIERS)[number],
            trackingNumber: text('trackingNumber'),
            ...(url ? { trackingUrl: url } : {}),
          },
        });
        return { intent, ok: true, key: 'admin_orders_shipped_done' };
      }
      case 'cancel': {
        const done = await api.call('postAdminOrdersByIdCancel', {
          path,
          body: {
            refundTo: text('refundTo') === 'wallet' ? 'wallet' : 'original',
            reason: text('reason').slice(0, 500),
          },
        });
        return {
          intent,
          ok: true,
          key: 'admin_orders_cancel_done',
          ...(done.refundFailures.length ? { warning: 'admin_orders_refund_failed' } : {}),
        };
      }
      default:
        throw data({ message: 'error_bad_request' }, { status: 400 });
    }
  } catch (error) {
    if (isApiRequestError(error) && error.status < 500) return { intent, ok: false, error: error.message, values };
    if (isApiRequestError(error) && error.code === 'PAYMENT_PROVIDER_ERROR')
      return { intent, ok: false, error: error.message, values };
    throw error;
  }
}
