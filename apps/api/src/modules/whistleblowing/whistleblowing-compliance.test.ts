import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { whistleCases } from '@varg/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Json } from '../../../test/helper.ts';
import { calls, DESCRIPTION, newCase, rawRows, whistleblowingApi } from '../../../test/whistleblowing-fixture.ts';
import { loadWhistleKey, parseKey, whistleCipher } from './crypto.ts';

// Whistleblowing: the compliance team's reads, answers and deadlines, and the encryption key. The shared setup is
// apps/api/test/whistleblowing-fixture.ts.

const ctx = whistleblowingApi();
const { call, ok, refused, signIn } = calls;

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
