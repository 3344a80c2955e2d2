import type { Db } from '../client.ts';
import { outbox } from '../schema/index.ts';

type Tx = Pick<Db, 'insert'>;
const HOUR = 3_600_000;

/**
 * Two dead-lettered e-mails for the back office's e-mail page (decision 065): both failed on all six attempts. In the
 * demo nothing is delivered (no SMTP_URL), so one sent again stays waiting in the dev mailbox.
 */
export async function seedDeadLetters(tx: Tx, now: Date): Promise<void> {
  const failed = (hoursAgo: number, to: string, subject: string, lang: string, error: string) => ({
    to,
    subject,
    text: subject,
    html: `<p>${subject}</p>`,
    lang,
    attempts: 6,
    error,
    createdAt: new Date(now.getTime() - hoursAgo * HOUR),
    deadAt: new Date(now.getTime() - (hoursAgo - 15) * HOUR),
  });
  await tx
    .insert(outbox)
    .values([
      failed(40, 'buyer@example.com', 'Your invoice', 'en', '451 4.3.0 Mailbox temporarily unavailable'),
      failed(20, 'kunde@example.de', 'Bitte bestätigen Sie Ihre E-Mail-Adresse', 'de', 'connect ETIMEDOUT'),
    ]);
}
