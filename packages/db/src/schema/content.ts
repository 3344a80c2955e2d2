import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';

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
