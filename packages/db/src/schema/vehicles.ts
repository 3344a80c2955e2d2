import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { orderLines, orders } from './commerce.ts';
import { dealers, users } from './identity.ts';

/**
 * A bike someone owns (docs/decisions/018-vehicles.md): made when a paid vehicle order's bike is delivered, one per
 * bike of an order line (`unit` counts the bikes of a line), never twice.
 */
export const vehicles = pgTable(
  'vehicles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** ISO 3779, with a valid check digit; unique. */
    vin: varchar('vin', { length: 17 }).notNull(),
    /** Catalogue product id: varg · varg-ex · varg-sm. */
    model: varchar('model', { length: 64 }).notNull(),
    configurationHash: varchar('configuration_hash', { length: 16 }),
    optionIds: text('option_ids').array().notNull().default(sql`ARRAY[]::text[]`),
    /** The colour option's slug (red, white, grey…), for drawing the bike. */
    color: varchar('color', { length: 32 }).notNull().default('red'),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id),
    /** Who bought it: only they see the order it came from (a later owner does not). */
    buyerId: uuid('buyer_id').references(() => users.id, { onDelete: 'set null' }),
    dealerId: uuid('dealer_id').references(() => dealers.id, { onDelete: 'set null' }),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    orderLineId: uuid('order_line_id').references(() => orderLines.id, { onDelete: 'set null' }),
    unit: integer('unit').notNull().default(1),
    /** Country the bike is registered (or to be registered) in. */
    country: varchar('country', { length: 2 }).notNull(),
    /** pending · registered */
    registrationStatus: varchar('registration_status', { length: 16 }).notNull().default('pending'),
    registrationNumber: text('registration_number'),
    registeredAt: timestamp('registered_at', { withTimezone: true }),
    registeredBy: uuid('registered_by').references(() => users.id, { onDelete: 'set null' }),
    productionDate: date('production_date').notNull(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }).notNull(),
    deliveredBy: uuid('delivered_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('vehicles_vin_idx').on(t.vin),
    uniqueIndex('vehicles_order_line_unit_idx').on(t.orderLineId, t.unit),
    index('vehicles_owner_idx').on(t.ownerId),
    index('vehicles_order_idx').on(t.orderId),
    index('vehicles_registration_idx').on(t.registrationStatus, t.deliveredAt),
  ],
);

/**
 * Ownership transfers by a one-time code e-mailed to the new owner (spec section 4). The code is stored as SHA-256;
 * at most one pending transfer per vehicle.
 */
export const vehicleTransfers = pgTable(
  'vehicle_transfers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    vehicleId: uuid('vehicle_id')
      .notNull()
      .references(() => vehicles.id, { onDelete: 'cascade' }),
    fromUserId: uuid('from_user_id')
      .notNull()
      .references(() => users.id),
    /** Lower-cased. */
    toEmail: text('to_email').notNull(),
    toUserId: uuid('to_user_id').references(() => users.id),
    codeHash: text('code_hash').notNull(),
    /** pending · confirmed · cancelled · expired · locked */
    status: varchar('status', { length: 16 }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('vehicle_transfers_pending_idx').on(t.vehicleId).where(sql`${t.status} = 'pending'`),
    index('vehicle_transfers_to_idx').on(t.toEmail),
  ],
);

/** Who owned a vehicle when: the first owner at delivery, then one row per confirmed transfer. */
export const vehicleOwnerships = pgTable(
  'vehicle_ownerships',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    vehicleId: uuid('vehicle_id')
      .notNull()
      .references(() => vehicles.id, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id),
    since: timestamp('since', { withTimezone: true }).notNull().defaultNow(),
    until: timestamp('until', { withTimezone: true }),
    transferId: uuid('transfer_id').references(() => vehicleTransfers.id),
  },
  (t) => [index('vehicle_ownerships_vehicle_idx').on(t.vehicleId, t.since)],
);
