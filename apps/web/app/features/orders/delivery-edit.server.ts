// The buyer's change of delivery method, delivery address and contact (PUT order/{id}, decision 049): what the order
// page offers (methods, saved addresses) and its action. A change of price is previewed and shown to the buyer first;
// only the total they confirmed is written.
import { OrderUpdateBody, type OrderView } from '@varg/contracts';
import type { RouterContextProvider } from 'react-router';
import { isApiRequestError } from '../../lib/api.ts';
import type { TypedCalls } from '../../lib/api-call.ts';
import { userApi } from '../../lib/auth.server.ts';
import { DELIVERY_FIELDS, type DeliveryEditData } from './delivery-fields.ts';

/** Until a parcel goes out or a bike is handed over the buyer may change delivery and contact (not when cancelled). */
export async function deliveryOptions(api: TypedCalls, order: OrderView) {
  if (order.status === 'cancelled' || order.shipments.length > 0) return null;
  if (order.type === 'vehicle') {
    const { vehicles } = await api.call('getVehicles');
    if (vehicles.some((v) => v.orderId === order.id)) return null;
  }
  const subtotal = order.lines.reduce((sum, l) => sum + l.unitPrice * l.quantity, 0);
  const [methods, { addresses }] = await Promise.all([
    api.call('getShippingConfigsAllowedMethods', { query: { country: order.country, kind: order.type, subtotal } }),
    api.call('getV2Address'),
  ]);
  return { methods, addresses: addresses.filter((a) => a.country === order.country) };
}

/** The API's body from the form: the address chosen (kept, saved or typed), the method and the contact. */
export function readDeliveryForm(form: FormData, country: string) {
  const fields = Object.fromEntries(DELIVERY_FIELDS.map((name) => [name, String(form.get(name) ?? '').trim()]));
  const choice = fields.address ?? 'keep';
  const expected = String(form.get('expectedTotal') ?? '');
  const body = OrderUpdateBody.safeParse({
    ...(fields.deliveryMethod ? { deliveryMethod: fields.deliveryMethod } : {}),
    ...(choice.startsWith('saved:') ? { addressId: choice.slice(6) } : {}),
    ...(choice === 'new'
      ? {
          address: {
            country,
            line_1: fields.line_1,
            line_2: fields.line_2,
            postal_code: fields.postal_code,
            city: fields.city,
            state: fields.state,
          },
        }
      : {}),
    contact: { firstName: fields.firstName, lastName: fields.lastName, email: fields.email, phone: fields.phone },
    ...(/^\d{1,10}$/.test(expected) ? { expectedTotal: Number(expected) } : {}),
  });
  return { fields, body };
}

/** The order page's action: previews the change; saves it when the total stays or the buyer confirmed the new one. */
export async function deliveryEditAction(
  { request, context }: { request: Request; context: Readonly<RouterContextProvider> },
  order: Pick<OrderView, 'id' | 'country' | 'total'>,
  form: FormData,
): Promise<{ data: DeliveryEditData; status: number }> {
  const { fields, body } = readDeliveryForm(form, order.country);
  if (!body.success) {
    return { data: { intent: 'delivery', ok: false, error: 'order_edit_form_invalid', fields }, status: 400 };
  }
  const api = userApi(context, request);
  const path = { id: order.id };
  try {
    if (body.data.expectedTotal === undefined) {
      const preview = await api.call('putOrderById', { path, body: { ...body.data, preview: true } });
      if (preview.settlement.total !== order.total) {
        return { data: { intent: 'delivery', ok: false, confirm: preview.settlement, fields }, status: 200 };
      }
    }
    const done = await api.call('putOrderById', { path, body: body.data });
    return { data: { intent: 'delivery', ok: true, settlement: done.settlement }, status: 200 };
  } catch (error) {
    if (!isApiRequestError(error) || error.status >= 500) throw error;
    const message = error.code === 'VALIDATION_ERROR' ? 'order_edit_form_invalid' : error.message;
    return { data: { intent: 'delivery', ok: false, error: message, fields }, status: error.status };
  }
}
