import type { AdminAccountQuery } from '@varg/contracts';
import { type Db, dealers, sessions, users } from '@varg/db';
import { and, arrayContains, eq, gt, isNotNull, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { containsPattern, countAll, orderOf, windowOf } from '../../lib/admin-list.ts';

const impersonators = alias(users, 'session_impersonators');
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The back office's reads and writes of accounts and their sign-ins (decision 044). */
export function accountAdminRepo(db: Db) {
  const filters = (q: AdminAccountQuery): SQL | undefined => {
    const pattern = q.q ? containsPattern(q.q) : null;
    return and(
      pattern
        ? or(
            sql`${users.email} ilike ${pattern}`,
            sql`(${users.name} || ' ' || ${users.secondName}) ilike ${pattern}`,
            sql`${users.phone} ilike ${pattern}`,
            sql`regexp_replace(${users.phone}, '[^0-9+]', '', 'g') ilike ${containsPattern(q.q?.replace(/[^0-9+]/g, '') || '-')}`,
          )
        : undefined,
      q.country ? eq(users.country, q.country) : undefined,
      q.confirmed === 'yes' ? isNotNull(users.emailConfirmedAt) : undefined,
      q.confirmed === 'no' ? isNull(users.emailConfirmedAt) : undefined,
      q.disabled === 'yes' ? isNotNull(users.disabledAt) : undefined,
      q.disabled === 'no' ? isNull(users.disabledAt) : undefined,
    );
  };

  /** Ends sign-ins of the account (one family, or all): how many were still active. */
  async function endSessions(userId: string, familyId?: string, tx: Pick<Db, 'update'> = db) {
    const rows = await tx
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(
        and(
          eq(sessions.userId, userId),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, new Date()),
          familyId ? eq(sessions.familyId, familyId) : undefined,
        ),
      )
      .returning({ familyId: sessions.familyId });
    return new Set(rows.map((r) => r.familyId)).size;
  }

  return {
    endSessions,

    async list(q: AdminAccountQuery) {
      const where = filters(q);
      const columns = {
        email: users.email,
        name: sql`lower(${users.name} || ' ' || ${users.secondName})`,
        country: users.country,
        createdAt: users.createdAt,
      };
      const [rows, [count]] = await Promise.all([
        db
          .select({ user: users, dealerId: dealers.id })
          .from(users)
          .leftJoin(dealers, eq(dealers.userId, users.id))
          .where(where)
          .orderBy(...orderOf(columns, q, 'createdAt', users.id))
          .limit(windowOf(q).limit)
          .offset(windowOf(q).offset),
        db.select({ total: countAll }).from(users).where(where),
      ]);
      return { rows, total: Number(count?.total ?? 0) };
    },

    async withDealer(id: string) {
      const [row] = await db
        .select({ user: users, dealer: { id: dealers.id, status: dealers.status } })
        .from(users)
        .leftJoin(dealers, eq(dealers.userId, users.id))
        .where(eq(users.id, id))
        .limit(1);
      return row ?? null;
    },

    /** The account's active sign-ins (not revoked, not expired), newest activity first. */
    async activeSessions(userId: string) {
      const rows = await db
        .select({
          familyId: sessions.familyId,
          startedAt: sql<string>`min(${sessions.createdAt})`,
          lastActiveAt: sql<string>`max(${sessions.createdAt})`,
          expiresAt: sql<string>`max(${sessions.expiresAt})`,
          ip: sql<string | null>`(array_agg(${sessions.ip} order by ${sessions.createdAt} desc))[1]`,
          userAgent: sql<string | null>`(array_agg(${sessions.userAgent} order by ${sessions.createdAt} desc))[1]`,
          impersonator: sql<string | null>`max(${impersonators.email})`,
        })
        .from(sessions)
        .leftJoin(impersonators, eq(impersonators.id, sessions.impersonatorId))
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
        .groupBy(sessions.familyId)
        .having(
          and(sql`max(${sessions.expiresAt}) > now()`, sql`count(*) filter (where ${sessions.rotatedAt} is null) > 0`),
        );
      return rows
        .map((r) => ({
          familyId: r.familyId,
          startedAt: new Date(r.startedAt).toISOString(),
          lastActiveAt: new Date(r.lastActiveAt).toISOString(),
          expiresAt: new Date(r.expiresAt).toISOString(),
          ip: r.ip,
          userAgent: r.userAgent,
          impersonator: r.impersonator,
        }))
        .sort((a, b) => b.lastActiveAt.localeCompare(a.lastActiveAt));
    },

    /**
     * Disables or enables an account in one transaction with `then` (the audit entry): disabling ends every sign-in
     * at once. The row is locked, and for an administrator the other active administrators are counted inside it, so
     * two colleagues disabling each other at once cannot leave nobody.
     */
    async setDisabled(
      userId: string,
      disabled: boolean,
      then: (tx: Tx, before: typeof users.$inferSelect) => Promise<void>,
    ): Promise<{ outcome: 'ok' | 'missing' | 'last_admin' }> {
      return db.transaction(async (tx) => {
        // Every active administrator is locked in the same order, so concurrent disables serialise.
        await tx
          .select({ id: users.id })
          .from(users)
          .where(and(arrayContains(users.roles, ['admin']), isNull(users.disabledAt)))
          .orderBy(users.id)
          .for('update');
        const [before] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
        if (!before) return { outcome: 'missing' };
        if (disabled && before.roles.includes('admin') && before.disabledAt === null) {
          const [others] = await tx
            .select({ n: countAll })
            .from(users)
            .where(and(arrayContains(users.roles, ['admin']), isNull(users.disabledAt), ne(users.id, userId)));
          if (Number(others?.n ?? 0) === 0) return { outcome: 'last_admin' };
        }
        await tx
          .update(users)
          .set({ disabledAt: disabled ? (before.disabledAt ?? new Date()) : null, updatedAt: new Date() })
          .where(eq(users.id, userId));
        if (disabled) await endSessions(userId, undefined, tx);
        await then(tx, before);
        return { outcome: 'ok' };
      });
    },
  };
}
export type AccountAdminRepo = ReturnType<typeof accountAdminRepo>;
