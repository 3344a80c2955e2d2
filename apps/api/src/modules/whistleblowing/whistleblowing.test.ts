import { whistleCases } from '@varg/db';
import { WHISTLE_CODE_PATTERN, WHISTLE_SECRET_PATTERN } from '@varg/domain';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type Json, lastMail, withoutRequestId } from '../../../test/helper.ts';
import {
  calls,
  caseCount,
  DESCRIPTION,
  newCase,
  rawRows,
  report,
  whistleblowingApi,
} from '../../../test/whistleblowing-fixture.ts';

// Whistleblowing through the API: sending a report without an account and following the case up with its code and
// secret. The compliance team and the encryption key (whistleblowing-compliance) have their own file; the shared setup
// is apps/api/test/whistleblowing-fixture.ts.

const ctx = whistleblowingApi();
const { call, ok, refused, signIn } = calls;

describe('sending a report (no account)', () => {
  it('answers a case code and a secret once; the database holds ciphertext, a hash of the secret and no address', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/v2/whistleblowing/reports',
      remoteAddress: '203.0.113.77',
      payload: report({
        contact: { name: 'Maria Reporter', email: 'maria.reporter@example.com', phone: '+34 600 111 222' },
      }),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const receipt = res.json();
    expect(receipt.code).toMatch(WHISTLE_CODE_PATTERN);
    expect(receipt.secret).toMatch(WHISTLE_SECRET_PATTERN);
    expect(Date.parse(receipt.acknowledgementDue) - Date.parse(receipt.receivedAt)).toBe(7 * 86_400_000);

    const [row] = await ctx.database.db.select().from(whistleCases).where(eq(whistleCases.code, receipt.code));
    expect(row?.secretHash).toMatch(/^\$argon2id\$/);
    expect(row?.report).toMatch(/^v1\./);
    const raw = await rawRows();
    for (const plain of [
      DESCRIPTION,
      'Barcelona warehouse',
      'J. Doe',
      'Maria Reporter',
      'maria.reporter@example.com',
      '600 111 222',
      receipt.secret,
      '203.0.113.77',
    ])
      expect(raw).not.toContain(plain);
    // Not even with a text search over every column of the database's own text form.
    const found = await ctx.database.db.execute(
      sql`select count(*)::int as n from whistle_cases where whistle_cases::text ilike ${'%batteries%'}`,
    );
    expect((found as unknown as { rows: Array<{ n: number }> }).rows[0]?.n).toBe(0);
  });

  it('tells the compliance team by e-mail: the case code, the due date and a link, never the content', async () => {
    const { code, secret } = await newCase({ contact: { email: 'tipster@example.com' } });
    const mail = await lastMail(ctx.app, 'compliance@demo.starkfuture.com');
    expect(mail?.subject).toBe(`New whistleblowing report ${code}`);
    expect(mail?.text).toMatch(/\/en-US\/compliance\/[0-9a-f-]{36}/);
    for (const hidden of [DESCRIPTION.slice(0, 30), 'Barcelona warehouse', 'tipster@example.com', secret])
      expect(mail?.text).not.toContain(hidden);
    await ok(
      await call('POST', '/v2/whistleblowing/case/messages', null, {
        code,
        secret,
        body: 'The serials start with 7F.',
      }),
      201,
    );
    const second = await lastMail(ctx.app, 'compliance@demo.starkfuture.com');
    expect(second?.subject).toBe(`New message on case ${code}`);
    expect(second?.text).not.toContain('7F');
  });

  it('refuses bad input with a translated 400 and stores nothing', async () => {
    const before = await caseCount();
    const bad: Json[] = [
      {},
      report({ category: 'gossip' }),
      report({ description: 'too short' }),
      report({ description: 'x'.repeat(10_001) }),
      report({ where: 'x'.repeat(201) }),
      report({ contact: { email: 'not-an-address' } }),
      report({ contact: { phone: 'call me maybe' } }),
      { ...report(), description: 42 },
    ];
    for (const body of bad)
      await refused(await call('POST', '/v2/whistleblowing/reports', null, body), 400, 'VALIDATION_ERROR');
    const notJson = await ctx.app.inject({
      method: 'POST',
      url: '/v2/whistleblowing/reports',
      remoteAddress: '198.51.100.200',
      headers: { 'content-type': 'application/json', 'x-lang': 'de' },
      payload: '{"category":',
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().message).not.toBe(notJson.json().t_key);
    expect(await caseCount()).toBe(before);
  });

  it('ignores a signed-in caller: the report is not linked to the account', async () => {
    const token = await signIn('customer@demo.starkfuture.com');
    const receipt = await ok(await call('POST', '/v2/whistleblowing/reports', token, report()), 201);
    const [row] = await ctx.database.db.select().from(whistleCases).where(eq(whistleCases.code, receipt.code));
    const me = (await ok(await call('GET', '/v1/user/me', token)))._id as string;
    expect(JSON.stringify(row)).not.toContain(me);
  });

  it('counts reports per address (a keyed hash of it): the sixth in an hour is a 429', async () => {
    const from = (remoteAddress: string) =>
      ctx.app.inject({ method: 'POST', url: '/v2/whistleblowing/reports', remoteAddress, payload: report() });
    for (let i = 0; i < 5; i++) expect((await from('192.0.2.50')).statusCode).toBe(201);
    const limited = await from('192.0.2.50');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('RATE_LIMITED');
    expect((await from('192.0.2.51')).statusCode).toBe(201);
  });
});

