import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { whistleCases, whistleMessages } from '@varg/db';
import { WHISTLE_CODE_PATTERN, WHISTLE_SECRET_PATTERN } from '@varg/domain';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiCalls, type Json, lastMail, useApi } from '../../../test/helper.ts';
import { loadWhistleKey, parseKey, whistleCipher } from './crypto.ts';

const ctx = useApi();
const { call, ok, refused, signIn } = apiCalls(ctx, 40);

const DESCRIPTION = 'The warehouse manager in Barcelona sells returned batteries as new, with relabelled serials.';
const report = (extra: Json = {}) => ({
  category: 'fraud',
  description: DESCRIPTION,
  when: 'Since March 2026',
  where: 'Barcelona warehouse',
  people: 'J. Doe, warehouse manager',
  ...extra,
});

async function newCase(extra: Json = {}) {
  return (await ok(await call('POST', '/v2/whistleblowing/reports', null, report(extra)), 201)) as {
    code: string;
    secret: string;
    receivedAt: string;
    acknowledgementDue: string;
  };
}

const rawRows = async () =>
  JSON.stringify([
    ...(await ctx.database.db.select().from(whistleCases)),
    ...(await ctx.database.db.select().from(whistleMessages)),
  ]);
const caseCount = async () => (await ctx.database.db.select().from(whistleCases)).length;

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
    expect(unknown).toEqual(wrongSecret);
    expect(nonsense).toEqual(wrongSecret);
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

