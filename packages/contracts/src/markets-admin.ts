import { z } from 'zod';
import { listQuery, pageOf } from './backoffice.ts';

export const AdminMarketListQuery = listQuery(['code', 'name', 'currency', 'status'] as const).extend({
  status: z.enum(['active', 'paused']).optional(),
});
export type AdminMarketListQuery = z.infer<typeof AdminMarketListQuery>;

export const AdminMarket = z
  .object({
    code: z.string(),
    name: z.string(),
    status: z.enum(['active', 'paused']),
    isDefault: z.boolean(),
    language: z.string().meta({ description: 'The market’s own language (code of the languages list)' }),
    currency: z.object({ code: z.string(), symbol: z.string() }),
    taxDisplay: z.enum(['including', 'excluding']),
    vatRateBp: z.number().int().meta({ description: 'Standard VAT / sales-tax rate in basis points (1900 = 19 %)' }),
    shouldVerifyCompanyTaxes: z.boolean(),
  })
  .meta({ id: 'AdminMarket' });
export type AdminMarket = z.infer<typeof AdminMarket>;

export const AdminMarketPage = pageOf(AdminMarket).meta({ id: 'AdminMarketPage' });

export const AdminMarketParams = z.object({
  country: z
    .string()
    .regex(/^[A-Za-z]{2}$/)
    .transform((s) => s.toUpperCase()),
});

/**
 * A market's settings. A market is active only with a currency and, where prices include VAT, a rate above zero;
 * the currency cannot change while carts or unpaid orders of the market would be re-priced (decision 043).
 */
export const AdminMarketUpdate = z
  .object({
    status: z.enum(['active', 'paused']),
    language: z.string().regex(/^[a-z]{2}(-[a-z]{2})?$/),
    currencyCode: z
      .string()
      .regex(/^[A-Za-z]{3}$/)
      .transform((s) => s.toUpperCase()),
    currencySymbol: z.string().trim().min(1).max(8),
    taxDisplay: z.enum(['including', 'excluding']),
    vatRateBp: z.number().int().min(0).max(5000),
  })
  .strict()
  .meta({ id: 'AdminMarketUpdate' });
export type AdminMarketUpdate = z.infer<typeof AdminMarketUpdate>;

export const AdminMarketOptions = z
  .object({ languages: z.array(z.object({ code: z.string(), nativeName: z.string() })) })
  .meta({ id: 'AdminMarketOptions' });

const Fee = z.number().int().min(0).max(1_000_000_000);
const Fees = z.object({
  vehicleDelivery: Fee.meta({ description: 'Home delivery of a bike, minor units' }),
  parcel: Fee.meta({ description: 'A parcel of store items, minor units' }),
  freeParcelFrom: Fee.meta({ description: 'A store order from this subtotal ships free, minor units' }),
});

/**
 * What a market offers at checkout (decision 054): the payment methods and kinds, the shipping methods and fees
 * (minor units in the market's currency). A market nobody has set offers the fixed tables' values (`custom: false`).
 */
export const AdminMarketSettings = z
  .object({
    country: z.string(),
    currency: z.string(),
    custom: z.boolean().meta({ description: 'Set by an administrator (else the fixed tables’ values)' }),
    paymentMethods: z.array(z.string()),
    paymentKinds: z.array(z.enum(['full', 'deposit'])),
    shippingMethods: z.array(z.enum(['home_delivery', 'hq_pickup', 'dealer_pickup'])),
    fees: Fees,
    choices: z.object({
      paymentMethods: z.array(z.string()).meta({ description: 'Every method the market can offer' }),
      shippingMethods: z.array(z.enum(['home_delivery', 'hq_pickup', 'dealer_pickup'])),
    }),
  })
  .meta({ id: 'AdminMarketSettings' });
export type AdminMarketSettings = z.infer<typeof AdminMarketSettings>;

/** Replaces a market's checkout settings: card and paying in full are always offered; at least one shipping method. */
export const AdminMarketSettingsBody = z
  .object({
    paymentMethods: z.array(z.string().max(40)).max(20),
    paymentKinds: z.array(z.enum(['full', 'deposit'])).max(2),
    shippingMethods: z
      .array(z.enum(['home_delivery', 'hq_pickup', 'dealer_pickup']))
      .min(1)
      .max(3),
    fees: Fees,
  })
  .strict()
  .meta({ id: 'AdminMarketSettingsBody' });
export type AdminMarketSettingsBody = z.infer<typeof AdminMarketSettingsBody>;
