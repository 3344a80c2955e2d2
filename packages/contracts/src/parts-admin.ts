import { SKU_PATTERN } from '@varg/domain';
import { z } from 'zod';
import { listQuery, pageOf } from './backoffice.ts';
import { Availability, BikeModel, StoreKind } from './store.ts';

/** The back office's parts, accessories, merchandise and extended warranties: one row per SKU (decision 041). */
export const AdminPartsQuery = listQuery(['sku', 'name', 'availability']).extend({
  kind: StoreKind.optional().meta({ description: 'Only this kind of article' }),
  availability: Availability.optional(),
  stock: z.enum(['low', 'retired']).optional().meta({ description: 'low: counted and at or below its mark; retired' }),
});
export type AdminPartsQuery = z.infer<typeof AdminPartsQuery>;

export const AdminPartPrice = z
  .object({
    currency: z.string(),
    listPrice: z.number().int(),
    discountBp: z.number().int().meta({ description: 'Campaign reduction in basis points (1000 = 10 %)' }),
  })
  .meta({ id: 'AdminPartPrice' });

export const AdminPart = z
  .object({
    sku: z.string(),
    articleId: z.string(),
    name: z.string(),
    nameKey: z.string().nullable(),
    kind: StoreKind,
    groupNameKey: z.string(),
    model: z.string().nullable().meta({ description: 'The model it fits (its group’s); null: every model' }),
    attributes: z.record(z.string(), z.string()),
    fits: z.array(BikeModel).meta({ description: 'The models the article fits; empty: every model' }),
    fitsFromGroup: z.boolean().meta({ description: 'The fitment is the group’s (not set on the article)' }),
    availability: Availability,
    shopAvailability: Availability.meta({
      description: 'What the shop shows: NOT_AVAILABLE when counted, none on hand and no back-orders',
    }),
    quantity: z.number().int().nullable().meta({ description: 'Units on hand; null when not counted' }),
    lowStockAt: z.number().int().nullable().meta({ description: 'Listed as low on stock at or below this' }),
    backorder: z.boolean(),
    retired: z.boolean().meta({ description: 'Hidden from the shop, kept for orders' }),
    prices: z.array(AdminPartPrice),
  })
  .meta({ id: 'AdminPart' });
export type AdminPart = z.infer<typeof AdminPart>;
export const AdminPartPage = pageOf(AdminPart).meta({ id: 'AdminPartPage' });

export const AdminPartParams = z.object({ sku: z.string().regex(/^[A-Za-z0-9._-]{1,40}$/) });

const PriceInput = z
  .object({
    listPrice: z.number().int().min(0).max(100_000_000),
    discountBp: z.number().int().min(0).max(9_000).default(0),
  })
  .strict();

export const AdminPartPatch = z
  .object({
    availability: Availability.optional(),
    prices: z
      .record(z.string().regex(/^[A-Z]{3}$/), PriceInput)
      .optional()
      .meta({ description: 'Price per currency the SKU is listed in, minor units as listed' }),
  })
  .strict()
  .refine(
    (v) => v.availability !== undefined || (v.prices && Object.keys(v.prices).length > 0),
    'validation_nothing_to_change',
  );
export type AdminPartPatch = z.infer<typeof AdminPartPatch>;

export const Sku = z
  .string()
  .trim()
  .transform((v) => v.toUpperCase())
  .pipe(z.string().regex(SKU_PATTERN))
  .meta({ description: 'SKU code: 2–40 capitals, digits, `.`, `_`, `-` (small letters are taken as capitals)' });

/** A new SKU (variant) of an article (decision 060). */
export const AdminPartCreate = z
  .object({
    articleId: z.string().regex(/^[a-z0-9][a-z0-9-]{1,63}$/),
    sku: Sku,
    attributes: z
      .record(z.string().regex(/^[a-z][a-z0-9_]{0,23}$/), z.string().trim().min(1).max(60))
      .refine((a) => Object.keys(a).length <= 6, 'validation_too_many')
      .default({})
      .meta({ description: 'Size, colour, position, duration: `{ "size": "M" }`' }),
    availability: Availability.default('AVAILABLE'),
    prices: z
      .record(z.string().regex(/^[A-Z]{3}$/), PriceInput)
      .refine((p) => Object.keys(p).length > 0, 'validation_price_required')
      .meta({ description: 'Price per currency, minor units as listed; a currency no market uses is refused' }),
  })
  .strict();
