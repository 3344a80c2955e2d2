import { z } from 'zod';

/** Money in the API: integer minor units (cents) and the ISO currency. */
export const Price = z
  .object({
    amount: z.number().int().meta({ description: 'Minor units (cents)' }),
    currencyCode: z.string(),
  })
  .meta({ id: 'Price' });

export const ProductCategory = z
  .object({ _id: z.string(), slug: z.string(), nameKey: z.string() })
  .meta({ id: 'ProductCategory' });

export const ProductListQuery = z.object({
  countryLocation: z
    .string()
    .regex(/^[A-Za-z]{2}$/)
    .transform((s) => s.toUpperCase()),
  langLocation: z.string().max(8).optional(),
  category: z.string().max(64).default('bikes'),
  status: z.coerce.number().int().min(0).max(1).default(1),
});

export const ProductListItem = z
  .object({
    _id: z.string(),
    slug: z.string(),
    nameKey: z.string(),
    category: z.string(),
    status: z.number().int(),
    configurable: z.boolean(),
    /** The default configuration's price in the market; null where the model has no price list for it. */
    price: Price.nullable(),
    deposit: Price.nullable(),
  })
  .meta({ id: 'ProductListItem' });

export const CountryQuery = z.object({
  country: z
    .string()
    .regex(/^[A-Za-z]{2}$/)
    .transform((s) => s.toUpperCase()),
});

export const ComponentOption = z
  .object({
    id: z.string().meta({ description: 'Carries the 12-character `varg_option_` marker' }),
    name: z.string(),
    nameKey: z.string(),
    price: Price,
    isDefault: z.boolean(),
  })
  .meta({ id: 'ComponentOption' });

export type ComponentOption = z.infer<typeof ComponentOption>;

export const ComponentGroup = z
  .object({ group: z.string(), nameKey: z.string(), options: z.array(ComponentOption) })
  .meta({ id: 'ComponentGroup' });

export const OrderInfoQuery = CountryQuery.extend({
  componentId: z
    .union([z.string().max(64), z.array(z.string().max(64)).max(20)])
    .optional()
    .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v])),
});

/** Spec section 3, "Pricing info". */
export const PricingInfo = z
  .object({
    productId: z.string(),
    componentIds: z.array(z.string()),
    inStock: z.boolean(),
    currencyCode: z.string(),
    basePrice: z.number().int(),
    price: Price,
    totalPrice: z.number().int(),
    discountedPrice: z.number().int(),
    discountPercentage: z.number(),
    discountedVat: z.number().int(),
    taxDisplay: z.enum(['including', 'excluding']),
    deposit: Price,
    financeFrom: Price.nullable(),
    deliveryDate: z.string().meta({ description: 'ISO date' }),
    stockBikeDeliveryDate: z.string().nullable(),
    hash: z.string(),
  })
  .meta({ id: 'PricingInfo' });
export type PricingInfo = z.infer<typeof PricingInfo>;
