import { type Db, dealers, emailTokens, sessions, users } from '@varg/db';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';

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
     * The users and sign-ins of several Bearer tokens in one query (the guard batches the requests of one moment): for
     * each [user, session family] its roles, when its credentials changed and whether the sign-in is still active.
     */
    async sessionUsers(keys: ReadonlyArray<readonly [userId: string, familyId: string]>) {
      if (keys.length === 0) return [];
      const values = sql.join(
        keys.map(([userId, familyId]) => sql`(${userId}::uuid, ${familyId}::uuid)`),
        sql`, `,
      );
      const result = await db.execute(sql`
        select k.user_id, k.family_id, u.roles, u.credentials_changed_at,
               exists (select 1 from ${sessions} s
                        where s.family_id = k.family_id and s.revoked_at is null
                          and s.expires_at > ${new Date().toISOString()}::timestamptz) as active
          from (values ${values}) as k(user_id, family_id)
          join ${users} u on u.id = k.user_id`);
      return ((result as { rows?: unknown[] }).rows ?? []) as Array<{
        user_id: string;
        family_id: string;
        roles: string[];
        credentials_changed_at: Date | string;
        active: boolean;
      }>;
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
