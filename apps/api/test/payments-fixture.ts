import { DEMO_PASSWORD, outbox, payments as paymentsTable, users } from '@varg/db';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { DEMO_ACCOUNTS, useApi } from './helper.ts';

// The payments tests' shared setup (apps/api/src/modules/payments/*.test.ts): the API on a fresh database with the
// sandbox provider settling at once, signed-in demo users, carts and orders of new buyers, payment helpers.

// biome-ignore lint/suspicious/noExplicitAny: API answers read as JSON (`res.json()` is untyped); the assertions check them
export type Json = Record<string, any>;

export const ADDRESSES = {
  DE: { country: 'DE', line_1: 'Torstraße 1', postal_code: '10119', city: 'Berlin' },
  US: { country: 'US', line_1: '1 Market Street', postal_code: '94103', city: 'San Francisco', state: 'CA' },
  GB: { country: 'GB', line_1: '10 Downing Street', postal_code: 'SW1A 2AA', city: 'London' },
  NO: { country: 'NO', line_1: 'Karl Johans gate 1', postal_code: '0154', city: 'Oslo' },
} as const;
export type Country = keyof typeof ADDRESSES;

/** The API of the current test file (built before its tests, closed after them). */
export let ctx: ReturnType<typeof useApi>;

export const WEBHOOK_SECRET = 'whsec_test_secret_123456';
const PAYMENTS_CONFIG = {
  provider: 'sandbox' as const,
  stripeMarkets: [],
  stripeAccounts: {},
  sandboxWebhookSecret: WEBHOOK_SECRET,
  sandboxSettleMs: 0,
};

export const { CUSTOMER, COMPANY, ADMIN, DEALER } = DEMO_ACCOUNTS;
export const RETURN_URL = '/de-DE/checkout/verify/payment';
export const nextYear = new Date().getUTCFullYear() + 1;

let ip = 10;
/** Each request from its own documentation address (clear of per-IP limits); never loopback. */
export const nextIp = () => `198.51.100.${(++ip % 250) + 1}`;

export async function call(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  token?: string | null,
  payload?: object,
) {
  return ctx.app.inject({
    method,
    url,
    remoteAddress: nextIp(),
    ...(payload ? { payload } : {}),
    ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
  });
}
export const post = (url: string, payload: object, token?: string | null) => call('POST', url, token, payload);
export const get = (url: string, token?: string | null) => call('GET', url, token);

/** A JSON answer that must have the status. */
export async function ok(res: Awaited<ReturnType<typeof call>>, status = 200): Promise<Json> {
  expect(res.statusCode, res.body).toBe(status);
  return res.json();
}

/** Tokens by app instance (a test file's database), then by e-mail: signed in once per file. */
const tokens = new WeakMap<object, Map<string, string>>();
export async function signIn(email: string) {
  let mine = tokens.get(ctx.app);
  if (!mine) {
    mine = new Map();
    tokens.set(ctx.app, mine);
  }
  const known = mine.get(email);
  if (known) return known;
  const res = await post('/v1/user/sign-in', { email, password: DEMO_PASSWORD });
  const token = (await ok(res)).token as string;
  mine.set(email, token);
  return token;
}

/** A fresh anonymous cart with one VARG EX (80 hp) in a market. */
export async function bikeCart(country: Country) {
  const res = await post(`/v1/cart/add-item?country=${country}`, {
    productId: 'varg-ex',
    componentIds: ['varg_option_80hp'],
  });
  return (await ok(res))._id as string;
}

/** A fresh anonymous cart with store items only. */
export async function storeCart(country: Country, variantCode = 'SF-PT-18', quantity = 1) {
  const res = await post(`/v1/cart/add-store-item?country=${country}`, { variant_code: variantCode, quantity });
  return (await ok(res))._id as string;
}

let buyers = 0;
/**
 * Confirms a cart: as the signed-in user of `token`, or else as a new buyer (who gets an account and a token).
 * Answers the order (vehicle order, else store order) and the buyer's token and e-mail.
 */
export async function checkout(cartId: string, country: Country, token?: string, email?: string) {
  const buyerEmail = email ?? (token ? CUSTOMER : `buyer-${++buyers}-${Date.now()}@example.com`);
  const res = await post(
    '/v1/checkout',
    {
      cart_id: cartId,
      email: buyerEmail,
      first_name: 'Jonas',
      last_name: 'Becker',
      phone: '+49 151 23456789',
      address_input: ADDRESSES[country],
      shipping_method: 'home_delivery',
      language: 'en',
    },
    token,
  );
  const confirmed = await ok(res);
  const summary = confirmed.order ?? confirmed.storeOrder;
  return {
    orderId: summary._id as string,
    storeOrderId: (confirmed.storeOrder?._id ?? null) as string | null,
    token: (token ?? confirmed.token) as string,
    email: buyerEmail,
  };
}

