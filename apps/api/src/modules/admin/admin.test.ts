import { auditLog, DEMO_PASSWORD } from '@varg/db';
import { describe, expect, it } from 'vitest';
import { expectAdminOnly, tokenOf } from '../../../test/backoffice.ts';
import { bearer, useApi } from '../../../test/helper.ts';
import { changedFields } from '../audit/service.ts';

const ctx = useApi();

let visitor = 0;
async function signIn(email: string) {
  const remoteAddress = `203.0.113.${++visitor % 250}`;
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/v1/user/sign-in',
    payload: { email, password: DEMO_PASSWORD },
    remoteAddress,
  });
  expect(res.statusCode, email).toBe(200);
  return res.json() as { token: string; refresh_token: string };
}

describe('role matrix of the API (spec section 6)', () => {
  const routes = [
    { method: 'GET', url: '/v1/admin/users?search=demo', allowed: ['admin'] },
    { method: 'GET', url: '/v1/admin/audit-log', allowed: ['admin'] },
    { method: 'PUT', url: '/v1/translations/de/nav_home', allowed: ['translator'], payload: { value: 'Start' } },
    { method: 'DELETE', url: '/v1/translations/de/nav_home', allowed: ['translator'] },
    { method: 'GET', url: '/v1/user/me', allowed: ['admin', 'translator', 'customer', 'dealer', 'mco'] },
    { method: 'GET', url: '/v1/dealer/my', allowed: ['admin', 'translator', 'customer', 'dealer', 'mco'] },
  ] as const;
  const people = {
    admin: 'admin@demo.starkfuture.com',
    translator: 'translator@demo.starkfuture.com',
    customer: 'customer@demo.starkfuture.com',
    dealer: 'dealer@demo.starkfuture.com',
    mco: 'mco@demo.starkfuture.com',
  } as const;

  for (const route of routes) {
    it(`${route.method} ${route.url}: ${route.allowed.join(', ')} only`, async () => {
      const anonymous = await ctx.app.inject({
        method: route.method,
        url: route.url,
        payload: 'payload' in route ? route.payload : undefined,
      });
      expect(anonymous.statusCode).toBe(401);
      for (const [role, email] of Object.entries(people)) {
        const { token } = await signIn(email);
        const res = await ctx.app.inject({
          method: route.method,
          url: route.url,
          headers: bearer(token),
          payload: 'payload' in route ? route.payload : undefined,
        });
        if ((route.allowed as readonly string[]).includes(role)) expect(res.statusCode, role).toBeLessThan(300);
        else {
          expect(res.statusCode, role).toBe(403);
          expect(res.json().message).toBe('You do not have permission to access this.');
        }
      }
    });
  }
});

