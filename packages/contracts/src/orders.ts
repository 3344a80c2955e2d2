import { CART_LINE_KINDS, ORDER_STATUSES, SHIPMENT_KINDS, TAX_PRESENTATIONS } from '@varg/domain';
import { z } from 'zod';
import { paginated } from './markets.ts';

// Orders as their buyer reads them (spec section 7, "Orders"; docs/decisions/014-orders-and-invoices.md). Amounts are
// integer minor units in the order's currency; what is paid and due comes from the payment ledger.

export const OrderId = z
  .uuid()
  .meta({ description: 'An order id (UUID)', example: 'f0a1e000-0000-4000-8000-000000000001' });

export const OrderType = z
  .enum(SHIPMENT_KINDS)
  .meta({ description: 'vehicle: bikes; store: parts, accessories, warranties' });
export type OrderType = z.infer<typeof OrderType>;

export const OrderStatus = z.enum(ORDER_STATUSES).meta({
  description:
    'From the payment ledger: nothing paid yet, partly paid (a deposit), paid in full; or cancelled (the order’s own status)',
});

/** Contact of the buyer as confirmed at checkout. */
export const OrderContact = z
  .object({ firstName: z.string(), lastName: z.string(), email: z.string(), phone: z.string() })
  .meta({ id: 'OrderContact' });
export type OrderContact = z.infer<typeof OrderContact>;

/** An address copied into the order at checkout (later edits of a saved address change no order). */
export const OrderAddress = z
  .object({
    line1: z.string(),
    line2: z.string(),
    postalCode: z.string(),
    city: z.string(),
    state: z.string(),
    country: z.string().meta({ description: 'ISO 3166 code' }),
  })
  .meta({ id: 'OrderAddress' });
export type OrderAddress = z.infer<typeof OrderAddress>;

/** Who the invoice is made out to. */
export const OrderBilling = z
  .object({
    firstName: z.string(),
    lastName: z.string(),
    companyName: z.string().nullable(),
    companyId: z.string().nullable().meta({ description: 'The company’s VAT id, printed on the invoice' }),
    taxId: z.string().nullable().meta({ description: 'A private buyer’s tax id where the market asks for one (CPF)' }),
    address: OrderAddress.nullable(),
    reverseCharge: z.boolean().meta({ description: 'EU B2B with a valid VAT id: VAT is due from the buyer' }),
  })
  .meta({ id: 'OrderBilling' });
export type OrderBilling = z.infer<typeof OrderBilling>;

export const OrderLineOption = z.object({
  id: z.string(),
  group: z.string().nullable(),
  groupNameKey: z.string().nullable(),
  nameKey: z.string(),
  name: z.string().meta({ description: 'In the language of the request' }),
});

export const OrderLine = z
  .object({
    id: z.string(),
    type: z.enum(CART_LINE_KINDS),
    productId: z.string().nullable(),
    hash: z.string().nullable().meta({ description: 'The configuration hash of a bike line' }),
    variantCode: z.string().nullable(),
    vin: z.string().nullable(),
    nameKey: z.string(),
    name: z.string().meta({ description: 'What was bought, in the language of the request' }),
    options: z.array(OrderLineOption).meta({ description: 'The configuration of a bike line; empty otherwise' }),
    quantity: z.number().int(),
    unitPrice: z.number().int().meta({ description: 'One unit as listed to the buyer (with VAT where shown so)' }),
    vatRateBp: z.number().int().meta({ description: 'Basis points: 1900 = 19 %' }),
    total: z.number().int().meta({ description: 'What the line was charged, tax included where tax is charged' }),
    unitAmount: z.number().int().meta({ description: 'One unit as the invoice lists it (see taxPresentation)' }),
    amount: z.number().int().meta({
      description:
        'The line as the invoice lists it: with VAT where prices include it, before tax where tax is added, net under reverse charge',
    }),
    deposit: z.number().int(),
  })
  .meta({ id: 'OrderLine' });
export type OrderLine = z.infer<typeof OrderLine>;

export const OrderPayment = z
  .object({
    id: z.string(),
    kind: z.string().meta({ description: 'full · deposit · remaining · down_payment' }),
    method: z.string().meta({ description: 'card · bank_transfer · sepa · … (spec section 4)' }),
    status: z.string().meta({ description: 'CREATED · PROCESSING · SUCCEEDED · REQUIRES_ACTION · FAILED' }),
    amount: z.number().int(),
    refunded: z.number().int().meta({ description: 'Given back of this payment (to the card or as store credit)' }),
    currency: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: 'OrderPayment' });
export type OrderPayment = z.infer<typeof OrderPayment>;

