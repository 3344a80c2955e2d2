import { auditLog, orders, outbox } from '@varg/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { expectAdminOnly } from '../../../test/backoffice.ts';
import { apiCalls, useApi } from '../../../test/helper.ts';
import { smtpServer } from '../../../test/smtp-fixture.ts';
import { outboxEmail } from '../../providers/email/outbox.ts';

// Issue 23 item 2, decision 065: administrators see the dead-lettered e-mails and send them again; a requeued message
// is delivered once by the retry job, against a real SMTP peer.

const smtp = await smtpServer();
afterAll(() => smtp.close());
const ctx = useApi({ config: { smtpUrl: smtp.url, emailRetryIntervalMs: 0 } });
const { call, ok, refused, signIn } = apiCalls(ctx, 140);
const ADMIN = 'admin@demo.starkfuture.com';

const rowOf = async (to: string) => (await ctx.database.db.select().from(outbox).where(eq(outbox.to, to)))[0];
const deliveredTo = (to: string) => smtp.received.filter((m) => m.includes(`To: ${to}`));
const deadRow = (to: string) => ({
  to,
  subject: `Dead ${to}`,
  text: 'x',
  html: '<p>x</p>',
  lang: 'fr',
  attempts: 6,
  error: '451 4.3.0 try again later',
  deadAt: new Date(),
});

