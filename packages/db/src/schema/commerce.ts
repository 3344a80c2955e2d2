// Carts, addresses, orders and the payment ledger (issues 5 and 6; docs/decisions/012-commerce-data.md).
// Money is integer minor units in the order's currency.
import { sql } from 'drizzle-orm';
import {
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { dealers, users } from './identity.ts';

const createdAt = timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/**
 * A shopping cart: anonymous (by the `cartId` cookie, 30 days) or a user's. A user has at most one open cart; an
 * anonymous cart is merged into it at sign-in. `ordered` carts are kept as the record of what an order was made from.
 */
export const carts = pgTable(
  'carts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** open · ordered · merged */
    status: varchar('status', { length: 16 }).notNull().default('open'),
    country: varchar('country', { length: 2 }).notNull(),
    /** B2C · B2B · Dealer (spec section 4). */
    customerType: varchar('customer_type', { length: 8 }).notNull().default('B2C'),
    deliveryMethod: varchar('delivery_method', { length: 32 }),
    /**
     * SHA-256 of the confirm key a buyer without an account sent with the confirm that ordered this cart (decision
     * 062): the same key proves a retried confirm is the same buyer, who then gets the order and a fresh session.
     */
    confirmKeyHash: varchar('confirm_key_hash', { length: 64 }),
    /**
     * What the mixing rule reads (an extended warranty and bikes never share a cart, `canJoinCart`): the cart's bike
     * lines and its store lines that are extended warranties, kept by every change of its lines under the cart's lock,
     * so that an add checks the rule and writes in one statement (decision 035, "Add-to-cart at the limit").
     */
    bikeLines: integer('bike_lines').notNull().default(0),
    warrantyLines: integer('warranty_lines').notNull().default(0),
    createdAt,
    updatedAt,
  },
  (t) => [uniqueIndex('carts_open_user_idx').on(t.userId).where(sql`${t.status} = 'open' and ${t.userId} is not null`)],
);

/** A bike line: a configuration (by hash) with a quantity, or one stock bike (quantity 1). */
export const cartItems = pgTable(
  'cart_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    cartId: uuid('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    productId: varchar('product_id', { length: 64 }).notNull(),
    hash: varchar('hash', { length: 16 }).notNull(),
    optionIds: text('option_ids').array().notNull(),
    quantity: integer('quantity').notNull().default(1),
    /** Set for a stock bike; the line then always has quantity 1. */
    stockBikeId: varchar('stock_bike_id', { length: 32 }),
    /** A dealer's price for the line (minor units), replacing the list price. */
    overwritePrice: integer('overwrite_price'),
    /**
     * What the dealer's price was set for: the market's currency and the line's configuration hash. A price whose
     * currency or hash no longer matches the line is never applied (decision 027).
     */
    overwriteCurrency: varchar('overwrite_currency', { length: 3 }),
    overwriteHash: varchar('overwrite_hash', { length: 16 }),
    createdAt,
  },
  (t) => [
    uniqueIndex('cart_items_config_idx').on(t.cartId, t.hash).where(sql`${t.stockBikeId} is null`),
    uniqueIndex('cart_items_stock_idx').on(t.cartId, t.stockBikeId).where(sql`${t.stockBikeId} is not null`),
    // A cart's lines, whatever their kind: the two partial indexes above cannot serve `where cart_id = …` alone.
    index('cart_items_cart_idx').on(t.cartId),
  ],
);

/** A store line: a part, accessory, merchandise or warranty variant, optionally for one vehicle (vin). */
export const cartStoreItems = pgTable(
  'cart_store_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    cartId: uuid('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    variantCode: varchar('variant_code', { length: 64 }).notNull(),
    quantity: integer('quantity').notNull().default(1),
    vin: varchar('vin', { length: 17 }).notNull().default(''),
    createdAt,
  },
  (t) => [uniqueIndex('cart_store_items_variant_idx').on(t.cartId, t.variantCode, t.vin)],
);

/** A user's saved address (spec section 3, "Address"). Orders copy the address, so deleting one changes no order. */
export const addresses = pgTable(
  'addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    country: varchar('country', { length: 2 }).notNull(),
    line1: text('line_1').notNull(),
    line2: text('line_2').notNull().default(''),
    postalCode: varchar('postal_code', { length: 16 }).notNull().default(''),
    city: text('city').notNull(),
    state: text('state').notNull().default(''),
    formattedAddress: text('formatted_address').notNull().default(''),
    longitude: doublePrecision('longitude'),
    latitude: doublePrecision('latitude'),
    createdAt,
  },
  (t) => [index('addresses_user_idx').on(t.userId)],
);

