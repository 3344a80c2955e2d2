import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { orders } from './commerce.ts';
import { users } from './identity.ts';

/**
 * The numbered-axe auction (spec sections 3 and 7 "axes/*"; docs/decisions/021-auction.md). One currency (EUR) for every
 * market; amounts in minor units.
 */
export const auctions = pgTable('auctions', {
  id: uuid('id').primaryKey().defaultRandom(),
  slug: varchar('slug', { length: 32 }).notNull().unique(),
  currency: varchar('currency', { length: 3 }).notNull().default('EUR'),
  startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
  /** The end of every axe before anti-sniping extensions (each axe keeps its own `ends_at`). */
  endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
  /** Minor units: the lowest first bid. */
  reserve: integer('reserve').notNull(),
  /** Minor units: how much a bid must beat the highest by. */
  increment: integer('increment').notNull(),
  /** A bid this many seconds before the axe's end… */
  extensionWindowSeconds: integer('extension_window_seconds').notNull().default(300),
  /** …moves the end to this many seconds after the bid. */
  extensionSeconds: integer('extension_seconds').notNull().default(300),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Axes 1 to 1000 of an auction, with the highest bid kept on the row (updated under a row lock). */
export const auctionAxes = pgTable(
  'auction_axes',
  {
    auctionId: uuid('auction_id')
      .notNull()
      .references(() => auctions.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    featured: boolean('featured').notNull().default(false),
    /** The auction's end, later after a bid in its last minutes. */
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    highestAmount: integer('highest_amount'),
    highestBidderId: uuid('highest_bidder_id').references(() => users.id, { onDelete: 'set null' }),
    highestBidId: uuid('highest_bid_id'),
    highestAt: timestamp('highest_at', { withTimezone: true }),
    bidCount: integer('bid_count').notNull().default(0),
    /** Set once by the winners job (also when the axe ended without bids). */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    winnerId: uuid('winner_id').references(() => users.id, { onDelete: 'set null' }),
    winningAmount: integer('winning_amount'),
    winnerEmailedAt: timestamp('winner_emailed_at', { withTimezone: true }),
    /** The shipping address the winner gave through the signed link, once. */
    address: jsonb('address'),
    addressGivenAt: timestamp('address_given_at', { withTimezone: true }),
    /** The order the winning bid is paid through (payments module). */
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.auctionId, t.number] }),
    index('auction_axes_featured_idx').on(t.auctionId, t.featured),
    index('auction_axes_updated_idx').on(t.auctionId, t.updatedAt),
  ],
);

/** Every accepted bid (refused ones are not stored). */
export const auctionBids = pgTable(
  'auction_bids',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    auctionId: uuid('auction_id')
      .notNull()
      .references(() => auctions.id, { onDelete: 'cascade' }),
    axeNumber: integer('axe_number').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('auction_bids_user_idx').on(t.userId, t.createdAt),
    // Also the index of an axe's bids by amount (its highest bids, the winner).
    uniqueIndex('auction_bids_amount_idx').on(t.auctionId, t.axeNumber, t.amount),
  ],
);