/** A vehicle order of a new buyer (or of the signed-in user of `token`) in a market. */
export async function bikeOrder(country: Country = 'DE', token?: string) {
  return checkout(await bikeCart(country), country, token);
}

export async function order(orderId: string, token: string, type: 'vehicle' | 'store' = 'vehicle') {
  return ok(await get(type === 'vehicle' ? `/v1/order/${orderId}` : `/v1/store/orders/${orderId}`, token));
}

/** The deposit of an order: what its bikes ask, from its own lines. */
export const depositOf = (o: Json) => (o.lines as Array<{ deposit: number }>).reduce((sum, l) => sum + l.deposit, 0);

/** Polls the order until `done` holds (the sandbox settles debits on a timer, then by webhook). */
export async function orderUntil(orderId: string, token: string, done: (o: Json) => boolean, ms = 5000) {
  const end = Date.now() + ms;
  let last = await order(orderId, token);
  while (!done(last) && Date.now() < end) {
    await new Promise((r) => setTimeout(r, 20));
    last = await order(orderId, token);
  }
  return last;
}

export async function paymentUntil(paymentId: string, token: string, done: (p: Json) => boolean, ms = 5000) {
  const end = Date.now() + ms;
  let last = await ok(await get(`/v1/payment/${paymentId}`, token));
  while (!done(last) && Date.now() < end) {
    await new Promise((r) => setTimeout(r, 20));
    last = await ok(await get(`/v1/payment/${paymentId}`, token));
  }
  return last;
}

export async function startPayment(token: string, body: Json, headers: Record<string, string> = {}) {
  return ctx.app.inject({
    method: 'POST',
    url: '/v1/payment',
    remoteAddress: nextIp(),
    payload: body,
    headers: { authorization: `Bearer ${token}`, ...headers },
  });
}

export const cardDetails = (number = '4242 4242 4242 4242') => ({
  type: 'card',
  number,
  expMonth: 12,
  expYear: nextYear,
  cvc: '123',
});
export const sepaDetails = (iban = 'DE89370400440532013000') => ({
  type: 'sepa',
  iban,
  accountHolder: 'Jonas Becker',
  email: 'jonas@example.com',
});
export const achDetails = (accountNumber = '000123456789') => ({
  type: 'ach',
  routingNumber: '110000000',
  accountNumber,
  accountHolder: 'Jane Doe',
  accountType: 'checking',
});

export async function confirm(paymentId: string, details: object, token: string | null) {
  return post(`/v1/payment/${paymentId}/confirm`, { details, returnUrl: RETURN_URL }, token);
}

/** Starts a payment and pays it by card at once. */
export async function payByCard(token: string, body: Json) {
  const started = await ok(await startPayment(token, { method: 'card', ...body }));
  const paid = await ok(await confirm(started._id, cardDetails(), token));
  expect(paid.status).toBe('SUCCEEDED');
  return paid;
}

export async function completeOrderSetup(orderId: string, token: string) {
  return ok(await post(`/v1/order/complete-order/${orderId}/setup`, {}, token));
}

export async function userId(email: string) {
  const [row] = await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}

export async function mailCount(to: string) {
  return (await ctx.database.db.select({ id: outbox.id }).from(outbox).where(eq(outbox.to, to))).length;
}

export async function providerReference(paymentId: string) {
  const [row] = await ctx.database.db
    .select({ ref: paymentsTable.providerReference })
    .from(paymentsTable)
    .where(eq(paymentsTable.id, paymentId));
  if (!row?.ref) throw new Error(`no provider reference for ${paymentId}`);
  return row.ref;
}

/** The wallet balance as the complete-order setup shows it. */
export async function walletBalance(orderId: string, token: string) {
  return (await completeOrderSetup(orderId, token)).pricing.walletBalance as number;
}

export const methodIds = (list: Array<{ _id: string }>) => list.map((m) => m._id);

/** Builds the API for the current test file (call once, at the top of the file); the helpers here call it. */
export function paymentsApi() {
  ctx = useApi({ config: { payments: PAYMENTS_CONFIG } });
  return ctx;
}
