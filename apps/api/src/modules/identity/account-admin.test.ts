// The back office's accounts (issue 24 item 6, decision 044): find, read, sessions, confirmation, disable, wallet.
import { auditLog, users, walletEntries } from '@varg/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectAdminOnly, tokenOf } from '../../../test/backoffice.ts';
import { apiCalls, type Json, lastMail, newCustomer, useApi } from '../../../test/helper.ts';
import { accountAdminRepo } from './account-admin-repo.ts';

const ctx = useApi();
const { call, ok, refused, signIn } = apiCalls(ctx, 60);

const idOf = async (email: string) => {
  const [row] = await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row?.id as string;
};
const trail = async (id: string) =>
  (await ok(await call('GET', `/v1/admin/audit/user/${id}`, await tokenOf(ctx, 'admin')))).docs as Json[];

describe('the accounts list', () => {
  it('searches e-mail, name and phone, filters and sorts, for administrators only', async () => {
    const admin = await tokenOf(ctx, 'admin');
    await newCustomer(ctx.app, 'grace.hopper@example.com');
    const byMail = await ok(await call('GET', '/v1/admin/customers?q=grace.hopper', admin));
    expect(byMail.total).toBe(1);
    expect(byMail.docs[0]).toMatchObject({
      email: 'grace.hopper@example.com',
      name: 'Ada',
      country: 'DE',
      emailConfirmed: true,
      disabled: false,
      actAs: true,
    });
    const byName = await ok(await call('GET', '/v1/admin/customers?q=Ada%20Lovelace&country=DE', admin));
    expect(byName.docs.map((d: Json) => d.email)).toContain('grace.hopper@example.com');
    const byPhone = await ok(await call('GET', '/v1/admin/customers?q=3012345678', admin));
    expect(byPhone.docs.map((d: Json) => d.email)).toContain('grace.hopper@example.com');

    const sorted = await ok(await call('GET', '/v1/admin/customers?sort=email&dir=asc&pageSize=500', admin));
    const emails = sorted.docs.map((d: Json) => d.email as string);
    expect(emails).toEqual([...emails].sort());
    expect(sorted.total).toBe(emails.length);
    const staff = sorted.docs.find((d: Json) => d.email === 'admin@demo.starkfuture.com');
    expect(staff).toMatchObject({ roles: expect.arrayContaining(['admin']), actAs: false });

    const unconfirmed = await ok(await call('GET', '/v1/admin/customers?confirmed=no', admin));
    expect(unconfirmed.docs.every((d: Json) => !d.emailConfirmed)).toBe(true);
    const paged = await ok(await call('GET', '/v1/admin/customers?pageSize=2&page=2', admin));
    expect(paged).toMatchObject({ page: 2, pageSize: 2 });
    expect(paged.docs).toHaveLength(2);

    await refused(await call('GET', '/v1/admin/customers?sort=password', admin), 400, 'VALIDATION_ERROR');
    await refused(await call('GET', '/v1/admin/customers?confirmed=maybe', admin), 400, 'VALIDATION_ERROR');
    await expectAdminOnly(ctx, { method: 'GET', url: '/v1/admin/customers' });
  });
});

