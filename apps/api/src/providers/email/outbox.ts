import { type Db, outbox } from '@varg/db';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { EmailMessage, EmailProvider, EmailSendOptions } from './interface.ts';

/** How long a claimed message is left to one process before another may try it (a process that died mid-send). */
export const DELIVERY_LEASE_MS = 5 * 60_000;
/** The wait before each retry: after the first failure 1 minute, … after the fifth 12 hours; the sixth is the last. */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 12 * 3_600_000] as const;
/** How many messages one round of `deliverDue` claims. */
const BATCH = 20;

type Row = typeof outbox.$inferSelect;
interface Transport {
  sendMail(m: Record<string, unknown>): Promise<unknown>;
}

/**
 * Every message goes to the outbox table first (issue 23, decision 056). Without SMTP_URL the outbox is the dev
 * mailbox and nothing is delivered. With it, the message is claimed at once and delivered after the request's write,
 * without making the request wait; a failed delivery is retried with backoff (`RETRY_DELAYS_MS`) by `deliverDue`,
 * which any process may run: a message is claimed (`for update skip locked`, with a lease) by one process at a time.
 * After the last attempt it is dead (`dead_at`) and waits for staff. A message sent with `{ tx }` is written in the
 * caller's transaction (the transactional outbox): it exists only if the change that caused it commits, and is
 * delivered after the commit (`afterCommit`, or the next `deliverDue`).
 */
export type OutboxMailer = EmailProvider & {
  /** Delivers the messages whose (re)try is due; answers how many were sent. */
  deliverDue(now?: Date): Promise<number>;
  /** Waits for the deliveries this process started (graceful shutdown). */
  drain(): Promise<void>;
};

export function outboxEmail(
  db: Db,
  options: { smtpUrl?: string | undefined; from: string; transport?: Transport },
): OutboxMailer {
  let transport: Promise<Transport> | undefined = options.transport ? Promise.resolve(options.transport) : undefined;
  const inflight = new Set<Promise<unknown>>();
  const deliver = async (row: Row): Promise<boolean> => {
    try {
      transport ??= import('nodemailer').then((m) => m.default.createTransport(options.smtpUrl));
      await (await transport).sendMail({
        from: options.from,
        to: row.to,
        subject: row.subject,
        text: row.text,
        html: row.html,
        ...(row.headers ? { headers: row.headers } : {}),
      });
      await db
        .update(outbox)
        .set({ sentAt: new Date(), attempts: row.attempts + 1, nextAttemptAt: null, error: null })
        .where(eq(outbox.id, row.id));
      return true;
    } catch (err) {
      const attempts = row.attempts + 1;
      const delay = RETRY_DELAYS_MS[attempts - 1];
      const now = Date.now();
      await db
        .update(outbox)
        .set({
          attempts,
          error: String((err as Error).message).slice(0, 1000),
          nextAttemptAt: delay === undefined ? null : new Date(now + delay),
          deadAt: delay === undefined ? new Date(now) : null,
        })
        .where(eq(outbox.id, row.id));
      return false;
    }
  };
  const track = <T>(p: Promise<T>): Promise<T> => {
    inflight.add(p);
    void p.finally(() => inflight.delete(p)).catch(() => {});
    return p;
  };
  const queued = Boolean(options.smtpUrl || options.transport);
  const provider: OutboxMailer = {
    async send(message: EmailMessage, { tx }: EmailSendOptions = {}) {
      if (tx) {
        // In the caller's transaction: due at once, but nobody sees it before the commit; delivered then by
        // `afterCommit` (or the next round of `deliverDue`). A rollback takes it away with the change.
        await tx.insert(outbox).values({ ...message, nextAttemptAt: queued ? new Date() : null });
        return;
      }
      const [row] = await db
        .insert(outbox)
        .values({ ...message, nextAttemptAt: queued ? new Date(Date.now() + DELIVERY_LEASE_MS) : null })
        .returning();
      // Claimed by this process (the lease): delivered now, without holding the request; retried by `deliverDue`.
      if (queued && row) void track(deliver(row));
    },
    afterCommit() {
      if (queued) void track(provider.deliverDue()).catch(() => {});
    },
    async deliverDue(now = new Date()) {
      if (!queued) return 0;
      const claimed = await db.transaction(async (tx) => {
        const due = await tx
          .select({ id: outbox.id })
          .from(outbox)
          .where(
            and(isNull(outbox.sentAt), isNull(outbox.deadAt), sql`${outbox.nextAttemptAt} <= ${now.toISOString()}`),
          )
          .orderBy(outbox.nextAttemptAt)
          .limit(BATCH)
          .for('update', { skipLocked: true });
        if (due.length === 0) return [];
        return tx
          .update(outbox)
          .set({ nextAttemptAt: new Date(now.getTime() + DELIVERY_LEASE_MS) })
          .where(
            sql`${outbox.id} in (${sql.join(
              due.map((d) => sql`${d.id}::uuid`),
              sql`, `,
            )})`,
          )
          .returning();
      });
      let sent = 0;
      for (const row of claimed) if (await track(deliver(row))) sent += 1;
      return sent;
    },
    async drain() {
      await Promise.allSettled([...inflight]);
    },
    sentFor({ orderId }) {
      return db
        .select({
          id: outbox.id,
          to: outbox.to,
          subject: outbox.subject,
          lang: outbox.lang,
          createdAt: outbox.createdAt,
          sentAt: outbox.sentAt,
          error: outbox.error,
        })
        .from(outbox)
        .where(eq(outbox.orderId, orderId))
        .orderBy(desc(outbox.createdAt), desc(outbox.id))
        .limit(100);
    },
  };
  return provider;
}