/** The same list as SHIPMENT_CARRIERS of @varg/domain (contracts depend on zod alone). */
export const SHIPMENT_CARRIERS = [
  'dhl',
  'ups',
  'fedex',
  'gls',
  'dpd',
  'usps',
  'seur',
  'correos',
  'postnl',
  'other',
] as const;

/** A parcel of a store order on its way to the buyer (decision 042). */
export const OrderShipment = z
  .object({
    id: z.string(),
    carrier: z.enum(SHIPMENT_CARRIERS),
    trackingNumber: z.string(),
    trackingUrl: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: 'OrderShipment' });
export type OrderShipment = z.infer<typeof OrderShipment>;

export const OrderView = z
  .object({
    id: z.string(),
    number: z.number().int().meta({ description: 'The order number buyers see; also the bank-transfer reference' }),
    type: OrderType,
    status: OrderStatus,
    createdAt: z.string(),
    country: z.string(),
    currency: z.string(),
    language: z.string(),
    customerType: z.string().meta({ description: 'B2C · B2B · Dealer' }),
    contact: OrderContact,
    shippingAddress: OrderAddress.nullable(),
    billing: OrderBilling,
    shippingMethod: z.string(),
    customerOrderReference: z.string(),
    lines: z.array(OrderLine),
    subtotal: z.number().int(),
    shipping: z.number().int(),
    fees: z.number().int(),
    tax: z.number().int(),
    total: z.number().int(),
    taxPresentation: z.enum(TAX_PRESENTATIONS).meta({
      description:
        'included: prices contain the VAT (tax is the VAT contained); added: tax on top (total = subtotal + shipping + fees + tax); reverse_charge: net, no VAT',
    }),
    paid: z.number().int().meta({ description: 'Sum of the SUCCEEDED payments' }),
    toPay: z.number().int().meta({ description: 'total − paid, never below 0' }),
    pending: z.number().int().meta({ description: 'Payments started but not settled (a bank transfer on its way)' }),
    bankTransferPending: z.boolean().meta({ description: 'A bank transfer is awaited: see get-bank-details' }),
    payments: z.array(OrderPayment),
    deliveryDate: z.string().nullable().meta({ description: 'YYYY-MM-DD' }),
    taxDetails: z.record(z.string(), z.unknown()).meta({ description: 'How the checkout computed the tax' }),
    reservedUntil: z.string().nullable().meta({
      description:
        'An unpaid order with stock bikes: they are held until then (ISO time); unpaid after it, the order is cancelled and the bikes offered again',
    }),
    reservationLapsed: z.boolean().meta({ description: 'The order was cancelled because its hold lapsed unpaid' }),
    shipments: z.array(OrderShipment).meta({ description: 'Parcels of a parts order sent to the buyer, oldest first' }),
  })
  .meta({ id: 'Order' });
export type OrderView = z.infer<typeof OrderView>;

export const OrderListQuery = z.object({
  type: OrderType.optional().meta({ description: 'Only vehicle or only store orders; both without it' }),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
});
export type OrderListQuery = z.infer<typeof OrderListQuery>;

export const OrderViewPage = paginated(OrderView).meta({ id: 'OrderPage' });
export type OrderViewPage = z.infer<typeof OrderViewPage>;

export const OrderDocument = z
  .object({
    downloadURL: z.string().meta({
      description: 'The invoice PDF, openable in a new tab without a token for a few minutes (a signed link)',
    }),
    expiresAt: z.string(),
  })
  .meta({ id: 'OrderDocument' });
export type OrderDocument = z.infer<typeof OrderDocument>;

export const InvoiceQuery = z.object({
  orderId: OrderId,
  token: z
    .string()
    .max(200)
    .optional()
    .meta({ description: 'The signature of a downloadURL; without it the Bearer token must own the order' }),
});

/** Bank-transfer instructions for an order (spec: GET order/get-bank-details/{id}). */
export const BankDetails = z
  .object({
    orderId: z.string(),
    orderNumber: z.number().int(),
    beneficiary: z.string(),
    beneficiaryAddress: z.string(),
    iban: z.string().meta({ description: 'Grouped in fours for reading' }),
    bic: z.string(),
    reference: z.string().meta({ description: 'Write it in the transfer so the payment is matched: the order number' }),
    amount: z.number().int().meta({ description: 'What to transfer: the awaited transfer, else what is due' }),
    currency: z.string(),
    bankTransferPending: z.boolean(),
    sandbox: z.boolean().meta({ description: 'true: the demo account of a sandbox installation; send no money' }),
  })
  .meta({ id: 'BankDetails' });
export type BankDetails = z.infer<typeof BankDetails>;
