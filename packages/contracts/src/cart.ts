import { CART_STATUSES, CUSTOMER_TYPES, QUANTITY_OPERATIONS, TAX_DISPLAYS } from '@varg/domain';
import { z } from 'zod';
import { CountryCode } from './markets.ts';
import { Availability, StoreKind, VariantCode } from './store.ts';

// The cart (spec sections 3, 4 and 7, "Cart"; docs/decisions/012-commerce-data.md). Amounts are integer minor units
// in the cart's currency. Prices are never stored: every answer prices the lines in the cart's country.

export const CartId = z.uuid().meta({ description: 'A cart id (UUID)' });
export const CartLineId = z.uuid().meta({ description: 'A cart line id (UUID)' });

/** 17 characters of the VIN alphabet (no I, O or Q); lower case is accepted and stored upper case. */
export const Vin = z
  .string()
  .trim()
  .transform((s) => s.toUpperCase())
  .pipe(z.string().regex(/^[A-HJ-NPR-Z0-9]{17}$/, 'form_invalid'));

export const CartQuery = z.object({
  cartId: CartId.optional().meta({
    description:
      'The cart. Without it a signed-in caller uses their open cart; an anonymous caller gets a new cart on the first add.',
  }),
});

/** Reads: `country` prices the answer in the visitor's market; without it the cart's own country is used. */
export const CartReadQuery = CartQuery.extend({ country: CountryCode.optional() });

/** Adds: the cart takes this country (a new cart is created in it). */
export const CartAddQuery = CartQuery.extend({ country: CountryCode });

/**
 * Adding a configured bike: the answer is the cart priced (default) or, with `answer=summary`, its lines and units
 * without pricing (as GET cart/summary): less work for a client that only shows a count.
 */
export const CartAddItemQuery = CartAddQuery.extend({
  answer: z.enum(['cart', 'summary']).default('cart').meta({
    description:
      '`cart` (default): the cart priced, as GET cart. `summary`: `{_id, status, count, lines, kind}` as GET cart/summary, without pricing.',
  }),
});

const OptionId = z.string().min(1).max(64);

export const AddItemBody = z
  .object({
    productId: z.string().regex(/^[a-z0-9-]{1,64}$/),
    componentIds: z.array(OptionId).max(20).default([]),
    overwritePrice: z
      .number()
      .int()
      .min(0)
      .max(100_000_000)
      .optional()
      .meta({ description: "Dealers only: the line's unit price in minor units, replacing the list price" }),
  })
  .meta({ id: 'AddItemBody' });
export type AddItemBody = z.infer<typeof AddItemBody>;

export const UpdateItemBody = z
  .object({
    itemId: CartLineId,
    componentIds: z.array(OptionId).max(20).default([]),
  })
  .meta({ id: 'UpdateItemBody' });
export type UpdateItemBody = z.infer<typeof UpdateItemBody>;

export const AddStockBikeBody = z
  .object({
    stockBikeId: z
      .string()
      .regex(/^[A-Za-z0-9]{1,32}$/)
      .meta({ description: 'The bike in stock (its `_id` in POST vehicles/stock-bikes)' }),
    product: z
      .string()
      .regex(/^[a-z0-9-]{1,64}$/)
      .optional()
      .meta({ description: "The model (productId); when sent it must be the bike's" }),
    quantity: z.literal(1).default(1).meta({ description: 'Always 1: a stock bike is one bike' }),
    componentNames: z
      .array(z.string().max(128))
      .max(20)
      .optional()
      .meta({ description: "Accepted for the spec's client and ignored: the bike's own options are what it has" }),
  })
  .meta({ id: 'AddStockBikeBody' });
export type AddStockBikeBody = z.infer<typeof AddStockBikeBody>;

export const AddStoreItemBody = z
  .object({
    variant_code: VariantCode,
    quantity: z.number().int().min(1).max(99).default(1),
    vin: Vin.optional().meta({ description: 'The vehicle a part or warranty is for' }),
  })
  .meta({ id: 'AddStoreItemBody' });
export type AddStoreItemBody = z.infer<typeof AddStoreItemBody>;

/** `add`/`subtract` are accepted as other names of `increment`/`decrement`. */
export const QuantityOperation = z
  .enum([...QUANTITY_OPERATIONS, 'add', 'subtract'])
  .transform((op) => (op === 'add' ? 'increment' : op === 'subtract' ? 'decrement' : op));

export const UpdateQuantityBody = z.object({ itemId: CartLineId, operation: QuantityOperation });
export const UpdateStoreQuantityBody = z.object({ store_item_id: CartLineId, operation: QuantityOperation });
export const RemoveItemBody = z.object({ itemId: CartLineId });
export const RemoveStoreItemBody = z.object({ store_item_id: CartLineId });
export const SetCountryBody = z.object({ country: CountryCode });
export const MergeBody = z.object({ cartId: CartId });

export const VatMetadata = z
  .object({
    rateBp: z.number().int().meta({ description: 'VAT rate contained in the price, basis points (1900 = 19 %)' }),
    amount: z.number().int().meta({ description: 'VAT contained in the line total' }),
    included: z.boolean().meta({ description: 'false where sales tax is added at checkout (US, CA, BR)' }),
  })
  .meta({ id: 'VatMetadata' });

