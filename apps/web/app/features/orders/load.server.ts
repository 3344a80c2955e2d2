import type { OrderType } from '@varg/contracts';
import { isUuid } from '@varg/domain';
import { data, type RouterContextProvider } from 'react-router';
import { isApiRequestError } from '../../lib/api.ts';
import { userApi } from '../../lib/auth.server.ts';
import { pageParam } from '../store/pagination.tsx';
import { deliveryEditAction, deliveryOptions } from './delivery-edit.server.ts';
import { orderCards } from './order-list.tsx';

interface Args {
  request: Request;
  context: Readonly<RouterContextProvider>;
}

export const ORDERS_PAGE_SIZE = 10;

/** One page (`?page=`) of the signed-in user's orders, of one type or of both. */
export async function loadOrders({ request, context }: Args, type?: OrderType) {
  const query = { page: pageParam(new URL(request.url)), limit: ORDERS_PAGE_SIZE, ...(type ? { type } : {}) };
  return { orders: orderCards(await userApi(context, request).call('getOrder', { query })) };
}

/** The API's 404 (someone else's order, an unknown one) as the page's 404, with the API's translated message. */
function notFound(error: unknown): never {
  if (isApiRequestError(error) && (error.status === 404 || error.status === 400)) {
    throw data({ message: error.message }, { status: 404 });
  }
  throw error;
}

/**
 * One order of the signed-in user, the bank details when a bank transfer is awaited, and what the buyer may choose
 * while the delivery can still change (decision 049).
 */
export async function loadOrder({ request, context }: Args, type: OrderType, id: string | undefined) {
  if (!id || !isUuid(id)) throw new Response(null, { status: 404 });
  const api = userApi(context, request);
  try {
    const order = await (type === 'vehicle'
      ? api.call('getOrderById', { path: { id } })
      : api.call('getStoreOrdersById', { path: { id } }));
    const [bank, { attachments }, delivery] = await Promise.all([
      order.bankTransferPending ? api.call('getOrderGetBankDetailsById', { path: { id } }) : null,
      api.call('getOrderByIdDealerInvoices', { path: { id } }),
      deliveryOptions(api, order),
    ]);
    return { order, bank, dealerInvoices: attachments, delivery };
  } catch (error) {
    notFound(error);
  }
}

/** A fresh signed download link of the order's invoice (it lasts minutes, so it is asked for on each click). */
export async function invoiceLink({ request, context }: Args, id: string | undefined): Promise<string> {
  if (!id || !isUuid(id)) throw new Response(null, { status: 404 });
  try {
    const { downloadURL } = await userApi(context, request).call('getOrderDocumentById', { path: { id } });
    return downloadURL;
  } catch (error) {
    notFound(error);
  }
}

/** The order page's action: the buyer's change of delivery and contact (decision 049). */
export async function orderAction(args: Args, type: OrderType, id: string | undefined) {
  if (!id || !isUuid(id)) throw new Response(null, { status: 404 });
  const form = await args.request.formData();
  if (form.get('intent') !== 'delivery') throw new Response(null, { status: 400 });
  const api = userApi(args.context, args.request);
  let order: Awaited<ReturnType<typeof api.call<'getOrderById'>>>;
  try {
    order = await (type === 'vehicle'
      ? api.call('getOrderById', { path: { id } })
      : api.call('getStoreOrdersById', { path: { id } }));
  } catch (error) {
    notFound(error);
  }
  const { data: answer, status } = await deliveryEditAction(args, order, form);
  return data(answer, status);
}
