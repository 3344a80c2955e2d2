import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';

export const productCategories = pgTable('product_categories', {
  slug: varchar('slug', { length: 64 }).primaryKey(),
  nameKey: text('name_key').notNull(),
});

/** Bike models. `id` is the route tag of DATA.md (`varg`, `varg-ex`, `varg-sm`). */
export const products = pgTable('products', {
  id: varchar('id', { length: 64 }).primaryKey(),
  categorySlug: varchar('category_slug', { length: 64 })
    .notNull()
    .references(() => productCategories.slug),
  nameKey: text('name_key').notNull(),
  /** 1 = on sale (active); 0 = hidden; 2 = draft (not yet shown). Only active models are served to the shop. */
  status: integer('status').notNull().default(1),
  /** The model has its own configurator (spec section 1: two of them do). */
  configurable: boolean('configurable').notNull().default(false),
  sort: integer('sort').notNull().default(0),
  /**
   * A preorder model (spec section 6, decision 052): never in the public lists; served only to administrators, users
   * flagged `whitelistedPresales`, and confirmed addresses on `WHITELIST_EMAILS` or on `presaleEmails`.
   */
  presale: boolean('presale').notNull().default(false),
  /** The model's own list of invited addresses (lower-cased), edited in the back office. */
  presaleEmails: text('presale_emails').array().notNull().default(sql`ARRAY[]::text[]`),
});

export const optionGroups = pgTable('option_groups', {
  id: varchar('id', { length: 32 }).primaryKey(),
  nameKey: text('name_key').notNull(),
  sort: integer('sort').notNull().default(0),
});

/** An option a model offers; `optionId` carries the `varg_option_` marker. */
export const productOptions = pgTable(
  'product_options',
  {
    productId: varchar('product_id', { length: 64 })
      .notNull()
      .references(() => products.id),
    optionId: varchar('option_id', { length: 64 }).notNull(),
    groupId: varchar('group_id', { length: 32 })
      .notNull()
      .references(() => optionGroups.id),
    isDefault: boolean('is_default').notNull().default(false),
    sort: integer('sort').notNull().default(0),
    /** The printed name of an option added in the back office, shown where the catalogs have no `option_<slug>` key. */
    name: varchar('name', { length: 120 }),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.optionId] }),
    index('product_options_group_idx').on(t.productId, t.groupId),
  ],
);

/** A model's price list in one currency: base price and deposit, minor units, as shown in markets of that currency. */
export const productPrices = pgTable(
  'product_prices',
  {
    productId: varchar('product_id', { length: 64 })
      .notNull()
      .references(() => products.id),
    currency: varchar('currency', { length: 3 }).notNull(),
    basePrice: integer('base_price').notNull(),
    deposit: integer('deposit').notNull(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.currency] })],
);

/** The price difference of an option in one currency, minor units. */
export const optionPrices = pgTable(
  'option_prices',
  {
    productId: varchar('product_id', { length: 64 }).notNull(),
    optionId: varchar('option_id', { length: 64 }).notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    amount: integer('amount').notNull(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.optionId, t.currency] })],
);

/** Configurations priced so far, by hash, so a shared link or a cart line can name a bike by its hash alone. */
export const configurations = pgTable('configurations', {
  hash: varchar('hash', { length: 16 }).primaryKey(),
  productId: varchar('product_id', { length: 64 })
    .notNull()
    .references(() => products.id),
  optionIds: text('option_ids').array().notNull(),
});

/** Built bikes waiting for a buyer, at headquarters or at a dealer (spec: stock bikes). */
export const stockBikes = pgTable(
  'stock_bikes',
  {
    id: varchar('id', { length: 32 }).primaryKey(),
    productId: varchar('product_id', { length: 64 })
      .notNull()
      .references(() => products.id),
    optionIds: text('option_ids').array().notNull(),
    hash: varchar('hash', { length: 16 }).notNull(),
    /** Where the bike stands, and so the market it is sold in. */
    country: varchar('country', { length: 2 }).notNull(),
    /** The dealer holding it; null at headquarters. */
    dealerId: uuid('dealer_id'),
    /** available · reserved · sold · retired (taken off sale by an administrator; decision 043) */
    status: varchar('status', { length: 16 }).notNull().default('available'),
    sort: integer('sort').notNull().default(0),
    /** The frame's VIN (check digit verified); null for bikes entered before the back office. */
    vin: varchar('vin', { length: 17 }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('stock_bikes_market_idx').on(t.productId, t.country, t.status),
    uniqueIndex('stock_bikes_vin_idx').on(t.vin),
  ],
);

/** Photos of a stock bike, in display order; the file is in the storage provider under `storageKey`. */
export const stockBikePhotos = pgTable(
  'stock_bike_photos',
  {
    id: uuid('id').primaryKey(),
    stockBikeId: varchar('stock_bike_id', { length: 32 })
      .notNull()
      .references(() => stockBikes.id),
    storageKey: text('storage_key').notNull(),
    contentType: varchar('content_type', { length: 32 }).notNull(),
    size: integer('size').notNull(),
    sort: integer('sort').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('stock_bike_photos_bike_idx').on(t.stockBikeId, t.sort)],
);

/**
 * Compatibility between a model's options: `requires` — choosing `optionId` needs `otherOptionId` in its group;
 * `excludes` — the two cannot be chosen together. The configurator explains a conflict; pricing refuses it.
 */
export const optionRules = pgTable(
  'option_rules',
  {
    productId: varchar('product_id', { length: 64 })
      .notNull()
      .references(() => products.id),
    optionId: varchar('option_id', { length: 64 }).notNull(),
    kind: varchar('kind', { length: 16 }).notNull(),
    otherOptionId: varchar('other_option_id', { length: 64 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.optionId, t.kind, t.otherOptionId] })],
);

/**
 * Images of a model (`optionId` null: its gallery, in `sort` order, one of them the cover) and of an option (at most
 * one each: a colour swatch or a part photo), decision 059. Stored re-encoded as WebP under `storageKey` (large) and
 * `smallKey`; `hash` (sha256 of the large file) versions their public, immutable addresses.
 */
export const catalogImages = pgTable(
  'catalog_images',
  {
    id: uuid('id').primaryKey(),
    productId: varchar('product_id', { length: 64 })
      .notNull()
      .references(() => products.id),
    optionId: varchar('option_id', { length: 64 }),
    hash: varchar('hash', { length: 64 }).notNull(),
    storageKey: text('storage_key').notNull(),
    smallKey: text('small_key').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    smallWidth: integer('small_width').notNull(),
    smallHeight: integer('small_height').notNull(),
    size: integer('size').notNull(),
    sort: integer('sort').notNull().default(0),
    cover: boolean('cover').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('catalog_images_product_idx').on(t.productId, t.sort),
    uniqueIndex('catalog_images_option_idx').on(t.productId, t.optionId).where(sql`${t.optionId} is not null`),
    uniqueIndex('catalog_images_cover_idx').on(t.productId).where(sql`${t.cover}`),
  ],
);