export const CartLinePrice = z
  .object({
    price: z.number().int().meta({ description: 'The line total as charged: unitPrice × quantity' }),
    unitPrice: z.number().int().meta({ description: "One unit as charged (after discount, or the dealer's price)" }),
    listPrice: z.number().int().meta({ description: 'One unit as listed, before discount' }),
    deposit: z.number().int().meta({ description: 'Deposit due for the line (bikes); 0 for store items' }),
    symbol: z.string().meta({ description: 'The currency code (EUR)' }),
    vatMetadata: VatMetadata,
  })
  .meta({ id: 'CartLinePrice' });
export type CartLinePrice = z.infer<typeof CartLinePrice>;

export const CartBikeOption = z.object({
  id: z.string(),
  group: z.string(),
  groupNameKey: z.string(),
  nameKey: z.string(),
});

export const CartItem = z
  .object({
    _id: z.string(),
    productId: z.string(),
    nameKey: z.string().meta({ description: "The model's catalog key" }),
    hash: z.string(),
    componentIds: z.array(z.string()),
    options: z.array(CartBikeOption).meta({ description: 'The chosen option of each group, with catalog keys' }),
    quantity: z.number().int(),
    stock: z.boolean().meta({ description: 'A bike in stock (quantity always 1)' }),
    stockBikeId: z.string().nullable(),
    overwritePrice: z.number().int().nullable().meta({ description: "A dealer's unit price, when set" }),
    catalogPrice: z
      .number()
      .int()
      .nullable()
      .meta({ description: "One bike at the catalogue's price in the cart's market, before a dealer's price" }),
    available: z.boolean().meta({ description: 'false: no price in the market (or sold); left out of the totals' }),
    deliveryDate: z.string().nullable(),
    subTotal: CartLinePrice.nullable().meta({ description: 'null when the line is unavailable' }),
    createdAt: z.string(),
  })
  .meta({ id: 'CartItem' });
export type CartItem = z.infer<typeof CartItem>;

export const CartStoreItem = z
  .object({
    _id: z.string(),
    variant_code: z.string(),
    quantity: z.number().int(),
    vin: z.string().nullable(),
    articleId: z.string().nullable(),
    name: z.string().meta({ description: 'The printed name; English where nameKey is set' }),
    nameKey: z.string().nullable(),
    kind: StoreKind.nullable(),
    attributes: z.record(z.string(), z.string()),
    availability: Availability.nullable().meta({ description: 'null when the variant no longer exists' }),
    available: z.boolean(),
    subTotal: CartLinePrice.nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'CartStoreItem' });
export type CartStoreItem = z.infer<typeof CartStoreItem>;

export const CartSubTotal = z
  .object({
    price: z.number().int().meta({ description: 'Available lines at list price, before discounts' }),
    priceWithDiscount: z.number().int().meta({ description: 'Available lines as charged: the subtotal' }),
    vat: z.number().meta({ description: 'VAT rate contained in the prices, PERCENT (19, 25.5); 0 in the US' }),
    vatAmount: z.number().int().meta({ description: 'VAT contained in priceWithDiscount, minor units' }),
    totalStoreItems: z.number().int().meta({ description: "The store items' share of priceWithDiscount" }),
    deposit: z.number().int().meta({ description: 'Deposits due for the bikes' }),
  })
  .meta({ id: 'CartSubTotal' });

export const Cart = z
  .object({
    _id: z.string(),
    status: z.enum(CART_STATUSES),
    country: z.string().meta({ description: 'The market the lines are priced in' }),
    currency: z.string(),
    taxDisplay: z.enum(TAX_DISPLAYS),
    customerType: z.enum(CUSTOMER_TYPES),
    deliveryMethod: z.string().nullable(),
    user: z.string().nullable().meta({ description: "The owner's user id; null for an anonymous cart" }),
    subTotal: CartSubTotal,
    items: z.array(CartItem),
    storeItems: z.array(CartStoreItem),
    count: z.number().int().meta({ description: 'Units in the cart (sum of the quantities)' }),
    checkoutable: z
      .boolean()
      .meta({ description: 'Has lines and all are available; otherwise checkout answers CART-ERROR-001' }),
    deliveryDate: z.string().nullable().meta({ description: 'The latest delivery date of its bikes (ISO date)' }),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Cart' });
export type Cart = z.infer<typeof Cart>;

export const CartSummary = z
  .object({
    _id: z.string(),
    status: z.enum(CART_STATUSES),
    count: z.number().int().meta({ description: 'Units in the cart (sum of the quantities)' }),
    lines: z.number().int(),
    kind: z.enum(['bikes', 'store']).nullable().meta({ description: 'What the cart holds; null when empty' }),
  })
  .meta({ id: 'CartSummary' });
export type CartSummary = z.infer<typeof CartSummary>;

export const CloneResult = z.object({ cart: Cart, didClone: z.boolean() }).meta({ id: 'CartClone' });
export const MergeResult = z.object({ cart: Cart.nullable(), didMerge: z.boolean() }).meta({ id: 'CartMerge' });
