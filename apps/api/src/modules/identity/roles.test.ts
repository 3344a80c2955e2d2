import { DEMO_PASSWORD, PEOPLE } from '@varg/db';
import { describe, expect, it } from 'vitest';
import { bearer, useApi } from '../../../test/helper.ts';

const ctx = useApi();

async function signIn(email: string) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/v1/user/sign-in',
    payload: { email, password: DEMO_PASSWORD },
    remoteAddress: `203.0.113.${email.length}`,
  });
  expect(res.statusCode, email).toBe(200);
  return res.json().token as string;
}

describe('demo accounts and role flags (spec section 6)', () => {
  it('seeds one account per role, each able to sign in', async () => {
    const roles = new Set(PEOPLE.flatMap((p) => p.roles));
    for (const role of ['admin', 'lead_dealer', 'translator', 'customer', 'dealer', 'mco'])
      expect(roles).toContain(role);
    for (const person of PEOPLE) await signIn(person.email);
  });

  it.each([
    ['customer@demo.starkfuture.com', { isCustomer: true, isDealer: false, isAdmin: false, isLeadDealer: false }],
    ['dealer@demo.starkfuture.com', { isCustomer: false, isDealer: true, isLeadDealer: false }],
    ['lead-dealer@demo.starkfuture.com', { isDealer: true, isLeadDealer: true }],
    ['admin@demo.starkfuture.com', { isAdmin: true, isCustomer: true }],
    ['translator@demo.starkfuture.com', { isTranslator: true }],
    ['mco@demo.starkfuture.com', { isMco: true }],
  ])('%s has the right flags', async (email, flags) => {
    const me = (await ctx.app.inject({ url: '/v1/user/me', headers: bearer(await signIn(email)) })).json();
    expect(me).toMatchObject(flags);
  });

  it('a user with a dealer record is a dealer; only status 1 is an active dealer', async () => {
    const active = (
      await ctx.app.inject({ url: '/v1/user/me', headers: bearer(await signIn('dealer@demo.starkfuture.com')) })
    ).json();
    expect(active.dealer).toMatchObject({
      status: 1,
      group: { name: 'Iberia', status: 1 },
      storeInfo: { name: 'Moto Electric Barcelona', location: { type: 'Point' } },
    });
    expect(active.scope).toContain('dealer:active');
    expect(active.customer).toBeNull();
    const pending = (
      await ctx.app.inject({ url: '/v1/user/me', headers: bearer(await signIn('pending-dealer@demo.starkfuture.com')) })
    ).json();
    expect(pending).toMatchObject({ isDealer: true, dealer: { status: 0 } });
    expect(pending.scope).not.toContain('dealer:active');
  });

  it('GET /v1/dealer/my returns the dealer record first', async () => {
    const list = (
      await ctx.app.inject({ url: '/v1/dealer/my', headers: bearer(await signIn('lead-dealer@demo.starkfuture.com')) })
    ).json();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      status: 1,
      currency: 'EUR',
      storeInfo: { address: expect.stringContaining('München') },
    });
  });
});
