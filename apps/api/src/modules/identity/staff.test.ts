import { auditLog, staffInvitations, users } from '@varg/db';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectAdminOnly } from '../../../test/backoffice.ts';
import { apiCalls, lastMail, newCustomer, useApi } from '../../../test/helper.ts';
import { outboxEmail } from '../../providers/email/outbox.ts';
import { auditService } from '../audit/service.ts';
import { staffRepo } from './staff-repo.ts';
import { staffService, withStaffRoles } from './staff-service.ts';

const ctx = useApi();
const { call, ok, refused, signIn } = apiCalls(ctx, 40);
const ADMIN = 'admin@demo.starkfuture.com';

const rolesOf = async (email: string) =>
  (await ctx.database.db.select({ roles: users.roles }).from(users).where(eq(users.email, email)))[0]?.roles;
const idOf = async (email: string) =>
  (await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]?.id ?? '';
const trail = (type: string, id: string) =>
  ctx.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, type), eq(auditLog.entityId, id)));
/** The token of the newest invitation link mailed to an address. */
async function invitationToken(to: string) {
  const mail = await lastMail(ctx.app, to);
  const token = mail ? /\/staff-invitation\/([\w-]+)/.exec(mail.text)?.[1] : undefined;
  if (!token) throw new Error(`no invitation mailed to ${to}`);
  return token;
}

describe('staff and roles: role matrix', () => {
  it('every staff endpoint answers administrators only', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    await expectAdminOnly(ctx, { method: 'GET', url: '/v1/admin/staff' });
    await expectAdminOnly(ctx, { method: 'PUT', url: `/v1/admin/staff/${id}/roles`, payload: { roles: [] } });
    await expectAdminOnly(ctx, { method: 'GET', url: '/v1/admin/staff-invitations' });
    await expectAdminOnly(ctx, {
      method: 'POST',
      url: '/v1/admin/staff-invitations',
      payload: { email: 'matrix@example.com', roles: ['translator'] },
    });
    await expectAdminOnly(ctx, { method: 'POST', url: `/v1/admin/staff-invitations/${id}/resend` });
    await expectAdminOnly(ctx, { method: 'DELETE', url: `/v1/admin/staff-invitations/${id}` });
    expect(await ctx.database.db.select().from(staffInvitations)).toHaveLength(0);
  });
});

describe('staff list', () => {
  it('lists every account with a staff role, searched and filtered by role', async () => {
    const admin = await signIn(ADMIN);
    const all = await ok(await call('GET', '/v1/admin/staff?sort=email&dir=asc', admin));
    const emails = all.docs.map((m: { email: string }) => m.email);
    expect(emails).toEqual(expect.arrayContaining([ADMIN, 'translator@demo.starkfuture.com']));
    expect(emails).toContain('lead-dealer@demo.starkfuture.com');
    expect(emails).not.toContain('customer@demo.starkfuture.com');
    expect(emails).toEqual([...emails].sort());
    expect(all.total).toBe(emails.length);
    const lead = all.docs.find((m: { email: string }) => m.email === 'lead-dealer@demo.starkfuture.com');
    expect(lead.approvedDealer).toBe(true);
    const mco = await ok(await call('GET', '/v1/admin/staff?role=mco', admin));
    expect(mco.docs.map((m: { email: string }) => m.email)).toEqual(['mco@demo.starkfuture.com']);
    const found = await ok(await call('GET', '/v1/admin/staff?q=TRANSLATOR', admin));
    expect(found.docs.map((m: { email: string }) => m.email)).toEqual(['translator@demo.starkfuture.com']);
    await refused(await call('GET', '/v1/admin/staff?role=customer', admin), 400, 'VALIDATION_ERROR');
    await refused(await call('GET', '/v1/admin/staff?sort=password', admin), 400, 'VALIDATION_ERROR');
  });
});