/**
 * An order: a vehicle order (bikes) or a store order (parts, accessories, warranties). One cart makes at most one of
 * each (`cart_id`, `type` unique; a cart with bikes and parts makes both), which is what makes confirming idempotent. Amounts are the totals at confirmation; what is
 * paid and still due is derived from the payment ledger, never stored here.
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Human order number, shown to buyers and on invoices. */
    number: integer('number').generatedAlwaysAsIdentity({ startWith: 100_001 }).notNull(),
    /** vehicle · store */
    type: varchar('type', { length: 8 }).notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** The dealer who sold it (a dealer's own order, or a customer's order the dealer looks after): decision 025. */
    dealerId: uuid('dealer_id').references(() => dealers.id),
    cartId: uuid('cart_id').references(() => carts.id),
    /** pending_payment · partially_paid · paid · cancelled */
    status: varchar('status', { length: 16 }).notNull().default('pending_payment'),
    country: varchar('country', { length: 2 }).notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    language: varchar('language', { length: 8 }).notNull(),
    customerType: varchar('customer_type', { length: 8 }).notNull(),
    /** Contact, shipping address, billing (company, VAT id, reverse charge) as confirmed. */
    contact: jsonb('contact').notNull(),
    shippingAddress: jsonb('shipping_address').notNull(),
    billing: jsonb('billing').notNull(),
    shippingMethod: varchar('shipping_method', { length: 32 }).notNull(),
    customerOrderReference: text('customer_order_reference').notNull().default(''),
    subtotal: integer('subtotal').notNull(),
    shipping: integer('shipping').notNull().default(0),
    fees: integer('fees').notNull().default(0),
    tax: integer('tax').notNull(),
    total: integer('total').notNull(),
    /** How tax was computed: strategy, rate, lines, reverse charge (decision 012). */
    taxDetails: jsonb('tax_details').notNull(),
    deliveryDate: date('delivery_date'),
    /** When the buyer was last reminded of the balance after a deposit (decision 017): one reminder per stage. */
    balanceReminderAt: timestamp('balance_reminder_at', { withTimezone: true }),
    /** When the buyer of this unpaid order was last e-mailed a signed link to pay it (decision 062). */
    payLinkSentAt: timestamp('pay_link_sent_at', { withTimezone: true }),
    /**
     * An unpaid order's stock bikes are held until then (STOCK_RESERVATION_HOURS after the confirm; decision 027).
     * Null when the order holds no stock bike, or once something is paid.
     */
    reservedUntil: timestamp('reserved_until', { withTimezone: true }),
    /** When the hold lapsed unpaid: the order was cancelled and its bikes offered again (decision 027). */
    reservationLapsedAt: timestamp('reservation_lapsed_at', { withTimezone: true }),
    /** The terms of sale the buyer accepted at checkout: the exact version shown (decision 047). */
    termsDocumentId: uuid('terms_document_id'),
    createdAt,
    updatedAt,
  },
  (t) => [
    index('orders_reserved_until_idx').on(t.reservedUntil),
    // A cart makes at most one vehicle order and one store order (a mixed purchase makes both).
    uniqueIndex('orders_cart_type_idx').on(t.cartId, t.type),
    uniqueIndex('orders_number_idx').on(t.number),
    index('orders_user_idx').on(t.userId, t.createdAt),
    index('orders_dealer_idx').on(t.dealerId, t.createdAt),
  ],
);

/**
 * A document a dealer attached to an order (spec section 3, "Order line note": salesorder_type BIKE, type INVOICE):
 * the file lives in the storage provider under `storage_key`; this row says whose and what it is.
 */
export const orderAttachments = pgTable(
  'order_attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    salesorderType: varchar('salesorder_type', { length: 16 }).notNull(),
    type: varchar('type', { length: 16 }).notNull(),
    name: text('name').notNull(),
    contentType: varchar('content_type', { length: 64 }).notNull(),
    size: integer('size').notNull(),
    storageKey: text('storage_key').notNull(),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt,
  },
  (t) => [index('order_attachments_order_idx').on(t.orderId, t.createdAt)],
);

/**
 * A parcel of a store order sent to the buyer (back office, decision 042): the carrier, its tracking number and the
 * link the buyer follows. An order may go out in several parcels.
 */
export const orderShipments = pgTable(
  'order_shipments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** dhl · ups · fedex · gls · dpd · usps · seur · correos · postnl · other (packages/domain shipments.ts) */
    carrier: varchar('carrier', { length: 16 }).notNull(),
    trackingNumber: varchar('tracking_number', { length: 64 }).notNull(),
    trackingUrl: text('tracking_url').notNull(),
    shippedBy: uuid('shipped_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt,
  },
  (t) => [index('order_shipments_order_idx').on(t.orderId, t.createdAt)],
);

export const orderLines = pgTable(
  'order_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** bike · stock_bike · store */
    type: varchar('type', { length: 16 }).notNull(),
    productId: varchar('product_id', { length: 64 }),
    hash: varchar('hash', { length: 16 }),
    optionIds: text('option_ids').array(),
    stockBikeId: varchar('stock_bike_id', { length: 32 }),
    variantCode: varchar('variant_code', { length: 64 }),
    vin: varchar('vin', { length: 17 }),
    /** Catalog key or printed name of what was bought, for documents. */
    nameKey: text('name_key').notNull(),
    name: text('name').notNull().default(''),
    quantity: integer('quantity').notNull(),
    /** Price of one unit as listed to the buyer (with VAT where the market shows it), minor units. */
    unitPrice: integer('unit_price').notNull(),
    /**
     * The catalogue's unit price of the line in the order's market at checkout, before any dealer price (decisions 025,
     * 027): what every edit's allowed discount is measured from. Written by the checkout since decision 027; null on
     * older orders, whose edits measure from the catalogue's price of the configuration.
     */
    listPrice: integer('list_price'),
    vatRateBp: integer('vat_rate_bp').notNull().default(0),
    total: integer('total').notNull(),
    /** A deposit is due for this line (bikes). */
    deposit: integer('deposit').notNull().default(0),
  },
  (t) => [index('order_lines_order_idx').on(t.orderId)],
);

