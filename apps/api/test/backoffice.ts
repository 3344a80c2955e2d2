import { DEMO_PASSWORD } from '@varg/db';
import { expect } from 'vitest';
import { bearer, type useApi } from './helper.ts';

type Ctx = ReturnType<typeof useApi>;

/** The demo accounts of every role a back-office call must refuse, and the administrator it must serve. */
export const ROLE_ACCOUNTS = {
  admin: 'admin@demo.starkfuture.com',
  translator: 'translator@demo.starkfuture.com',
  customer: 'customer@demo.starkfuture.com',
  dealer: 'dealer@demo.starkfuture.com',
  leadDealer: 'lead-dealer@demo.starkfuture.com',
  mco: 'mco@demo.starkfuture.com',
  compliance: 'compliance@demo.starkfuture.com',
} as const;
export type RoleName = keyof typeof ROLE_ACCOUNTS;

let visitor = 0;
const tokens = new WeakMap<Ctx['app'], Map<string, string>>();

/** A bearer token of a demo account (signed in once per app instance, from its own test address). */
export async function tokenOf(ctx: Ctx, role: RoleName): Promise<string> {
  let known = tokens.get(ctx.app);
  if (!known) {
    known = new Map();
    tokens.set(ctx.app, known);
  }
  const cached = known.get(role);
  if (cached) return cached;
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/v1/user/sign-in',
    payload: { email: ROLE_ACCOUNTS[role], password: DEMO_PASSWORD },
    remoteAddress: `198.51.100.${++visitor % 250}`,
  });
  expect(res.statusCode, ROLE_ACCOUNTS[role]).toBe(200);
  const token = (res.json() as { token: string }).token;
  known.set(role, token);
  return token;
}

export interface BackofficeCall {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  payload?: unknown;
}

/**
 * The back office's role matrix (issue 24): anonymous 401, every other role 403 with the translated message, and
 * nothing changed by their attempts (the caller checks data where it matters). The administrator is not called here:
 * the test of the call itself does that with real data.
 */
export async function expectAdminOnly(ctx: Ctx, call: BackofficeCall, allowed: RoleName[] = ['admin']) {
  const anonymous = await ctx.app.inject({ method: call.method, url: call.url, payload: call.payload as never });
  expect(anonymous.statusCode, `${call.method} ${call.url} anonymous`).toBe(401);
  for (const role of Object.keys(ROLE_ACCOUNTS) as RoleName[]) {
    if (allowed.includes(role)) continue;
    const res = await ctx.app.inject({
      method: call.method,
      url: call.url,
      payload: call.payload as never,
      headers: bearer(await tokenOf(ctx, role)),
    });
    expect(res.statusCode, `${call.method} ${call.url} as ${role}`).toBe(403);
    expect(res.json().code, `${call.method} ${call.url} as ${role}`).toBe('FORBIDDEN');
  }
}
