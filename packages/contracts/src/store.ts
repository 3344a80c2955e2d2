import { AVAILABILITIES, BIKE_MODELS, STORE_KINDS } from '@varg/domain';
import { z } from 'zod';
import { CountryCode, paginated } from './markets.ts';

// The parts and accessories store (DATA.md) and the technical documents (spec section 3). Amounts are integer minor
// units.

export { BIKE_MODELS };
export const StoreKind = z.enum(STORE_KINDS);
export type StoreKind = z.infer<typeof StoreKind>;

export const Availability = z.enum(AVAILABILITIES).meta({
  description:
    'AVAILABLE: in stock; AVAILABLE_HQ: ships from headquarters, takes longer; NOT_AVAILABLE: cannot be ordered',
});
export type Availability = z.infer<typeof Availability>;

export const BikeModel = z.enum(BIKE_MODELS);
export type BikeModel = z.infer<typeof BikeModel>;

const Slug = z.string().regex(/^[a-z0-9-]{1,64}$/, 'form_invalid');
export const VariantCode = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9-]{0,39}$/, 'form_invalid')
  .transform((s) => s.toUpperCase());
export const ArticleId = Slug;

const SearchText = z
  .string()
  .trim()
  .max(100)
  .optional()
  .transform((s) => (s ? s : undefined));

/** One value or the parameter repeated (`?kind=a&kind=b`); a comma-separated list is accepted too. */
function oneOrMany<T extends z.ZodType<unknown, string>>(item: T) {
  return z
    .union([z.string(), z.array(z.string()).max(10)])
    .optional()
    .transform((v) => (v === undefined ? [] : (Array.isArray(v) ? v : [v]).flatMap((s) => s.split(','))))
    .pipe(z.array(item));
}

/** Page and page size of a list; `page` past the last page answers an empty `docs`. */
const Paging = {
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
};

export const TechnicalDocumentQuery = z.object({
  ...Paging,
  search: SearchText.meta({ description: 'Part of the name (English or the request language) or of the code' }),
});
export type TechnicalDocumentQuery = z.infer<typeof TechnicalDocumentQuery>;

export const TechnicalDocumentId = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,31}$/, 'form_invalid')
  .meta({ example: 'TD001' });

export const MediaFile = z.object({ key: z.string(), url: z.string() }).meta({ id: 'MediaFile' });

/** Spec section 3, "Technical document". */
export const TechnicalDocument = z
  .object({
    id: z.string(),
    _id: z.string(),
    nameKey: z.string().nullable(),
    name: z.string(),
    code: z.string(),
    file: MediaFile.nullable(),
    videoURL: z.string().nullable(),
    media: z.array(MediaFile),
    model: BikeModel.nullable().meta({ description: 'The model it is about; null for every model' }),
  })
  .meta({ id: 'TechnicalDocument' });
export type TechnicalDocument = z.infer<typeof TechnicalDocument>;

export const TechnicalDocumentPage = paginated(TechnicalDocument).meta({ id: 'TechnicalDocumentPage' });
export type TechnicalDocumentPage = z.infer<typeof TechnicalDocumentPage>;

export const StoreCategoryQuery = z.object({
  kind: oneOrMany(StoreKind).meta({ description: 'Only categories of these kinds (repeat or comma-separate)' }),
  model: BikeModel.optional().meta({ description: 'Only groups that fit this model (or every model)' }),
});

export const StoreGroup = z
  .object({
    slug: z.string(),
    nameKey: z.string(),
    model: BikeModel.nullable().meta({ description: 'The model the group fits; null for every model' }),
  })
  .meta({ id: 'StoreGroup' });
export type StoreGroup = z.infer<typeof StoreGroup>;

export const StoreCategory = z
  .object({ slug: z.string(), nameKey: z.string(), kind: StoreKind, groups: z.array(StoreGroup) })
  .meta({ id: 'StoreCategory' });
export type StoreCategory = z.infer<typeof StoreCategory>;

/** A variant's price in one country (DATA.md): `total` is what is shown and paid. */
export const StorePrice = z
  .object({
    currency: z.string(),
    subtotal: z.number().int().meta({ description: 'Net list price, before discount and VAT (minor units)' }),
    vat_percentage: z.number().meta({ description: "The country's VAT rate where prices include it; 0 in the US" }),
    discount_percentage: z.number(),
    total: z.number().int().meta({ description: 'After the discount, with VAT where the market shows it' }),
    vat: z.number().int().meta({ description: 'VAT contained in total (minor units)' }),
  })
  .meta({ id: 'StorePrice' });
export type StorePrice = z.infer<typeof StorePrice>;

export const StoreVariant = z
  .object({
    variant_code: z.string().meta({ description: 'The SKU; the cart adds by it' }),
    attributes: z.record(z.string(), z.string()).meta({ description: 'size, colour, wheel, position, months, …' }),
    availability: Availability,
    /** Null where the variant has no price in the country's currency: it cannot be bought there. */
    price: StorePrice.nullable(),
  })
  .meta({ id: 'StoreVariant' });
export type StoreVariant = z.infer<typeof StoreVariant>;

const ArticleFields = {
  id: z.string(),
  name: z.string().meta({ description: 'The printed name; English where nameKey is set' }),
  nameKey: z.string().nullable().meta({ description: 'Catalog key of a generic name; null for brand names' }),
  drawingReference: z.string().meta({ description: 'Position number on the exploded drawing' }),
  kit: z.boolean(),
  category: z.object({ slug: z.string(), nameKey: z.string(), kind: StoreKind }),
  group: StoreGroup,
};

export const StoreArticle = z
  .object({ ...ArticleFields, variants: z.array(StoreVariant) })
  .meta({ id: 'StoreArticle' });
export type StoreArticle = z.infer<typeof StoreArticle>;

export const StoreArticlePage = paginated(StoreArticle).meta({ id: 'StoreArticlePage' });
export type StoreArticlePage = z.infer<typeof StoreArticlePage>;

/** A variant with the article it belongs to (GET store/variants/{variantCode}). */
export const StoreVariantDetail = StoreVariant.extend({
  article: z.object(ArticleFields),
}).meta({ id: 'StoreVariantDetail' });
export type StoreVariantDetail = z.infer<typeof StoreVariantDetail>;

export const StoreItemsQuery = z.object({
  country: CountryCode,
  kind: oneOrMany(StoreKind).meta({ description: 'Only articles of these category kinds (repeat or comma-separate)' }),
  category: Slug.optional().meta({ description: 'A category slug' }),
  group: Slug.optional().meta({ description: 'A product group slug' }),
  model: BikeModel.optional().meta({ description: 'Articles of groups that fit this model or every model' }),
  search: SearchText.meta({
    description:
      'Part of the name (as printed, in English or in the request language), the drawing reference, a variant code or a variant attribute',
  }),
  ...Paging,
});
export type StoreItemsQuery = z.infer<typeof StoreItemsQuery>;

export const StoreCountryQuery = z.object({ country: CountryCode });
