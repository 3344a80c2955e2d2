import { type Database, outbox } from '@varg/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabase } from '../../../test/helper.ts';
import { smtpServer } from '../../../test/smtp-fixture.ts';
import { outboxEmail } from './outbox.ts';

// Issue 23, decision 056: an e-mail recorded in a caller's transaction exists only if that transaction commits, and is
// delivered once after the commit (the transactional outbox).

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

const message = (to: string) => ({ to, subject: `About ${to}`, text: 'Hello.', html: '<p>Hello.</p>', lang: 'en-us' });
const rowsOf = (to: string) => database.db.select().from(outbox).where(eq(outbox.to, to));
const deliveredTo = (to: string) => smtp.received.filter((m) => m.includes(`To: ${to}`));

class Rollback extends Error {}

describe('e-mails recorded in a transaction', () => {
  it('a transaction that records an e-mail and then fails leaves no message, and nothing is delivered', async () => {
    const mailer = outboxEmail(database.db, { smtpUrl: smtp.url, from: 'shop@shop.test' });
    const to = 'rolled-back@example.com';
    await expect(
      database.db.transaction(async (tx) => {
        await mailer.send(message(to), { tx });
        expect(await tx.select().from(outbox).where(eq(outbox.to, to))).toHaveLength(1);
        throw new Rollback('the change failed');
      }),
    ).rejects.toBeInstanceOf(Rollback);
    mailer.afterCommit();
    await mailer.drain();
    expect(await rowsOf(to)).toHaveLength(0);
    expect(await mailer.deliverDue(new Date(Date.now() + 86_400_000))).toBe(0);
    expect(deliveredTo(to)).toHaveLength(0);
  });

  it('a committed one leaves exactly one message, delivered once after the commit', async () => {
    const mailer = outboxEmail(database.db, { smtpUrl: smtp.url, from: 'shop@shop.test' });
    const to = 'committed@example.com';
    await database.db.transaction(async (tx) => {
      await mailer.send({ ...message(to), headers: { 'X-Reference': 'r-1' } }, { tx });
    });
    const [recorded] = await rowsOf(to);
    expect(recorded).toMatchObject({ sentAt: null, attempts: 0 });
    expect(deliveredTo(to)).toHaveLength(0);

    mailer.afterCommit();
    await mailer.drain();
    const rows = await rowsOf(to);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ attempts: 1, nextAttemptAt: null, error: null });
    expect(rows[0]?.sentAt).toBeInstanceOf(Date);
    // Later rounds, of this process or another, send it no more.
    const other = outboxEmail(database.db, { smtpUrl: smtp.url, from: 'shop@shop.test' });
    expect(await other.deliverDue(new Date(Date.now() + 86_400_000))).toBe(0);
    mailer.afterCommit();
    await mailer.drain();
    const sent = deliveredTo(to);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toContain('X-Reference: r-1');
  });

  it('without afterCommit, the next round of any process delivers it once', async () => {
    const mailer = outboxEmail(database.db, { smtpUrl: smtp.url, from: 'shop@shop.test' });
    const other = outboxEmail(database.db, { smtpUrl: smtp.url, from: 'shop@shop.test' });
    const to = 'next-round@example.com';
    await database.db.transaction(async (tx) => {
      await mailer.send(message(to), { tx });
    });
    const [a, b] = await Promise.all([mailer.deliverDue(), other.deliverDue()]);
    expect((a ?? 0) + (b ?? 0)).toBe(1);
    expect(deliveredTo(to)).toHaveLength(1);
  });

  it('without SMTP the message recorded in a transaction is kept for the dev mailbox, never queued', async () => {
    const mailer = outboxEmail(database.db, { from: 'shop@shop.test' });
    const to = 'dev-mailbox-tx@example.com';
    await database.db.transaction(async (tx) => {
      await mailer.send(message(to), { tx });
    });
    mailer.afterCommit();
    await mailer.drain();
    const rows = await rowsOf(to);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ sentAt: null, nextAttemptAt: null, attempts: 0 });
  });
});
