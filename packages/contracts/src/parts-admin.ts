import { z } from 'zod';
import { listQuery, pageOf } from './backoffice.ts';
import { Availability, StoreKind } from './store.ts';

/** The back office's parts, accessories, merchandise and extended warranties: one row per SKU (decision 041). */
export const AdminPartsQuery = listQuery(['sku', 'name', 'availability']).extend({
  kind: StoreKind.optional().meta({ description: 'Only this kind of article' }),
  availability: Availability.optional(),
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
    availability: Availability,
    prices: z.array(AdminPartPrice),
  })
  .meta({ id: 'AdminPart' });
export type AdminPart = z.infer<typeof AdminPart>;
export const AdminPartPage = pageOf(AdminPart).meta({ id: 'AdminPartPage' });

export const AdminPartParams = z.object({ sku: z.string().regex(/^[A-Za-z0-9._-]{1,40}$/) });

export const AdminPartPatch = z
  .object({
    availability: Availability.optional(),
    prices: z
      .record(
        z.string().regex(/^[A-Z]{3}$/),
        z
          .object({
            listPrice: z.number().int().min(0).max(100_000_000),
            discountBp: z.number().int().min(0).max(9_000).default(0),
          })
          .strict(),
      )
      .optional()
      .meta({ description: 'Price per currency the SKU is listed in, minor units as listed' }),
  })
  .strict()
  .refine((v) => v.availability !== undefined || (v.prices && Object.keys(v.prices).length > 0), 'nothing to change');
export type AdminPartPatch = z.infer<typeof AdminPartPatch>;
