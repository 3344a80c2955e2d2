import { randomBytes } from 'node:crypto';
import { type Database, DEMO_PASSWORD, openDatabase } from '@varg/db';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { buildApi } from '../src/app.ts';
import type { ApiConfig } from '../src/config.ts';
import type { GeoLookup } from '../src/modules/markets/service.ts';
import { testConfig } from './config.ts';
import { migrateAndSeed, pgliteFromTemplate, postgresTemplate } from './template.ts';

export { testConfig } from './config.ts';

/** Geo lookup from a fixed table, so tests name the country an address belongs to. */
export const fixedGeo = (table: Record<string, string>): GeoLookup => ({ countryOf: (ip) => table[ip] ?? null });

/**
 * A new, empty PostgreSQL database next to `base` (TEST_DATABASE_URL) for tests that open several connections to
 * one database, as several processes would: its URL, and `drop` to remove it (connections closed first). With
 * `template`, a copy of that database instead of an empty one.
 */
export async function emptyPostgresDatabase(
  base: string,
  template?: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = await openDatabase({ url: base, poolSize: 1 });
  const { sql } = await import('drizzle-orm');
  await admin.db.execute(sql.raw(`create database ${name}${template ? ` template ${template}` : ''}`));
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.db.execute(sql.raw(`drop database if exists ${name} with (force)`));
      await admin.close();
    },
  };
}

/**
 * A fresh, migrated and seeded database for one test file: in-memory PGlite, or a new PostgreSQL database
 * created next to TEST_DATABASE_URL (and dropped afterwards) when that is set. Both are copies of the run's one
 * migrated, seeded original (`template.ts`).
 */
export async function testDatabase(): Promise<Database & { label: string }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return { ...(await pgliteFromTemplate()), label: 'pglite' };
  const template = await postgresTemplate(base);
  const empty = await emptyPostgresDatabase(base, template);
  const database = await openDatabase({ url: empty.url, poolSize: 5 });
  if (!template) await migrateAndSeed(database);
  return {
    ...database,
    label: 'postgres',
    close: async () => {
      await database.close();
      await empty.drop();
    },
  };
}

/** Builds the API on a fresh database for the current test file. */
export function useApi(options: { geo?: GeoLookup; config?: Partial<ApiConfig> } = {}) {
  const ctx = {} as { app: FastifyInstance; database: Database };
  beforeAll(async () => {
    ctx.database = await testDatabase();
    ctx.app = await buildApi({
      config: { ...testConfig, ...options.config },
      database: ctx.database,
      geo: options.geo ?? fixedGeo({}),
      logger: false,
    });
    await ctx.app.ready();
  });
  afterAll(async () => {
    await ctx.app?.close();
    await ctx.database?.close();
  });
  return ctx;
}

type App = FastifyInstance;

/** The newest e-mail to an address, from the dev mailbox. */
export async function lastMail(app: App, to: string) {
  const res = await app.inject(`/v1/dev/mailbox?to=${encodeURIComponent(to)}`);
  return res.json().docs[0] as { subject: string; text: string; lang: string } | undefined;
}

/** The token of the newest link of that kind e-mailed to an address. */
export async function mailedToken(app: App, to: string, path: 'confirm-email' | 'reset-password') {
  const mail = await lastMail(app, to);
  const token = mail ? new RegExp(`/${path}/([\\w-]+)`).exec(mail.text)?.[1] : undefined;
  if (!token) throw new Error(`no ${path} link mailed to ${to}`);
  return token;
}

let visitor = 0;

/** Signs a new customer up (each from its own address, clear of the per-IP limits) and confirms the address. */
export async function newCustomer(app: App, email: string, password = 'correct horse battery') {
  const remoteAddress = `198.51.100.${++visitor % 250}`;
  const signUp = await app.inject({
    method: 'POST',
    url: '/v1/user/sign-up?lang=de&country=DE',
    remoteAddress,
    payload: { email, password, name: 'Ada', secondName: 'Lovelace', phone: '030 12345678' },
  });
  if (signUp.statusCode !== 202) throw new Error(`sign-up failed: ${signUp.body}`);
  const token = await mailedToken(app, email, 'confirm-email');
  const confirmed = await app.inject({ method: 'POST', url: `/v1/user/confirm-email/${token}`, remoteAddress });
  return confirmed.json() as { token: string; refresh_token: string };
}