describe('following a case up with its code and secret', () => {
  it('reads the report and the thread; code and secret may be typed in lower case, with spaces', async () => {
    const { code, secret } = await newCase();
    const read = await ok(await call('POST', '/v2/whistleblowing/case', null, { code, secret }));
    expect(read).toMatchObject({ code, category: 'fraud', status: 'received', description: DESCRIPTION, messages: [] });
    const typed = { code: code.toLowerCase().replace(/-/g, ' '), secret: secret.toLowerCase().replace(/-/g, '') };
    expect((await ok(await call('POST', '/v2/whistleblowing/case', null, typed))).code).toBe(code);
  });

  it('answers one generic 404 for a wrong secret, an unknown code and nonsense, and bad bodies with 400', async () => {
    const { code, secret } = await newCase();
    const wrongSecret = await refused(
      await call('POST', '/v2/whistleblowing/case', null, { code, secret: 'AAAA-AAAA-AAAA-AAAA-AAAA' }),
      404,
      'WHISTLE_CASE_INVALID',
    );
    const unknown = await refused(
      await call('POST', '/v2/whistleblowing/case', null, { code: 'WB-AAAA-AAAA', secret }),
      404,
      'WHISTLE_CASE_INVALID',
    );
    const nonsense = await refused(
      await call('POST', '/v2/whistleblowing/case', null, { code: 'hello', secret: 'world' }),
      404,
      'WHISTLE_CASE_INVALID',
    );
    expect(withoutRequestId(unknown)).toEqual(withoutRequestId(wrongSecret));
    expect(withoutRequestId(nonsense)).toEqual(withoutRequestId(wrongSecret));
    for (const body of [{}, { code }, { secret }, { code: '', secret: '' }, { code, secret: 'x'.repeat(81) }])
      await refused(await call('POST', '/v2/whistleblowing/case', null, body), 400, 'VALIDATION_ERROR');
    // The secret never travels in a URL.
    expect((await call('GET', `/v2/whistleblowing/case?code=${code}&secret=${secret}`)).statusCode).toBe(404);
  });

  it('locks a case for 15 minutes after 5 wrong secrets in a row, then the right secret works again', async () => {
    const { code, secret } = await newCase();
    for (let i = 0; i < 5; i++)
      await refused(
        await call('POST', '/v2/whistleblowing/case', null, { code, secret: 'CCCC-CCCC-CCCC-CCCC-CCCC' }),
        404,
        'WHISTLE_CASE_INVALID',
      );
    await refused(await call('POST', '/v2/whistleblowing/case', null, { code, secret }), 404, 'WHISTLE_CASE_INVALID');
    const [row] = await ctx.database.db.select().from(whistleCases).where(eq(whistleCases.code, code));
    expect(row?.lockedUntil?.getTime()).toBeGreaterThan(Date.now() + 14 * 60_000);
    await ctx.database.db
      .update(whistleCases)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(whistleCases.code, code));
    await ok(await call('POST', '/v2/whistleblowing/case', null, { code, secret }));
  });

  it('limits tries per address: the eleventh in 15 minutes is a 429', async () => {
    const tries = (remoteAddress: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/v2/whistleblowing/case',
        remoteAddress,
        payload: { code: 'WB-AAAA-AAAA', secret: 'AAAA-AAAA-AAAA-AAAA-AAAA' },
      });
    for (let i = 0; i < 10; i++) expect((await tries('192.0.2.60')).statusCode).toBe(404);
    expect((await tries('192.0.2.60')).statusCode).toBe(429);
  });

  it('adds the reporter’s messages, encrypted; bad messages are refused and change nothing', async () => {
    const { code, secret } = await newCase();
    const added = await ok(
      await call('POST', '/v2/whistleblowing/case/messages', null, {
        code,
        secret,
        body: 'One more detail: invoices 2026-117 and 2026-118.',
      }),
      201,
    );
    expect(added.messages).toMatchObject([
      { author: 'reporter', body: 'One more detail: invoices 2026-117 and 2026-118.' },
    ]);
    expect(await rawRows()).not.toContain('invoices 2026-117');
    for (const body of [
      { code, secret },
      { code, secret, body: '' },
      { code, secret, body: 'x'.repeat(5001) },
    ])
      await refused(await call('POST', '/v2/whistleblowing/case/messages', null, body), 400, 'VALIDATION_ERROR');
    await refused(
      await call('POST', '/v2/whistleblowing/case/messages', null, {
        code,
        secret: 'DDDD-DDDD-DDDD-DDDD-DDDD',
        body: 'hi',
      }),
      404,
      'WHISTLE_CASE_INVALID',
    );
    expect((await ok(await call('POST', '/v2/whistleblowing/case', null, { code, secret }))).messages).toHaveLength(1);
  });
});