describe("an account's page", () => {
  it('shows the profile and active sign-ins; ends one, then all, audited', async () => {
    const admin = await tokenOf(ctx, 'admin');
    const first = await newCustomer(ctx.app, 'sessions@example.com');
    const second = await signIn('sessions@example.com', 'correct horse battery');
    const id = await idOf('sessions@example.com');
    const account = await ok(await call('GET', `/v1/admin/customers/${id}`, admin));
    expect(account).toMatchObject({ email: 'sessions@example.com', lang: 'de', dealer: null, disabledAt: null });
    expect(account.sessions).toHaveLength(2);

    // The first sign-in's family: the one whose token stops working.
    const me = async (token: string) => (await call('GET', '/v1/user/me', token)).statusCode;
    const families = account.sessions.map((s: Json) => s.familyId as string);
    const ended = await ok(await call('DELETE', `/v1/admin/customers/${id}/sessions/${families[1]}`, admin));
    expect(ended.sessions).toHaveLength(1);
    expect([await me(first.token), await me(second)].sort()).toEqual([200, 401]);
    await refused(
      await call('DELETE', `/v1/admin/customers/${id}/sessions/${families[1]}`, admin),
      404,
      'SESSION_NOT_FOUND',
    );
    const all = await ok(await call('DELETE', `/v1/admin/customers/${id}/sessions`, admin));
    expect(all.sessions).toEqual([]);
    expect(await me(first.token)).toBe(401);
    expect(await me(second)).toBe(401);
    expect((await trail(id)).map((e) => e.action)).toEqual(['user.sessions_ended', 'user.session_ended']);

    await refused(await call('GET', '/v1/admin/customers/nope', admin), 404, 'USER_NOT_FOUND');
    await refused(
      await call('GET', '/v1/admin/customers/00000000-0000-4000-8000-000000000000', admin),
      404,
      'USER_NOT_FOUND',
    );
    await expectAdminOnly(ctx, { method: 'GET', url: `/v1/admin/customers/${id}` });
    await expectAdminOnly(ctx, { method: 'DELETE', url: `/v1/admin/customers/${id}/sessions` });
  });

  it('resends the confirmation e-mail to an unconfirmed address only', async () => {
    const admin = await tokenOf(ctx, 'admin');
    const signUp = await call('POST', '/v1/user/sign-up?lang=fr&country=FR', null, {
      email: 'pending@example.com',
      password: 'correct horse battery',
      name: 'Marie',
      secondName: 'Curie',
      phone: '06 12 34 56 78',
    });
    expect(signUp.statusCode).toBe(202);
    const id = await idOf('pending@example.com');
    const before = await lastMail(ctx.app, 'pending@example.com');
    await ok(await call('POST', `/v1/admin/customers/${id}/confirmation-email`, admin), 204);
    const after = await lastMail(ctx.app, 'pending@example.com');
    expect(after?.lang).toBe('fr');
    expect(after?.text).toMatch(/confirm-email\//);
    expect(after?.text).not.toBe(before?.text);
    expect((await trail(id)).map((e) => e.action)).toEqual(['user.confirmation_resent']);
    const confirmed = await idOf('customer@demo.starkfuture.com');
    await refused(
      await call('POST', `/v1/admin/customers/${confirmed}/confirmation-email`, admin),
      409,
      'EMAIL_ALREADY_CONFIRMED',
    );
    await expectAdminOnly(ctx, { method: 'POST', url: `/v1/admin/customers/${id}/confirmation-email` });
  });
});

describe("a customer's addresses and vehicles", () => {
  it('reads what the customer sees, administrators only', async () => {
    const admin = await tokenOf(ctx, 'admin');
    const customer = await signIn('customer@demo.starkfuture.com');
    const id = await idOf('customer@demo.starkfuture.com');
    const own = await ok(await call('GET', '/v2/address', customer));
    const seen = await ok(await call('GET', `/v1/admin/customers/${id}/addresses`, admin));
    expect(seen).toEqual(own);
    const ownVehicles = await ok(await call('GET', '/v1/vehicles', customer));
    const seenVehicles = await ok(await call('GET', `/v1/admin/customers/${id}/vehicles`, admin));
    expect(seenVehicles.vehicles.map((v: Json) => v.vin)).toEqual(ownVehicles.vehicles.map((v: Json) => v.vin));
    await refused(await call('GET', '/v1/admin/customers/nope/addresses', admin), 400, 'VALIDATION_ERROR');
    await expectAdminOnly(ctx, { method: 'GET', url: `/v1/admin/customers/${id}/addresses` });
    await expectAdminOnly(ctx, { method: 'GET', url: `/v1/admin/customers/${id}/vehicles` });
  });
});

describe('disabling an account', () => {
  it('ends its sessions at once and refuses sign-in with a translated message until enabled', async () => {
    const admin = await tokenOf(ctx, 'admin');
    const session = await newCustomer(ctx.app, 'disable-me@example.com');
    const id = await idOf('disable-me@example.com');
    expect((await call('GET', '/v1/user/me', session.token)).statusCode).toBe(200);

    await expectAdminOnly(ctx, { method: 'POST', url: `/v1/admin/customers/${id}/disable` });
    expect((await call('GET', '/v1/user/me', session.token)).statusCode).toBe(200);

    const disabled = await ok(await call('POST', `/v1/admin/customers/${id}/disable`, admin));
    expect(disabled).toMatchObject({ disabled: true, sessions: [] });
    expect(disabled.disabledAt).toBeTruthy();
    // The access token and the refresh token stop working at once.
    expect((await call('GET', '/v1/user/me', session.token)).statusCode).toBe(401);
    expect((await call('POST', '/v1/user/refresh', null, { refresh_token: session.refresh_token })).statusCode).toBe(
      401,
    );
    const refusedSignIn = await refused(
      await call('POST', '/v1/user/sign-in', null, {
        email: 'disable-me@example.com',
        password: 'correct horse battery',
      }),
      403,
      'ACCOUNT_DISABLED',
    );
    expect(refusedSignIn.message).toBe('This account has been disabled. Please contact customer service.');
    // Nobody acts as a disabled account either.
    await refused(await call('POST', '/v1/admin/impersonate', admin, { userId: id }), 403, 'ACCOUNT_DISABLED');
    const listed = await ok(await call('GET', '/v1/admin/customers?disabled=yes', admin));
    expect(listed.docs.map((d: Json) => d.email)).toEqual(['disable-me@example.com']);

    const enabled = await ok(await call('POST', `/v1/admin/customers/${id}/enable`, admin));
    expect(enabled).toMatchObject({ disabled: false, disabledAt: null });
    await ok(
      await call('POST', '/v1/user/sign-in', null, {
        email: 'disable-me@example.com',
        password: 'correct horse battery',
      }),
    );
    const entries = await trail(id);
    expect(entries.map((e) => e.action).slice(0, 2)).toEqual(['user.enabled', 'user.disabled']);
    expect(entries[1]).toMatchObject({
      actor: { email: 'admin@demo.starkfuture.com' },
      detail: { before: { disabled: false }, after: { disabled: true } },
    });
  });

  it('refuses to disable oneself or the last active administrator, changing nothing', async () => {
    const admin = await tokenOf(ctx, 'admin');
    const adminId = await idOf('admin@demo.starkfuture.com');
    await refused(await call('POST', `/v1/admin/customers/${adminId}/disable`, admin), 400, 'ACCOUNT_DISABLE_SELF');
    // Every other administrator disabled, the demo administrator is the last: the rule holds in the repository's
    // transaction (through the API an administrator is always another active one, unless two disable each other at
    // once, which the lock serialises into this case).
    const { db } = ctx.database;
    const others = (await db.select().from(users)).filter(
      (u) => u.roles.includes('admin') && u.id !== adminId && u.disabledAt === null,
    );
    for (const other of others) await ok(await call('POST', `/v1/admin/customers/${other.id}/disable`, admin));
    const logBefore = (await db.select().from(auditLog)).length;
    let audited = false;
    const outcome = await accountAdminRepo(db).setDisabled(adminId, true, async () => {
      audited = true;
    });
    expect(outcome).toEqual({ outcome: 'last_admin' });
    expect(audited).toBe(false);
    const [still] = await db.select().from(users).where(eq(users.id, adminId));
    expect(still?.disabledAt).toBeNull();
    expect((await call('GET', '/v1/user/me', admin)).statusCode).toBe(200);
    expect((await db.select().from(auditLog)).length).toBe(logBefore);
    for (const other of others) await ok(await call('POST', `/v1/admin/customers/${other.id}/enable`, admin));
  });
});

describe('the wallet', () => {
  it('a manual credit with a reason is audited and the customer can spend it at checkout', async () => {
    const admin = await tokenOf(ctx, 'admin');
    const customer = await newCustomer(ctx.app, 'credit-me@example.com');
    const id = await idOf('credit-me@example.com');
    const empty = await ok(await call('GET', `/v1/admin/customers/${id}/wallet`, admin));
    expect(empty).toEqual({ balances: [], entries: [] });

    const credited = await ok(
      await call('POST', `/v1/admin/customers/${id}/wallet/credits`, admin, {
        amount: 5_000,
        currency: 'eur',
        reason: 'Late delivery, goodwill',
      }),
    );
    expect(credited.balances).toEqual([{ currency: 'EUR', amount: 5_000 }]);
    expect(credited.entries[0]).toMatchObject({ amount: 5_000, reason: 'manual', note: 'Late delivery, goodwill' });
    const [entry] = await trail(id);
    expect(entry).toMatchObject({
      action: 'wallet.credit',
      actor: { email: 'admin@demo.starkfuture.com' },
      detail: {
        currency: 'EUR',
        amount: 5_000,
        reason: 'Late delivery, goodwill',
        before: { 'balance EUR': 0 },
        after: { 'balance EUR': 5_000, reason: 'Late delivery, goodwill' },
      },
    });

    // The customer's checkout offers the credit.
    const cart = await ok(await call('POST', '/v1/cart/add-item?country=ES', customer.token, { productId: 'varg' }));
    const setup = await ok(
      await call('POST', `/v1/checkout/setup/${cart._id}`, customer.token, { shippingAddress: { country: 'ES' } }),
    );
    expect(setup.pricing.walletBalance).toBe(5_000);

    // Bad input changes nothing.
    const count = async () =>
      (await ctx.database.db.select().from(walletEntries).where(eq(walletEntries.userId, id))).length;
    const credit = (body: object, user = id) => call('POST', `/v1/admin/customers/${user}/wallet/credits`, admin, body);
    await refused(await credit({ amount: 100, currency: 'EUR', reason: '' }), 400, 'VALIDATION_ERROR');
    await refused(await credit({ amount: -100, currency: 'EUR', reason: 'Refund' }), 400, 'VALIDATION_ERROR');
    await refused(await credit({ amount: 1.5, currency: 'EUR', reason: 'Refund' }), 400, 'VALIDATION_ERROR');
    await refused(await credit({ amount: 100, currency: 'XYZ', reason: 'Refund' }), 400, 'CURRENCY_UNKNOWN');
    await refused(
      await credit({ amount: 100, currency: 'EUR', reason: 'Refund' }, '00000000-0000-4000-8000-000000000000'),
      404,
      'USER_NOT_FOUND',
    );
    expect(await count()).toBe(1);
    await expectAdminOnly(ctx, {
      method: 'POST',
      url: `/v1/admin/customers/${id}/wallet/credits`,
      payload: { amount: 100, currency: 'EUR', reason: 'Refund' },
    });
    await expectAdminOnly(ctx, { method: 'GET', url: `/v1/admin/customers/${id}/wallet` });
    expect(await count()).toBe(1);
  });
});