describe('dead-lettered e-mails in the back office', () => {
  it('a message that failed until dead is listed, retried by the administrator and delivered once', async () => {
    const admin = await signIn(ADMIN);
    const mailer = outboxEmail(ctx.database.db, { smtpUrl: smtp.url, from: 'shop@shop.test' });
    const to = 'dead-then-sent@example.com';
    smtp.failNext = 6;
    await mailer.send({ to, subject: 'Your invoice', text: 'Hi', html: '<p>Hi</p>', lang: 'de' });
    await mailer.drain();
    // Each retry is due after its backoff: run the job far enough ahead each time until the message is dead.
    let at = Date.now();
    for (let i = 0; i < 5; i++) {
      at += 13 * 3_600_000;
      expect(await mailer.deliverDue(new Date(at))).toBe(0);
    }
    const dead = await rowOf(to);
    expect(dead).toMatchObject({ attempts: 6, sentAt: null });
    expect(dead?.deadAt).not.toBeNull();
    expect(deliveredTo(to)).toHaveLength(0);

    const list = await ok(await call('GET', '/v1/admin/emails?state=dead', admin));
    expect(list).toMatchObject({ delivering: true, page: 1, pageSize: 50 });
    expect(list.dead).toBeGreaterThanOrEqual(1);
    const entry = list.docs.find((d: { id: string }) => d.id === dead?.id);
    expect(entry).toMatchObject({ to, subject: 'Your invoice', lang: 'de', attempts: 6, order: null });
    expect(entry.error).toMatch(/451/);
    expect(entry.deadAt).toBeTruthy();
    // The job never retries a dead message by itself.
    expect(await mailer.deliverDue(new Date(at + 100 * 3_600_000))).toBe(0);

    await ok(await call('POST', `/v1/admin/emails/${dead?.id}/retry`, admin), 204);
    const requeued = await rowOf(to);
    expect(requeued).toMatchObject({ deadAt: null, attempts: 6, sentAt: null });
    expect(requeued?.nextAttemptAt?.getTime()).toBeLessThanOrEqual(Date.now());
    const waiting = await ok(await call('GET', '/v1/admin/emails?state=waiting', admin));
    expect(waiting.docs.map((d: { id: string }) => d.id)).toContain(dead?.id);

    expect(await mailer.deliverDue(new Date())).toBe(1);
    expect(await mailer.deliverDue(new Date(Date.now() + 100 * 3_600_000))).toBe(0);
    expect(deliveredTo(to)).toHaveLength(1);
    expect(await rowOf(to)).toMatchObject({ attempts: 7, error: null });
    const sent = await ok(await call('GET', '/v1/admin/emails?state=sent', admin));
    expect(sent.docs.map((d: { id: string }) => d.id)).toContain(dead?.id);

    // Sent: 409, nothing changed; audited once, as the administrator's retry of that e-mail.
    await refused(await call('POST', `/v1/admin/emails/${dead?.id}/retry`, admin), 409, 'EMAIL_ALREADY_SENT');
    const trail = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'email.retry'), eq(auditLog.entityId, dead?.id ?? '')));
    expect(trail).toHaveLength(1);
    expect(trail[0]).toMatchObject({ entityType: 'email' });
  });

  it('requeues every dead message at once, audited once with the count', async () => {
    const admin = await signIn(ADMIN);
    const db = ctx.database.db;
    await db.insert(outbox).values([deadRow('all-1@example.com'), deadRow('all-2@example.com')]);
    const before = await ok(await call('GET', '/v1/admin/emails?state=dead&limit=1', admin));
    expect(before).toMatchObject({ pageSize: 1, total: before.dead });
    expect(before.docs).toHaveLength(1);
    expect(before.dead).toBeGreaterThanOrEqual(2);

    const answer = await ok(await call('POST', '/v1/admin/emails/retry-dead', admin));
    expect(answer.requeued).toBe(before.dead);
    expect(await rowOf('all-1@example.com')).toMatchObject({ deadAt: null, attempts: 6 });
    const entries = await db.select().from(auditLog).where(eq(auditLog.action, 'email.retry-dead'));
    expect(entries).toHaveLength(1);
    expect(entries[0]?.detail).toMatchObject({ count: before.dead });
    expect((await ok(await call('GET', '/v1/admin/emails?state=dead', admin))).dead).toBe(0);

    // Nothing dead: nothing requeued, nothing audited.
    expect(await ok(await call('POST', '/v1/admin/emails/retry-dead', admin))).toEqual({ requeued: 0 });
    expect(await db.select().from(auditLog).where(eq(auditLog.action, 'email.retry-dead'))).toHaveLength(1);
    const mailer = outboxEmail(db, { smtpUrl: smtp.url, from: 'shop@shop.test' });
    await mailer.deliverDue(new Date());
    expect(deliveredTo('all-2@example.com')).toHaveLength(1);
  });

  it('names the order an e-mail is about by its number', async () => {
    const admin = await signIn(ADMIN);
    const [order] = await ctx.database.db.select({ id: orders.id, number: orders.number }).from(orders).limit(1);
    expect(order).toBeDefined();
    await ctx.database.db.insert(outbox).values({ ...deadRow('about-order@example.com'), orderId: order?.id });
    const list = await ok(await call('GET', '/v1/admin/emails?state=dead', admin));
    const entry = list.docs.find((d: { to: string }) => d.to === 'about-order@example.com');
    expect(entry.order).toEqual({ id: order?.id, number: order?.number });
  });

  it('refuses bad input with 400 and unknown messages with 404, changing nothing', async () => {
    const admin = await signIn(ADMIN);
    await ctx.database.db.insert(outbox).values(deadRow('untouched@example.com'));
    await refused(await call('GET', '/v1/admin/emails?state=lost', admin), 400, 'VALIDATION_ERROR');
    await refused(await call('GET', '/v1/admin/emails?limit=0', admin), 400, 'VALIDATION_ERROR');
    await refused(await call('GET', '/v1/admin/emails?page=x', admin), 400, 'VALIDATION_ERROR');
    await refused(await call('POST', '/v1/admin/emails/not-an-id/retry', admin), 400, 'VALIDATION_ERROR');
    const unknown = '00000000-0000-4000-8000-000000000000';
    const missing = await refused(
      await call('POST', `/v1/admin/emails/${unknown}/retry`, admin),
      404,
      'EMAIL_MESSAGE_NOT_FOUND',
    );
    expect(missing.message).toBeTruthy();
    expect((await rowOf('untouched@example.com'))?.deadAt).not.toBeNull();
  });

  it('serves administrators only: customer, dealer, translator and anonymous are refused, nothing requeued', async () => {
    const row = deadRow('roles@example.com');
    await ctx.database.db.insert(outbox).values(row);
    const id = (await rowOf('roles@example.com'))?.id;
    await expectAdminOnly(ctx, { method: 'GET', url: '/v1/admin/emails?state=dead' });
    await expectAdminOnly(ctx, { method: 'POST', url: `/v1/admin/emails/${id}/retry` });
    await expectAdminOnly(ctx, { method: 'POST', url: '/v1/admin/emails/retry-dead' });
    expect((await rowOf('roles@example.com'))?.deadAt).not.toBeNull();
    expect(
      await ctx.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.entityId, id ?? '')),
    ).toHaveLength(0);
  });
});
