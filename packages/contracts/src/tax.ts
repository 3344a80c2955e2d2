import {
  CUSTOMER_TYPES,
  PAYMENT_KINDS,
  SHIPMENT_KINDS,
  SHIPPING_METHOD_KINDS,
  TAX_DISPLAYS,
  TAX_ERROR_CODES,
  TAX_REGIMES,
  VERIFY_TAX_STRATEGIES,
} from '@varg/domain';
import { z } from 'zod';
import { CountryCode } from './markets.ts';

// Tax, VAT ids and shipping methods (spec sections 3 "Checkout data", 5 and 7; decision 013). Amounts are integer
// minor units in the market's currency.

const Money = z.object({ amount: z.number().int(), currencyCode: z.string() });

export const TaxLine = z.object({
  amount: z.number().int().min(0).max(10_000_000_000).meta({ description: 'One unit, minor units, as listed' }),
  quantity: z.number().int().min(1).max(999),
  taxDisplay: z
    .enum(TAX_DISPLAYS)
    .meta({ description: "'including': the amount contains the destination's VAT; 'excluding': tax comes on top" }),
  ref: z.string().max(64).optional().meta({ description: 'Your name for the line, echoed back' }),
});

export const TaxCalculateBody = z
  .object({
    paymentKind: z
      .enum([...PAYMENT_KINDS, 'downpayment'])
      .default('full')
      .meta({ description: 'Echoed back; the tax is always that of the whole order' }),
    cartId: z.uuid().optional(),
    orderId: z.uuid().optional(),
    country: CountryCode.meta({ description: 'Where the order ships to' }),
    state: z
      .string()
      .trim()
      .max(100)
      .optional()
      .meta({ description: 'US: the state (derived from the ZIP if left out)' }),
    postalCode: z.string().trim().max(16).optional(),
    customerType: z.enum(CUSTOMER_TYPES).default('B2C'),
    vatId: z
      .string()
      .trim()
      .max(32)
      .optional()
      .meta({ description: "A company's VAT id (checked by the VAT provider)" }),
    customerTaxId: z.string().trim().max(32).optional().meta({ description: 'Brazil: the buyer’s CPF' }),
    lines: z.array(TaxLine).max(200).optional().meta({
      description: 'The order’s lines; may be left out when the checkout resolves the lines of `cartId` or `orderId`',
    }),
  })
  .meta({ id: 'TaxCalculateBody' });
export type TaxCalculateBody = z.input<typeof TaxCalculateBody>;

export const TaxLineResult = z.object({
  ref: z.string().optional(),
  quantity: z.number().int(),
  listed: z.number().int(),
  net: z.number().int(),
  tax: z.number().int(),
  total: z.number().int(),
});

export const TaxCalculationResponse = z
  .object({
    paymentKind: z.string(),
    country: z.string(),
    currency: z.string(),
    regime: z.enum(TAX_REGIMES),
    rateBp: z.number().meta({ description: 'Rate applied, basis points (687.5 = 6.875 %)' }),
    reverseCharge: z.boolean(),
    amount: z.number().int().meta({ description: 'Tax of the order: contained in the prices, or added to them' }),
    net: z.number().int(),
    total: z.number().int().meta({ description: 'What the buyer pays: net + amount' }),
    state: z.string().nullable(),
    error: z.string().nullable().meta({ description: 'Translated; e.g. the postal code is invalid' }),
    errorCode: z.enum(TAX_ERROR_CODES).nullable(),
    error_t_key: z.string().nullable(),
    strategy: z.object({ displayExcludingTaxes: z.boolean(), displayTaxes: z.boolean() }),
    verifyTaxStrategy: z.enum(VERIFY_TAX_STRATEGIES),
    customerTaxIdRequired: z.boolean(),
    noteKey: z.string().nullable(),
    note: z.string().nullable().meta({ description: 'noteKey, translated' }),
    vatId: z.object({ value: z.string(), valid: z.boolean(), country: z.string().nullable() }).nullable(),
    lines: z.array(TaxLineResult),
  })
  .meta({ id: 'TaxCalculation' });
export type TaxCalculationResponse = z.infer<typeof TaxCalculationResponse>;

export const VatNumberParams = z.object({ vat: z.string().trim().min(2).max(32) });
export const VatNumberQuery = z.object({
  countryId: CountryCode.meta({ description: 'The country the company is registered in' }),
});
export const VatNumberCheck = z
  .object({
    isValidVatNumber: z.boolean(),
    vatNumber: z
      .string()
      .meta({ description: 'Normalised, with the VAT prefix (EL for Greece)', example: 'FR40303265045' }),
    country: z.string(),
  })
  .meta({ id: 'VatNumberCheck' });
export type VatNumberCheck = z.infer<typeof VatNumberCheck>;

export const ShippingMethodsQuery = z.object({
  country: CountryCode,
  shoppingCartId: z.uuid().optional(),
  orderId: z.uuid().optional(),
  kind: z
    .enum(SHIPMENT_KINDS)
    .optional()
    .meta({ description: 'Without a cart or order: what ships (bikes or store items); vehicle by default' }),
  subtotal: z.coerce
    .number()
    .int()
    .min(0)
    .max(10_000_000_000)
    .optional()
    .meta({ description: 'Without a cart or order: the subtotal, minor units (free parcel shipping)' }),
});

export const ShippingMethod = z
  .object({
    _id: z.string().meta({ description: 'Unique: home_delivery, hq_pickup, dealer_pickup:<dealerId>' }),
    name: z.enum(SHIPPING_METHOD_KINDS),
    nameKey: z.string(),
    default: z.boolean(),
    price: Money,
    extraFees: z.object({ warehouse: z.number().int() }),
    forceDealerDefaultAddress: z.boolean(),
    pickup: z
      .object({
        dealerId: z.string(),
        label: z.string(),
        address: z.string(),
        coordinates: z.tuple([z.number(), z.number()]).meta({ description: '[longitude, latitude]' }),
      })
      .optional(),
  })
  .meta({ id: 'ShippingMethod' });
export type ShippingMethod = z.infer<typeof ShippingMethod>;
