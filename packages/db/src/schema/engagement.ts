import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';

// Engagement (docs/decisions/022-engagement.md): open positions and CV applications (spec: POST team/cv), contact
// messages and newsletter subscriptions with double opt-in. Stores for the finder are the dealers' own records.

/** An open position on /team; title and text are catalog keys, so each position reads in all 23 languages. */
export const jobPositions = pgTable('job_positions', {
  id: varchar('id', { length: 48 }).primaryKey(),
  titleKey: text('title_key').notNull(),
  textKey: text('text_key').notNull(),
  /** Where the job is (a city, or "remote"), shown as written. */
  location: text('location').notNull(),
  /** 1 = open. */
  status: integer('status').notNull().default(1),
  sort: integer('sort').notNull().default(0),
});

/** An application with its CV (stored through the storage provider under `cvKey`, never a visitor's file name). */
export const jobApplications = pgTable(
  'job_applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    positionId: varchar('position_id', { length: 48 })
      .notNull()
      .references(() => jobPositions.id),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull().default(''),
    message: text('message').notNull().default(''),
    lang: varchar('lang', { length: 8 }).notNull(),
    cvKey: text('cv_key').notNull(),
    /** The visitor's file name, for the download's name only (sanitised). */
    cvName: text('cv_name').notNull(),
    /** The sniffed content type: application/pdf, application/msword or the DOCX type. */
    cvType: text('cv_type').notNull(),
    cvSize: integer('cv_size').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('job_applications_created_idx').on(t.createdAt)],
);

/** A message of the contact form, kept as sent to its queue. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    topic: varchar('topic', { length: 24 }).notNull(),
    orderReference: text('order_reference').notNull().default(''),
    name: text('name').notNull(),
    email: text('email').notNull(),
    message: text('message').notNull(),
    lang: varchar('lang', { length: 8 }).notNull(),
    country: varchar('country', { length: 2 }).notNull(),
    /** The queue (address) it was e-mailed to. */
    queue: text('queue').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('contact_messages_created_idx').on(t.createdAt)],
);

/** Newsletter subscriptions: pending until the e-mailed link is followed; tokens stored as SHA-256. */
export const newsletterSubscriptions = pgTable(
  'newsletter_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Lower-cased. */
    email: text('email').notNull(),
    lang: varchar('lang', { length: 8 }).notNull(),
    country: varchar('country', { length: 2 }).notNull(),
    /** pending · confirmed · unsubscribed */
    status: varchar('status', { length: 16 }).notNull().default('pending'),
    confirmTokenHash: text('confirm_token_hash'),
    unsubscribeTokenHash: text('unsubscribe_token_hash').notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('newsletter_email_idx').on(t.email),
    uniqueIndex('newsletter_confirm_idx').on(t.confirmTokenHash).where(sql`${t.confirmTokenHash} is not null`),
    uniqueIndex('newsletter_unsubscribe_idx').on(t.unsubscribeTokenHash),
  ],
);
