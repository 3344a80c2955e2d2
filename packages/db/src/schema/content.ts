import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';

/**
 * Site banners (decision 045): a short message over every storefront page for the markets and languages it names,
 * between its start and end. Texts by UI language (`en-us` always; other languages fall back to it).
 */
export const siteBanners = pgTable(
  'site_banners',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** `info`, `warning` or `success`: the banner's colour and icon. */
    tone: varchar('tone', { length: 12 }).notNull().default('info'),
    texts: jsonb('texts').$type<Record<string, string>>().notNull(),
    /** An app path (`/store`) or an https address the banner links to; none: no link. */
    linkUrl: text('link_url'),
    /** Upper-case country codes; empty: every market. */
    countries: text('countries').array().notNull().default(sql`'{}'::text[]`),
    /** UI languages it is shown in; empty: every language. */
    languages: text('languages').array().notNull().default(sql`'{}'::text[]`),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    /** None: until it is paused or deleted. */
    endsAt: timestamp('ends_at', { withTimezone: true }),
    /** Paused banners are kept but not shown. */
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('site_banners_live_idx').on(t.active, t.startsAt)],
);
export type SiteBanner = typeof siteBanners.$inferSelect;

/**
 * Legal documents (decision 047): terms of sale, privacy policy, cookie policy and imprint, one text per market and UI
 * language, versioned: publishing writes a new version and never changes an old one, so an order can name the terms
 * its buyer accepted. `country` `*` is the default for every market without its own.
 */
export const legalDocuments = pgTable(
  'legal_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** `sale`, `privacy`, `cookies` or `imprint`. */
    kind: varchar('kind', { length: 16 }).notNull(),
    country: varchar('country', { length: 2 }).notNull().default('*'),
    lang: varchar('lang', { length: 8 }).notNull(),
    version: integer('version').notNull(),
    title: text('title').notNull(),
    /** Plain text: paragraphs separated by a blank line, `## ` starts a heading. */
    body: text('body').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    /** Who published it (null: the seed). */
    publishedBy: uuid('published_by'),
  },
  (t) => [uniqueIndex('legal_documents_version_idx').on(t.kind, t.country, t.lang, t.version)],
);
export type LegalDocument = typeof legalDocuments.$inferSelect;
