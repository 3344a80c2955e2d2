import { type Db, leadNotes, leads, testRideFeedback, users } from '@varg/db';
import { and, asc, count, desc, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { pageWithTotal } from '../../lib/page-total.ts';

export type LeadRow = typeof leads.$inferSelect;
export type NoteRow = typeof leadNotes.$inferSelect & { author: string | null };
export type FeedbackRow = typeof testRideFeedback.$inferSelect;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

const leadsOrder = [desc(leads.createdAt), desc(leads.id)];

function notesQuery(db: Db, of: SQL) {
  return db
    .select({ note: leadNotes, name: users.name, secondName: users.secondName })
    .from(leadNotes)
    .leftJoin(users, eq(users.id, leadNotes.authorId))
    .where(of)
    .orderBy(asc(leadNotes.createdAt), asc(leadNotes.id));
}

/**
 * What every render of a dealer's `/leads` reads: a page of the dealer's leads (unfiltered), their notes and their
 * test-ride feedback, as named prepared statements (the ids one `uuid[]` parameter), built once, parsed once per
 * connection (decision 069).
 */
function preparedLeadReads(db: Db) {
  const ids = sql`any(${sql.placeholder('ids')}::uuid[])`;
  return {
    page: db
      .select()
      .from(leads)
      .where(eq(leads.dealerId, sql.placeholder('dealerId')))
      .orderBy(...leadsOrder)
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare('leads_of_dealer'),
    notes: notesQuery(db, sql`${leadNotes.leadId} = ${ids}`).prepare('notes_of_leads'),
    feedback: db
      .select()
      .from(testRideFeedback)
      .where(sql`${testRideFeedback.leadId} = ${ids}`)
      .prepare('feedback_of_leads'),
  };
}

/** Leads, their notes and test-ride feedback (decision 019). Every read names the dealer: no lead leaks. */
export function referralsRepo(db: Db) {
  // Prepared on first use, outside a transaction only.
  let prepared: ReturnType<typeof preparedLeadReads> | undefined;
  const reads = () => {
    if (db instanceof PgTransaction) return undefined;
    prepared ??= preparedLeadReads(db);
    return prepared;
  };
  return {
    async page(
      dealerId: string,
      q: { page: number; limit: number; search?: string | undefined; status?: string | undefined },
    ) {
      const pattern = q.search ? `%${escapeLike(q.search)}%` : null;
      const where: SQL | undefined = and(
        eq(leads.dealerId, dealerId),
        q.status ? eq(leads.status, q.status) : undefined,
        pattern
          ? or(
              ilike(leads.firstName, pattern),
              ilike(leads.lastName, pattern),
              ilike(leads.email, pattern),
              ilike(leads.phone, pattern),
            )
          : undefined,
      );
      const window = { limit: q.limit, offset: (q.page - 1) * q.limit };
      const ready = !q.status && !pattern ? reads() : undefined;
      return pageWithTotal(
        window,
        () =>
          ready
            ? ready.page.execute({ dealerId, ...window })
            : db
                .select()
                .from(leads)
                .where(where)
                .orderBy(...leadsOrder)
                .limit(window.limit)
                .offset(window.offset),
        async () => (await db.select({ n: count() }).from(leads).where(where))[0]?.n ?? 0,
      );
    },

    async ofDealer(dealerId: string, id: string): Promise<LeadRow | null> {
      const [row] = await db
        .select()
        .from(leads)
        .where(and(eq(leads.id, id), eq(leads.dealerId, dealerId)))
        .limit(1);
      return row ?? null;
    },

    async byId(id: string): Promise<LeadRow | null> {
      const [row] = await db.select().from(leads).where(eq(leads.id, id)).limit(1);
      return row ?? null;
    },

    async notes(leadIds: string[]): Promise<NoteRow[]> {
      if (leadIds.length === 0) return [];
      const ready = reads();
      const rows = ready
        ? await ready.notes.execute({ ids: leadIds })
        : await notesQuery(db, inArray(leadNotes.leadId, leadIds));
      return rows.map((r) => ({
        ...r.note,
        author: r.name ? [r.name, r.secondName].filter(Boolean).join(' ') : null,
      }));
    },

    async feedbackOf(leadIds: string[]): Promise<FeedbackRow[]> {
      if (leadIds.length === 0) return [];
      const ready = reads();
      if (ready) return ready.feedback.execute({ ids: leadIds });
      return db.select().from(testRideFeedback).where(inArray(testRideFeedback.leadId, leadIds));
    },

    async insert(values: typeof leads.$inferInsert): Promise<LeadRow> {
      const [row] = await db.insert(leads).values(values).returning();
      if (!row) throw new Error('lead not inserted');
      return row;
    },

    async update(dealerId: string, id: string, values: Partial<typeof leads.$inferInsert>): Promise<LeadRow | null> {
      const [row] = await db
        .update(leads)
        .set(values)
        .where(and(eq(leads.id, id), eq(leads.dealerId, dealerId)))
        .returning();
      return row ?? null;
    },

    async delete(dealerId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(leads)
        .where(and(eq(leads.id, id), eq(leads.dealerId, dealerId)))
        .returning({ id: leads.id });
      return rows.length > 0;
    },

    async addNote(leadId: string, authorId: string, text: string, at: Date) {
      const [row] = await db.insert(leadNotes).values({ leadId, authorId, text, createdAt: at }).returning();
      return row;
    },

    /** A feedback link for the lead; none twice (one per ride). */
    async insertFeedbackLink(leadId: string, tokenHash: string, expiresAt: Date): Promise<boolean> {
      const rows = await db
        .insert(testRideFeedback)
        .values({ leadId, tokenHash, expiresAt })
        .onConflictDoNothing()
        .returning({ id: testRideFeedback.id });
      return rows.length > 0;
    },

    async feedbackByToken(tokenHash: string): Promise<FeedbackRow | null> {
      const [row] = await db.select().from(testRideFeedback).where(eq(testRideFeedback.tokenHash, tokenHash)).limit(1);
      return row ?? null;
    },

    /** Records the answer once: of two answers with one token only the first is kept. */
    async answer(id: string, answer: { rating: number; comments: string; wouldBuy: boolean }, at: Date) {
      const rows = await db
        .update(testRideFeedback)
        .set({ ...answer, answeredAt: at })
        .where(and(eq(testRideFeedback.id, id), isNull(testRideFeedback.answeredAt)))
        .returning({ id: testRideFeedback.id });
      return rows.length > 0;
    },
  };
}
export type ReferralsRepo = ReturnType<typeof referralsRepo>;
