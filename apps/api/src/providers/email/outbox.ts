import { type Db, outbox } from '@varg/db';
import { desc, eq } from 'drizzle-orm';
import type { EmailMessage, EmailProvider } from './interface.ts';

/**
 * Every message goes to the outbox table. With SMTP_URL it is then delivered through nodemailer and marked sent;
 * without it the outbox is the dev mailbox.
 */
export function outboxEmail(db: Db, options: { smtpUrl?: string | undefined; from: string }): EmailProvider {
  let transport: Promise<{ sendMail(m: Record<string, unknown>): Promise<unknown> }> | undefined;
  return {
    async send(message: EmailMessage) {
      const { headers: _, ...stored } = message;
      const [row] = await db.insert(outbox).values(stored).returning({ id: outbox.id });
      if (!options.smtpUrl || !row) return;
      transport ??= import('nodemailer').then((m) => m.default.createTransport(options.smtpUrl));
      try {
        await (await transport).sendMail({ from: options.from, ...message });
        await db.update(outbox).set({ sentAt: new Date() }).where(eq(outbox.id, row.id));
      } catch (err) {
        await db
          .update(outbox)
          .set({ error: String((err as Error).message) })
          .where(eq(outbox.id, row.id));
      }
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
}