/**
 * The payment ledger (spec: payment status CREATED, PROCESSING, SUCCEEDED, REQUIRES_ACTION, FAILED). An order's paid
 * amount is the sum of its SUCCEEDED payments; the amount due is the total minus that.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Null while the attempt belongs to a cart not yet ordered (`POST payment/create-intent` before the confirm). */
    orderId: uuid('order_id').references(() => orders.id),
    cartId: uuid('cart_id').references(() => carts.id, { onDelete: 'set null' }),
    /** Who started it: only they read or change it. */
    userId: uuid('user_id').references(() => users.id),
    /** full · deposit · remaining · down_payment */
    kind: varchar('kind', { length: 16 }).notNull(),
    /** card · bank_transfer · sepa · … (spec section 4), or `wallet` for customer credit applied. */
    method: varchar('method', { length: 32 }).notNull(),
    status: varchar('status', { length: 16 }).notNull().default('CREATED'),
    amount: integer('amount').notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    provider: varchar('provider', { length: 16 }).notNull(),
    providerReference: varchar('provider_reference', { length: 128 }),
    /** The client's idempotency key: a replayed request finds the same payment. */
    idempotencyKey: varchar('idempotency_key', { length: 128 }),
    failureCode: varchar('failure_code', { length: 64 }),
    /** A bank transfer waiting for the money: where to send it (as the provider said). */
    instructions: jsonb('instructions'),
    /** REQUIRES_ACTION: where the buyer completes the step. */
    actionUrl: text('action_url'),
    /** Given back (refunds, to the card or as store credit); paid counts `amount − refunded`. */
    refunded: integer('refunded').notNull().default(0),
    /** A cart's attempt sized net of customer credit: the credit to spend when the cart becomes an order. */
    walletApplied: integer('wallet_applied').notNull().default(0),
    createdAt,
    updatedAt,
  },
  (t) => [
    index('payments_order_idx').on(t.orderId),
    index('payments_cart_idx').on(t.cartId),
    uniqueIndex('payments_provider_ref_idx').on(t.provider, t.providerReference),
    uniqueIndex('payments_idempotency_idx').on(t.idempotencyKey),
  ],
);

/** Provider events already processed (webhooks), so a replayed event changes nothing twice. */
export const paymentEvents = pgTable('payment_events', {
  id: varchar('id', { length: 128 }).primaryKey(),
  provider: varchar('provider', { length: 16 }).notNull(),
  type: varchar('type', { length: 64 }).notNull(),
  processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A user's customer at a payment provider, per market account (Stripe customers hold saved cards). */
export const paymentCustomers = pgTable(
  'payment_customers',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: varchar('provider', { length: 16 }).notNull(),
    country: varchar('country', { length: 2 }).notNull(),
    customerRef: varchar('customer_ref', { length: 128 }).notNull(),
    createdAt,
  },
  (t) => [uniqueIndex('payment_customers_idx').on(t.userId, t.provider, t.country)],
);

/**
 * Customer credit (the wallet): goodwill, refunds as credit, and credit spent on orders. The balance is the sum of a
 * user's entries in a currency; spending writes a negative entry with the payment it paid (once: unique payment_id).
 */
export const walletEntries = pgTable(
  'wallet_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    currency: varchar('currency', { length: 3 }).notNull(),
    amount: integer('amount').notNull(),
    /** goodwill · refund · order_edit · order_payment · manual (an administrator's credit, decision 044) · referral (decision 051) */
    reason: varchar('reason', { length: 32 }).notNull(),
    /** Why an administrator credited it (required for `manual`). */
    note: text('note'),
    paymentId: uuid('payment_id').references(() => payments.id),
    createdAt,
  },
  (t) => [
    index('wallet_entries_user_idx').on(t.userId, t.currency),
    uniqueIndex('wallet_entries_payment_idx').on(t.paymentId),
  ],
);

/** The sandbox payment provider's own records (intents, setup intents, saved cards), as a provider would keep them. */
export const sandboxObjects = pgTable(
  'sandbox_objects',
  {
    id: varchar('id', { length: 64 }).primaryKey(),
    /** intent · setup · card */
    kind: varchar('kind', { length: 16 }).notNull(),
    customer: varchar('customer', { length: 128 }),
    data: jsonb('data').notNull(),
    createdAt,
    updatedAt,
  },
  (t) => [index('sandbox_objects_customer_idx').on(t.kind, t.customer)],
);
