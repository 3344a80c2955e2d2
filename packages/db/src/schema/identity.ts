import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
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

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stored lower-cased; unique. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    name: text('name').notNull().default(''),
    secondName: text('second_name').notNull().default(''),
    dateOfBirth: date('date_of_birth'),
    phone: text('phone').notNull().default(''),
    lang: varchar('lang', { length: 8 }).notNull().default('en-us'),
    country: varchar('country', { length: 2 }).notNull().default('US'),
    roles: text('roles').array().notNull().default(sql`ARRAY['customer']::text[]`),
    whitelistedPresales: boolean('whitelisted_presales').notNull().default(false),
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
    /**
     * A new address the user asked for (lower-cased), waiting for its confirmation link; `email` stays the sign-in
     * address until then (decision 028).
     */
    pendingEmail: text('pending_email'),
    /** Bumped on password change and reset: access tokens issued before it are refused. */
    credentialsChangedAt: timestamp('credentials_changed_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * When an administrator disabled the account (decision 044): its sessions ended then, and it cannot sign in or
     * refresh until enabled again. Null: active.
     */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /**
     * The profile picture (decision 057): its storage key (`avatars/<user>/<sha256>.<ext>`, the content hash names
     * it), the file name the user gave and its sniffed type. Null: none.
     */
    avatarKey: text('avatar_key'),
    avatarName: text('avatar_name'),
    avatarType: text('avatar_type'),
    ...timestamps,
  },
  (t) => [uniqueIndex('users_email_idx').on(t.email)],
);

export const dealers = pgTable(
  'dealers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 1 = active (approved). */
    status: integer('status').notNull().default(0),
    groupName: text('group_name').notNull().default(''),
    groupStatus: integer('group_status').notNull().default(1),
    labourRate: integer('labour_rate').notNull().default(0),
    /**
     * The most a dealer may take off a list price when editing an order's line (`overwritePrice`), in basis points
     * (1000 = 10 %; decision 025).
     */
    maxDiscountBp: integer('max_discount_bp').notNull().default(1000),
    assemblyReimbursement: integer('assembly_reimbursement').notNull().default(0),
    revenueCurrency: varchar('revenue_currency', { length: 3 }).notNull().default('EUR'),
    refillCountry: varchar('refill_country', { length: 2 }),
    storeInfo: jsonb('store_info').notNull().default({}),
    invoicing: jsonb('invoicing').notNull().default({}),
    shipping: jsonb('shipping').notNull().default({}),
    marketplace: jsonb('marketplace').notNull().default({}),
    /**
     * The application of a user who asked to become a dealer (docs/decisions/020-dealer-applications.md): company,
     * VAT id, store address, contact, expected volume. Null for dealers created by the maker.
     */
    application: jsonb('application'),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedBy: uuid('reviewed_by'),
    /** Why an application was refused (status 2). */
    rejectionReason: text('rejection_reason'),
    ...timestamps,
  },
  (t) => [
    // The store finder's box query (docs/decisions/022-engagement.md): latitude and longitude of the store.
    index('dealers_store_lat_lng_idx').on(
      sql`((${t.storeInfo} -> 'location' -> 'coordinates' ->> 1)::double precision)`,
      sql`((${t.storeInfo} -> 'location' -> 'coordinates' ->> 0)::double precision)`,
    ),
  ],
);

/**
 * Refresh tokens: opaque, stored as SHA-256, rotated on every use. A family is one sign-in; presenting a rotated
 * token again revokes the whole family (reuse detection).
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    /** The administrator acting as this user (mode demo_user), if any. */
    impersonatorId: uuid('impersonator_id').references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sessions_token_hash_idx').on(t.tokenHash), index('sessions_family_idx').on(t.familyId)],
);

/** One-time tokens sent by e-mail (confirm e-mail, reset password), stored as SHA-256. */
export const emailTokens = pgTable(
  'email_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: varchar('purpose', { length: 16 }).notNull(),
    tokenHash: text('token_hash').notNull(),
    /** The address the link was sent to, for a change of address: it confirms that address only. */
    address: text('address'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('email_tokens_hash_idx').on(t.tokenHash)],
);

/** Every e-mail the system sends; without SMTP this is the dev mailbox. */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    /** Extra headers for the transport (List-Unsubscribe …), kept for a later attempt. */
    headers: jsonb('headers').$type<Record<string, string>>(),
    lang: varchar('lang', { length: 8 }).notNull(),
    /** The order an e-mail is about (order e-mails), so the back office lists what its buyer was sent (decision 042). */
    orderId: uuid('order_id'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** The last delivery failure's message. */
    error: text('error'),
    /** Delivery attempts so far (with SMTP_URL). */
    attempts: integer('attempts').notNull().default(0),
    /** When delivery is (re)tried next; a claimed message's lease ends then (null: not queued, the dev mailbox). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    /** Given up after the last attempt (dead letter): shown to staff, never retried by itself. */
    deadAt: timestamp('dead_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('outbox_created_idx').on(t.createdAt),
    index('outbox_order_idx').on(t.orderId, t.createdAt),
    index('outbox_due_idx').on(t.nextAttemptAt),
  ],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Who did it: the administrator when impersonating, else the user. */
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** The user acted as, when impersonating. */
    subjectId: uuid('subject_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    /**
     * The record the change is about (back office, decision 040): a kind (`order`, `user`, `dealer`, `model`, …) and
     * its id, so each record's page shows its own trail. `detail.before` / `detail.after` hold the changed fields.
     */
    entityType: varchar('entity_type', { length: 40 }),
    entityId: text('entity_id'),
    detail: jsonb('detail').notNull().default({}),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Insertion order: entries written within one clock tick (PGlite's clock counts milliseconds) keep it. */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt),
    index('audit_log_entity_idx').on(t.entityType, t.entityId, t.createdAt),
  ],
);

/** Values a translator saved over the catalogs, served to every visitor. */
export const translationOverrides = pgTable(
  'translation_overrides',
  {
    lang: varchar('lang', { length: 8 }).notNull(),
    key: text('key').notNull(),
    value: text('value').notNull(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.lang, t.key] })],
);

/** Server secrets generated at first start when not configured (JWT signing key), shared by every process. */
export const secrets = pgTable('secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Invitations to join the staff (back office, decision 040): the roles the invitee gets on accepting, a link whose
 * token is stored as SHA-256 and works for 7 days. A resend replaces the token; a revoked or accepted one is closed.
 */
export const staffInvitations = pgTable(
  'staff_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Lower-cased. */
    email: text('email').notNull(),
    roles: text('roles').array().notNull(),
    /** The e-mail's language when the address has no account yet. */
    lang: varchar('lang', { length: 8 }).notNull().default('en-us'),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedBy: uuid('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('staff_invitations_token_idx').on(t.tokenHash),
    // One open invitation per address: a second is a resend.
    uniqueIndex('staff_invitations_open_idx')
      .on(t.email)
      .where(sql`${t.acceptedAt} is null and ${t.revokedAt} is null`),
  ],
);
