import { type Database, DEMO_PASSWORD, users } from '@varg/db';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { buildApi } from '../src/app.ts';
import { bearer, fixedGeo, testConfig, testDatabase } from './helper.ts';

// The account tests' shared setup (apps/api/src/modules/identity/accounts{,-impersonation}.test.ts): the API on a fresh
// database with a route that shows whom it took the caller for, calls, refusals and sign-in.

/** The API of the current test file (built before its tests, closed after them). */
export const ctx = {} as { app: FastifyInstance; database: Database };

/** Builds the API for the current test file (call once, at the top of the file); the helpers here call it. */
export function accountsApi() {
  beforeAll(async () => {
    ctx.database = await testDatabase();
    ctx.app = await buildApi({ config: testConfig, database: ctx.database, geo: fixedGeo({}), logger: false });
    // A route open to anonymous callers that shows whom the API took the caller for (as cart, checkout or auction do).
    ctx.app.get('/v1/test/caller', async (request) => ({
      auth: request.auth ? { userId: request.auth.userId, roles: request.auth.roles } : null,
    }));
    await ctx.app.ready();
  });
  afterAll(async () => {
    await ctx.app?.close();
    await ctx.database?.close();
  });
  return ctx;
}

let visitor = 0;
export const nextIp = () => `192.0.2.${(++visitor % 250) + 1}`;
export function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string | null, payload?: object) {
  return ctx.app.inject({
    method,
    url,
    remoteAddress: nextIp(),
    headers: { 'x-lang': 'en', ...(token ? bearer(token) : {}) },
    ...(payload ? { payload } : {}),
  });
}
export type Answer = Awaited<ReturnType<typeof call>>;
export function refused(res: Answer, status: number, code: string) {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json();
  expect(body.code).toBe(code);
  expect(body.message).toBeTruthy();
  expect(body.message).not.toBe(body.t_key);
}
export async function signIn(email: string, password = DEMO_PASSWORD) {
  const res = await call('POST', '/v1/user/sign-in', null, { email, password });
  expect(res.statusCode, `${email}: ${res.body}`).toBe(200);
  return res.json() as { token: string; refresh_token: string };
}
export const canSignIn = async (email: string, password: string) =>
  (await call('POST', '/v1/user/sign-in', null, { email, password })).statusCode === 200;
export const userByEmail = async (email: string) =>
  (await ctx.database.db.select().from(users).where(eq(users.email, email)))[0];
