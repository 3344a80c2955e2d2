import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';

// The parts and accessories store (DATA.md, "Spare parts and accessories"): category → product group → article →
// variant, each variant with its availability and a price list per currency. Technical documents (spec section 3).

/** spare_parts · accessories · merchandise · extended_warranty */
export const storeCategories = pgTable('store_categories', {
  slug: varchar('slug', { length: 64 }).primaryKey(),
  nameKey: text('name_key').notNull(),
  kind: varchar('kind', { length: 24 }).notNull(),
  sort: integer('sort').notNull().default(0),
});

export const storeGroups = pgTable(
  'store_groups',
  {
    slug: varchar('slug', { length: 64 }).primaryKey(),
    categorySlug: varchar('category_slug', { length: 64 })
      .notNull()
      .references(() => storeCategories.slug),
    nameKey: text('name_key').notNull(),
    /** The bike model the group fits (`varg`, `varg-ex`, `varg-sm`); null when it fits every model. */
    model: varchar('model', { length: 64 }),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('store_groups_category_idx').on(t.categorySlug, t.sort)],
);

export const storeArticles = pgTable(
  'store_articles',
  {
    id: varchar('id', { length: 64 }).primaryKey(),
    groupSlug: varchar('group_slug', { length: 64 })
      .notNull()
      .references(() => storeGroups.slug),
    /** Position number on the exploded drawing of the service manual. */
    drawingReference: varchar('drawing_reference', { length: 32 }).notNull(),
    /** Sold as a kit of several parts. */
    kit: boolean('kit').notNull().default(false),
    /** A catalog key for generic names ("Fork spring"); null when the article carries a brand name. */
    nameKey: text('name_key'),
    /** The brand name as printed ("Pirelli Scorpion MX32 110/90-19"), and the English name of keyed articles. */
    name: text('name').notNull(),
    /** 1 = on sale. */
    status: integer('status').notNull().default(1),
    sort: integer('sort').notNull().default(0),
    /**
     * The models the article fits, set in the back office (decision 060): null follows its group's `model`; an empty
     * list fits every model.
     */
    fits: text('fits').array(),
  },
  (t) => [index('store_articles_group_idx').on(t.groupSlug, t.sort)],
);

/** A variant is what is bought: its code is the SKU the cart adds by (`variant_code`). */
export const storeVariants = pgTable(
  'store_variants',
  {
    variantCode: varchar('variant_code', { length: 40 }).primaryKey(),
    articleId: varchar('article_id', { length: 64 })
      .notNull()
      .references(() => storeArticles.id),
    /** Size, colour, wheel size, position, duration: `{ "size": "M" }`. */
    attributes: jsonb('attributes').$type<Record<string, string>>().notNull().default({}),
    /** AVAILABLE · AVAILABLE_HQ (ships from headquarters) · NOT_AVAILABLE */
    availability: varchar('availability', { length: 16 }).notNull(),
    sort: integer('sort').notNull().default(0),
    /** Units on hand; null when not counted (warranties, made to order). Never below zero (decision 060). */
    quantity: integer('quantity'),
    /** The back office lists the SKU as low on stock at or below this quantity; null: never. */
    lowStockAt: integer('low_stock_at'),
    /** Sold when none is on hand (shipped when restocked). */
    backorder: boolean('backorder').notNull().default(false),
    /** Retired: hidden from the shop, kept for the orders and carts that name it. */
    retiredAt: timestamp('retired_at', { withTimezone: true }),
  },
  (t) => [index('store_variants_article_idx').on(t.articleId, t.sort)],
);

/**
 * A variant's price in one currency, minor units, as listed in the markets of that currency: with VAT where they
 * show prices with VAT, before sales tax where they do not (as the bike price lists, decision 009). The net and the
 * VAT are split out per country.
 */
export const storeVariantPrices = pgTable(
  'store_variant_prices',
  {
    variantCode: varchar('variant_code', { length: 40 })
      .notNull()
      .references(() => storeVariants.variantCode),
    currency: varchar('currency', { length: 3 }).notNull(),
    listPrice: integer('list_price').notNull(),
    /** A campaign reduction in basis points (1000 = 10 %). */
    discountBp: integer('discount_bp').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.variantCode, t.currency] })],
);

/**
 * What changed a SKU's quantity on hand: a sale (an order paid, once per order and SKU — the unique index makes a
 * replayed payment event take nothing twice) or a count by staff. `short` is what a sale could not take.
 */
export const storeStockMovements = pgTable(
  'store_stock_movements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    variantCode: varchar('variant_code', { length: 40 })
      .notNull()
      .references(() => storeVariants.variantCode),
    /** sale · return (a cancelled order's units back) · count */
    reason: varchar('reason', { length: 16 }).notNull(),
    delta: integer('delta').notNull(),
    short: integer('short').notNull().default(0),
    orderId: uuid('order_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One sale and at most one return per order and SKU.
    uniqueIndex('store_stock_movements_order_idx')
      .on(t.orderId, t.variantCode, t.reason)
      .where(sql`${t.orderId} is not null`),
  ],
);

/** A table of a technical document: a header row and rows of as many cells. */
export interface TechnicalDocumentTable {
  columns: string[];
  rows: string[][];
}

/** One section of a technical document: a heading, then paragraphs, a list, numbered steps and a table, in that order. */
export interface TechnicalDocumentSection {
  heading: string;
  paragraphs?: string[];
  bullets?: string[];
  steps?: string[];
  table?: TechnicalDocumentTable;
}

/** The text a technical document's PDF is drawn from (`GET /v1/technical-documents/{id}/file`). */
export interface TechnicalDocumentContent {
  sections: TechnicalDocumentSection[];
}

/** Manuals, tables and videos (spec section 3, "Technical document"). */
export const technicalDocuments = pgTable(
  'technical_documents',
  {
    id: varchar('id', { length: 32 }).primaryKey(),
    nameKey: text('name_key'),
    name: text('name').notNull(),
    code: varchar('code', { length: 32 }).notNull(),
    fileKey: text('file_key'),
    fileUrl: text('file_url'),
    videoUrl: text('video_url'),
    media: jsonb('media').$type<Array<{ key: string; url: string }>>().notNull().default([]),
    /** The model it is about; null when it covers every model. */
    model: varchar('model', { length: 64 }),
    /** What the PDF is drawn from; null when there is nothing to print (a video alone). */
    content: jsonb('content').$type<TechnicalDocumentContent>(),
    sort: integer('sort').notNull().default(0),
    /** A PDF uploaded in the back office (storage key), served instead of the one drawn from `content`. */
    uploadKey: text('upload_key'),
    uploadSize: integer('upload_size'),
    /** Retired: no longer listed. */
    retiredAt: timestamp('retired_at', { withTimezone: true }),
  },
  (t) => [index('technical_documents_sort_idx').on(t.sort)],
);