describe('the compliance team', () => {
  const OTHERS = [
    'customer@demo.starkfuture.com',
    'dealer@demo.starkfuture.com',
    'lead-dealer@demo.starkfuture.com',
    'admin@demo.starkfuture.com',
    'translator@demo.starkfuture.com',
    'mco@demo.starkfuture.com',
  ];

  it('alone reads, answers and moves cases: anonymous 401, every other role 403, an administrator cannot act as compliance', async () => {
    const { code } = await newCase();
    const compliance = await signIn('compliance@demo.starkfuture.com');
    const list = await ok(await call('GET', '/v2/compliance/whistleblowing/cases', compliance));
    const id = (list.docs as Json[]).find((c) => c.code === code)?._id as string;
    expect(id).toBeTruthy();
    const requests = [
      ['GET', '/v2/compliance/whistleblowing/cases', undefined],
      ['GET', `/v2/compliance/whistleblowing/cases/${id}`, undefined],
      ['POST', `/v2/compliance/whistleblowing/cases/${id}/messages`, { body: 'Hello' }],
      ['PUT', `/v2/compliance/whistleblowing/cases/${id}/status`, { status: 'in_progress' }],
    ] as const;
    for (const [method, url, body] of requests) {
      await refused(await call(method, url, null, body), 401, 'UNAUTHORIZED');
      for (const email of OTHERS) await refused(await call(method, url, await signIn(email), body), 403, 'FORBIDDEN');
    }

    const admin = await signIn('admin@demo.starkfuture.com');
    const users = await ok(await call('GET', '/v1/admin/users?search=compliance@demo', admin));
    const officer = (users.docs as Json[]).find((u) => u.email === 'compliance@demo.starkfuture.com');
    // An administrator cannot act as the officer at all: only customers can be acted as (issue 22).
    await refused(
      await call('POST', '/v1/admin/impersonate', admin, { userId: officer?._id }),
      400,
      'IMPERSONATION_TARGET',
    );
    // Nothing changed.
    const detail = await ok(await call('GET', `/v2/compliance/whistleblowing/cases/${id}`, compliance));
    expect(detail).toMatchObject({ status: 'received', messages: [], acknowledgedAt: null });
  });

  it('tracks the deadlines: acknowledgement 7 days after receipt (overdue highlighted), feedback 3 months later', async () => {
    const { code } = await newCase({ category: 'product_safety' });
    const compliance = await signIn('compliance@demo.starkfuture.com');
    const find = async () =>
      ((await ok(await call('GET', '/v2/compliance/whistleblowing/cases', compliance))).docs as Json[]).find(
        (c) => c.code === code,
      ) as Json;
    const fresh = await find();
    expect(fresh).toMatchObject({ status: 'received', acknowledgementOverdue: false, feedbackOverdue: false });
    expect(Date.parse(fresh.acknowledgementDue) - Date.parse(fresh.receivedAt)).toBe(7 * 86_400_000);
    await ctx.database.db
      .update(whistleCases)
      .set({ receivedAt: new Date(Date.now() - 8 * 86_400_000) })
      .where(eq(whistleCases.code, code));
    expect(await find()).toMatchObject({ acknowledgementOverdue: true, feedbackOverdue: false });
    await ctx.database.db
      .update(whistleCases)
      .set({ receivedAt: new Date(Date.now() - 100 * 86_400_000) })
      .where(eq(whistleCases.code, code));
    expect(await find()).toMatchObject({ acknowledgementOverdue: true, feedbackOverdue: true });
    const filtered = await ok(await call('GET', '/v2/compliance/whistleblowing/cases?status=closed', compliance));
    expect((filtered.docs as Json[]).some((c) => c.code === code)).toBe(false);
    await refused(
      await call('GET', '/v2/compliance/whistleblowing/cases?status=nope', compliance),
      400,
      'VALIDATION_ERROR',
    );
  });

  it('acknowledges, answers, and the reporter reads the answer; closing makes the case read-only', async () => {
    const { code, secret } = await newCase({ contact: { email: 'quiet@example.com' } });
    const compliance = await signIn('compliance@demo.starkfuture.com');
    const id = ((await ok(await call('GET', '/v2/compliance/whistleblowing/cases', compliance))).docs as Json[]).find(
      (c) => c.code === code,
    )?._id as string;
    const detail = await ok(await call('GET', `/v2/compliance/whistleblowing/cases/${id}`, compliance));
    expect(detail).toMatchObject({
      description: DESCRIPTION,
      where: 'Barcelona warehouse',
      contact: { name: '', email: 'quiet@example.com', phone: '' },
    });

    const acknowledged = await ok(
      await call('PUT', `/v2/compliance/whistleblowing/cases/${id}/status`, compliance, { status: 'acknowledged' }),
    );
    expect(acknowledged.status).toBe('acknowledged');
    expect(acknowledged.acknowledgedAt).toBeTruthy();
    expect(acknowledged.acknowledgedBy).toBeTruthy();
    await refused(
      await call('PUT', `/v2/compliance/whistleblowing/cases/${id}/status`, compliance, { status: 'acknowledged' }),
      409,
      'WHISTLE_STATUS_CHANGE',
    );
    await refused(
      await call('PUT', `/v2/compliance/whistleblowing/cases/${id}/status`, compliance, { status: 'received' }),
      409,
      'WHISTLE_STATUS_CHANGE',
    );
    await refused(
      await call('PUT', `/v2/compliance/whistleblowing/cases/${id}/status`, compliance, { status: 'done' }),
      400,
      'VALIDATION_ERROR',
    );

    const answered = await ok(
      await call('POST', `/v2/compliance/whistleblowing/cases/${id}/messages`, compliance, {
        body: 'Thank you. We are looking into the warehouse records.',
      }),
      201,
    );
    expect(answered.firstAnswerAt).toBeTruthy();
    expect(answered.messages).toMatchObject([{ author: 'compliance', authorName: 'Ines Keller' }]);
    expect(await rawRows()).not.toContain('warehouse records');
    for (const body of [{}, { body: '' }, { body: 'x'.repeat(5001) }])
      await refused(
        await call('POST', `/v2/compliance/whistleblowing/cases/${id}/messages`, compliance, body),
        400,
        'VALIDATION_ERROR',
      );

    const seen = await ok(await call('POST', '/v2/whistleblowing/case', null, { code, secret }));
    expect(seen.status).toBe('acknowledged');
    expect(seen.messages).toEqual([
      expect.objectContaining({ author: 'compliance', body: 'Thank you. We are looking into the warehouse records.' }),
    ]);
    // The reporter does not see who answered.
    expect(JSON.stringify(seen)).not.toContain('Ines');

    await ok(await call('PUT', `/v2/compliance/whistleblowing/cases/${id}/status`, compliance, { status: 'closed' }));
    await refused(
      await call('POST', '/v2/whistleblowing/case/messages', null, { code, secret, body: 'Anything new?' }),
      409,
      'WHISTLE_CASE_CLOSED',
    );
    await refused(
      await call('POST', `/v2/compliance/whistleblowing/cases/${id}/messages`, compliance, { body: 'Late' }),
      409,
      'WHISTLE_CASE_CLOSED',
    );
    expect((await ok(await call('POST', '/v2/whistleblowing/case', null, { code, secret }))).status).toBe('closed');
  });

  it('answers a case still received: that acknowledges it; unknown and malformed ids are refused', async () => {
    const { code } = await newCase();
    const compliance = await signIn('compliance@demo.starkfuture.com');
    const id = ((await ok(await call('GET', '/v2/compliance/whistleblowing/cases', compliance))).docs as Json[]).find(
      (c) => c.code === code,
    )?._id as string;
    const answered = await ok(
      await call('POST', `/v2/compliance/whistleblowing/cases/${id}/messages`, compliance, {
        body: 'Received, thank you.',
      }),
      201,
    );
    expect(answered).toMatchObject({ status: 'acknowledged' });
    expect(answered.acknowledgedAt).toBeTruthy();
    await refused(
      await call('GET', '/v2/compliance/whistleblowing/cases/00000000-0000-4000-8000-000000000000', compliance),
      404,
      'WHISTLE_CASE_NOT_FOUND',
    );
    await refused(
      await call('GET', '/v2/compliance/whistleblowing/cases/not-a-uuid', compliance),
      400,
      'VALIDATION_ERROR',
    );
  });
});

