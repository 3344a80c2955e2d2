import { type Db, users, whistleCases, whistleMessages } from '@varg/db';
import { and, asc, count, desc, eq, inArray, max, type SQL, sql } from 'drizzle-orm';

export type CaseRow = typeof whistleCases.$inferSelect;
export type MessageRow = typeof whistleMessages.$inferSelect & { authorName: string | null };

/** Whistleblowing cases and their threads (decision 023). Rows hold ciphertext; the service decrypts. */
export function whistleRepo(db: Db) {
  return {
    /** Inserts a case with its id chosen by the caller (the id is the ciphertext's authenticated context). */
    async insertCase(row: typeof whistleCases.$inferInsert): Promise<CaseRow | null> {
      const [created] = await db.insert(whistleCases).values(row).onConflictDoNothing().returning();
      return created ?? null;
    },

    /** The compliance officers, who are told of new reports and messages (never of their content). */
    async officers(): Promise<Array<{ email: string; name: string; lang: string; country: string }>> {
      return db
        .select({ email: users.email, name: users.name, lang: users.lang, country: users.country })
        .from(users)
        .where(sql`'compliance' = any(${users.roles})`);
    },

    async byCode(code: string): Promise<CaseRow | null> {
      const [row] = await db.select().from(whistleCases).where(eq(whistleCases.code, code)).limit(1);
      return row ?? null;
    },

    async byId(id: string): Promise<CaseRow | null> {
      const [row] = await db.select().from(whistleCases).where(eq(whistleCases.id, id)).limit(1);
      return row ?? null;
    },

    /** Counts a wrong secret; the `limit`-th in a row locks the case until `lockUntil`. */
    async failedAttempt(id: string, limit: number, lockUntil: Date): Promise<void> {
      await db
        .update(whistleCases)
        .set({
          failedAttempts: sql`case when ${whistleCases.failedAttempts} + 1 >= ${limit} then 0 else ${whistleCases.failedAttempts} + 1 end`,
          lockedUntil: sql`case when ${whistleCases.failedAttempts} + 1 >= ${limit} then ${lockUntil.toISOString()}::timestamptz else ${whistleCases.lockedUntil} end`,
        })
        .where(eq(whistleCases.id, id));
    },

    async resetAttempts(id: string): Promise<void> {
      await db
        .update(whistleCases)
        .set({ failedAttempts: 0, lockedUntil: null })
        .where(and(eq(whistleCases.id, id), sql`${whistleCases.failedAttempts} > 0`));
    },

    async list(
      status?: string,
    ): Promise<Array<CaseRow & { messageCount: number; lastReporterMessageAt: Date | null }>> {
      const where: SQL | undefined = status ? eq(whistleCases.status, status) : undefined;
      const rows = await db.select().from(whistleCases).where(where).orderBy(desc(whistleCases.receivedAt));
      if (rows.length === 0) return [];
      const stats = await db
        .select({
          caseId: whistleMessages.caseId,
          n: count(),
          lastReporter: max(
            sql<Date>`case when ${whistleMessages.author} = 'reporter' then ${whistleMessages.createdAt} end`,
          ),
        })
        .from(whistleMessages)
        .where(
          inArray(
            whistleMessages.caseId,
            rows.map((r) => r.id),
          ),
        )
        .groupBy(whistleMessages.caseId);
      const byCase = new Map(stats.map((s) => [s.caseId, s]));
      return rows.map((r) => {
        const s = byCase.get(r.id);
        const last = s?.lastReporter ?? null;
        return { ...r, messageCount: s?.n ?? 0, lastReporterMessageAt: last ? new Date(last) : null };
      });
    },

    async messages(caseId: string): Promise<MessageRow[]> {
      const rows = await db
        .select({ message: whistleMessages, name: users.name, secondName: users.secondName })
        .from(whistleMessages)
        .leftJoin(users, eq(users.id, whistleMessages.authorId))
        .where(eq(whistleMessages.caseId, caseId))
        .orderBy(asc(whistleMessages.createdAt), asc(whistleMessages.id));
      return rows.map((r) => ({
        ...r.message,
        authorName: r.name === null ? null : `${r.name} ${r.secondName ?? ''}`.trim(),
      }));
    },

    /** Adds a message; a compliance answer also sets the case's first answer and moves a new case along. */
    async addMessage(
      caseId: string,
      row: { author: 'reporter' | 'compliance'; authorId: string | null; body: string; id: string },
      now: Date,
    ): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.insert(whistleMessages).values({ ...row, caseId, createdAt: now });
        if (row.author === 'compliance') {
          await tx
            .update(whistleCases)
            .set({
              firstAnswerAt: sql`coalesce(${whistleCases.firstAnswerAt}, ${now.toISOString()}::timestamptz)`,
              updatedAt: now,
            })
            .where(eq(whistleCases.id, caseId));
        } else {
          await tx.update(whistleCases).set({ updatedAt: now }).where(eq(whistleCases.id, caseId));
        }
      });
    },

    /** Changes the status only from the status the caller saw (a change is made once). */
    async setStatus(
      id: string,
      from: string,
      change: Partial<typeof whistleCases.$inferInsert> & { status: string },
    ): Promise<CaseRow | null> {
      const [row] = await db
        .update(whistleCases)
        .set(change)
        .where(and(eq(whistleCases.id, id), eq(whistleCases.status, from)))
        .returning();
      return row ?? null;
    },
  };
}
export type WhistleRepo = ReturnType<typeof whistleRepo>;
