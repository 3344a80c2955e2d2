import {
  CART_LINE_KINDS,
  CUSTOMER_TYPES,
  PAYMENT_KINDS,
  TAX_ERROR_CODES,
  VAT_CHECKS,
  VERIFY_TAX_STRATEGIES,
} from '@varg/domain';
import { z } from 'zod';
import { OrderType, OrderView } from './orders.ts';
import { PaymentKindOption, PaymentMethodOption } from './payments.ts';
import { ShippingMethod } from './tax.ts';

// The checkout's answers (spec sections 3 "Checkout data", "Order payload", 4 "Checkout setup" and 7;
// decisions 016, 027, 035). Amounts are integer minor units in the cart's or order's currency.

const minor = z.number().int();

/** A line of the cart as the checkout prices it, in the cart's market. */
export const CheckoutLine = z
  .object({
    id: z.string(),
    kind: z.enum(CART_LINE_KINDS),
    productId: z.string().nullable(),
    hash: z.string().nullable().meta({ description: 'The configuration hash of a bike line' }),
    optionIds: z.array(z.string()).nullable(),
    stockBikeId: z.string().nullable(),
    variantCode: z.string().nullable(),
    vin: z.string().nullable(),
    nameKey: z.string(),
    name: z.string(),
    quantity: z.number().int(),
    unitPrice: minor.meta({ description: 'One unit as charged, as the market lists it' }),
    listPrice: minor.nullable().meta({ description: "One unit at the catalogue's price, before a dealer's price" }),
    total: minor,
    deposit: minor,
    available: z.boolean(),
  })
  .meta({ id: 'CheckoutLine' });
export type CheckoutLine = z.infer<typeof CheckoutLine>;

export const CheckoutTaxes = z
  .object({
    amount: minor,
    error: z.string().nullable().meta({ description: 'A catalog key (the postal code is invalid, …)' }),
    errorCode: z.enum(TAX_ERROR_CODES).nullable(),
    strategy: z.object({ displayExcludingTaxes: z.boolean(), displayTaxes: z.boolean() }),
    rateBp: z.number().meta({ description: 'Rate applied, basis points (687.5 = 6.875 %)' }),
    reverseCharge: z.boolean(),
    noteKey: z.string().nullable(),
  })
  .meta({ id: 'CheckoutTaxes' });

export const CheckoutPricing = z
  .object({
    subtotal: minor,
    shipping: minor,
    total: minor,
    currency: z.string(),
    paid: minor,
    toPay: minor.meta({ description: 'What the chosen kind charges now, after the wallet' }),
    walletDiscount: minor,
    walletBalance: minor,
    financingFee: minor,
    fees: z.array(z.object({ labelKey: z.string(), descriptionKey: z.string(), price: minor })),
    deposit: minor,
    taxes: CheckoutTaxes,
    verifyTaxStrategy: z.enum(VERIFY_TAX_STRATEGIES),
    customerTaxIdRequired: z.boolean(),
  })
  .meta({ id: 'CheckoutPricing' });

/** What the checkout knows of the buyer's company VAT id (decision 027). */
export const CheckoutVat = z
  .object({
    id: z.string().nullable(),
    valid: z.boolean().meta({ description: 'Counts for the reverse charge' }),
    country: z.string().nullable(),
    check: z.enum(VAT_CHECKS).nullable().meta({
      description:
        'Who checked it: vies · format · format_only (production: no reverse charge without VIES) · unavailable (VIES could not answer: VAT is charged) · invalid; null without a VAT id',
    }),
    requestIdentifier: z.string().nullable().meta({ description: "VIES's consultation number" }),
    requestDate: z.string().nullable(),
  })
  .meta({ id: 'CheckoutVat' });

/** Spec: the checkout data, the answer of `POST checkout/setup/{cartId}`. */
export const CheckoutData = z
  .object({
    available: z.boolean(),
    error_t_key: z.string().nullable(),
    cartId: z.string(),
    country: z.string().meta({ description: 'The market the cart is in' }),
    currency: z.string(),
    lines: z.array(CheckoutLine),
    pricing: CheckoutPricing,
    vat: CheckoutVat,
    customerType: z.enum(CUSTOMER_TYPES),
    shippingMethods: z.array(ShippingMethod),
    selectedShippingMethod: z.string().nullable(),
    paymentKinds: z.array(PaymentKindOption),
    selectedPaymentKind: z.enum(PAYMENT_KINDS),
    allowedMethods: z.array(PaymentMethodOption),
    deliveryDate: z.string().nullable().meta({ description: 'The latest delivery date of its bikes (ISO date)' }),
  })
  .meta({ id: 'CheckoutData' });
export type CheckoutData = z.infer<typeof CheckoutData>;

/** An order the confirm made (or had made before). */
export const ConfirmedOrder = z
  .object({
    _id: z.string(),
    number: z.number().int(),
    type: OrderType,
    total: minor,
    currency: z.string(),
    country: z.string(),
  })
  .meta({ id: 'ConfirmedOrder' });

/** Spec: the answer of `POST checkout`: the vehicle order and/or the store order, and a new buyer's session. */
export const CheckoutConfirmation = z
  .object({
    order: ConfirmedOrder.nullable().meta({ description: 'The vehicle order (bikes); null without bikes' }),
    storeOrder: ConfirmedOrder.nullable().meta({ description: 'The store order (parts); null without store items' }),
    token: z.string().nullable().meta({ description: "A buyer without an account: their new account's access token" }),
    refresh_token: z.string().nullable(),
    isNewUser: z.boolean(),
  })
  .meta({ id: 'CheckoutConfirmation' });
export type CheckoutConfirmation = z.infer<typeof CheckoutConfirmation>;

/** Spec: the checkout result state of an order (section 3), from the order and its payment ledger. */
export const CheckoutResult = z
  .object({
    order: OrderView,
    orderError: z.boolean(),
    isStoreOrder: z.boolean(),
    isBankTransfer: z.boolean().meta({ description: 'A bank transfer is awaited' }),
    bankTransferAmount: minor,
    paymentFailed: z.boolean(),
    verificationUrl: z
      .string()
      .nullable()
      .meta({ description: 'The 3-D Secure page while a card payment waits for it' }),
  })
  .meta({ id: 'CheckoutResult' });
export type CheckoutResult = z.infer<typeof CheckoutResult>;
