import { CUSTOMER_TYPES } from '@varg/domain';
import { z } from 'zod';
import { formNumber } from './form-number.ts';
import { paginated } from './markets.ts';
import { OrderId, OrderStatus, OrderType, OrderView } from './orders.ts';

// Dealer orders and order edits (spec sections 2 "/orders", 6, 7 "Orders"; docs/decisions/025-dealer-orders.md).

const Uuid = z.uuid();
const Hash = z
  .string()
  .regex(/^[0-9a-z]{1,16}$/)
  .meta({ description: 'A configuration hash (GET checkout/orderInfo answers it)' });
// Not z.coerce: it took `quantity: true` as 1 and edited the order.
const Quantity = formNumber(z.number().int().min(1).max(99));
const MinorUnits = formNumber(z.number().int().min(0).max(100_000_000));

export const DealerOrderListQuery = z.object({
  type: OrderType.optional(),
  status: OrderStatus.optional().meta({ description: 'As the payment ledger says (cancelled as stored)' }),
  search: z
    .string()
    .trim()
    .max(100)
    .optional()
    .meta({ description: 'An order number, or part of the customer’s name or e-mail' }),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
});
export type DealerOrderListQuery = z.infer<typeof DealerOrderListQuery>;

export const OrderAttachment = z
  .object({
    id: z.string(),
    name: z.string(),
    type: z.string().meta({ description: 'INVOICE' }),
    salesorder_type: z.string().meta({ description: 'BIKE' }),
    size: z.number().int().meta({ description: 'Bytes' }),
    createdAt: z.string(),
  })
  .meta({ id: 'OrderAttachment' });
export type OrderAttachment = z.infer<typeof OrderAttachment>;

export const DealerOrderLineEditing = z.object({
  lineId: z.string(),
  editable: z.boolean().meta({ description: 'Bike and stock-bike lines; store lines are not changed here' }),
  listPrice: z.number().int().meta({ description: 'The unit price the allowed discount is measured from' }),
  minPrice: z.number().int().meta({ description: 'The lowest unit price the dealer may set (list less allowed)' }),
});

export const DealerOrderView = OrderView.extend({
  dealerId: z.string().nullable(),
  own: z.boolean().meta({ description: 'The dealer bought it (else it is a customer’s order the dealer looks after)' }),
  cartId: z
    .string()
    .nullable()
    .meta({ description: 'On the dealer’s own orders, the cart it was ordered from (to reorder: POST cart/clone)' }),
  editable: z.boolean().meta({ description: 'The caller may change prices and lines (not cancelled, theirs)' }),
  maxDiscountBp: z.number().int().meta({ description: 'The caller’s allowed discount, basis points' }),
  editing: z.array(DealerOrderLineEditing),
  attachments: z.array(OrderAttachment),
}).meta({ id: 'DealerOrder' });
export type DealerOrderView = z.infer<typeof DealerOrderView>;

export const DealerOrderPage = paginated(DealerOrderView).meta({ id: 'DealerOrderPage' });
export type DealerOrderPage = z.infer<typeof DealerOrderPage>;

export const OrderSettlement = z
  .object({
    previousTotal: z.number().int(),
    total: z.number().int(),
    paid: z.number().int().meta({ description: 'Received and kept, after any credit given back' }),
    toPay: z.number().int().meta({ description: 'What the buyer still owes' }),
    credited: z.number().int().meta({ description: 'Paid beyond the new total, given back as store credit' }),
  })
  .meta({ id: 'OrderSettlement' });
export type OrderSettlement = z.infer<typeof OrderSettlement>;

export const OrderEditResult = z
  .object({ order: DealerOrderView, settlement: OrderSettlement })
  .meta({ id: 'OrderEditResult' });
export type OrderEditResult = z.infer<typeof OrderEditResult>;

export const UpdatePricesBody = z.object({
  customerType: z.enum(CUSTOMER_TYPES),
  deliveryMethod: z
    .string()
    .trim()
    .min(1)
    .max(80)
    .meta({ description: 'A shipping method `_id` of the order’s country (home_delivery, dealer_pickup:<id>, …)' }),
});
export type UpdatePricesBody = z.infer<typeof UpdatePricesBody>;

export const OrderEditItemBody = z.object({
  orderId: OrderId,
  lineId: Uuid,
  hash: Hash.optional().meta({ description: 'A new configuration for a bike line; the line’s own without it' }),
  quantity: Quantity,
  overwritePrice: formNumber(z.number().int().min(0).max(100_000_000))
    .meta({ description: 'The dealer’s unit price, within the allowed discount' })
    .optional(),
});
export type OrderEditItemBody = z.infer<typeof OrderEditItemBody>;

export const OrderAddItemBody = z.object({
  orderId: OrderId,
  hash: Hash,
  quantity: Quantity,
  overwritePrice: MinorUnits.optional(),
});
export type OrderAddItemBody = z.infer<typeof OrderAddItemBody>;

/** A PDF up to 10 MB is at most this many base64 characters. */
export const MAX_DEALER_INVOICE_BYTES = 10 * 1024 * 1024;

export const AppendDealerInvoiceBody = z.object({
  salesorder_type: z.literal('BIKE'),
  type: z.literal('INVOICE'),
  name: z
    .string()
    .trim()
    .min(1)
    .max(120)
    .meta({ description: 'The file’s name as the dealer knows it (shown, never used as a path)' }),
  invoice: z
    .string()
    .min(1)
    .max(Math.ceil(MAX_DEALER_INVOICE_BYTES / 3) * 4 + 200)
    .meta({ description: 'The PDF, base64 (a data: URL prefix is accepted)' }),
});
export type AppendDealerInvoiceBody = z.infer<typeof AppendDealerInvoiceBody>;

export const AttachmentParams = z.object({ id: OrderId, attachmentId: Uuid });
