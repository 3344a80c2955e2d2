import { sessions, users } from '@varg/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accountsApi, call, canSignIn, ctx, refused, signIn, userByEmail } from '../../../test/accounts-fixture.ts';
import { newCustomer } from '../../../test/helper.ts';
import { sha256 } from './tokens.ts';

// Issue 22, "Accounts": impersonation limits (decision 028). The shared setup is apps/api/test/accounts-fixture.ts.

accountsApi();

describe('impersonation', () => {
  async function newAdmin(email: string) {
    await newCustomer(ctx.app, email);
    await ctx.database.db
      .update(users)
      .set({ roles: ['admin'] })
      .where(eq(users.email, email));
    return signIn(email, 'correct horse battery');
  }
  const start = (adminToken: string, userId: string) => call('POST', '/v1/admin/impersonate', adminToken, { userId });

  it('acts only as a customer: not as a dealer, a dealer applicant or staff', async () => {
    const admin = await signIn('admin@demo.starkfuture.com');
    for (const email of [
      'dealer@demo.starkfuture.com',
      'lead-dealer@demo.starkfuture.com',
      'pending-dealer@demo.starkfuture.com',
      'translator@demo.starkfuture.com',
      'mco@demo.starkfuture.com',
      'compliance@demo.starkfuture.com',
    ]) {
      const target = await userByEmail(email);
      expect(target, email).toBeDefined();
      refused(await start(admin.token, target?.id ?? ''), 400, 'IMPERSONATION_TARGET');
    }
    const customer = await userByEmail('customer@demo.starkfuture.com');
    expect((await start(admin.token, customer?.id ?? '')).statusCode).toBe(200);
    // The user search says whom the administrator may act as.
    const found = (await call('GET', '/v1/admin/users?search=demo.starkfuture.com', admin.token)).json().docs as Array<{
      email: string;
      actAs: boolean;
    }>;
    const actAs = Object.fromEntries(found.map((u) => [u.email, u.actAs]));
    expect(actAs['customer@demo.starkfuture.com']).toBe(true);
    expect(actAs['pending-dealer@demo.starkfuture.com']).toBe(false);
    expect(actAs['dealer@demo.starkfuture.com']).toBe(false);
    expect(actAs['admin@demo.starkfuture.com']).toBe(false);
  });

  it('lasts one hour from its start, a refresh does not extend it, and its end is audited', async () => {
    const admin = await newAdmin('imp-hour-admin@example.com');
    await newCustomer(ctx.app, 'imp-hour@example.com');
    const customer = await userByEmail('imp-hour@example.com');
    const before = Date.now();
    const acting = (await start(admin.token, customer?.id ?? '')).json();
    const [first] = await ctx.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, sha256(acting.refresh_token)));
    const end = first?.expiresAt.getTime() ?? 0;
    expect(end).toBeGreaterThanOrEqual(before + 3_600_000 - 1000);
    expect(end).toBeLessThanOrEqual(Date.now() + 3_600_000);
    const refreshed = await call('POST', '/v1/user/refresh', null, { refresh_token: acting.refresh_token });
    expect(refreshed.statusCode).toBe(200);
    const [second] = await ctx.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, sha256(refreshed.json().refresh_token)));
    expect(second?.expiresAt.getTime()).toBe(end);
    expect((await call('GET', '/v1/user/me', refreshed.json().token)).json().mode).toBe('demo_user');

    // The hour is over.
    await ctx.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.familyId, first?.familyId ?? ''));
    refused(await call('GET', '/v1/user/me', refreshed.json().token), 401, 'UNAUTHORIZED');
    refused(await call('GET', '/v1/test/caller', refreshed.json().token), 401, 'UNAUTHORIZED');
    refused(
      await call('POST', '/v1/user/refresh', null, { refresh_token: refreshed.json().refresh_token }),
      401,
      'INVALID_REFRESH_TOKEN',
    );
    const log = (await call('GET', '/v1/admin/audit-log', admin.token)).json().docs as Array<{
      action: string;
      actor: { email: string } | null;
      detail: Record<string, unknown>;
    }>;
    const mine = log.filter((e) => e.actor?.email === 'imp-hour-admin@example.com');
    expect(mine.find((e) => e.action === 'impersonation.start')?.detail.expiresAt).toBe(new Date(end).toISOString());
    expect(mine.find((e) => e.action === 'impersonation.end')?.detail).toEqual({ reason: 'expired' });
  });

  it('stops working at once when the administrator is no longer one', async () => {
    const admin = await newAdmin('imp-revoked-admin@example.com');
    await newCustomer(ctx.app, 'imp-revoked@example.com');
    const customer = await userByEmail('imp-revoked@example.com');
    const acting = (await start(admin.token, customer?.id ?? '')).json();
    expect((await call('GET', '/v1/user/me', acting.token)).statusCode).toBe(200);
    await ctx.database.db
      .update(users)
      .set({ roles: ['customer'] })
      .where(eq(users.email, 'imp-revoked-admin@example.com'));
    refused(await call('GET', '/v1/user/me', acting.token), 401, 'UNAUTHORIZED');
    refused(await call('GET', '/v1/cart', acting.token), 401, 'UNAUTHORIZED');
    refused(
      await call('POST', '/v1/user/refresh', null, { refresh_token: acting.refresh_token }),
      401,
      'INVALID_REFRESH_TOKEN',
    );
  });

  it('cannot change the customer’s password, e-mail address or cards (403), and nothing changes', async () => {
    const admin = await newAdmin('imp-writes-admin@example.com');
    await newCustomer(ctx.app, 'imp-writes@example.com');
    const customer = await userByEmail('imp-writes@example.com');
    const id = customer?.id ?? '';
    const acting = (await start(admin.token, id)).json();
    refused(
      await call('PUT', `/v1/user/${id}`, acting.token, {
        currentPassword: 'correct horse battery',
        newPassword: 'the administrator’s choice',
      }),
      403,
      'IMPERSONATION_NOT_ALLOWED',
    );
    refused(
      await call('PUT', `/v1/user/${id}`, acting.token, { email: 'taken-over@example.com' }),
      403,
      'IMPERSONATION_NOT_ALLOWED',
    );
    refused(
      await call('POST', '/v1/user/email-change', acting.token, {
        email: 'taken-over@example.com',
        currentPassword: 'correct horse battery',
      }),
      403,
      'IMPERSONATION_NOT_ALLOWED',
    );
    refused(await call('DELETE', '/v1/user/email-change', acting.token), 403, 'IMPERSONATION_NOT_ALLOWED');
    refused(await call('POST', '/v1/stripe/setup', acting.token, { country: 'DE' }), 403, 'IMPERSONATION_NOT_ALLOWED');
    refused(
      await call('DELETE', '/v1/stripe/card?country=DE', acting.token, { id: 'pm_anything' }),
      403,
      'IMPERSONATION_NOT_ALLOWED',
    );
    // Other profile fields can still be corrected for the customer.
    expect((await call('PUT', `/v1/user/${id}`, acting.token, { name: 'Ada B.' })).statusCode).toBe(200);
    const after = await userByEmail('imp-writes@example.com');
    expect(after?.passwordHash).toBe(customer?.passwordHash);
    expect(after?.pendingEmail).toBeNull();
    expect(await canSignIn('imp-writes@example.com', 'correct horse battery')).toBe(true);
  });
});