export type AdminPartCreate = z.infer<typeof AdminPartCreate>;

/** A product group a new article can go in, with its category's kind. */
export const AdminPartGroup = z
  .object({
    slug: z.string(),
    nameKey: z.string(),
    categoryNameKey: z.string(),
    kind: StoreKind,
    model: BikeModel.nullable(),
  })
  .meta({ id: 'AdminPartGroup' });

export const ArticleIdParams = z.object({ id: z.string().regex(/^[a-z0-9][a-z0-9-]{1,63}$/) });

/** A new article (part, accessory, merchandise or warranty, by its group's category) with a printed name. */
export const AdminArticleCreate = z
  .object({
    id: z
      .string()
      .trim()
      .regex(/^[a-z0-9][a-z0-9-]{1,63}$/)
      .meta({ description: 'Lower-case letters, digits and dashes; the shop’s address of the article' }),
    group: z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/),
    name: z.string().trim().min(2).max(120).meta({ description: 'The name as printed, in every language' }),
    drawingReference: z.string().trim().max(32).default(''),
    kit: z.boolean().default(false),
  })
  .strict();
export type AdminArticleCreate = z.infer<typeof AdminArticleCreate>;

export const AdminArticle = z
  .object({
    id: z.string(),
    name: z.string(),
    nameKey: z.string().nullable(),
    drawingReference: z.string(),
    kit: z.boolean(),
    group: AdminPartGroup,
    fits: z.array(BikeModel),
    fitsFromGroup: z.boolean(),
    skus: z.array(z.object({ sku: z.string(), attributes: z.record(z.string(), z.string()), retired: z.boolean() })),
  })
  .meta({ id: 'AdminArticle' });
export type AdminArticle = z.infer<typeof AdminArticle>;

export const AdminFitment = z
  .object({
    models: z
      .array(BikeModel)
      .max(BikeModel.options.length)
      .nullable()
      .meta({ description: 'The models it fits; [] every model; null: as its group' }),
  })
  .strict();
export type AdminFitment = z.infer<typeof AdminFitment>;

/** A count of a SKU's stock by staff, with the reason (audited). */
export const AdminPartStock = z
  .object({
    quantity: z.number().int().min(0).max(1_000_000).nullable().meta({ description: 'null: not counted' }),
    lowStockAt: z.number().int().min(0).max(1_000_000).nullable(),
    backorder: z.boolean(),
    reason: z.string().trim().min(3).max(300),
  })
  .strict();
export type AdminPartStock = z.infer<typeof AdminPartStock>;

/** A technical document in the back office (decision 060). */
export const AdminDocument = z
  .object({
    id: z.string(),
    name: z.string(),
    nameKey: z.string().nullable(),
    code: z.string(),
    model: BikeModel.nullable(),
    videoUrl: z.string().nullable(),
    printable: z.boolean().meta({ description: 'A PDF is drawn from its text when no file is uploaded' }),
    upload: z.object({ size: z.number().int() }).nullable().meta({ description: 'The uploaded PDF, served instead' }),
    retired: z.boolean(),
  })
  .meta({ id: 'AdminDocument' });
export type AdminDocument = z.infer<typeof AdminDocument>;
export const AdminDocumentPage = pageOf(AdminDocument).meta({ id: 'AdminDocumentPage' });
export const AdminDocumentsQuery = listQuery(['code', 'name']);
export type AdminDocumentsQuery = z.infer<typeof AdminDocumentsQuery>;

export const AdminDocumentInput = z
  .object({
    name: z.string().trim().min(2).max(160),
    code: z
      .string()
      .trim()
      .regex(/^[A-Z0-9][A-Z0-9-]{1,31}$/)
      .meta({ description: 'Printed on the document: capitals, digits and dashes' }),
    model: BikeModel.nullable().meta({ description: 'The model it is about; null for every model' }),
    videoUrl: z
      .url({ protocol: /^https$/ })
      .max(500)
      .nullable()
      .default(null),
  })
  .strict();
export type AdminDocumentInput = z.infer<typeof AdminDocumentInput>;

export const AdminDocumentParams = z.object({ id: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,31}$/) });

/** A PDF as base64 (at most 10 MB), checked by its content. */
export const AdminDocumentUpload = z
  .object({ file: z.base64().max(14 * 1024 * 1024) })
  .strict()
  .meta({ id: 'AdminDocumentUpload' });
