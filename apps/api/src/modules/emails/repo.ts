import type { EmailState } from '@varg/contracts';
import { type Db, outbox } from '@varg/db';
import { and, desc, eq, isNotNull, isNull, type SQL } from 'drizzle-orm';
import { countAll } from '../../lib/admin-list.ts';

const WHERE: Record<EmailState, SQL | undefined> = {
  dead: isNotNull(outbox.deadAt),
  waiting: and(isNull(outbox.sentAt), isNull(outbox.deadAt)),
  sent: isNotNull(outbox.sentAt),
};

/**
 * The outbox as the back office reads and requeues it (decision 065; the queue itself is decision 056). A requeued
 * message keeps its attempts: the next failure makes it dead again at once, so one click is one more try.
 */
export function emailOutbox(db: Db) {
  return {
    async list(query: { state: EmailState; page: number; limit: number }) {
      const where = WHERE[query.state];
      const [rows, [count], [dead]] = await Promise.all([
        db
          .select({
            id: outbox.id,
            to: outbox.to,
            subject: outbox.subject,
            lang: outbox.lang,
            attempts: outbox.attempts,
            error: outbox.error,
            orderId: outbox.orderId,
            createdAt: outbox.createdAt,
            sentAt: outbox.sentAt,
            deadAt: outbox.deadAt,
            nextAttemptAt: outbox.nextAttemptAt,
          })
          .from(outbox)
          .where(where)
          .orderBy(desc(outbox.createdAt), desc(outbox.id))
          .limit(query.limit)
          .offset((query.page - 1) * query.limit),
        db.select({ n: countAll }).from(outbox).where(where),
        db.select({ n: countAll }).from(outbox).where(WHERE.dead),
      ]);
      return { rows, total: count?.n ?? 0, dead: dead?.n ?? 0 };
    },
    async state(id: string) {
      const [row] = await db
        .select({ sentAt: outbox.sentAt, deadAt: outbox.deadAt, attempts: outbox.attempts })
        .from(outbox)
        .where(eq(outbox.id, id));
      return row;
    },
    /** Due now again: a dead or waiting message (not a sent one); answers whether it was requeued. */
    async requeue(id: string, now: Date) {
      const rows = await db
        .update(outbox)
        .set({ deadAt: null, nextAttemptAt: now })
        .where(and(eq(outbox.id, id), isNull(outbox.sentAt)))
        .returning({ id: outbox.id });
      return rows.length > 0;
    },
    /** Every dead message due now again; answers their ids. */
    async requeueDead(now: Date) {
      const rows = await db
        .update(outbox)
        .set({ deadAt: null, nextAttemptAt: now })
        .where(and(isNotNull(outbox.deadAt), isNull(outbox.sentAt)))
        .returning({ id: outbox.id });
      return rows.map((r) => r.id);
    },
    /** Dead messages in all (the back-office nav). */
    async deadCount() {
      const [row] = await db.select({ n: countAll }).from(outbox).where(WHERE.dead);
      return row?.n ?? 0;
    },
  };
}
export type EmailOutbox = ReturnType<typeof emailOutbox>;
