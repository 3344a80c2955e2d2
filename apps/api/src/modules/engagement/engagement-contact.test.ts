import { contactMessages, newsletterSubscriptions } from '@varg/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiCalls, lastMail, useApi } from '../../../test/helper.ts';

// The contact form and the newsletter through the API: e-mails, confirmations, limits and bad input.

const ctx = useApi();
const { call, ok, refused } = apiCalls(ctx, 60);

describe('contact form', () => {
  it('e-mails the topic’s queue and confirms to the sender in their language', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/v1/contact?country=NL&lang=nl',
      remoteAddress: '203.0.113.200',
      payload: {
        topic: 'service',
        orderReference: 'SO-1234',
        name: 'Eva Smit',
        email: 'Eva@Example.com',
        message: 'My VARG EX needs its first service.',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const queue = await lastMail(ctx.app, 'service@starkfuture.com');
    expect(queue?.text).toContain('SO-1234');
    expect(queue?.text).toContain('My VARG EX needs its first service.');
    const confirmation = await lastMail(ctx.app, 'eva@example.com');
    expect(confirmation?.lang).toBe('nl');
    const [row] = await ctx.database.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.email, 'eva@example.com'));
    expect(row).toMatchObject({ topic: 'service', queue: 'service@starkfuture.com', country: 'NL' });
  });

  it('sends the unverified sender nothing they typed: the topic and a reference only', async () => {
    // Anyone can type someone else's address: the acknowledgement must not carry their text to that inbox.
    const spam = 'Claim your prize at https://spam.example/win';
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/v1/contact?country=DE&lang=de',
      remoteAddress: '203.0.113.202',
      payload: {
        topic: 'product',
        orderReference: 'spam.example/ref',
        name: 'Visit spam.example today',
        email: 'victim@example.com',
        message: spam,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const confirmation = await ctx.app.inject('/v1/dev/mailbox?to=victim%40example.com');
    const mail = confirmation.json().docs[0] as { subject: string; text: string; html?: string };
    expect(JSON.stringify(mail)).not.toContain('spam.example');
    expect(mail.text).toContain('„Motorräder und Kauf“');
    const reference = /Ihre Referenz: ([0-9A-F]{8})/.exec(mail.text)?.[1];
    expect(reference).toBeTruthy();
    // The team's copy has everything, under the same reference.
    const queue = await lastMail(ctx.app, 'sales@starkfuture.com');
    expect(queue?.subject).toContain(`[${reference}]`);
    expect(queue?.text).toContain(spam);
  });

  it('refuses bad input', async () => {
    const good = { topic: 'other', name: 'A', email: 'a@example.com', message: 'Long enough message.' };
    await refused(await call('POST', '/v1/contact', null, { ...good, topic: 'spam' }), 400, 'VALIDATION_ERROR');
    await refused(await call('POST', '/v1/contact', null, { ...good, email: 'x' }), 400, 'VALIDATION_ERROR');
    await refused(await call('POST', '/v1/contact', null, { ...good, message: 'short' }), 400, 'VALIDATION_ERROR');
    await refused(await call('POST', '/v1/contact', null, { ...good, name: ' ' }), 400, 'VALIDATION_ERROR');
    await refused(
      await call('POST', '/v1/contact', null, { ...good, orderReference: 'x'.repeat(41) }),
      400,
      'VALIDATION_ERROR',
    );
  });

  it('limits one address to 5 messages in 10 minutes', async () => {
    const send = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/v1/contact',
        remoteAddress: '203.0.113.201',
        payload: { topic: 'other', name: 'B', email: 'b@example.com', message: 'Hello there, team.' },
      });
    for (let i = 0; i < 5; i += 1) expect((await send()).statusCode).toBe(201);
    expect((await send()).statusCode).toBe(429);
  });
});

describe('newsletter', () => {
  it('subscribes only after the e-mailed link; unsubscribes in one click', async () => {
    const address = 'fan@example.com';
    await ok(await call('POST', '/v1/newsletter?country=NL&lang=nl', null, { email: 'Fan@Example.com' }), 202);
    const row = async () =>
      (
        await ctx.database.db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, address))
      )[0];
    expect((await row())?.status).toBe('pending');
    const mail = await lastMail(ctx.app, address);
    expect(mail?.lang).toBe('nl');
    const confirm = /newsletter\?confirm=([\w-]+)/.exec(mail?.text ?? '')?.[1] as string;
    const unsubscribe = /newsletter\?unsubscribe=([\w-]+)/.exec(mail?.text ?? '')?.[1] as string;
    expect(mail?.text).toContain('/nl-NL/newsletter?confirm=');
    await ok(await call('POST', '/v1/newsletter/confirm', null, { token: confirm }));
    expect((await row())?.status).toBe('confirmed');
    // The link works once.
    await refused(
      await call('POST', '/v1/newsletter/confirm', null, { token: confirm }),
      404,
      'NEWSLETTER_LINK_INVALID',
    );
    // Signing up again sends nothing to a confirmed address and says the same.
    await ok(await call('POST', '/v1/newsletter', null, { email: address }), 202);
    expect((await lastMail(ctx.app, address))?.text).toBe(mail?.text);
    // One click, as a mail client does it (List-Unsubscribe-Post).
    const out = await ctx.app.inject({
      method: 'POST',
      url: `/v1/newsletter/unsubscribe?token=${unsubscribe}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(out.statusCode, out.body).toBe(200);
    expect((await row())?.status).toBe('unsubscribed');
  });

  it('limits one address to 5 sign-ups in 10 minutes', async () => {
    const send = (i: number) =>
      ctx.app.inject({
        method: 'POST',
        url: '/v1/newsletter',
        remoteAddress: '203.0.113.202',
        payload: { email: `many-${i}@example.com` },
      });
    for (let i = 0; i < 5; i += 1) expect((await send(i)).statusCode).toBe(202);
    expect((await send(5)).statusCode).toBe(429);
  });

  it('refuses bad input and unknown links', async () => {
    await refused(await call('POST', '/v1/newsletter', null, { email: 'not-an-address' }), 400, 'VALIDATION_ERROR');
    await refused(await call('POST', '/v1/newsletter', null, {}), 400, 'VALIDATION_ERROR');
    await refused(await call('POST', '/v1/newsletter/confirm', null, { token: 'short' }), 400, 'VALIDATION_ERROR');
    await refused(
      await call('POST', '/v1/newsletter/confirm', null, { token: 'x'.repeat(32) }),
      404,
      'NEWSLETTER_LINK_INVALID',
    );
    await refused(await call('POST', '/v1/newsletter/unsubscribe', null, {}), 400, 'VALIDATION_ERROR');
    await refused(
      await call('POST', `/v1/newsletter/unsubscribe?token=${'y'.repeat(32)}`),
      404,
      'NEWSLETTER_LINK_INVALID',
    );
  });
});