describe('impersonation', () => {
  it('an administrator acts as a customer; start, writes and stop are in the audit log under the administrator', async () => {
    const admin = await signIn('admin@demo.starkfuture.com');
    const found = (
      await ctx.app.inject({ url: '/v1/admin/users?search=customer@demo', headers: bearer(admin.token) })
    ).json();
    const customer = found.docs.find((u: { email: string }) => u.email === 'customer@demo.starkfuture.com');
    const started = await ctx.app.inject({
      method: 'POST',
      url: '/v1/admin/impersonate',
      headers: bearer(admin.token),
      payload: { userId: customer._id },
    });
    expect(started.statusCode).toBe(200);
    const acting = started.json();
    const me = (await ctx.app.inject({ url: '/v1/user/me', headers: bearer(acting.token) })).json();
    expect(me).toMatchObject({
      email: 'customer@demo.starkfuture.com',
      mode: 'demo_user',
      impersonator: { email: 'admin@demo.starkfuture.com' },
    });

    const write = await ctx.app.inject({
      method: 'PUT',
      url: `/v1/user/${customer._id}`,
      headers: bearer(acting.token),
      payload: { phone: '+4915100000000' },
    });
    expect(write.statusCode).toBe(200);
    // An impersonation cannot reach the administration.
    expect((await ctx.app.inject({ url: '/v1/admin/audit-log', headers: bearer(acting.token) })).statusCode).toBe(403);

    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/v1/admin/impersonate/stop',
          headers: bearer(acting.token),
          payload: { refresh_token: acting.refresh_token },
        })
      ).statusCode,
    ).toBe(204);
    expect((await ctx.app.inject({ url: '/v1/user/me', headers: bearer(acting.token) })).statusCode).toBe(401);

    const log = (await ctx.app.inject({ url: '/v1/admin/audit-log', headers: bearer(admin.token) })).json().docs;
    const mine = log.filter(
      (e: { actor: { email: string } | null; subject: { email: string } | null }) =>
        e.actor?.email === 'admin@demo.starkfuture.com' && e.subject?.email === 'customer@demo.starkfuture.com',
    );
    const actions = mine.map((e: { action: string }) => e.action);
    expect(actions).toEqual(
      expect.arrayContaining(['impersonation.start', 'user.profile_updated', 'PUT /v1/user/:id', 'impersonation.stop']),
    );
  });

  it('cannot act as another administrator, nor start from an impersonation', async () => {
    const admin = await signIn('admin@demo.starkfuture.com');
    const me = (await ctx.app.inject({ url: '/v1/user/me', headers: bearer(admin.token) })).json();
    const self = await ctx.app.inject({
      method: 'POST',
      url: '/v1/admin/impersonate',
      headers: bearer(admin.token),
      payload: { userId: me._id },
    });
    expect(self.statusCode).toBe(400);
    expect(self.json().code).toBe('IMPERSONATION_TARGET');
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/v1/admin/impersonate',
      headers: bearer(admin.token),
      payload: { userId: 'nope' },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('translator overrides', () => {
  it('a translator saves a German text, every visitor gets it, and it can be reverted', async () => {
    const { token } = await signIn('translator@demo.starkfuture.com');
    const saved = await ctx.app.inject({
      method: 'PUT',
      url: '/v1/translations/de/home_hero_title',
      headers: bearer(token),
      payload: { value: 'Elektrisch. Leicht. Stark.' },
    });
    expect(saved.statusCode).toBe(200);
    const visitor = (await ctx.app.inject('/v1/translations/de')).json();
    expect(visitor.overrides.home_hero_title).toBe('Elektrisch. Leicht. Stark.');
    expect((await ctx.app.inject('/v1/translations/fr')).json().overrides).toEqual({});
    await ctx.app.inject({ method: 'DELETE', url: '/v1/translations/de/home_hero_title', headers: bearer(token) });
    expect((await ctx.app.inject('/v1/translations/de')).json().overrides.home_hero_title).toBeUndefined();
  });

  it('refuses unknown keys, languages and empty values', async () => {
    const { token } = await signIn('translator@demo.starkfuture.com');
    const put = (url: string, value: string) =>
      ctx.app.inject({ method: 'PUT', url, headers: bearer(token), payload: { value } });
    expect((await put('/v1/translations/de/no_such_key', 'x')).statusCode).toBe(404);
    expect((await put('/v1/translations/ja/nav_home', 'x')).statusCode).toBe(400);
    expect((await put('/v1/translations/de/nav_home', '   ')).statusCode).toBe(400);
    // Reverting an unknown key is a 404 too, and leaves no "reverted" entry in the audit log.
    const audited = async () => (await ctx.database.db.select().from(auditLog)).length;
    const before = await audited();
    const revert = await ctx.app.inject({
      method: 'DELETE',
      url: '/v1/translations/de/no_such_key',
      headers: bearer(token),
    });
    expect(revert.statusCode).toBe(404);
    expect(revert.json().code).toBe('TRANSLATION_KEY_UNKNOWN');
    expect(await audited()).toBe(before);
  });

  it('saves a plural form the language has (Polish few), and refuses one it lacks (German few)', async () => {
    const { token } = await signIn('translator@demo.starkfuture.com');
    const put = (url: string, value: string) =>
      ctx.app.inject({ method: 'PUT', url, headers: bearer(token), payload: { value } });
    expect((await put('/v1/translations/pl/auction_bids_count_few', '{{count}} oferty')).statusCode).toBe(200);
    const refused = await put('/v1/translations/de/auction_bids_count_few', '{{count}} Gebote');
    expect(refused.statusCode).toBe(404);
    expect(refused.json().code).toBe('TRANSLATION_KEY_UNKNOWN');
    await ctx.app.inject({
      method: 'DELETE',
      url: '/v1/translations/pl/auction_bids_count_few',
      headers: bearer(token),
    });
  });
});

describe("a record's audit trail (decision 040)", () => {
  it('keeps only the changed fields, before and after', () => {
    expect(
      changedFields(
        { status: 'active', maxDiscount: 5, tags: ['a'], since: new Date('2026-01-01') },
        { status: 'paused', maxDiscount: 5, tags: ['a', 'b'], since: new Date('2026-01-01'), note: undefined },
      ),
    ).toEqual({ before: { status: 'active', tags: ['a'] }, after: { status: 'paused', tags: ['a', 'b'] } });
  });

  it("lists one record's entries newest first with the actor, for administrators only", async () => {
    const { audit } = ctx.app.services;
    const adminToken = await tokenOf(ctx, 'admin');
    const me = (await ctx.app.inject({ method: 'GET', url: '/v1/user/me', headers: bearer(adminToken) })).json() as {
      _id: string;
    };
    const dealerId = '7d1f6a0e-0000-4000-8000-000000000001';
    await audit.record({
      actorId: me._id,
      action: 'dealer.terms',
      entity: { type: 'dealer', id: dealerId },
      ...changedFields({ maxDiscount: 5 }, { maxDiscount: 8 }),
    });
    await audit.record({ actorId: me._id, action: 'dealer.status', entity: { type: 'dealer', id: dealerId } });
    await audit.record({ actorId: me._id, action: 'dealer.terms', entity: { type: 'dealer', id: 'another' } });
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/v1/admin/audit/dealer/${dealerId}`,
      headers: bearer(adminToken),
    });
    expect(res.statusCode).toBe(200);
    const { docs } = res.json() as { docs: { action: string; actor: { email: string }; detail: object }[] };
    expect(docs.map((d) => d.action)).toEqual(['dealer.status', 'dealer.terms']);
    expect(docs[1]?.actor.email).toBe('admin@demo.starkfuture.com');
    expect(docs[1]?.detail).toEqual({ before: { maxDiscount: 5 }, after: { maxDiscount: 8 } });

    const unknownKind = await ctx.app.inject({
      method: 'GET',
      url: `/v1/admin/audit/spaceship/${dealerId}`,
      headers: bearer(adminToken),
    });
    expect(unknownKind.statusCode).toBe(400);
    await expectAdminOnly(ctx, { method: 'GET', url: `/v1/admin/audit/dealer/${dealerId}` });
  });
});
