import { TAX_DISPLAYS } from '@varg/domain';
import { z } from 'zod';
import { CatalogImage } from './catalog-images.ts';

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
    images: z.array(CatalogImage).meta({ description: 'The gallery, cover first (decision 059); empty: none' }),
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
    requires: z.array(z.string()).meta({ description: 'Options this one needs (in other groups)' }),
    excludes: z.array(z.string()).meta({ description: 'Options this one cannot be combined with' }),
    image: CatalogImage.nullable().meta({ description: 'A swatch or part photo (decision 059); null: none' }),
  })
  .meta({ id: 'ComponentOption' });

export type ComponentOption = z.infer<typeof ComponentOption>;

export const ComponentGroup = z
  .object({ group: z.string(), nameKey: z.string(), options: z.array(ComponentOption) })
  .meta({ id: 'ComponentGroup' });
export type ComponentGroup = z.infer<typeof ComponentGroup>;

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
    taxDisplay: z.enum(TAX_DISPLAYS),
    deposit: Price,
    financeFrom: Price.nullable(),
    deliveryDate: z.string().meta({ description: 'ISO date' }),
    stockBikeDeliveryDate: z.string().nullable(),
    hash: z.string(),
  })
  .meta({ id: 'PricingInfo' });
export type PricingInfo = z.infer<typeof PricingInfo>;

const OptionFilter = z.array(z.string().max(64)).max(10).optional();

/** Spec section 3, configurator filter state: filters by option, page 1, limit 10. */
export const StockBikeSearch = z
  .object({
    country: z
      .string()
      .regex(/^[A-Za-z]{2}$/)
      .transform((s) => s.toUpperCase()),
    productId: z
      .string()
      .regex(/^[a-z0-9-]{1,64}$/)
      .default('varg'),
    filters: z
      .object({
        color: OptionFilter,
        power: OptionFilter,
        rearBrake: OptionFilter,
        suspension: OptionFilter,
        rearWheelSize: OptionFilter,
        sideStand: OptionFilter,
      })
      .strict()
      .default({}),
    page: z.number().int().min(1).max(1000).default(1),
    limit: z.number().int().min(1).max(50).default(10),
  })
  .meta({ id: 'StockBikeSearch' });
export type StockBikeSearch = z.infer<typeof StockBikeSearch>;

export const StockBike = z
  .object({
    _id: z.string(),
    productId: z.string(),
    componentIds: z.array(z.string()),
    hash: z.string(),
    country: z.string(),
    atDealer: z.boolean(),
    photos: z.array(z.string()).meta({ description: 'Addresses of the bike’s photos, first shown first' }),
    pricing: PricingInfo,
  })
  .meta({ id: 'StockBike' });

export const StockBikePage = z
  .object({
    docs: z.array(StockBike),
    totalDocs: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
    totalPages: z.number().int(),
    hasNextPage: z.boolean(),
    hasPreviousPage: z.boolean(),
    nextPage: z.number().int().nullable(),
  })
  .meta({ id: 'StockBikePage' });

/** Spec section 3, "Bike configuration": the chosen option per group (camelCase group names) and its price. */
export const BikeConfiguration = z
  .object({
    hash: z.string(),
    productId: z.string(),
    options: z.record(z.string(), z.string()).meta({ description: 'Group (camelCase, e.g. rearBrake) → option id' }),
    componentIds: z.array(z.string()),
    quantity: z.number().int(),
    price: Price,
    deliveryDate: z.string().nullable(),
    stockBikeDeliveryDate: z.string().nullable(),
    editedPrices: z
      .object({
        basePrice: z.number().int(),
        price: z.number().int(),
        discountPercentage: z.number(),
        isActive: z.boolean(),
        optionsPrices: z.record(z.string(), z.number().int()),
      })
      .nullable()
      .meta({ description: "A dealer's edited prices for an order line; null for a configuration of the catalogue" }),
    pricing: PricingInfo,
  })
  .meta({ id: 'BikeConfiguration' });
export type BikeConfiguration = z.infer<typeof BikeConfiguration>;

export const HashQuery = CountryQuery.extend({
  orderId: z.uuid().optional().meta({ description: 'Builder edit mode: the order whose line is edited (with lineId)' }),
  lineId: z.uuid().optional().meta({ description: 'Builder edit mode: the order line edited (with orderId)' }),
});
export type HashQuery = z.infer<typeof HashQuery>;
