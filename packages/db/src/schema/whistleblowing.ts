import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { users } from './identity.ts';

/**
 * A whistleblowing report (docs/decisions/023-whistleblowing.md). No reporter identity, account or address is kept:
 * the description, the optional details and the contact are one AES-256-GCM ciphertext (`report`), the secret is an
 * argon2id hash. Only the compliance role reads it.
 */
export const whistleCases = pgTable(
  'whistle_cases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** `WB-XXXX-XXXX`, what the reporter writes down. */
    code: varchar('code', { length: 16 }).notNull(),
    secretHash: text('secret_hash').notNull(),
    category: varchar('category', { length: 32 }).notNull(),
    /** received · acknowledged · in_progress · closed */
    status: varchar('status', { length: 16 }).notNull().default('received'),
    /** `v1.<iv>.<tag>.<ciphertext>` (base64url) of `{description, when, where, people, contact}`. */
    report: text('report').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    acknowledgedBy: uuid('acknowledged_by').references(() => users.id, { onDelete: 'set null' }),
    /** The compliance team's first answer (the directive's feedback). */
    firstAnswerAt: timestamp('first_answer_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** Wrong secrets in a row; at the limit the case is locked until `locked_until` (no address is kept). */
    failedAttempts: integer('failed_attempts').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('whistle_cases_code_key').on(t.code), index('whistle_cases_status_idx').on(t.status)],
);

/** A message of a case's thread, encrypted like the report. */
export const whistleMessages = pgTable(
  'whistle_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    caseId: uuid('case_id')
      .notNull()
      .references(() => whistleCases.id, { onDelete: 'cascade' }),
    /** reporter · compliance */
    author: varchar('author', { length: 16 }).notNull(),
    /** The compliance officer who wrote it; never set for the reporter. */
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('whistle_messages_case_idx').on(t.caseId, t.createdAt)],
);