describe('granting and revoking roles', () => {
  it('grants and revokes staff roles, keeps the customer role and audits before → after', async () => {
    const admin = await signIn(ADMIN);
    const customer = await newCustomer(ctx.app, 'grant@example.com');
    const id = await idOf('grant@example.com');
    const granted = await ok(await call('PUT', `/v1/admin/staff/${id}/roles`, admin, { roles: ['translator', 'mco'] }));
    expect(granted.roles).toEqual(['customer', 'translator', 'mco']);
    // The guards read the roles on every call: the new translator may translate at once.
    const translate = await call('PUT', '/v1/translations/de/nav_home', customer.token, { value: 'Start' });
    expect(translate.statusCode).toBeLessThan(300);
    const revoked = await ok(await call('PUT', `/v1/admin/staff/${id}/roles`, admin, { roles: ['mco'] }));
    expect(revoked.roles).toEqual(['customer', 'mco']);
    const entries = await trail('user', id);
    expect(entries.map((e) => e.detail)).toEqual(
      expect.arrayContaining([
        { before: { roles: ['customer'] }, after: { roles: ['customer', 'translator', 'mco'] } },
        { before: { roles: ['customer', 'translator', 'mco'] }, after: { roles: ['customer', 'mco'] } },
      ]),
    );
    const apiTrail = await ok(await call('GET', `/v1/admin/audit/user/${id}`, admin));
    expect(apiTrail.docs[0].action).toBe('staff.roles_changed');
  });

  it('refuses bad input and the guard rails, changing nothing', async () => {
    const admin = await signIn(ADMIN);
    const adminId = await idOf(ADMIN);
    const customerId = await idOf('customer@demo.starkfuture.com');
    const url = (id: string) => `/v1/admin/staff/${id}/roles`;
    await refused(await call('PUT', url(adminId), admin, { roles: ['translator'] }), 409, 'STAFF_OWN_ADMIN');
    await refused(
      await call('PUT', url(customerId), admin, { roles: ['lead_dealer'] }),
      409,
      'STAFF_LEAD_DEALER_NOT_DEALER',
    );
    await refused(await call('PUT', url(customerId), admin, { roles: ['customer'] }), 400, 'VALIDATION_ERROR');
    await refused(await call('PUT', url(customerId), admin, { roles: ['mco', 'mco'] }), 400, 'VALIDATION_ERROR');
    await refused(await call('PUT', url('not-a-uuid'), admin, { roles: [] }), 400, 'VALIDATION_ERROR');
    await refused(
      await call('PUT', url('00000000-0000-4000-8000-000000000000'), admin, { roles: [] }),
      404,
      'USER_NOT_FOUND',
    );
    expect(await rolesOf(ADMIN)).toEqual(['admin']);
    expect(await rolesOf('customer@demo.starkfuture.com')).toEqual(['customer']);
    // An approved dealer may lead.
    const dealerId = await idOf('dealer@demo.starkfuture.com');
    expect((await ok(await call('PUT', url(dealerId), admin, { roles: ['lead_dealer'] }))).roles).toEqual([
      'dealer',
      'lead_dealer',
    ]);
    await ok(await call('PUT', url(dealerId), admin, { roles: [] }));
  });

  it('two administrators removing each other at once: one of them stays an administrator', async () => {
    const admin = await signIn(ADMIN);
    await newCustomer(ctx.app, 'second-admin@example.com');
    const secondId = await idOf('second-admin@example.com');
    await ok(await call('PUT', `/v1/admin/staff/${secondId}/roles`, admin, { roles: ['admin'] }));
    const second = await signIn('second-admin@example.com', 'correct horse battery');
    const answers = await Promise.all([
      call('PUT', `/v1/admin/staff/${secondId}/roles`, admin, { roles: [] }),
      call('PUT', `/v1/admin/staff/${await idOf(ADMIN)}/roles`, second, { roles: [] }),
    ]);
    // The second call finds its caller demoted already (403) or, inside the change, no other administrator (409).
    const codes = answers.map((a) => (a.statusCode === 200 ? 'ok' : a.json().code)).sort();
    expect(codes[0]).toMatch(/^(FORBIDDEN|STAFF_LAST_ADMIN)$/);
    expect(codes[1]).toBe('ok');
    const admins = await ctx.database.db.select({ roles: users.roles }).from(users);
    expect(admins.filter((u) => u.roles.includes('admin'))).toHaveLength(1);
    // Put the demo administrator back for the other tests.
    if (!(await rolesOf(ADMIN))?.includes('admin')) {
      await ok(await call('PUT', `/v1/admin/staff/${await idOf(ADMIN)}/roles`, second, { roles: ['admin'] }));
      await ok(await call('PUT', `/v1/admin/staff/${secondId}/roles`, await signIn(ADMIN), { roles: [] }));
    }
  });

  it('the last administrator never loses the role, whoever asks', async () => {
    const db = ctx.database.db;
    const staff = staffService({
      repo: staffRepo(db),
      audit: auditService(db),
      email: outboxEmail(db, { from: 'test@shop.test' }),
      publicUrl: 'http://shop.test',
      signIn: () => Promise.reject(new Error('not used')),
    });
    const adminId = await idOf(ADMIN);
    // A caller whose own admin role went away meanwhile (the guard ran before): the rule inside the change holds.
    const caller = { userId: await idOf('mco@demo.starkfuture.com'), roles: ['mco'], sessionFamily: 'x' };
    await expect(staff.setRoles(caller, adminId, [], {})).rejects.toMatchObject({ code: 'STAFF_LAST_ADMIN' });
    expect(await rolesOf(ADMIN)).toEqual(['admin']);
  });
});

