// The web's session middleware against the real API (in-process, fresh database): an impersonation the API ended by
// itself (its hour is over) gives the administrator's parked session back (issue 22; decision 028); a failed dealer
// check ends the session (spec section 8).
import { type Database, DEMO_PASSWORD, sessions, users } from '@varg/db';
import { COOKIE } from '@varg/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { RouterContextProvider } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApi } from '../../../api/src/app.ts';
import { fixedGeo, newCustomer, testConfig, testDatabase } from '../../../api/test/helper.ts';
import { createApiClient } from './api.ts';
import {
  ADMIN_REFRESH_COOKIE,
  ADMIN_TOKEN_COOKIE,
  type AuthState,
  authContext,
  authMiddleware,
  REFRESH_COOKIE,
  userApi,
} from './auth.server.ts';
import { type AppServices, servicesContext } from './context.ts';

const ctx = {} as { app: FastifyInstance; database: Database };
beforeAll(async () => {
  ctx.database = await testDatabase();
  ctx.app = await buildApi({ config: testConfig, database: ctx.database, geo: fixedGeo({}), logger: false });
  await ctx.app.ready();
});
afterAll(async () => {
  await ctx.app?.close();
  await ctx.database?.close();
});

type Pair = { token: string; refresh_token: string };
async function post(url: string, payload: object, token?: string): Promise<Pair> {
  const res = await ctx.app.inject({
    method: 'POST',
    url,
    payload,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const calls: string[] = [];

/** Runs the root session middleware for a page request carrying these cookies; answers the session it ended with. */
async function visit(
  cookies: Record<string, string>,
  /** Changes an answer's body (by path prefix) before the web reads it, as a faulty API would send it. */
  alter?: { path: string; body: (body: Record<string, unknown>) => Record<string, unknown> },
) {
  const api = createApiClient({
    async request({ method, path, headers, body }) {
      calls.push(path);
      const res = await ctx.app.inject({
        method: method as 'GET',
        url: path,
        headers: headers ?? {},
        ...(body !== undefined ? { payload: body } : {}),
      });
      const answer = alter && path.startsWith(alter.path) ? JSON.stringify(alter.body(res.json())) : res.body;
      return { status: res.statusCode, headers: res.headers as Record<string, string>, body: answer };
    },
  });
  const context = new RouterContextProvider();
  context.set(servicesContext, { api } as unknown as AppServices);
  const cookie = Object.entries(cookies)
    .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
    .join('; ');
  const request = new Request('http://shop.test/en-US/admin', { headers: { cookie } });
  const middleware = authMiddleware as unknown as (
    args: { request: Request; context: RouterContextProvider },
    next: () => Promise<Response>,
  ) => Promise<Response>;
  const response = await middleware({ request, context }, async () => new Response('page'));
  return {
    auth: context.get(authContext) as AuthState,
    setCookies: response.headers.getSetCookie(),
    context,
    request,
  };
}

describe('an impersonation that ended on the API', () => {
  it("brings back the administrator's own session and drops the parked cookies", async () => {
    const admin = await post('/v1/user/sign-in', { email: 'admin@demo.starkfuture.com', password: DEMO_PASSWORD });
    await newCustomer(ctx.app, 'acted-as@example.com');
    const [customer] = await ctx.database.db.select().from(users).where(eq(users.email, 'acted-as@example.com'));
    const acting = await post('/v1/admin/impersonate', { userId: customer?.id ?? '' }, admin.token);
    const cookies = {
      [COOKIE.authToken]: `Bearer ${acting.token}`,
      [REFRESH_COOKIE]: acting.refresh_token,
      [ADMIN_TOKEN_COOKIE]: `Bearer ${admin.token}`,
      [ADMIN_REFRESH_COOKIE]: admin.refresh_token,
    };
    // Within the hour the page sees the customer, with the administrator behind.
    const during = await visit(cookies);
    expect(during.auth.user).toMatchObject({ email: 'acted-as@example.com', mode: 'demo_user' });

    // The hour is over.
    await ctx.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.impersonatorId, during.auth.user?.impersonator?._id ?? ''));
    const after = await visit(cookies);
    expect(after.auth.user).toMatchObject({ email: 'admin@demo.starkfuture.com', mode: null });
    const last = (name: string) => after.setCookies.filter((c) => c.startsWith(`${name}=`)).at(-1) ?? '';
    expect(last(ADMIN_REFRESH_COOKIE)).toMatch(/Max-Age=0/);
    expect(last(COOKIE.authToken)).toMatch(/^auth\._token\.local=Bearer%20/);
    expect(last(REFRESH_COOKIE)).not.toContain(acting.refresh_token);
  });
});

describe('the dealer check (spec section 8)', () => {
  const session = (pair: Pair) => ({
    [COOKIE.authToken]: `Bearer ${pair.token}`,
    [REFRESH_COOKIE]: pair.refresh_token,
  });
  const ended = (setCookies: string[]) =>
    setCookies.some((c) => c.startsWith(`${COOKIE.authToken}=`) && /Max-Age=0/.test(c));

  it("keeps a dealer whose record loads with user/me signed in, in one call, and a customer's without a record", async () => {
    const dealer = await post('/v1/user/sign-in', { email: 'dealer@demo.starkfuture.com', password: DEMO_PASSWORD });
    calls.length = 0;
    const ok = await visit(session(dealer));
    expect(ok.auth.user).toMatchObject({ email: 'dealer@demo.starkfuture.com', isDealer: true });
    expect(ok.auth.user?.dealer).toMatchObject({ id: expect.any(String) });
    // The record came with user/me (read in the same query GET dealer/my reads), and the open cart's summary too (the
    // header's badge): no second call per page.
    expect(calls).toEqual(['/v1/user/me?include=cart']);
    expect(ok.auth.cart).toBeNull();
    expect(ok.auth.user).not.toHaveProperty('cart');
    expect(ended(ok.setCookies)).toBe(false);

    const customer = await post('/v1/user/sign-in', {
      email: 'customer@demo.starkfuture.com',
      password: DEMO_PASSWORD,
    });
    calls.length = 0;
    const plain = await visit(session(customer));
    expect(plain.auth.user).toMatchObject({ email: 'customer@demo.starkfuture.com', isDealer: false, dealer: null });
    expect(ended(plain.setCookies)).toBe(false);
  });

  it("signs a dealer out when the dealer's record does not load", async () => {
    const dealer = await post('/v1/user/sign-in', { email: 'dealer@demo.starkfuture.com', password: DEMO_PASSWORD });
    const failed = await visit(session(dealer), {
      path: '/v1/user/me',
      body: (me) => ({ ...me, dealer: null }),
    });
    expect(failed.auth.user).toBeNull();
    expect(failed.auth.token).toBeNull();
    expect(ended(failed.setCookies)).toBe(true);
  });
});

describe('a 401 refreshes the session once (spec section 8)', () => {
  const cookiesOf = (token: string, refresh: string) => ({
    [COOKIE.authToken]: `Bearer ${token}`,
    [REFRESH_COOKIE]: refresh,
  });
  const last = (setCookies: string[], name: string) => setCookies.filter((c) => c.startsWith(`${name}=`)).at(-1) ?? '';

  it('loads the user with the refresh token when the access token is refused, and sets the new pair', async () => {
    const pair = await post('/v1/user/sign-in', { email: 'customer@demo.starkfuture.com', password: DEMO_PASSWORD });
    calls.length = 0;
    const page = await visit(cookiesOf('not-a-valid-token', pair.refresh_token));
    expect(page.auth.user).toMatchObject({ email: 'customer@demo.starkfuture.com' });
    expect(calls.filter((path) => path === '/v1/user/refresh')).toHaveLength(1);
    expect(last(page.setCookies, COOKIE.authToken)).toMatch(/^auth\._token\.local=Bearer%20/);
    expect(last(page.setCookies, REFRESH_COOKIE)).not.toContain(pair.refresh_token);
  });

  it("retries a page's call once with the refreshed token; a refused refresh signs the user out", async () => {
    const pair = await post('/v1/user/sign-in', { email: 'customer@demo.starkfuture.com', password: DEMO_PASSWORD });
    const page = await visit(cookiesOf(pair.token, pair.refresh_token));
    // The access token stops working between the session check and the page's own call.
    page.auth.token = 'expired-meanwhile';
    calls.length = 0;
    const me = await userApi(page.context, page.request).call('getUserMe', {});
    expect(me.email).toBe('customer@demo.starkfuture.com');
    expect(calls).toEqual(['/v1/user/me', '/v1/user/refresh', '/v1/user/me']);
    expect(page.auth.token).not.toBe('expired-meanwhile');

    // Refused again, and the refresh token is no longer valid: one refresh attempt, then signed out.
    page.auth.token = 'expired-again';
    page.auth.refreshToken = 'revoked';
    calls.length = 0;
    await expect(userApi(page.context, page.request).call('getUserMe', {})).rejects.toMatchObject({ status: 401 });
    expect(calls).toEqual(['/v1/user/me', '/v1/user/refresh']);
    expect(page.auth.token).toBeNull();
    expect(page.auth.user).toBeNull();
  });
});