/** The demo accounts the seed makes (password DEMO_PASSWORD), by who they are. */
export const DEMO_ACCOUNTS = {
  ADMIN: 'admin@demo.starkfuture.com',
  AMSTERDAM: 'amsterdam@demo.starkfuture.com',
  AUSTIN: 'austin@demo.starkfuture.com',
  COMPANY: 'company@demo.starkfuture.com',
  COMPLIANCE: 'compliance@demo.starkfuture.com',
  CUSTOMER: 'customer@demo.starkfuture.com',
  DEALER: 'dealer@demo.starkfuture.com',
  LEAD_DEALER: 'lead-dealer@demo.starkfuture.com',
  LYON: 'lyon@demo.starkfuture.com',
  MCO: 'mco@demo.starkfuture.com',
  PENDING: 'pending-dealer@demo.starkfuture.com',
  RIDER: 'rider-es@demo.starkfuture.com',
  ROTTERDAM: 'rotterdam@demo.starkfuture.com',
  SANDIEGO: 'sandiego@demo.starkfuture.com',
  TRANSLATOR: 'translator@demo.starkfuture.com',
  UTRECHT: 'utrecht@demo.starkfuture.com',
  VIENNA: 'vienna@demo.starkfuture.com',
} as const;

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

// biome-ignore lint/suspicious/noExplicitAny: API answers read as JSON (`res.json()` is untyped); the assertions check them
export type Json = Record<string, any>;

/**
 * Calls of the API for a test file, in English, each from its own documentation address (clear of per-address limits;
 * never loopback): `call`, `ok` (a JSON answer that must have the status), `refused` (an error with its code and a
 * translated message) and `signIn` (a demo account's token, kept for the file).
 */
export function apiCalls(ctx: { app: App }, firstAddress = 10) {
  let address = firstAddress;
  const nextIp = () => `198.51.100.${(++address % 250) + 1}`;
  async function call(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    token?: string | null,
    payload?: object,
  ) {
    return ctx.app.inject({
      method,
      url,
      remoteAddress: nextIp(),
      headers: { 'x-lang': 'en', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      ...(payload ? { payload } : {}),
    });
  }
  type Answer = Awaited<ReturnType<typeof call>>;
  async function ok(res: Answer, status = 200): Promise<Json> {
    expect(res.statusCode, res.body).toBe(status);
    return res.statusCode === 204 ? {} : res.json();
  }
  async function refused(res: Answer, status: number, code: string): Promise<Json> {
    expect(res.statusCode, res.body).toBe(status);
    const body = res.json();
    expect(body.code).toBe(code);
    expect(body.message).toBeTruthy();
    expect(body.message).not.toBe(body.t_key);
    return body;
  }
  const tokens = new Map<string, string>();
  async function signIn(email: string, password = DEMO_PASSWORD): Promise<string> {
    const known = tokens.get(email);
    if (known) return known;
    const token = (await ok(await call('POST', '/v1/user/sign-in', null, { email, password }))).token as string;
    tokens.set(email, token);
    return token;
  }
  return { call, ok, refused, signIn };
}

/** The confirm body of a German buyer's checkout (POST /v1/checkout) for a cart, home delivery to Berlin. */
export const germanCheckout = (cartId: string, email: string) => ({
  cart_id: cartId,
  email,
  first_name: 'Jonas',
  last_name: 'Becker',
  phone: '+49 151 23456789',
  address_input: { country: 'DE', line_1: 'Torstraße 1', postal_code: '10119', city: 'Berlin' },
  shipping_method: 'home_delivery',
  language: 'de',
});

/** An error answer without its request id (each request has its own): for "answers alike" comparisons. */
export function withoutRequestId(body: unknown): unknown {
  if (!body || typeof body !== 'object') return body;
  const { requestId: _, ...rest } = body as Record<string, unknown>;
  return rest;
}
