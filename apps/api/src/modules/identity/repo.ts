import { type Db, dealers, emailTokens, sessions, users } from '@varg/db';
import { and, eq, gt, ilike, isNull, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';

const impersonators = alias(users, 'impersonators');
const CHANGE_EMAIL = 'change_email';

export type UserRow = typeof users.$inferSelect;
export type DealerRow = typeof dealers.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;

/**
 * The reads of every signed-in request (the guards' session check, `user/me`, `dealer/my`, a dealer's record): built
 * once per database as named prepared statements, so a read neither builds the query again nor has PostgreSQL parse
 * it (decision 069).
 */
function signedInReads(db: Db) {
  return {
    sessionUsers: db
      .select({
        userId: sessions.userId,
        familyId: sessions.familyId,
        roles: users.roles,
        credentialsChangedAt: users.credentialsChangedAt,
        impersonatorId: sessions.impersonatorId,
        impersonatorRoles: impersonators.roles,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .leftJoin(impersonators, eq(impersonators.id, sessions.impersonatorId))
      .where(
        and(
          sql`${sessions.familyId} = any(${sql.placeholder('familyIds')}::uuid[])`,
          isNull(sessions.revokedAt),
          // A disabled account's tokens stop working at once, whatever session a race left behind (decision 044).
          isNull(users.disabledAt),
          gt(sessions.expiresAt, sql.placeholder('now')),
        ),
      )
      .prepare('active_session_users'),
    userWithDealer: db
      .select({ user: users, dealer: dealers })
      .from(users)
      .leftJoin(dealers, eq(dealers.userId, users.id))
      .where(eq(users.id, sql.placeholder('id')))
      .limit(1)
      .prepare('user_with_dealer'),
    user: db
      .select()
      .from(users)
      .where(eq(users.id, sql.placeholder('id')))
      .limit(1)
      .prepare('user_by_id'),
    dealerOf: db
      .select()
      .from(dealers)
      .where(eq(dealers.userId, sql.placeholder('userId')))
      .limit(1)
      .prepare('dealer_of_user'),
  };
}

export function identityRepo(db: Db) {
  // Prepared on first use: a transaction's repo (`identityRepo(tx)`) mostly never reads them.
  let prepared: ReturnType<typeof signedInReads> | undefined;
  const reads = () => {
    prepared ??= signedInReads(db);
    return prepared;
  };
  /**
   * The user's pending address (`null`: none) in one transaction: links sent for an earlier one stop working, and a
   * new address gets its confirmation link.
   */
  async function setPendingEmail(
    userId: string,
    pending: { address: string; token: { tokenHash: string; expiresAt: Date } } | null,
    also?: (tx: Db) => Promise<void>,
  ) {
    return db.transaction(async (tx) => {
      await tx
        .update(emailTokens)
        .set({ usedAt: new Date() })
        .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, CHANGE_EMAIL), isNull(emailTokens.usedAt)));
      if (pending)
        await tx
          .insert(emailTokens)
          .values({ userId, purpose: CHANGE_EMAIL, address: pending.address, ...pending.token });
      const [row] = await tx
        .update(users)
        .set({ pendingEmail: pending?.address ?? null, updatedAt: new Date() })
        .where(eq(users.id, userId))
        .returning();
      await also?.(tx);
      return row ?? null;
    });
  }

  return {
    db,
    async findUserByEmail(email: string) {
      const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
      return row ?? null;
    },
    async findUser(id: string) {
      const [row] = await reads().user.execute({ id });
      return row ?? null;
    },
    async findDealer(userId: string) {
      const [row] = await reads().dealerOf.execute({ userId });
      return row ?? null;
    },
    /**
     * A user and their dealer record (null: none) in one query: `user/me` and `dealer/my` are asked on every signed-in
     * page render (decision 069).
     */
    async findUserWithDealer(id: string): Promise<{ user: UserRow; dealer: DealerRow | null } | null> {
      const [row] = await reads().userWithDealer.execute({ id });
      return row ?? null;
    },
    /** Users whose e-mail address, name or second name contains `text` (case-insensitive), by e-mail. */
    async searchUsers(text: string, limit: number) {
      const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const rows = await db
        .select({ user: users, dealerId: dealers.id })
        .from(users)
        .leftJoin(dealers, eq(dealers.userId, users.id))
        .where(or(ilike(users.email, pattern), ilike(users.name, pattern), ilike(users.secondName, pattern)))
        .orderBy(users.email)
        .limit(limit);
      return rows.map(({ user, dealerId }) => ({ user, hasDealer: dealerId !== null }));
    },
    /** Approved dealers (status 1) whose account is in `country` (any country without it), with their user. */
    async listActiveDealers(country?: string) {
      return db
        .select({ dealer: dealers, user: users })
        .from(dealers)
        .innerJoin(users, eq(users.id, dealers.userId))
        .where(and(eq(dealers.status, 1), country ? eq(users.country, country) : undefined))
        .orderBy(dealers.createdAt, dealers.id);
    },
    async insertUser(values: typeof users.$inferInsert) {
      const [row] = await db.insert(users).values(values).onConflictDoNothing().returning();
      return row ?? null;
    },
    async updateUser(id: string, values: Partial<typeof users.$inferInsert>) {
      const [row] = await db
        .update(users)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(users.id, id))
        .returning();
      return row ?? null;
    },
    async insertSession(values: typeof sessions.$inferInsert) {
      await db.insert(sessions).values(values);
    },
    async findSessionByHash(tokenHash: string) {
      const [row] = await db.select().from(sessions).where(eq(sessions.tokenHash, tokenHash)).limit(1);
      return row ?? null;
    },
    /** Marks a refresh token used; false when another request already did (a replay). */
    async markRotated(id: string) {
      const rows = await db
        .update(sessions)
        .set({ rotatedAt: new Date() })
        .where(and(eq(sessions.id, id), isNull(sessions.rotatedAt), isNull(sessions.revokedAt)))
        .returning({ id: sessions.id });
      return rows.length === 1;
    },
    async revokeFamily(familyId: string) {
      await db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(sessions.familyId, familyId), isNull(sessions.revokedAt)));
    },
    /**
     * The active sign-ins (session families, not revoked, not expired) among `familyIds`, each with its user's roles,
     * when the user's credentials last changed, and for an impersonation the administrator's current roles: one query
     * for the Bearer tokens of many requests (the guards batch them).
     */
    async activeSessionUsers(familyIds: readonly string[]) {
      if (familyIds.length === 0) return [];
      return reads().sessionUsers.execute({ familyIds: [...familyIds], now: new Date() });
    },
    /** Revokes every session of a user, except one family when given. */
    async revokeUserSessions(userId: string, exceptFamilyId?: string) {
      await db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(
          and(
            eq(sessions.userId, userId),
            isNull(sessions.revokedAt),
            exceptFamilyId ? ne(sessions.familyId, exceptFamilyId) : undefined,
          ),
        );
    },
    async insertEmailToken(values: typeof emailTokens.$inferInsert) {
      await db.insert(emailTokens).values(values);
    },
    /** Uses a one-time token: returns its user id once, while it is unused and unexpired. */
    async consumeEmailToken(tokenHash: string, purpose: string) {
      const [row] = await db
        .update(emailTokens)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(emailTokens.tokenHash, tokenHash),
            eq(emailTokens.purpose, purpose),
            isNull(emailTokens.usedAt),
            gt(emailTokens.expiresAt, new Date()),
          ),
        )
        .returning({ userId: emailTokens.userId });
      return row?.userId ?? null;
    },
    /**
     * Makes `address` the user's pending address with a new confirmation link: links sent for an earlier pending
     * address stop working. `also` runs in the same transaction (the e-mails about it, decision 056).
     */
    async startEmailChange(
      userId: string,
      address: string,
      token: { tokenHash: string; expiresAt: Date },
      also?: (tx: Db) => Promise<void>,
    ) {
      return setPendingEmail(userId, { address, token }, also);
    },
    /** Drops the pending address and its links. */
    async cancelEmailChange(userId: string) {
      return setPendingEmail(userId, null);
    },
    /** Uses a change-of-address link once: its user and the address it was sent to. */
    async consumeEmailChangeToken(tokenHash: string) {
      const [row] = await db
        .update(emailTokens)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(emailTokens.tokenHash, tokenHash),
            eq(emailTokens.purpose, CHANGE_EMAIL),
            isNull(emailTokens.usedAt),
            gt(emailTokens.expiresAt, new Date()),
          ),
        )
        .returning({ userId: emailTokens.userId, address: emailTokens.address });
      return row?.address ? { userId: row.userId, address: row.address } : null;
    },
    /** The pending address becomes the sign-in address (confirmed by its link); only while it is still the pending one. */
    async applyEmailChange(userId: string, address: string) {
      const [row] = await db
        .update(users)
        .set({ email: address, pendingEmail: null, emailConfirmedAt: new Date(), updatedAt: new Date() })
        .where(and(eq(users.id, userId), eq(users.pendingEmail, address)))
        .returning();
      return row ?? null;
    },
  };
}
export type IdentityRepo = ReturnType<typeof identityRepo>;
