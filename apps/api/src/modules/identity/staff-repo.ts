import { STAFF_ROLES, type StaffListQuery } from '@varg/contracts';
import { type Db, dealers, staffInvitations, users } from '@varg/db';
import { ACTIVE_STATUS } from '@varg/domain';
import { and, arrayContains, arrayOverlaps, desc, eq, ilike, isNull, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { containsPattern, countAll, orderOf, windowOf } from '../../lib/admin-list.ts';

export type InvitationRow = typeof staffInvitations.$inferSelect;
type StaffQuery = z.infer<typeof StaffListQuery>;

const open = and(isNull(staffInvitations.acceptedAt), isNull(staffInvitations.revokedAt));

/** The writes of one change of staff, inside its transaction (rows locked where a rule counts them). */
function staffWrites(tx: Db) {
  return {
    tx,
    async lockUser(id: string) {
      const [row] = await tx.select().from(users).where(eq(users.id, id)).for('update');
      return row ?? null;
    },
    async lockUserByEmail(email: string) {
      const [row] = await tx.select().from(users).where(eq(users.email, email)).for('update');
      return row ?? null;
    },
    /** The administrators' ids (the change holds the staff lock, so none is added or removed meanwhile). */
    async admins() {
      const rows = await tx
        .select({ id: users.id })
        .from(users)
        .where(arrayContains(users.roles, ['admin']));
      return rows.map((r) => r.id);
    },
    async isApprovedDealer(userId: string) {
      const [row] = await tx.select({ status: dealers.status }).from(dealers).where(eq(dealers.userId, userId));
      return row?.status === ACTIVE_STATUS;
    },
    async setRoles(id: string, roles: string[]) {
      const [row] = await tx.update(users).set({ roles, updatedAt: new Date() }).where(eq(users.id, id)).returning();
      return row ?? null;
    },
    async insertUser(values: typeof users.$inferInsert) {
      const [row] = await tx.insert(users).values(values).onConflictDoNothing().returning();
      return row ?? null;
    },
    async lockInvitation(where: { id: string } | { tokenHash: string }) {
      const [row] = await tx
        .select()
        .from(staffInvitations)
        .where('id' in where ? eq(staffInvitations.id, where.id) : eq(staffInvitations.tokenHash, where.tokenHash))
        .for('update');
      return row ?? null;
    },
    async openInvitationFor(email: string) {
      const [row] = await tx
        .select({ id: staffInvitations.id })
        .from(staffInvitations)
        .where(and(eq(staffInvitations.email, email), open));
      return row ?? null;
    },
    async insertInvitation(values: typeof staffInvitations.$inferInsert) {
      const [row] = await tx.insert(staffInvitations).values(values).onConflictDoNothing().returning();
      return row ?? null;
    },
    async updateInvitation(id: string, values: Partial<typeof staffInvitations.$inferInsert>) {
      const [row] = await tx
        .update(staffInvitations)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(staffInvitations.id, id))
        .returning();
      return row ?? null;
    },
  };
}
export type StaffWrites = ReturnType<typeof staffWrites>;

/** Staff and their invitations: the identity module's tables, read and written for the back office. */
export function staffRepo(db: Db) {
  const approved = sql<boolean>`coalesce(${dealers.status} = ${ACTIVE_STATUS}, false)`;
  return {
    /** In one transaction: the change and its audit entry commit together. */
    change<T>(work: (writes: StaffWrites) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) => {
        // Changes of staff run one at a time: two administrators demoting each other cannot both pass the
        // last-administrator rule, and no two transactions lock the same rows in opposite orders.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext('staff_roles'))`);
        return work(staffWrites(tx as unknown as Db));
      });
    },

    /** Everyone holding a staff role, searched, filtered by role, sorted and paged. */
    async list(query: StaffQuery) {
      const pattern = query.q ? containsPattern(query.q) : null;
      const where = and(
        arrayOverlaps(users.roles, [...STAFF_ROLES]),
        query.role ? arrayContains(users.roles, [query.role]) : undefined,
        pattern
          ? or(ilike(users.email, pattern), ilike(users.name, pattern), ilike(users.secondName, pattern))
          : undefined,
      );
      const columns = { email: users.email, name: users.name, createdAt: users.createdAt };
      const [rows, [count]] = await Promise.all([
        db
          .select({ user: users, approvedDealer: approved })
          .from(users)
          .leftJoin(dealers, eq(dealers.userId, users.id))
          .where(where)
          .orderBy(...orderOf(columns, query, 'email', users.id))
          .limit(windowOf(query).limit)
          .offset(windowOf(query).offset),
        db.select({ total: countAll }).from(users).where(where),
      ]);
      return { rows, total: count?.total ?? 0 };
    },

    /** Open invitations (pending or expired, neither accepted nor revoked), newest first, with who sent them. */
    async openInvitations(limit = 200) {
      return db
        .select({ invitation: staffInvitations, inviterEmail: users.email })
        .from(staffInvitations)
        .leftJoin(users, eq(users.id, staffInvitations.invitedBy))
        .where(open)
        .orderBy(desc(staffInvitations.createdAt), desc(staffInvitations.id))
        .limit(limit);
    },

    async accountByEmail(email: string) {
      const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
      return row ?? null;
    },

    async invitationByToken(tokenHash: string) {
      const [row] = await db.select().from(staffInvitations).where(eq(staffInvitations.tokenHash, tokenHash));
      return row ?? null;
    },
  };
}
export type StaffRepo = ReturnType<typeof staffRepo>;
