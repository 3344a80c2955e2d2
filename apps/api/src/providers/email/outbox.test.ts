import { type Database, outbox } from '@varg/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabase } from '../../../test/helper.ts';
import { smtpServer } from '../../../test/smtp-fixture.ts';
import { outboxEmail, RETRY_DELAYS_MS } from './outbox.ts';

// Issue 23, decision 056: every e-mail is kept in the outbox first; a failed delivery is retried with backoff by any
// process, each message is delivered once, and after the last attempt it is dead and waits for staff.

let database: Database;
let smtp: Awaited<ReturnType<typeof smtpServer>>;
beforeAll(async () => {
  database = await testDatabase();
  smtp = await smtpServer();
}, 120_000);
afterAll(async () => {
  await smtp?.close();
  await database?.close();
});

const message = (to: string) => ({
  to,
  subject: `Your order ${to}`,
  text: 'Thank you.',
  html: '<p>Thank you.</p>',
  lang: 'de',
  headers: { 'List-Unsubscribe': '<https://shop.test/unsubscribe/abc>' },
});
const rowOf = async (to: string) => (await database.db.select().from(outbox).where(eq(outbox.to, to)))[0];
const deliveredTo = (to: string) => smtp.received.filter((m) => m.includes(`To: ${to}`));
const settle = (provider: { drain(): Promise<void> }) => provider.drain();

describe('e-mail delivery through the outbox', () => {
  it('an e-mail whose first delivery fails is sent once, later, with its headers', async () => {
    const mailer = outboxEmail(database.db, { smtpUrl: smtp.url, from: 'Shop <shop@shop.test>' });
    smtp.failNext = 1;
    await mailer.send(message('retry@example.com'));
    await settle(mailer);
    const failed = await rowOf('retry@example.com');
    expect(failed).toMatchObject({ sentAt: null, attempts: 1, deadAt: null });
    expect(failed?.error).toMatch(/451/);
    const due = failed?.nextAttemptAt?.getTime() ?? 0;
    expect(due - Date.now()).toBeGreaterThan(RETRY_DELAYS_MS[0] - 5_000);
    expect(deliveredTo('retry@example.com')).toHaveLength(0);

    // Not due yet: nothing is sent; once due, it is sent once, and a later round sends nothing more.
    expect(await mailer.deliverDue(new Date())).toBe(0);
    expect(await mailer.deliverDue(new Date(due + 1))).toBe(1);
    expect(await mailer.deliverDue(new Date(due + 3_600_000))).toBe(0);
    const sent = deliveredTo('retry@example.com');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toContain('List-Unsubscribe: <https://shop.test/unsubscribe/abc>');
    expect(await rowOf('retry@example.com')).toMatchObject({ attempts: 2, error: null, nextAttemptAt: null });
  });

  it('two processes retrying at once deliver each message exactly once', async () => {
    const first = outboxEmail(database.db, { smtpUrl: smtp.url, from: 'shop@shop.test' });
    const second = outboxEmail(database.db, { smtpUrl: smtp.url, from: 'shop@shop.test' });
    const to = Array.from({ length: 6 }, (_, i) => `both-${i}@example.com`);
    smtp.failNext = to.length;
    for (const address of to) await first.send(message(address));
    await settle(first);
    const later = new Date(Date.now() + RETRY_DELAYS_MS[0] + 1_000);
    const [a, b] = await Promise.all([first.deliverDue(later), second.deliverDue(later)]);
    expect((a ?? 0) + (b ?? 0)).toBe(to.length);
    for (const address of to) expect(deliveredTo(address)).toHaveLength(1);
  });

  it('gives up after the last attempt: the message is dead and never retried by itself', async () => {
    const mailer = outboxEmail(database.db, { smtpUrl: smtp.url, from: 'shop@shop.test' });
    smtp.failNext = RETRY_DELAYS_MS.length + 1;
    await mailer.send(message('dead@example.com'));
    await settle(mailer);
    let at = Date.now();
    for (const delay of RETRY_DELAYS_MS) {
      at += delay + 1;
      expect(await mailer.deliverDue(new Date(at))).toBe(0);
    }
    const dead = await rowOf('dead@example.com');
    expect(dead).toMatchObject({ sentAt: null, attempts: RETRY_DELAYS_MS.length + 1, nextAttemptAt: null });
    expect(dead?.deadAt).toBeInstanceOf(Date);
    smtp.failNext = 0;
    expect(await mailer.deliverDue(new Date(at + 30 * 86_400_000))).toBe(0);
    expect(deliveredTo('dead@example.com')).toHaveLength(0);
  });

  it('without SMTP the outbox is the dev mailbox: kept, never queued for delivery', async () => {
    const mailer = outboxEmail(database.db, { from: 'shop@shop.test' });
    await mailer.send(message('mailbox@example.com'));
    expect(await rowOf('mailbox@example.com')).toMatchObject({ sentAt: null, nextAttemptAt: null, attempts: 0 });
    expect(await mailer.deliverDue(new Date(Date.now() + 86_400_000))).toBe(0);
  });
});
