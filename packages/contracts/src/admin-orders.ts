// The back office's orders (issue 24 item 5; docs/decisions/042-order-admin.md): the list, the order page and the
// administrators' actions on an order.
import { z } from 'zod';
import { listQuery, pageOf } from './backoffice.ts';
import { OrderId, OrderShipment, OrderStatus, OrderType, OrderView, SHIPMENT_CARRIERS } from './orders.ts';

export const ADMIN_ORDER_SORTS = ['createdAt', 'number', 'total', 'buyer', 'country'] as const;

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .meta({ description: 'YYYY-MM-DD (UTC)' });

export const AdminOrderListQuery = listQuery(ADMIN_ORDER_SORTS).extend({
  market: z
    .string()
    .regex(/^[A-Za-z]{2}$/)
    .transform((c) => c.toUpperCase())
    .optional()
    .meta({ description: 'The order’s country (ISO 3166-1 alpha-2)' }),
  status: OrderStatus.optional().meta({ description: 'As the payment ledger says (cancelled as stored)' }),
  kind: OrderType.optional(),
  dealer: z.uuid().optional().meta({ description: 'The dealer who looks after the order' }),
  from: day.optional().meta({ description: 'Placed on or after this day (UTC)' }),
  to: day.optional().meta({ description: 'Placed on or before this day (UTC)' }),
  view: z
    .enum(['all', 'overdue'])
    .default('all')
    .meta({ description: '`overdue`: unpaid orders whose payment deadline (the stock-bike hold) has passed' }),
});
export type AdminOrderListQuery = z.infer<typeof AdminOrderListQuery>;

export const AdminOrderRow = z
  .object({
    id: z.string(),
    number: z.number().int(),
    type: OrderType,
    status: OrderStatus,
    createdAt: z.string(),
    country: z.string(),
    currency: z.string(),
    buyer: z.object({ name: z.string(), email: z.string() }),
    dealer: z.object({ id: z.string(), name: z.string() }).nullable(),
    vins: z.array(z.string()),
    total: z.number().int(),
    paid: z.number().int().meta({ description: 'SUCCEEDED payments less refunds' }),
    toPay: z.number().int(),
    paymentDeadline: z.string().nullable().meta({ description: 'The stock-bike hold of an unpaid order (ISO time)' }),
  })
  .meta({ id: 'AdminOrderRow' });
export type AdminOrderRow = z.infer<typeof AdminOrderRow>;

export const AdminOrderPage = pageOf(AdminOrderRow).meta({ id: 'AdminOrderPage' });
export type AdminOrderPage = z.infer<typeof AdminOrderPage>;

/** A payment of the ledger as administrators read it: with its provider, reference and failure. */
export const AdminOrderPayment = z
  .object({
    id: z.string(),
    kind: z.string(),
    method: z.string(),
    status: z.string(),
    provider: z.string(),
    providerReference: z.string().nullable(),
    failureCode: z.string().nullable(),
    amount: z.number().int(),
    refunded: z.number().int(),
    refundable: z.number().int().meta({ description: 'What can still be refunded (SUCCEEDED: amount − refunded)' }),
    currency: z.string(),
    createdAt: z.string(),
    /** An in-house payment (transfer to our account, at the dealer's) waiting for the money to be recorded. */
    awaitingMoney: z.boolean(),
  })
  .meta({ id: 'AdminOrderPayment' });
export type AdminOrderPayment = z.infer<typeof AdminOrderPayment>;

export const SentEmail = z
  .object({
    id: z.string(),
    to: z.string(),
    subject: z.string(),
    lang: z.string(),
    createdAt: z.string(),
    sentAt: z.string().nullable(),
    error: z.string().nullable(),
  })
  .meta({ id: 'SentEmail' });
export type SentEmail = z.infer<typeof SentEmail>;

export const AdminOrderDetail = z
  .object({
    order: OrderView,
    ledger: z.array(AdminOrderPayment),
    refunded: z.number().int().meta({ description: 'Given back in all, to cards or as store credit' }),
    dealer: z.object({ id: z.string(), name: z.string() }).nullable(),
    buyerId: z.string(),
    paymentDeadline: z.string().nullable(),
    shipments: z.array(OrderShipment),
    dealerInvoices: z.array(z.object({ id: z.string(), name: z.string(), createdAt: z.string() })),
    emails: z.array(SentEmail).meta({ description: 'E-mails sent to the buyer about this order, newest first' }),
    stockBikes: z.array(z.string()),
  })
  .meta({ id: 'AdminOrderDetail' });
export type AdminOrderDetail = z.infer<typeof AdminOrderDetail>;

export const AdminOrderParams = z.object({ id: OrderId });

export const CancelOrderBody = z.object({
  refundTo: z
    .enum(['original', 'wallet'])
    .default('original')
    .meta({ description: 'Where what was paid goes back: the original payment(s) or the buyer’s store credit' }),
  reason: z.string().trim().max(500).default(''),
});
export type CancelOrderBody = z.infer<typeof CancelOrderBody>;

export const CancelOrderResult = z
  .object({
    id: z.string(),
    number: z.number().int(),
    status: OrderStatus,
    releasedStockBikes: z.array(z.string()),
    refunds: z.array(z.object({ paymentId: z.string(), amount: z.number().int(), to: z.enum(['original', 'wallet']) })),
    /** Refunds the provider refused: the order is cancelled; these payments are refunded by hand. */
    refundFailures: z.array(z.object({ paymentId: z.string(), code: z.string() })),
  })
  .meta({ id: 'CancelOrderResult' });
export type CancelOrderResult = z.infer<typeof CancelOrderResult>;

export const BulkCancelBody = z.object({
  ids: z.array(OrderId).min(1).max(100),
  refundTo: z.enum(['original', 'wallet']).default('original'),
  reason: z.string().trim().max(500).default(''),
});

export const BulkCancelResult = z
  .object({
    results: z.array(
      z.object({
        id: z.string(),
        number: z.number().int().nullable(),
        ok: z.boolean(),
        code: z.string().nullable(),
        message: z.string().nullable(),
      }),
    ),
  })
  .meta({ id: 'BulkCancelResult' });
export type BulkCancelResult = z.infer<typeof BulkCancelResult>;

export const AdminRefundBody = z.object({
  paymentId: z.uuid(),
  amount: z.number().int().min(1).max(100_000_000).meta({ description: 'Minor units, at most what is refundable' }),
  to: z.enum(['original', 'wallet']).default('original'),
});
export type AdminRefundBody = z.infer<typeof AdminRefundBody>;

export const ShipOrderBody = z.object({
  carrier: z.enum(SHIPMENT_CARRIERS),
  trackingNumber: z.string().trim().min(1).max(60),
  trackingUrl: z.string().trim().max(500).optional().meta({ description: 'Needed for `other`: an https link' }),
});
export type ShipOrderBody = z.infer<typeof ShipOrderBody>;

export const MarkReceivedBody = z.object({ paymentId: z.uuid() });
