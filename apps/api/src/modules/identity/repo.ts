import { type Db, dealers, emailTokens, sessions, users } from '@varg/db';
import { and, eq, gt, inArray, isNull, ne } from 'drizzle-orm';

export type UserRow = typeof users.$inferSelect;
export type DealerRow = typeof dealers.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;

export function identityRepo(db: Db) {
  return {
    db,
    async findUserByEmail(email: string) {
      const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
      return row ?? null;
    },
    async findUser(id: string) {
      const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return row ?? null;
    },
    async findDealer(userId: string) {
      const [row] = await db.select().from(dealers).where(eq(dealers.userId, userId)).limit(1);
      return row ?? null;
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
     * What every signed-in request checks, in one query: the user's roles and credentials date, and whether the
     * token's sign-in (session family) is still active.
     */
    /**
     * The active sign-ins (session families, not revoked, not expired) among `familyIds`, each with its user's roles and
     * when the user's credentials last changed: one query for the Bearer tokens of many requests (the guards batch them).
     */
    async activeSessionUsers(familyIds: readonly string[]) {
      if (familyIds.length === 0) return [];
      return db
        .select({
          userId: sessions.userId,
          familyId: sessions.familyId,
          roles: users.roles,
          credentialsChangedAt: users.credentialsChangedAt,
        })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(
          and(
            inArray(sessions.familyId, [...familyIds]),
            isNull(sessions.revokedAt),
            gt(sessions.expiresAt, new Date()),
          ),
        );
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
  };
}
export type IdentityRepo = ReturnType<typeof identityRepo>;
