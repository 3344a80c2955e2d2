import { z } from 'zod';

/** Model and option images (decision 059): the upload's limits, checked by the API and, first, by the browser. */
export const CATALOG_IMAGE_MAX_BYTES = 8 * 1024 * 1024;
/** A larger picture is refused before it is decoded. */
export const CATALOG_IMAGE_MAX_SIDE = 6000;
/** A model's gallery holds at most this many images. */
export const CATALOG_IMAGE_MAX_PER_MODEL = 12;

const ImageFile = z.object({
  url: z.string().meta({ description: 'Public, cacheable for a year: the address changes with the content' }),
  width: z.number().int(),
  height: z.number().int(),
});

/** An image as the shop shows it: a large WebP and a small one (cards, option choices). */
export const CatalogImage = ImageFile.extend({
  _id: z.uuid(),
  cover: z.boolean().meta({ description: 'The model’s cover image (model cards, the configurator)' }),
  small: ImageFile,
}).meta({ id: 'CatalogImage' });
export type CatalogImage = z.infer<typeof CatalogImage>;

/** A model's images in the back office: the gallery in its order, and each option's image. */
export const AdminCatalogImages = z
  .object({
    images: z.array(CatalogImage),
    options: z
      .record(z.string(), CatalogImage)
      .meta({ description: 'Option id → its image (options without: absent)' }),
  })
  .meta({ id: 'AdminCatalogImages' });
export type AdminCatalogImages = z.infer<typeof AdminCatalogImages>;

export const CatalogImageUpload = z
  .object({
    image: z.string().min(1).max(11_200_000).meta({ description: 'The image file as base64 (JPEG, PNG or WebP)' }),
  })
  .strict()
  .meta({ id: 'CatalogImageUpload' });

export const CatalogImageOrder = z
  .object({ imageIds: z.array(z.uuid()).min(1).max(CATALOG_IMAGE_MAX_PER_MODEL) })
  .strict()
  .meta({ id: 'CatalogImageOrder' });

export const CatalogImageFileParams = z.object({
  id: z.uuid(),
  file: z.string().regex(/^[0-9a-f]{16}(-small)?\.webp$/, 'form_invalid'),
});

/** A model's customer-facing texts in one language (decision 059): catalog keys `model_<slug>_name|tagline|text`. */
export const MODEL_TEXT_FIELDS = ['name', 'tagline', 'text'] as const;
export const ModelTextField = z.enum(MODEL_TEXT_FIELDS);

export const AdminModelTexts = z
  .object({
    lang: z.string(),
    texts: z.array(
      z
        .object({
          field: ModelTextField,
          key: z.string(),
          catalog: z.string().meta({ description: 'The built-in catalog’s text' }),
          override: z.string().nullable().meta({ description: 'The saved text shown instead; null: the catalog’s' }),
        })
        .meta({ id: 'AdminModelText' }),
    ),
  })
  .meta({ id: 'AdminModelTexts' });
export type AdminModelTexts = z.infer<typeof AdminModelTexts>;

/** Each field: a text to show, or empty to go back to the catalog's. Fields left out stay as they are. */
export const AdminModelTextsBody = z
  .object({
    name: z.string().trim().max(120).optional(),
    tagline: z.string().trim().max(200).optional(),
    text: z.string().trim().max(2000).optional(),
  })
  .strict()
  .meta({ id: 'AdminModelTextsBody' });
export type AdminModelTextsBody = z.infer<typeof AdminModelTextsBody>;
