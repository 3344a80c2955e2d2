import type { OrderType } from '@varg/contracts';

/** Where each type of order is listed in the account (spec section 2). */
export const ORDER_LIST_PATH: Readonly<Record<OrderType, string>> = { vehicle: '/orders/my', store: '/orders/parts' };

/** The page of one order. */
export const orderPath = (order: { type: OrderType; id: string }) => `${ORDER_LIST_PATH[order.type]}/${order.id}`;

/** The link that downloads the order's invoice (a resource route that asks the API for a fresh signed link). */
export const invoicePath = (order: { id: string }) => `/orders/invoice/${order.id}`;
