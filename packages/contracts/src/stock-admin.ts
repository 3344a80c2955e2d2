import { z } from 'zod';
import { listQuery, pageOf } from './backoffice.ts';

/** A stock bike's life in the back office (decision 043): `retired` bikes are off sale for good. */
export const STOCK_BIKE_STATUSES = ['available', 'reserved', 'sold', 'retired'] as const;
export type StockBikeStatus = (typeof STOCK_BIKE_STATUSES)[number];

/** How many photos a stock bike may have, and how large each may be. */
export const STOCK_BIKE_MAX_PHOTOS = 12;
export const STOCK_BIKE_PHOTO_MAX_BYTES = 5 * 1024 * 1024;

const countryCode = z
  .string()
  .regex(/^[A-Za-z]{2}$/)
  .transform((s) => s.toUpperCase());

export const AdminStockBikeListQuery = listQuery([
  'vin',
  'productId',
  'country',
  'status',
  'updatedAt',
] as const).extend({
  country: countryCode.optional().meta({ description: 'Market (ISO country code)' }),
  dealerId: z
    .union([z.uuid(), z.literal('hq')])
    .optional()
    .meta({ description: 'A dealer id, or `hq` for bikes at headquarters' }),
  status: z.enum(STOCK_BIKE_STATUSES).optional(),
});
export type AdminStockBikeListQuery = z.infer<typeof AdminStockBikeListQuery>;

export const StockBikePhoto = z
  .object({
    _id: z.string(),
    url: z.string().meta({ description: 'Where the image is served (public, cacheable)' }),
    contentType: z.string(),
    size: z.number().int(),
    sort: z.number().int(),
  })
  .meta({ id: 'StockBikePhoto' });

export const AdminStockBike = z
  .object({
    _id: z.string(),
    vin: z.string().nullable(),
    productId: z.string(),
    optionIds: z.array(z.string()),
    hash: z.string(),
    country: z.string(),
    dealer: z.object({ _id: z.string(), name: z.string() }).nullable(),
    status: z.enum(STOCK_BIKE_STATUSES),
    photos: z.array(StockBikePhoto),
    updatedAt: z.string(),
  })
  .meta({ id: 'AdminStockBike' });
export type AdminStockBike = z.infer<typeof AdminStockBike>;

export const AdminStockBikePage = pageOf(AdminStockBike).meta({ id: 'AdminStockBikePage' });

/** A new stock bike, or the whole editable state of one: VIN, model, configuration, market and dealer. */
export const AdminStockBikeBody = z
  .object({
    vin: z.string().trim().min(1).max(40).meta({ description: '17 characters; spaces and dashes are ignored' }),
    productId: z.string().regex(/^[a-z0-9-]{1,64}$/),
    optionIds: z.array(z.string().regex(/^[a-z0-9_-]{1,64}$/)).max(40),
    country: countryCode,
    dealerId: z.uuid().nullable().meta({ description: 'The approved dealer holding it (in its market), null = HQ' }),
  })
  .strict()
  .meta({ id: 'AdminStockBikeBody' });
export type AdminStockBikeBody = z.infer<typeof AdminStockBikeBody>;

export const StockBikeIdParams = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,32}$/) });
export const StockBikePhotoParams = StockBikeIdParams.extend({ photoId: z.uuid() });

export const StockBikePhotoUpload = z
  .object({
    image: z.string().min(1).max(8_000_000).meta({ description: 'The image file as base64 (JPEG, PNG or WebP)' }),
  })
  .strict()
  .meta({ id: 'StockBikePhotoUpload' });

export const StockBikePhotoOrder = z
  .object({ photoIds: z.array(z.uuid()).min(1).max(STOCK_BIKE_MAX_PHOTOS) })
  .strict()
  .meta({ id: 'StockBikePhotoOrder' });

/** An order holding a stock bike: who, until when, which cart and order. */
export const StockBikeReservation = z
  .object({
    orderId: z.string(),
    number: z.number().int(),
    status: z.string(),
    cartId: z.string().nullable(),
    buyer: z.object({ name: z.string(), email: z.string() }),
    reservedUntil: z.string().nullable().meta({ description: 'Null once something is paid: the hold is for good' }),
    paid: z.number().int().meta({ description: 'Paid so far (minor units, less refunds)' }),
    currency: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: 'StockBikeReservation' });
export type StockBikeReservation = z.infer<typeof StockBikeReservation>;

export const StockBikeReservations = z
  .object({ docs: z.array(StockBikeReservation) })
  .meta({ id: 'StockBikeReservations' });

/** What the stock-bike form offers: the approved dealers with their market. */
export const StockBikeFormOptions = z
  .object({
    dealers: z.array(z.object({ _id: z.string(), name: z.string(), country: z.string() })),
  })
  .meta({ id: 'StockBikeFormOptions' });