describe('invitations', () => {
  it('a new address is invited in its language, accepts with a name and password, and is signed in as staff', async () => {
    const admin = await signIn(ADMIN);
    const invited = await ok(
      await call('POST', '/v1/admin/staff-invitations', admin, {
        email: 'New.Colleague@Example.com',
        roles: ['translator'],
        lang: 'de',
      }),
      201,
    );
    expect(invited).toMatchObject({ email: 'new.colleague@example.com', roles: ['translator'], status: 'pending' });
    expect(new Date(invited.expiresAt).getTime() - Date.now()).toBeGreaterThan(6.9 * 24 * 3600 * 1000);
    const mail = await lastMail(ctx.app, 'new.colleague@example.com');
    expect(mail?.lang).toBe('de');
    expect(mail?.text).toContain('/de-DE/staff-invitation/');
    expect(mail?.text).toContain('Übersetzung');
    const list = await ok(await call('GET', '/v1/admin/staff-invitations', admin));
    expect(list.docs.map((i: { _id: string }) => i._id)).toContain(invited._id);
    await refused(
      await call('POST', '/v1/admin/staff-invitations', admin, { email: 'new.colleague@example.com', roles: ['mco'] }),
      409,
      'INVITATION_PENDING',
    );

    const token = await invitationToken('new.colleague@example.com');
    const preview = await ok(await call('GET', `/v1/staff-invitations/${token}`));
    expect(preview).toMatchObject({
      email: 'new.colleague@example.com',
      roles: ['translator'],
      existingAccount: false,
    });
    await refused(
      await call('POST', `/v1/staff-invitations/${token}/accept`, null, {}),
      400,
      'INVITATION_DETAILS_REQUIRED',
    );
    await refused(
      await call('POST', `/v1/staff-invitations/${token}/accept`, null, { name: 'Nina', password: 'short' }),
      400,
      'VALIDATION_ERROR',
    );
    expect(await rolesOf('new.colleague@example.com')).toBeUndefined();
    const accepted = await ok(
      await call('POST', `/v1/staff-invitations/${token}/accept`, null, {
        name: 'Nina',
        secondName: 'Berg',
        password: 'a long enough password',
      }),
    );
    expect(accepted.session.token).toBeTruthy();
    expect(await rolesOf('new.colleague@example.com')).toEqual(['translator']);
    const me = await ok(await call('GET', '/v1/user/me', accepted.session.token));
    expect(me).toMatchObject({ isTranslator: true, emailConfirmed: true, lang: 'de', country: 'DE' });
    await refused(await call('GET', `/v1/staff-invitations/${token}`), 410, 'INVITATION_USED');
    await refused(
      await call('POST', `/v1/staff-invitations/${token}/accept`, null, {
        name: 'X',
        password: 'a long enough password',
      }),
      410,
      'INVITATION_USED',
    );
    const actions = (await trail('invitation', invited._id)).map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['staff.invited', 'staff.invitation_accepted']));
    const userTrail = await trail('user', await idOf('new.colleague@example.com'));
    expect(userTrail[0]?.detail).toMatchObject({ before: { roles: [] }, after: { roles: ['translator'] } });
  });

  it('an existing account accepts only while signed in as itself', async () => {
    const admin = await signIn(ADMIN);
    const customer = await newCustomer(ctx.app, 'existing@example.com');
    await ok(
      await call('POST', '/v1/admin/staff-invitations', admin, { email: 'existing@example.com', roles: ['mco'] }),
      201,
    );
    const token = await invitationToken('existing@example.com');
    expect((await ok(await call('GET', `/v1/staff-invitations/${token}`))).existingAccount).toBe(true);
    await refused(await call('POST', `/v1/staff-invitations/${token}/accept`, null, {}), 403, 'INVITATION_SIGN_IN');
    await refused(await call('POST', `/v1/staff-invitations/${token}/accept`, admin, {}), 403, 'INVITATION_SIGN_IN');
    expect(await rolesOf('existing@example.com')).toEqual(['customer']);
    const accepted = await ok(await call('POST', `/v1/staff-invitations/${token}/accept`, customer.token, {}));
    expect(accepted.session).toBeNull();
    expect(await rolesOf('existing@example.com')).toEqual(['customer', 'mco']);
  });

  it('resend replaces the link, revoke closes it, an expired link says so', async () => {
    const admin = await signIn(ADMIN);
    const invited = await ok(
      await call('POST', '/v1/admin/staff-invitations', admin, { email: 'later@example.com', roles: ['compliance'] }),
      201,
    );
    const first = await invitationToken('later@example.com');
    const resent = await ok(await call('POST', `/v1/admin/staff-invitations/${invited._id}/resend`, admin));
    expect(resent.status).toBe('pending');
    const second = await invitationToken('later@example.com');
    expect(second).not.toBe(first);
    await refused(await call('GET', `/v1/staff-invitations/${first}`), 404, 'INVITATION_NOT_FOUND');
    await ok(await call('GET', `/v1/staff-invitations/${second}`));

    await ctx.database.db
      .update(staffInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(staffInvitations.id, invited._id));
    await refused(await call('GET', `/v1/staff-invitations/${second}`), 410, 'INVITATION_EXPIRED');
    const listed = await ok(await call('GET', '/v1/admin/staff-invitations', admin));
    expect(listed.docs.find((i: { _id: string }) => i._id === invited._id).status).toBe('expired');

    await ok(await call('DELETE', `/v1/admin/staff-invitations/${invited._id}`, admin), 204);
    await refused(await call('DELETE', `/v1/admin/staff-invitations/${invited._id}`, admin), 409, 'INVITATION_CLOSED');
    await refused(
      await call('POST', `/v1/admin/staff-invitations/${invited._id}/resend`, admin),
      409,
      'INVITATION_CLOSED',
    );
    await refused(await call('GET', `/v1/staff-invitations/${second}`), 410, 'INVITATION_USED');
    const actions = (await trail('invitation', invited._id)).map((e) => e.action);
    expect(actions).toEqual(
      expect.arrayContaining(['staff.invited', 'staff.invitation_resent', 'staff.invitation_revoked']),
    );
  });

  it('refuses bad invitations, creating nothing', async () => {
    const admin = await signIn(ADMIN);
    const before = await ctx.database.db.select().from(staffInvitations);
    const post = (payload: object) => call('POST', '/v1/admin/staff-invitations', admin, payload);
    await refused(await post({ email: 'not an address', roles: ['mco'] }), 400, 'VALIDATION_ERROR');
    await refused(await post({ email: 'a@example.com', roles: [] }), 400, 'VALIDATION_ERROR');
    await refused(await post({ email: 'a@example.com', roles: ['customer'] }), 400, 'VALIDATION_ERROR');
    await refused(await post({ email: 'a@example.com', roles: ['lead_dealer'] }), 409, 'STAFF_LEAD_DEALER_NOT_DEALER');
    await refused(
      await call('POST', '/v1/admin/staff-invitations/00000000-0000-4000-8000-000000000000/resend', admin),
      404,
      'INVITATION_NOT_FOUND',
    );
    await refused(await call('GET', `/v1/staff-invitations/${'x'.repeat(40)}`), 404, 'INVITATION_NOT_FOUND');
    expect(await ctx.database.db.select().from(staffInvitations)).toHaveLength(before.length);
  });
});

describe('withStaffRoles', () => {
  it('replaces the staff roles, keeps customer and dealer, and orders staff roles the same way', () => {
    expect(withStaffRoles(['customer', 'mco'], ['translator', 'admin'])).toEqual(['customer', 'admin', 'translator']);
    expect(withStaffRoles(['dealer', 'lead_dealer'], [])).toEqual(['dealer']);
    expect(withStaffRoles([], ['compliance'])).toEqual(['compliance']);
  });
});