describe('the encryption key', () => {
  it('is generated once into the data folder (owner-only) and read back after a restart', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'wb-key-')), 'whistleblowing.key');
    const first = loadWhistleKey({ keyFile: file });
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadWhistleKey({ keyFile: file }).equals(first)).toBe(true);
    expect(parseKey(readFileSync(file, 'utf8'))?.equals(first)).toBe(true);
  });

  it('takes WHISTLEBLOWING_KEY when set, and refuses one that is not 32 bytes', () => {
    const key = Buffer.alloc(32, 7).toString('base64');
    expect(loadWhistleKey({ key, keyFile: '/nonexistent/x' }).equals(Buffer.alloc(32, 7))).toBe(true);
    expect(() => loadWhistleKey({ key: Buffer.alloc(16).toString('base64') })).toThrow(/32 bytes/);
  });

  it('binds a ciphertext to its case and detects tampering', () => {
    const cipher = whistleCipher(Buffer.alloc(32, 1));
    const sealed = cipher.encrypt('secret words', 'case-a');
    expect(sealed).not.toContain('secret');
    expect(cipher.decrypt(sealed, 'case-a')).toBe('secret words');
    expect(() => cipher.decrypt(sealed, 'case-b')).toThrow();
    const parts = sealed.split('.');
    parts[3] = Buffer.from('other words!').toString('base64url');
    expect(() => cipher.decrypt(parts.join('.'), 'case-a')).toThrow();
    expect(() => whistleCipher(Buffer.alloc(32, 2)).decrypt(sealed, 'case-a')).toThrow();
    // The rate limiter's key for an address: stable, and not the address.
    expect(cipher.addressKey('192.0.2.1')).toBe(cipher.addressKey('192.0.2.1'));
    expect(cipher.addressKey('192.0.2.1')).not.toContain('192.0.2');
    expect(cipher.addressKey('2001:db8:1:2:3:4:5:6')).toBe(cipher.addressKey('2001:db8:1:2:ffff::1'));
  });
});
