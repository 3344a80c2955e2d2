import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { orders, walletEntries } from './commerce.ts';
import { dealers, users } from './identity.ts';

/**
 * A dealer's lead (spec section 3 "Referral/lead"; docs/decisions/019-leads-and-test-rides.md): typed in by the dealer
 * (source WEB) or a visitor's test-ride request (TEST_RIDE). Only its dealer reads or changes it.
 */
export const leads = pgTable(
  'leads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    dealerId: uuid('dealer_id')
      .notNull()
      .references(() => dealers.id, { onDelete: 'cascade' }),
    /** WEB · TEST_RIDE */
    source: varchar('source', { length: 16 }).notNull().default('WEB'),
    /** new · contacted · test_ride_booked · test_ride_done · won · lost */
    status: varchar('status', { length: 24 }).notNull().default('new'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull().default(''),
    email: text('email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    /** Model of interest: varg · varg-ex · varg-sm. */
    model: varchar('model', { length: 16 }),
    preferredFrom: date('preferred_from'),
    preferredTo: date('preferred_to'),
    message: text('message').notNull().default(''),
    /** The visitor's language and country, for the e-mails they get. */
    lang: varchar('lang', { length: 8 }).notNull().default('en-us'),
    country: varchar('country', { length: 2 }).notNull().default('US'),
    /** When the visitor agreed to be contacted (test rides). */
    consentAt: timestamp('consent_at', { withTimezone: true }),
    /** The visitor's account, when they were signed in. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('leads_dealer_idx').on(t.dealerId, t.createdAt), index('leads_status_idx').on(t.dealerId, t.status)],
);

/** The notes timeline of a lead. */
export const leadNotes = pgTable(
  'lead_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    leadId: uuid('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('lead_notes_lead_idx').on(t.leadId, t.createdAt)],
);

/** Feedback after a test ride: one link (token stored as SHA-256) per ride, answered once. */
export const testRideFeedback = pgTable(
  'test_ride_feedback',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    leadId: uuid('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    rating: integer('rating'),
    comments: text('comments'),
    wouldBuy: boolean('would_buy'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('test_ride_feedback_token_idx').on(t.tokenHash),
    uniqueIndex('test_ride_feedback_lead_idx').on(t.leadId),
    index('test_ride_feedback_open_idx').on(t.leadId).where(sql`${t.answeredAt} is null`),
  ],
);

/**
 * Who referred an account: recorded once, at sign-up with a referral code (decision 051; the code is the first 40
 * bits of the referrer's id, so it is not stored).
 */
export const referrals = pgTable(
  'referrals',
  {
    referredId: uuid('referred_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    referrerId: uuid('referrer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('referrals_referrer_idx').on(t.referrerId)],
);

/**
 * The referral credit granted for a referred buyer's paid order: one row per order (its key), so a retried webhook
 * never credits twice; the wallet entry it made.
 */
export const referralCredits = pgTable('referral_credits', {
  orderId: uuid('order_id')
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' }),
  referrerId: uuid('referrer_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  walletEntryId: uuid('wallet_entry_id').references(() => walletEntries.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
