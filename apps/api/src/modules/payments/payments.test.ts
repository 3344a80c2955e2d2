import { DEMO_PASSWORD, outbox, payments as paymentsTable, users, walletEntries } from '@varg/db';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useApi } from '../../../test/helper.ts';
import {
  memorySandboxStore,
  SANDBOX_SIGNATURE_HEADER,
  type SandboxPayments,
  sandboxPayments,
  signSandboxWebhook,
} from '../../providers/payments/sandbox.ts';
import { dbSandboxStore, paymentsRepo } from './repo.ts';
import { type PaymentProviders, paymentsService } from './service.ts';

// The payments module through the HTTP API, as a buyer, an administrator and the sandbox provider would use it
// (spec sections 3, 4 and 7; docs/decisions/016): kinds, methods per market and kind, the wallet, saved cards,
// financing, bank transfers and signed webhooks. The sandbox settles delayed debits at once (settleMs 0) through
// the same signed webhook path as Stripe's.

const WEBHOOK_SECRET = 'whsec_test_secret_123456';
const PAYMENTS_CONFIG = {
  provider: 'sandbox' as const,
  stripeMarkets: [],
  stripeAccounts: {},
  sandboxWebhookSecret: WEBHOOK_SECRET,
  sandboxSettleMs: 0,
};
const ctx = useApi({ config: { payments: PAYMENTS_CONFIG } });

const CUSTOMER = 'customer@demo.starkfuture.com';
const COMPANY = 'company@demo.starkfuture.com';
const ADMIN = 'admin@demo.starkfuture.com';
const DEALER = 'dealer@demo.starkfuture.com';
const RETURN_URL = '/de-DE/checkout/verify/payment';
const nextYear = new Date().getUTCFullYear() + 1;

let ip = 10;
/** Each request from its own documentation address (clear of per-IP limits); never loopback. */
const nextIp = () => `198.51.100.${(++ip % 250) + 1}`;

// biome-ignore lint/suspicious/noExplicitAny: API answers read as JSON (`res.json()` is untyped); the assertions check them
type Json = Record<string, any>;

async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string | null, payload?: object) {
  return ctx.app.inject({
    method,
    url,
    remoteAddress: nextIp(),
    ...(payload ? { payload } : {}),
    ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
  });
}
const post = (url: string, payload: object, token?: string | null) => call('POST', url, token, payload);
const get = (url: string, token?: string | null) => call('GET', url, token);

/** A JSON answer that must have the status. */
async function ok(res: Awaited<ReturnType<typeof call>>, status = 200): Promise<Json> {
  expect(res.statusCode, res.body).toBe(status);
  return res.json();
}

const tokens = new Map<string, string>();
async function signIn(email: string) {
  const known = tokens.get(email);
  if (known) return known;
  const res = await post('/v1/user/sign-in', { email, password: DEMO_PASSWORD });
  const token = (await ok(res)).token as string;
  tokens.set(email, token);
  return token;
}

const ADDRESSES = {
  DE: { country: 'DE', line_1: 'Torstraße 1', postal_code: '10119', city: 'Berlin' },
  US: { country: 'US', line_1: '1 Market Street', postal_code: '94103', city: 'San Francisco', state: 'CA' },
  GB: { country: 'GB', line_1: '10 Downing Street', postal_code: 'SW1A 2AA', city: 'London' },
  NO: { country: 'NO', line_1: 'Karl Johans gate 1', postal_code: '0154', city: 'Oslo' },
} as const;
type Country = keyof typeof ADDRESSES;

/** A fresh anonymous cart with one VARG EX (80 hp) in a market. */
async function bikeCart(country: Country) {
  const res = await post(`/v1/cart/add-item?country=${country}`, {
    productId: 'varg-ex',
    componentIds: ['varg_option_80hp'],
  });
  return (await ok(res))._id as string;
}

/** A fresh anonymous cart with store items only. */
async function storeCart(country: Country, variantCode = 'SF-PT-18', quantity = 1) {
  const res = await post(`/v1/cart/add-store-item?country=${country}`, { variant_code: variantCode, quantity });
  return (await ok(res))._id as string;
}

let buyers = 0;
/**
 * Confirms a cart: as the signed-in user of `token`, or else as a new buyer (who gets an account and a token).
 * Answers the order (vehicle order, else store order) and the buyer's token and e-mail.
 */
async function checkout(cartId: string, country: Country, token?: string, email?: string) {
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
async function bikeOrder(country: Country = 'DE', token?: string) {
  return checkout(await bikeCart(country), country, token);
}

async function order(orderId: string, token: string, type: 'vehicle' | 'store' = 'vehicle') {
  return ok(await get(type === 'vehicle' ? `/v1/order/${orderId}` : `/v1/store/orders/${orderId}`, token));
}

/** The deposit of an order: what its bikes ask, from its own lines. */
const depositOf = (o: Json) => (o.lines as Array<{ deposit: number }>).reduce((sum, l) => sum + l.deposit, 0);

/** Polls the order until `done` holds (the sandbox settles debits on a timer, then by webhook). */
async function orderUntil(orderId: string, token: string, done: (o: Json) => boolean, ms = 5000) {
  const end = Date.now() + ms;
  let last = await order(orderId, token);
  while (!done(last) && Date.now() < end) {
    await new Promise((r) => setTimeout(r, 20));
    last = await order(orderId, token);
  }
  return last;
}

async function paymentUntil(paymentId: string, token: string, done: (p: Json) => boolean, ms = 5000) {
  const end = Date.now() + ms;
  let last = await ok(await get(`/v1/payment/${paymentId}`, token));
  while (!done(last) && Date.now() < end) {
    await new Promise((r) => setTimeout(r, 20));
    last = await ok(await get(`/v1/payment/${paymentId}`, token));
  }
  return last;
}

async function startPayment(token: string, body: Json, headers: Record<string, string> = {}) {
  return ctx.app.inject({
    method: 'POST',
    url: '/v1/payment',
    remoteAddress: nextIp(),
    payload: body,
    headers: { authorization: `Bearer ${token}`, ...headers },
  });
}

const cardDetails = (number = '4242 4242 4242 4242') => ({
  type: 'card',
  number,
  expMonth: 12,
  expYear: nextYear,
  cvc: '123',
});
const sepaDetails = (iban = 'DE89370400440532013000') => ({
  type: 'sepa',
  iban,
  accountHolder: 'Jonas Becker',
  email: 'jonas@example.com',
});
const achDetails = (accountNumber = '000123456789') => ({
  type: 'ach',
  routingNumber: '110000000',
  accountNumber,
  accountHolder: 'Jane Doe',
  accountType: 'checking',
});

async function confirm(paymentId: string, details: object, token: string | null) {
  return post(`/v1/payment/${paymentId}/confirm`, { details, returnUrl: RETURN_URL }, token);
}

/** Starts a payment and pays it by card at once. */
async function payByCard(token: string, body: Json) {
  const started = await ok(await startPayment(token, { method: 'card', ...body }));
  const paid = await ok(await confirm(started._id, cardDetails(), token));
  expect(paid.status).toBe('SUCCEEDED');
  return paid;
}

async function completeOrderSetup(orderId: string, token: string) {
  return ok(await post(`/v1/order/complete-order/${orderId}/setup`, {}, token));
}

async function userId(email: string) {
  const [row] = await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}

async function mailCount(to: string) {
  return (await ctx.database.db.select({ id: outbox.id }).from(outbox).where(eq(outbox.to, to))).length;
}

async function providerReference(paymentId: string) {
  const [row] = await ctx.database.db
    .select({ ref: paymentsTable.providerReference })
    .from(paymentsTable)
    .where(eq(paymentsTable.id, paymentId));
  if (!row?.ref) throw new Error(`no provider reference for ${paymentId}`);
  return row.ref;
}

/** The wallet balance as the complete-order setup shows it. */
async function walletBalance(orderId: string, token: string) {
  return (await completeOrderSetup(orderId, token)).pricing.walletBalance as number;
}

const methodIds = (list: Array<{ _id: string }>) => list.map((m) => m._id);

describe('a deposit, then the rest (spec section 4)', () => {
  it('a German bike: deposit by card, then the remaining amount by SEPA debit, settled by webhook', async () => {
    const { orderId, token, email } = await bikeOrder('DE');
    const before = await order(orderId, token);
    const deposit = depositOf(before);
    expect(deposit).toBeGreaterThan(0);
    expect(deposit).toBeLessThan(before.total);
    expect(before).toMatchObject({ status: 'pending_payment', paid: 0, toPay: before.total });

    const setup = await completeOrderSetup(orderId, token);
    expect(setup.pricing).toMatchObject({ total: before.total, paid: 0, toPay: before.total, deposit });
    expect(setup.paymentKinds).toEqual([
      { name: 'full', default: true },
      { name: 'deposit', default: false },
    ]);
    expect(methodIds(setup.allowedMethods.deposit)).not.toContain('klarna');

    const started = await ok(await startPayment(token, { kind: 'deposit', method: 'card', order: orderId }));
    expect(started).toMatchObject({
      orderId,
      kind: 'deposit',
      method: 'card',
      status: 'CREATED',
      amount: deposit,
      currency: 'EUR',
      provider: 'sandbox',
    });
    expect(started.clientSecret).toBeTruthy();
    const mailsBefore = await mailCount(email);
    const paid = await ok(await confirm(started._id, cardDetails(), token));
    expect(paid).toMatchObject({ status: 'SUCCEEDED', amount: deposit, failureCode: null });
    // The buyer is told the money arrived.
    expect(await mailCount(email)).toBe(mailsBefore + 1);

    const partly = await order(orderId, token);
    expect(partly).toMatchObject({ status: 'partially_paid', paid: deposit, toPay: before.total - deposit });

    const rest = await completeOrderSetup(orderId, token);
    expect(rest.paymentKinds).toEqual([{ name: 'remaining', default: true }]);
    expect(rest.pricing).toMatchObject({ paid: deposit, toPay: before.total - deposit });
    expect(methodIds(rest.allowedMethods.remaining)).toEqual(
      expect.arrayContaining(['card', 'sepa', 'klarna', 'bank_transfer']),
    );
    // The same request again answers the deposit it paid; another deposit is no longer a choice.
    const repeat = await ok(await startPayment(token, { kind: 'deposit', method: 'card', order: orderId }));
    expect(repeat).toMatchObject({ _id: started._id, status: 'SUCCEEDED' });
    const again = await startPayment(token, { kind: 'deposit', method: 'sepa', order: orderId });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('PAYMENT_KIND_NOT_ALLOWED');

    const remaining = await ok(await startPayment(token, { kind: 'remaining', method: 'sepa', order: orderId }));
    expect(remaining).toMatchObject({ kind: 'remaining', method: 'sepa', status: 'CREATED' });
    expect(remaining.amount).toBe(before.total - deposit);
    const debit = await ok(await confirm(remaining._id, sepaDetails(), token));
    expect(debit.status).toBe('PROCESSING');

    const settled = await orderUntil(orderId, token, (o) => o.status === 'paid');
    expect(settled).toMatchObject({ status: 'paid', paid: before.total, toPay: 0, pending: 0 });
    expect(settled.payments.map((p: Json) => [p.kind, p.method, p.status, p.amount])).toEqual([
      ['deposit', 'card', 'SUCCEEDED', deposit],
      ['remaining', 'sepa', 'SUCCEEDED', before.total - deposit],
    ]);
    expect((await ok(await get(`/v1/payment/${remaining._id}`, token))).status).toBe('SUCCEEDED');
    const paidOff = await startPayment(token, { kind: 'remaining', method: 'card', order: orderId });
    expect(paidOff.statusCode).toBe(409);
    expect(paidOff.json().code).toBe('ORDER_ALREADY_PAID');
  });

  it('a SEPA debit that fails later ends FAILED, the order still owes, and the buyer can try again', async () => {
    const { orderId, token, email } = await bikeOrder('DE');
    const { total } = await order(orderId, token);
    const first = await ok(await startPayment(token, { kind: 'full', method: 'sepa', order: orderId }));
    const mails = await mailCount(email);
    expect((await ok(await confirm(first._id, sepaDetails('DE62370400440532013001'), token))).status).toBe(
      'PROCESSING',
    );
    const failed = await paymentUntil(first._id, token, (p) => p.status === 'FAILED');
    expect(failed).toMatchObject({ status: 'FAILED', failureCode: 'debit_not_authorized', amount: total });
    expect(await order(orderId, token)).toMatchObject({ status: 'pending_payment', paid: 0, toPay: total });
    // The buyer is e-mailed a link to try again.
    expect(await mailCount(email)).toBe(mails + 1);

    // An IBAN that is not one fails at once.
    const second = await ok(await startPayment(token, { kind: 'full', method: 'sepa', order: orderId }));
    expect(second._id).not.toBe(first._id);
    expect(await ok(await confirm(second._id, sepaDetails('DE89370400440532013001'), token))).toMatchObject({
      status: 'FAILED',
      failureCode: 'invalid_bank_account',
    });
    expect((await order(orderId, token)).toPay).toBe(total);

    const third = await ok(await startPayment(token, { kind: 'full', method: 'sepa', order: orderId }));
    expect(new Set([first._id, second._id, third._id]).size).toBe(3);
    await ok(await confirm(third._id, sepaDetails(), token));
    expect(await orderUntil(orderId, token, (o) => o.status === 'paid')).toMatchObject({ paid: total, toPay: 0 });
  });
});

describe('methods that wait for the buyer: Klarna, Splitit, Google Pay, Apple Pay', () => {
  it.each(['klarna', 'splitit', 'google_pay', 'apple_pay'])('%s pays a bike in full after approval', async (method) => {
    const { orderId, token } = await bikeOrder('DE');
    const { total } = await order(orderId, token);
    const started = await ok(await startPayment(token, { kind: 'full', method, order: orderId }));
    expect(started).toMatchObject({ method, kind: 'full', amount: total, status: 'CREATED' });
    // A card form is not how these are paid.
    const wrong = await confirm(started._id, cardDetails(), token);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('PAYMENT_DETAILS_INVALID');

    const redirected = await ok(await confirm(started._id, { type: 'redirect' }, token));
    expect(redirected).toMatchObject({ status: 'REQUIRES_ACTION', actionUrl: RETURN_URL });
    expect((await order(orderId, token)).toPay).toBe(total);
    const approved = await ok(await post(`/v1/payment/${started._id}/action`, { approved: true }, token));
    expect(approved).toMatchObject({ status: 'SUCCEEDED', actionUrl: null, amount: total });
    expect(await order(orderId, token)).toMatchObject({ status: 'paid', paid: total, toPay: 0 });
  });

  it('a declined approval leaves the order owing', async () => {
    const { orderId, token } = await bikeOrder('DE');
    const { total } = await order(orderId, token);
    const started = await ok(await startPayment(token, { kind: 'full', method: 'klarna', order: orderId }));
    await ok(await confirm(started._id, { type: 'redirect' }, token));
    expect(await ok(await post(`/v1/payment/${started._id}/action`, { approved: false }, token))).toMatchObject({
      status: 'FAILED',
      failureCode: 'payment_method_declined',
    });
    expect(await order(orderId, token)).toMatchObject({ status: 'pending_payment', toPay: total });
    // The action of a payment that waits for none is a conflict.
    const card = await ok(await startPayment(token, { kind: 'full', method: 'card', order: orderId }));
    const early = await post(`/v1/payment/${card._id}/action`, { approved: true }, token);
    expect(early.statusCode).toBe(409);
    expect((await ok(await get(`/v1/payment/${card._id}`, token))).status).toBe('CREATED');
  });
});

describe('US checkout: ACH and financing (spec section 4, issue 6)', () => {
  it('an ACH debit in a US cart settles by webhook; sales tax is part of what is paid', async () => {
    const { orderId, token } = await bikeOrder('US');
    const o = await order(orderId, token);
    expect(o.currency).toBe('USD');
    expect(o.total).toBe(o.subtotal + o.shipping + o.fees + o.tax);
    const setup = await completeOrderSetup(orderId, token);
    expect(methodIds(setup.allowedMethods.full).slice(0, 2)).toEqual(['ach', 'financing']);
    expect(methodIds(setup.allowedMethods.full)).not.toContain('sepa');

    const started = await ok(await startPayment(token, { kind: 'full', method: 'ach', order: orderId }));
    expect(started).toMatchObject({ amount: o.total, currency: 'USD', status: 'CREATED' });
    expect((await ok(await confirm(started._id, achDetails(), token))).status).toBe('PROCESSING');
    expect(await orderUntil(orderId, token, (x) => x.status === 'paid')).toMatchObject({ paid: o.total, toPay: 0 });
  });

  it('an ACH debit from an account without funds fails later', async () => {
    const { orderId, token } = await bikeOrder('US');
    const started = await ok(await startPayment(token, { kind: 'full', method: 'ach', order: orderId }));
    await ok(await confirm(started._id, achDetails('000111111116'), token));
    expect(await paymentUntil(started._id, token, (p) => p.status === 'FAILED')).toMatchObject({
      failureCode: 'insufficient_funds',
    });
    expect((await order(orderId, token)).paid).toBe(0);
  });

  it('financing: the lender approves what is due less the down payment; the down payment by card completes it', async () => {
    const { orderId, token } = await bikeOrder('US');
    const { total } = await order(orderId, token);
    const downPayment = 200_000;
    // Not more than is due.
    const tooMuch = await post('/v1/checkout/ekho/create', { orderId, downPayment: total }, token);
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().code).toBe('DOWN_PAYMENT_INVALID');

    const application = await ok(await post('/v1/checkout/ekho/create', { orderId, downPayment }, token));
    expect(application).toMatchObject({
      orderId,
      status: 'REQUIRES_ACTION',
      amount: total - downPayment,
      method: 'financing',
      provider: 'ekho_sandbox',
      actionUrl: `/checkout/verify/${application._id}`,
    });
    // Applying again answers the application that waits.
    expect((await ok(await post('/v1/checkout/ekho/create', { orderId, downPayment }, token)))._id).toBe(
      application._id,
    );
    // Nobody else decides on it.
    const stranger = await signIn(COMPANY);
    expect((await post(`/v1/payment/${application._id}/action`, { approved: true }, stranger)).statusCode).toBe(404);
    const byStranger = await post(`/v1/payment/${application._id}/sandbox-lender`, { approved: true }, stranger);
    expect(byStranger.statusCode).toBe(404);

    // The demo lender's page (our verify page) asks the sandbox lender, which answers with its signed callback.
    const approved = await ok(await post(`/v1/payment/${application._id}/sandbox-lender`, { approved: true }, token));
    expect(approved).toMatchObject({ status: 'SUCCEEDED', amount: total - downPayment });
    expect(await order(orderId, token)).toMatchObject({
      status: 'partially_paid',
      paid: total - downPayment,
      toPay: downPayment,
    });
    const setup = await completeOrderSetup(orderId, token);
    expect(setup.paymentKinds).toEqual([{ name: 'down_payment', default: true }]);
    expect(methodIds(setup.allowedMethods.down_payment)).toEqual(['card']);

    // What is left is the down payment, by card only: another kind is refused.
    const remaining = await startPayment(token, { kind: 'remaining', method: 'ach', order: orderId });
    expect(remaining.json().code).toBe('PAYMENT_KIND_NOT_ALLOWED');
    const bySepa = await startPayment(token, { kind: 'down_payment', method: 'ach', order: orderId });
    expect(bySepa.statusCode).toBe(400);
    expect(bySepa.json().code).toBe('PAYMENT_METHOD_NOT_ALLOWED');
    const down = await payByCard(token, { kind: 'down_payment', order: orderId });
    expect(down).toMatchObject({ kind: 'down_payment', method: 'card', amount: downPayment });
    expect(await order(orderId, token)).toMatchObject({ status: 'paid', paid: total, toPay: 0 });
  });

  it('a declined application can be made again; financing is US-only', async () => {
    const { orderId, token } = await bikeOrder('US');
    const { total } = await order(orderId, token);
    const first = await ok(await post('/v1/checkout/ekho/create', { orderId, downPayment: 0 }, token));
    expect(first.amount).toBe(total);
    expect(await ok(await post(`/v1/payment/${first._id}/sandbox-lender`, { approved: false }, token))).toMatchObject({
      status: 'FAILED',
      failureCode: 'financing_declined',
    });
    const second = await ok(await post('/v1/checkout/ekho/create', { orderId, downPayment: 0 }, token));
    expect(second._id).not.toBe(first._id);
    await ok(await post(`/v1/payment/${second._id}/sandbox-lender`, { approved: true }, token));
    expect(await order(orderId, token)).toMatchObject({ status: 'paid', paid: total });

    const german = await bikeOrder('DE');
    const refused = await post('/v1/checkout/ekho/create', { orderId: german.orderId, downPayment: 0 }, german.token);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('FINANCING_NOT_AVAILABLE');
    expect((await order(german.orderId, german.token)).payments).toEqual([]);
  });
});

describe('financing is decided by the lender only (issue 22)', () => {
  const LENDER_HOOK = '/v1/payment/webhook/lender/ekho_sandbox';
  /** A callback of the sandbox lender, signed as it signs them (or with another secret). */
  function lenderCallback(body: Json, secret = WEBHOOK_SECRET, timestamp?: number) {
    const raw = JSON.stringify(body);
    return ctx.app.inject({
      method: 'POST',
      url: LENDER_HOOK,
      remoteAddress: nextIp(),
      payload: raw,
      headers: { 'content-type': 'application/json', 'lender-signature': signSandboxWebhook(raw, secret, timestamp) },
    });
  }
  const decision = (reference: string, amount: number, type = 'application.approved', id = `evt_${Date.now()}`) => ({
    id,
    type,
    data: { application: reference, amount, currency: 'USD' },
  });

  it('the buyer cannot approve (or decline) their own financing: refused, the order still owes everything', async () => {
    const { orderId, token } = await bikeOrder('US');
    const { total } = await order(orderId, token);
    const application = await ok(await post('/v1/checkout/ekho/create', { orderId, downPayment: 0 }, token));
    for (const approved of [true, false]) {
      const res = await post(`/v1/payment/${application._id}/action`, { approved }, token);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'FINANCING_DECIDED_BY_LENDER', message: expect.any(String) });
    }
    expect(await order(orderId, token)).toMatchObject({ paid: 0, toPay: total });
    expect((await ok(await get(`/v1/payment/${application._id}`, token))).status).toBe('REQUIRES_ACTION');
  });

  it('a signed lender callback approves it once; a bad signature, a stale one, another amount and a replay change nothing', async () => {
    const { orderId, token } = await bikeOrder('US');
    const { total } = await order(orderId, token);
    const application = await ok(await post('/v1/checkout/ekho/create', { orderId, downPayment: 0 }, token));
    const reference = await providerReference(application._id);

    const forged = await lenderCallback(decision(reference, total), 'whsec_somebody_else_1234');
    expect(forged.statusCode).toBe(400);
    expect(forged.json().code).toBe('WEBHOOK_SIGNATURE_INVALID');
    const stale = await lenderCallback(
      decision(reference, total),
      WEBHOOK_SECRET,
      Math.floor(Date.now() / 1000) - 3600,
    );
    expect(stale.statusCode).toBe(400);
    const unsigned = await ctx.app.inject({
      method: 'POST',
      url: LENDER_HOOK,
      payload: JSON.stringify(decision(reference, total)),
      headers: { 'content-type': 'application/json' },
    });
    expect(unsigned.statusCode).toBe(400);
    // An approval of less than was applied for does not pay the order.
    expect(
      await ok(await lenderCallback(decision(reference, total - 100, 'application.approved', 'evt_less'))),
    ).toEqual({ received: true, applied: false });
    expect(await order(orderId, token)).toMatchObject({ paid: 0, toPay: total });

    const approval = decision(reference, total, 'application.approved', `evt_ok_${reference}`);
    expect(await ok(await lenderCallback(approval))).toEqual({ received: true, applied: true });
    expect(await order(orderId, token)).toMatchObject({ status: 'paid', paid: total, toPay: 0 });
    // A replay, or a later decline, changes nothing.
    expect(await ok(await lenderCallback(approval))).toEqual({ received: true, applied: false });
    expect(
      await ok(await lenderCallback(decision(reference, total, 'application.declined', `evt_no_${reference}`))),
    ).toEqual({ received: true, applied: false });
    expect(await ok(await get(`/v1/payment/${application._id}`, token))).toMatchObject({ status: 'SUCCEEDED' });
  });

  it('a signed decline fails the application; the order can apply again', async () => {
    const { orderId, token } = await bikeOrder('US');
    const { total } = await order(orderId, token);
    const application = await ok(await post('/v1/checkout/ekho/create', { orderId, downPayment: 0 }, token));
    const reference = await providerReference(application._id);
    const declined = decision(reference, total, 'application.declined', `evt_decl_${reference}`);
    expect(await ok(await lenderCallback(declined))).toEqual({ received: true, applied: true });
    expect(await ok(await get(`/v1/payment/${application._id}`, token))).toMatchObject({
      status: 'FAILED',
      failureCode: 'financing_declined',
    });
    expect((await order(orderId, token)).paid).toBe(0);
  });
});

describe('bank transfers', () => {
  it('a Stripe bank transfer shows where to send the money; the dev settle route makes it arrive (loopback only)', async () => {
    const { orderId, token } = await bikeOrder('DE');
    const { total } = await order(orderId, token);
    const transfer = await ok(await startPayment(token, { kind: 'full', method: 'bank_transfer', order: orderId }));
    expect(transfer).toMatchObject({ status: 'PROCESSING', amount: total });
    expect(transfer.instructions).toMatchObject({
      type: 'iban',
      amountRemaining: total,
      currency: 'EUR',
      iban: expect.any(String),
      bic: expect.any(String),
    });
    expect(transfer.instructions.reference).toBeTruthy();
    const next = await ok(await get(`/v1/payment/stripe-bank-transfer-next-action/${transfer._id}`, token));
    expect(next).toEqual({ status: 'PROCESSING', instructions: transfer.instructions });
    expect((await ok(await get(`/v1/payment/${transfer._id}`, token))).instructions).toEqual(transfer.instructions);
    expect(await order(orderId, token)).toMatchObject({ bankTransferPending: true, pending: total, paid: 0 });

    // From anywhere but this machine the dev route does not exist.
    const remote = await ctx.app.inject({
      method: 'POST',
      url: `/v1/dev/payments/${transfer._id}/settle`,
      remoteAddress: '203.0.113.9',
      payload: {},
    });
    expect(remote.statusCode).toBe(404);
    expect((await ok(await get(`/v1/payment/${transfer._id}`, token))).status).toBe('PROCESSING');

    const settled = await ok(
      await ctx.app.inject({ method: 'POST', url: `/v1/dev/payments/${transfer._id}/settle`, payload: {} }),
    );
    expect(settled).toMatchObject({ status: 'SUCCEEDED', instructions: null });
    expect(await order(orderId, token)).toMatchObject({ status: 'paid', paid: total, bankTransferPending: false });
    expect(await ok(await get(`/v1/payment/stripe-bank-transfer-next-action/${transfer._id}`, token))).toEqual({
      status: 'SUCCEEDED',
      instructions: null,
    });
  });

  it('a British transfer gives a sort code and account number', async () => {
    const { orderId, token } = await bikeOrder('GB');
    const { total, currency } = await order(orderId, token);
    expect(currency).toBe('GBP');
    const wrong = await startPayment(token, { kind: 'full', method: 'bank_transfer', order: orderId });
    expect(wrong.json().code).toBe('PAYMENT_METHOD_NOT_ALLOWED');
    const transfer = await ok(await startPayment(token, { kind: 'full', method: 'bank_transfer_gb', order: orderId }));
    expect(transfer.instructions).toMatchObject({
      type: 'sort_code',
      amountRemaining: total,
      currency: 'GBP',
      sortCode: expect.any(String),
      accountNumber: expect.any(String),
      iban: null,
    });
    // The money never comes: the transfer fails and the order still owes.
    const failed = await ok(
      await ctx.app.inject({
        method: 'POST',
        url: `/v1/dev/payments/${transfer._id}/settle`,
        payload: { outcome: 'failed' },
      }),
    );
    expect(failed).toMatchObject({ status: 'FAILED', instructions: null });
    expect(await order(orderId, token)).toMatchObject({ status: 'pending_payment', toPay: total, pending: 0 });
    // Settling it afterwards changes nothing.
    const late = await ok(
      await ctx.app.inject({ method: 'POST', url: `/v1/dev/payments/${transfer._id}/settle`, payload: {} }),
    );
    expect(late.status).toBe('FAILED');
    expect((await order(orderId, token)).paid).toBe(0);
  });

  it('a US transfer gives a routing (ABA) number', async () => {
    const { orderId, token } = await bikeOrder('US');
    const { total } = await order(orderId, token);
    const transfer = await ok(await startPayment(token, { kind: 'full', method: 'bank_transfer', order: orderId }));
    expect(transfer.instructions).toMatchObject({
      type: 'aba',
      amountRemaining: total,
      currency: 'USD',
      routingNumber: expect.any(String),
      accountNumber: expect.any(String),
    });
  });

  it('a transfer to our own account (Norway) waits until an administrator records the money', async () => {
    const { orderId, token } = await bikeOrder('NO');
    const { total, currency } = await order(orderId, token);
    expect(currency).toBe('NOK');
    const setup = await completeOrderSetup(orderId, token);
    expect(methodIds(setup.allowedMethods.full)).toContain('stark_bank_transfer');
    expect(methodIds(setup.allowedMethods.full)).not.toContain('bank_transfer');
    const transfer = await ok(
      await startPayment(token, { kind: 'full', method: 'stark_bank_transfer', order: orderId }),
    );
    expect(transfer).toMatchObject({ status: 'PROCESSING', provider: 'stark', amount: total, instructions: null });
    // Not a Stripe transfer: no virtual account to show.
    const next = await get(`/v1/payment/stripe-bank-transfer-next-action/${transfer._id}`, token);
    expect(next.json().code).toBe('PAYMENT_METHOD_NOT_ALLOWED');
    expect((await ok(await get(`/v1/payment/${transfer._id}`, token))).status).toBe('PROCESSING');

    // The buyer cannot say the money arrived; an administrator can.
    const self = await post(`/v1/admin/payments/${transfer._id}/received`, {}, token);
    expect(self.statusCode).toBe(403);
    expect(await order(orderId, token)).toMatchObject({ paid: 0, pending: total });
    const admin = await signIn(ADMIN);
    const received = await ok(await post(`/v1/admin/payments/${transfer._id}/received`, {}, admin));
    expect(received).toMatchObject({ status: 'SUCCEEDED', amount: total });
    // Recording it again changes nothing.
    expect((await ok(await post(`/v1/admin/payments/${transfer._id}/received`, {}, admin))).status).toBe('SUCCEEDED');
    expect(await order(orderId, token)).toMatchObject({ status: 'paid', paid: total, toPay: 0 });
    // And a received transfer cannot be declared failed afterwards.
    const failed = await post(`/v1/admin/payments/${transfer._id}/received`, { outcome: 'failed' }, admin);
    expect(failed.statusCode).toBe(409);
  });
});

describe('what may be paid how', () => {
  it('a dealer may pay at the dealer’s (manual): it waits for an administrator like our own transfer', async () => {
    const dealer = await signIn(DEALER);
    const { orderId } = await checkout(await bikeCart('DE'), 'DE', dealer, DEALER);
    const { total } = await order(orderId, dealer);
    const setup = await completeOrderSetup(orderId, dealer);
    expect(methodIds(setup.allowedMethods.full).at(-1)).toBe('manual');
    const manual = await ok(await startPayment(dealer, { kind: 'full', method: 'manual', order: orderId }));
    expect(manual).toMatchObject({ method: 'manual', status: 'PROCESSING', provider: 'stark', amount: total });
    const received = await ok(await post(`/v1/admin/payments/${manual._id}/received`, {}, await signIn(ADMIN)));
    expect(received.status).toBe('SUCCEEDED');
    expect(await order(orderId, dealer)).toMatchObject({ status: 'paid', paid: total });
    // A customer is never offered it.
    const customer = await bikeOrder('DE');
    expect(methodIds((await completeOrderSetup(customer.orderId, customer.token)).allowedMethods.full)).not.toContain(
      'manual',
    );
  });

  it('a store order is paid in full, by card, a card wallet or (in euros) a SEPA debit', async () => {
    const cart = await storeCart('DE');
    const { orderId, token, storeOrderId } = await checkout(cart, 'DE');
    expect(storeOrderId).toBe(orderId);
    const o = await order(orderId, token, 'store');
    expect(o.type).toBe('store');
    expect(depositOf(o)).toBe(0);
    const setup = await completeOrderSetup(orderId, token);
    expect(setup.paymentKinds).toEqual([{ name: 'full', default: true }]);
    expect(methodIds(setup.allowedMethods.full)).toEqual(['card', 'google_pay', 'apple_pay', 'sepa']);

    for (const method of ['klarna', 'splitit', 'bank_transfer', 'ach']) {
      const res = await startPayment(token, { kind: 'full', method, storeOrderId: orderId });
      expect(res.statusCode, method).toBe(400);
      expect(res.json().code).toBe('PAYMENT_METHOD_NOT_ALLOWED');
    }
    // Asking for a deposit still pays it all, by card.
    const started = await ok(await startPayment(token, { kind: 'deposit', storeOrderId: orderId }));
    expect(started).toMatchObject({ kind: 'full', method: 'card', amount: o.total, status: 'CREATED' });
    await ok(await confirm(started._id, cardDetails(), token));
    expect(await order(orderId, token, 'store')).toMatchObject({ status: 'paid', paid: o.total, toPay: 0 });
  });

  it('refuses a method not offered in the market or for the kind, and changes nothing', async () => {
    const { orderId, token } = await bikeOrder('DE');
    for (const [kind, method] of [
      ['full', 'ach'],
      ['deposit', 'klarna'],
      ['deposit', 'splitit'],
      ['full', 'bank_transfer_gb'],
      ['full', 'stark_bank_transfer'],
      ['full', 'manual'],
      ['full', 'financing'],
      ['full', 'bitcoin'],
      ['full', 'wallet'],
    ]) {
      const res = await startPayment(token, { kind, method, order: orderId });
      expect(res.statusCode, `${kind} ${method}`).toBe(400);
      expect(res.json().code).toBe('PAYMENT_METHOD_NOT_ALLOWED');
    }
    expect(await order(orderId, token)).toMatchObject({ payments: [], paid: 0, pending: 0 });
  });

  it('a positive down payment forces the kind down_payment and the method card; more than is due is refused', async () => {
    const { orderId, token } = await bikeOrder('DE');
    const { total } = await order(orderId, token);
    const tooMuch = await startPayment(token, { kind: 'full', method: 'card', order: orderId, downPayment: total + 1 });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().code).toBe('DOWN_PAYMENT_INVALID');
    // A down payment of nothing is no down payment.
    const none = await startPayment(token, { kind: 'downpayment', method: 'card', order: orderId });
    expect(none.json().code).toBe('DOWN_PAYMENT_INVALID');
    expect((await order(orderId, token)).payments).toEqual([]);

    const downPayment = 123_456;
    const started = await ok(await startPayment(token, { kind: 'full', method: 'sepa', order: orderId, downPayment }));
    expect(started).toMatchObject({ kind: 'down_payment', method: 'card', amount: downPayment, status: 'CREATED' });
    await ok(await confirm(started._id, cardDetails(), token));
    expect(await order(orderId, token)).toMatchObject({
      status: 'partially_paid',
      paid: downPayment,
      toPay: total - downPayment,
    });
  });
});

describe('the wallet (customer credit, spent first)', () => {
  it('a refused method spends no credit', async () => {
    const token = await signIn(CUSTOMER);
    const { orderId } = await bikeOrder('DE', token);
    const balance = await walletBalance(orderId, token);
    expect(balance).toBe(15_000);
    const res = await startPayment(token, { kind: 'full', method: 'ach', order: orderId, useWallet: true });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('PAYMENT_METHOD_NOT_ALLOWED');
    expect(await walletBalance(orderId, token)).toBe(balance);
    expect(await order(orderId, token)).toMatchObject({ payments: [], paid: 0 });
  });

  it('customer@ pays a bike: min(150 €, due) from the wallet first, the rest by card', async () => {
    const token = await signIn(CUSTOMER);
    const cartId = await bikeCart('DE');
    const setup = await ok(
      await post(`/v1/checkout/setup/${cartId}`, { shippingAddress: { country: 'DE' }, useWallet: true }, token),
    );
    const balance = setup.pricing.walletBalance as number;
    expect(balance).toBe(15_000);
    expect(setup.pricing.walletDiscount).toBe(Math.min(balance, setup.pricing.total));
    const { orderId } = await checkout(cartId, 'DE', token);
    const { total } = await order(orderId, token);
    const spend = Math.min(balance, total);

    const started = await ok(
      await startPayment(token, { kind: 'full', method: 'card', order: orderId, useWallet: true }),
    );
    expect(started).toMatchObject({ method: 'card', status: 'CREATED', amount: total - spend });
    const afterWallet = await order(orderId, token);
    expect(afterWallet).toMatchObject({ paid: spend, toPay: total - spend, status: 'partially_paid' });
    expect(afterWallet.payments.filter((p: Json) => p.method === 'wallet')).toEqual([
      expect.objectContaining({ status: 'SUCCEEDED', amount: spend, currency: 'EUR' }),
    ]);
    expect(await walletBalance(orderId, token)).toBe(balance - spend);
    // A double click spends nothing more.
    const twice = await ok(
      await startPayment(token, { kind: 'full', method: 'card', order: orderId, useWallet: true }),
    );
    expect(twice._id).toBe(started._id);
    expect(await walletBalance(orderId, token)).toBe(balance - spend);

    await ok(await confirm(started._id, cardDetails(), token));
    expect(await order(orderId, token)).toMatchObject({ status: 'paid', paid: total, toPay: 0 });
    const [entry] = await ctx.database.db
      .select()
      .from(walletEntries)
      .where(and(eq(walletEntries.userId, await userId(CUSTOMER)), eq(walletEntries.reason, 'order_payment')));
    expect(entry).toMatchObject({ amount: -spend, currency: 'EUR' });
  });

  it('a small store order fully covered by the wallet needs no method', async () => {
    const token = await signIn(CUSTOMER);
    const { orderId } = await checkout(await storeCart('US'), 'US', token);
    const o = await order(orderId, token, 'store');
    const balance = await walletBalance(orderId, token);
    expect(balance).toBe(15_000);
    expect(o.total).toBeLessThanOrEqual(balance);
    const paid = await ok(await startPayment(token, { kind: 'full', storeOrderId: orderId, useWallet: true }));
    expect(paid).toMatchObject({ method: 'wallet', status: 'SUCCEEDED', amount: o.total, currency: 'USD' });
    expect(await order(orderId, token, 'store')).toMatchObject({ status: 'paid', paid: o.total, toPay: 0 });
    expect(await walletBalance(orderId, token)).toBe(balance - o.total);
    // The same request again (with or without the wallet flag) answers the same payment and spends nothing.
    for (const useWallet of [true, false]) {
      const again = await ok(await startPayment(token, { kind: 'full', storeOrderId: orderId, useWallet }));
      expect(again._id).toBe(paid._id);
    }
    expect(await walletBalance(orderId, token)).toBe(balance - o.total);
    expect((await order(orderId, token, 'store')).payments).toHaveLength(1);
  });

  it('two payments at once never spend more than the balance', async () => {
    const first = await bikeOrder('DE');
    const second = await bikeOrder('DE', first.token);
    const id = await userId(first.email);
    await ctx.database.db
      .insert(walletEntries)
      .values({ userId: id, currency: 'EUR', amount: 10_000, reason: 'goodwill' });
    expect(await walletBalance(first.orderId, first.token)).toBe(10_000);

    const answers = await Promise.all(
      [first.orderId, second.orderId, first.orderId].map((orderId, i) =>
        startPayment(first.token, { kind: 'full', method: i === 2 ? 'sepa' : 'card', order: orderId, useWallet: true }),
      ),
    );
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    const rows = await ctx.database.db
      .select()
      .from(paymentsTable)
      .where(and(eq(paymentsTable.userId, id), eq(paymentsTable.method, 'wallet')));
    expect(rows.reduce((sum, r) => sum + r.amount, 0)).toBe(10_000);
    expect(await walletBalance(first.orderId, first.token)).toBe(0);
    const [a, b] = [await order(first.orderId, first.token), await order(second.orderId, first.token)];
    expect(a.paid + b.paid).toBe(10_000);
  });

  it('a double click with the wallet spends it once, starts one card payment and sends one e-mail', async () => {
    const buyer = await bikeOrder('DE');
    const { total } = await order(buyer.orderId, buyer.token);
    const id = await userId(buyer.email);
    await ctx.database.db
      .insert(walletEntries)
      .values({ userId: id, currency: 'EUR', amount: 7_500, reason: 'goodwill' });
    const mails = await mailCount(buyer.email);
    const body = { kind: 'full', method: 'card', order: buyer.orderId, useWallet: true };
    const [one, two] = await Promise.all([startPayment(buyer.token, body), startPayment(buyer.token, body)]);
    expect((await ok(one))._id).toBe((await ok(two))._id);
    expect(one.json()).toMatchObject({ method: 'card', amount: total - 7_500 });
    const o = await order(buyer.orderId, buyer.token);
    expect(o.payments.map((p: Json) => [p.method, p.amount])).toEqual([
      ['wallet', 7_500],
      ['card', total - 7_500],
    ]);
    expect(await walletBalance(buyer.orderId, buyer.token)).toBe(0);
    expect(await mailCount(buyer.email)).toBe(mails + 1);
  });
});

describe('intents made before the order (create-intent, update-amount, cancel-intent)', () => {
  it('an attempt sized net of customer credit spends that credit when the cart becomes an order', async () => {
    const token = await signIn(COMPANY);
    await ctx.database.db
      .insert(walletEntries)
      .values({ userId: await userId(COMPANY), currency: 'EUR', amount: 20_000, reason: 'goodwill' });
    const cartId = (
      await ok(
        await post('/v1/cart/add-item?country=DE', { productId: 'varg-ex', componentIds: ['varg_option_80hp'] }, token),
      )
    )._id as string;
    const setup = await ok(await post(`/v1/checkout/setup/${cartId}`, { shippingAddress: { country: 'DE' } }, token));
    const attempt = await ok(
      await post(
        '/v1/payment/create-intent',
        { shoppingCartId: cartId, kind: 'full', method: 'card', useWallet: true },
        token,
      ),
    );
    expect(attempt.amount).toBe(setup.pricing.total - 20_000);
    const { orderId } = await checkout(cartId, 'DE', token, COMPANY);
    const placed = await order(orderId, token);
    // The credit paid its part at once; the card attempt (now the order's) pays the rest.
    expect(placed.payments).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ method: 'wallet', status: 'SUCCEEDED', amount: 20_000 }),
        expect.objectContaining({ id: attempt._id, method: 'card', status: 'CREATED', amount: placed.total - 20_000 }),
      ]),
    );
    expect(placed.paid).toBe(20_000);
    expect(await walletBalance(orderId, token)).toBe(0);
    await confirm(attempt._id, cardDetails(), token);
    expect(await order(orderId, token)).toMatchObject({ status: 'paid', toPay: 0 });
  });

  it('a cart’s attempt: created, re-priced, cancelled; the open one is given to the order at confirm', async () => {
    const cartId = await bikeCart('DE');
    const setup = await ok(await post(`/v1/checkout/setup/${cartId}`, { shippingAddress: { country: 'DE' } }));
    const { total, deposit } = setup.pricing;

    const sepa = await ok(
      await post('/v1/payment/create-intent', { shoppingCartId: cartId, kind: 'deposit', method: 'sepa' }),
    );
    expect(sepa).toMatchObject({ orderId: null, kind: 'deposit', method: 'sepa', status: 'CREATED', amount: deposit });
    expect(sepa.clientSecret).toBeTruthy();
    // Asking again while it is open answers the same attempt.
    const same = await ok(
      await post('/v1/payment/create-intent', { shoppingCartId: cartId, kind: 'deposit', method: 'sepa' }),
    );
    expect(same._id).toBe(sepa._id);

    const resized = await ok(
      await post('/v1/payment/update-amount', { paymentIntentId: sepa._id, shoppingCartId: cartId, kind: 'full' }),
    );
    expect(resized).toMatchObject({ _id: sepa._id, kind: 'full', amount: total });
    const cancelled = await ok(
      await post('/v1/payment/cancel-intent', { paymentIntentId: sepa._id, shoppingCartId: cartId }),
    );
    expect(cancelled).toMatchObject({ status: 'FAILED', failureCode: 'canceled' });
    const late = await post('/v1/payment/update-amount', { paymentIntentId: sepa._id, kind: 'deposit' });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({ code: 'PAYMENT_UPDATE_FAILED', t_key: 'checkout_update_payment_error' });

    // The variants force their method, whatever the body says.
    for (const [path, method] of [
      ['klarna', 'klarna'],
      ['google-pay', 'google_pay'],
      ['apple-pay', 'apple_pay'],
    ]) {
      const made = await ok(
        await post(`/v1/payment/${path}/create-intent`, { shoppingCartId: cartId, kind: 'full', method: 'card' }),
      );
      expect(made).toMatchObject({ method, kind: 'full', amount: total, status: 'CREATED', orderId: null });
    }
    const klarnaDeposit = await post('/v1/payment/klarna/create-intent', { shoppingCartId: cartId, kind: 'deposit' });
    expect(klarnaDeposit.json().code).toBe('PAYMENT_METHOD_NOT_ALLOWED');
    const ach = await post('/v1/payment/create-intent', { shoppingCartId: cartId, kind: 'full', method: 'ach' });
    expect(ach.json().code).toBe('PAYMENT_METHOD_NOT_ALLOWED');
    const unknown = await post('/v1/payment/create-intent', {
      shoppingCartId: '00000000-0000-4000-8000-000000000000',
      kind: 'full',
      method: 'sepa',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('SHOPPING_CART_NOT_FOUND');

    const { orderId, token } = await checkout(cartId, 'DE');
    const adopted = await ok(await get(`/v1/payment/${sepa._id}`, token));
    expect(adopted).toMatchObject({ orderId, status: 'FAILED' });
    const o = await order(orderId, token);
    expect(o.total).toBe(total);
    expect(o.payments.map((p: Json) => p.method).sort()).toEqual(['apple_pay', 'google_pay', 'klarna', 'sepa']);
    // An attempt that belongs to an order is no longer re-priced as a cart's.
    const klarna = o.payments.find((p: Json) => p.method === 'klarna');
    const resize = await post('/v1/payment/update-amount', { paymentIntentId: klarna.id, kind: 'full' }, token);
    expect(resize.json().code).toBe('PAYMENT_UPDATE_FAILED');
    // The order's buyer pays with it.
    await ok(await confirm(klarna.id, { type: 'redirect' }, token));
    expect((await ok(await post(`/v1/payment/${klarna.id}/action`, { approved: true }, token))).status).toBe(
      'SUCCEEDED',
    );
    expect(await order(orderId, token)).toMatchObject({ status: 'paid', paid: total });
  });
});

describe('webhooks', () => {
  async function webhook(body: string, signature?: string) {
    return ctx.app.inject({
      method: 'POST',
      url: '/v1/payment/webhook/sandbox',
      remoteAddress: nextIp(),
      payload: body,
      headers: { 'content-type': 'application/json', ...(signature ? { [SANDBOX_SIGNATURE_HEADER]: signature } : {}) },
    });
  }
  const event = (id: string, type: string, reference: string) =>
    JSON.stringify({ id, type, created: Math.floor(Date.now() / 1000), data: { object: { id: reference } } });

  it('a signed event applies once; a replay, an out-of-order event and a bad signature change nothing', async () => {
    const { orderId, token, email } = await bikeOrder('DE');
    const { total } = await order(orderId, token);
    const started = await ok(await startPayment(token, { kind: 'full', method: 'card', order: orderId }));
    const reference = await providerReference(started._id);
    const mails = await mailCount(email);

    const forged = event(`evt_forged_${started._id}`, 'payment_intent.succeeded', reference);
    const bad = await webhook(forged, signSandboxWebhook(forged, 'whsec_not_the_secret_000'));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('WEBHOOK_SIGNATURE_INVALID');
    expect((await webhook(forged)).json().code).toBe('WEBHOOK_SIGNATURE_INVALID');
    const stale = await webhook(
      forged,
      signSandboxWebhook(forged, WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 3600),
    );
    expect(stale.json().code).toBe('WEBHOOK_SIGNATURE_INVALID');
    const tampered = await webhook(
      forged.replace('succeeded', 'payment_failed'),
      signSandboxWebhook(forged, WEBHOOK_SECRET),
    );
    expect(tampered.json().code).toBe('WEBHOOK_SIGNATURE_INVALID');
    expect((await ok(await get(`/v1/payment/${started._id}`, token))).status).toBe('CREATED');

    const body = event(`evt_ok_${started._id}`, 'payment_intent.succeeded', reference);
    const signature = signSandboxWebhook(body, WEBHOOK_SECRET);
    expect(await ok(await webhook(body, signature))).toEqual({ received: true, applied: true });
    expect((await ok(await get(`/v1/payment/${started._id}`, token))).status).toBe('SUCCEEDED');
    expect(await order(orderId, token)).toMatchObject({ status: 'paid', paid: total });
    expect(await mailCount(email)).toBe(mails + 1);

    // The same event again: received, not applied, no second e-mail.
    expect(await ok(await webhook(body, signature))).toEqual({ received: true, applied: false });
    expect(await mailCount(email)).toBe(mails + 1);
    // An older event arriving late never moves a payment back.
    const late = event(`evt_late_${started._id}`, 'payment_intent.processing', reference);
    expect(await ok(await webhook(late, signSandboxWebhook(late, WEBHOOK_SECRET)))).toEqual({
      received: true,
      applied: false,
    });
    const failed = event(`evt_failed_${started._id}`, 'payment_intent.payment_failed', reference);
    expect(await ok(await webhook(failed, signSandboxWebhook(failed, WEBHOOK_SECRET)))).toEqual({
      received: true,
      applied: false,
    });
    expect((await ok(await get(`/v1/payment/${started._id}`, token))).status).toBe('SUCCEEDED');
    expect(await order(orderId, token)).toMatchObject({ status: 'paid', paid: total });
    expect(await mailCount(email)).toBe(mails + 1);

    // Events about nothing we know, or of a type the payments ignore, are received and not applied.
    const stray = event('evt_stray', 'payment_intent.succeeded', 'pi_sbx_unknown');
    expect(await ok(await webhook(stray, signSandboxWebhook(stray, WEBHOOK_SECRET)))).toEqual({
      received: true,
      applied: false,
    });
    const other = event('evt_refund', 'charge.refunded', reference);
    expect(await ok(await webhook(other, signSandboxWebhook(other, WEBHOOK_SECRET)))).toEqual({
      received: true,
      applied: false,
    });
    // Not JSON, though signed: refused.
    expect((await webhook('{nope', signSandboxWebhook('{nope', WEBHOOK_SECRET))).statusCode).toBe(400);
  });
});

describe('saved cards', () => {
  async function saveCard(token: string, number = '4242424242424242') {
    const { client_secret } = await ok(await post('/v1/stripe/setup', { country: 'DE' }, token));
    const saved = await ok(
      await post(
        '/v1/stripe/setup/sandbox-confirm',
        { country: 'DE', client_secret, number, expMonth: 10, expYear: nextYear, cvc: '123' },
        token,
      ),
    );
    return { client_secret, saved };
  }

  it('save, list, pay with, and delete a card; nobody else can use or delete it', async () => {
    const owner = await bikeOrder('DE');
    const other = await bikeOrder('DE');
    const { client_secret, saved } = await saveCard(owner.token, '5555555555554444');
    expect(saved).toEqual({
      card: { id: expect.any(String), brand: 'mastercard', exp_month: 10, exp_year: nextYear, last4: '4444' },
      failureCode: null,
    });
    const cardId = saved.card.id as string;
    // The setup secret works once, and for its owner only.
    const reused = await post(
      '/v1/stripe/setup/sandbox-confirm',
      { country: 'DE', client_secret, number: '4242424242424242', expMonth: 10, expYear: nextYear, cvc: '123' },
      owner.token,
    );
    expect(reused.json()).toEqual({ card: null, failureCode: 'setup_intent_invalid' });
    const { client_secret: fresh } = await ok(await post('/v2/stripe/setup', { country: 'DE' }, owner.token));
    const stolen = await post(
      '/v1/stripe/setup/sandbox-confirm',
      { country: 'DE', client_secret: fresh, number: '4242424242424242', expMonth: 10, expYear: nextYear, cvc: '123' },
      other.token,
    );
    expect(stolen.json()).toEqual({ card: null, failureCode: 'setup_intent_invalid' });
    const declined = await post(
      '/v1/stripe/setup/sandbox-confirm',
      { country: 'DE', client_secret: fresh, number: '4000000000000002', expMonth: 10, expYear: nextYear, cvc: '123' },
      owner.token,
    );
    expect(declined.json()).toEqual({ card: null, failureCode: 'card_declined' });

    const list = await get('/v1/stripe/cards?country=DE', owner.token);
    expect(list.headers['cache-control']).toBe('no-store');
    expect(list.json()).toEqual([saved.card]);
    expect(await ok(await get('/v1/stripe/cards?country=DE', other.token))).toEqual([]);
    expect(await ok(await get('/v1/stripe/cards?country=FR', owner.token))).toEqual([]);

    // Someone else paying with it fails; the owner pays.
    const theirs = await ok(await startPayment(other.token, { kind: 'full', method: 'card', order: other.orderId }));
    expect(await ok(await confirm(theirs._id, { type: 'saved_card', id: cardId }, other.token))).toMatchObject({
      status: 'FAILED',
      failureCode: 'payment_method_not_found',
    });
    expect((await order(other.orderId, other.token)).paid).toBe(0);
    const { total } = await order(owner.orderId, owner.token);
    const mine = await ok(await startPayment(owner.token, { kind: 'full', method: 'card', order: owner.orderId }));
    expect(await ok(await confirm(mine._id, { type: 'saved_card', id: cardId }, owner.token))).toMatchObject({
      status: 'SUCCEEDED',
      amount: total,
    });
    expect(await order(owner.orderId, owner.token)).toMatchObject({ status: 'paid', paid: total });

    const steal = await call('DELETE', '/v1/stripe/card?country=DE', other.token, { id: cardId });
    expect(steal.statusCode).toBe(404);
    expect(steal.json().code).toBe('CARD_NOT_FOUND');
    expect(await ok(await get('/v1/stripe/cards?country=DE', owner.token))).toHaveLength(1);
    expect(await ok(await call('DELETE', '/v1/stripe/card?country=DE', owner.token, { id: cardId }))).toEqual({
      deleted: true,
    });
    expect(await ok(await get('/v1/stripe/cards?country=DE', owner.token))).toEqual([]);
    expect((await call('DELETE', '/v1/stripe/card?country=DE', owner.token, { id: cardId })).statusCode).toBe(404);
  });

  it('a saved 3-D Secure card still asks for the step', async () => {
    const owner = await bikeOrder('DE');
    const { saved } = await saveCard(owner.token, '4000002760003184');
    const started = await ok(await startPayment(owner.token, { kind: 'full', method: 'card', order: owner.orderId }));
    expect(await ok(await confirm(started._id, { type: 'saved_card', id: saved.card.id }, owner.token))).toMatchObject({
      status: 'REQUIRES_ACTION',
      actionUrl: RETURN_URL,
    });
    expect((await ok(await post(`/v1/payment/${started._id}/action`, { approved: true }, owner.token))).status).toBe(
      'SUCCEEDED',
    );
  });

  it('cards need a signed-in user', async () => {
    expect((await get('/v1/stripe/cards?country=DE')).statusCode).toBe(401);
    expect((await post('/v1/stripe/setup', { country: 'DE' })).statusCode).toBe(401);
    expect((await call('DELETE', '/v1/stripe/card?country=DE', null, { id: 'pm_sbx_x' })).statusCode).toBe(401);
  });
});

describe('refunds (administrators)', () => {
  it('gives part back to the card and the rest as store credit; the order owes it again; nothing twice', async () => {
    const { orderId, token } = await bikeOrder('DE');
    const paid = await payByCard(token, { kind: 'full', order: orderId });
    expect(paid.status).toBe('SUCCEEDED');
    const total = paid.amount as number;
    const admin = await signIn(ADMIN);
    // Only administrators refund.
    const byBuyer = await post(`/v1/admin/payments/${paid._id}/refund`, { amount: 1_000 }, token);
    expect(byBuyer.statusCode).toBe(403);

    const part = await ok(await post(`/v1/admin/payments/${paid._id}/refund`, { amount: 10_000 }, admin));
    expect(part).toMatchObject({ refunded: 10_000, refundedTo: 'original', status: 'SUCCEEDED' });
    expect(await order(orderId, token)).toMatchObject({
      paid: total - 10_000,
      toPay: 10_000,
      status: 'partially_paid',
    });

    const tooMuch = await post(`/v1/admin/payments/${paid._id}/refund`, { amount: total }, admin);
    expect(tooMuch.json()).toMatchObject({ code: 'REFUND_INVALID', t_key: 'error_refund_invalid' });
    expect((await order(orderId, token)).paid).toBe(total - 10_000);

    const before = await walletBalance(orderId, token);
    const rest = await ok(await post(`/v1/admin/payments/${paid._id}/refund`, { to: 'wallet' }, admin));
    expect(rest).toMatchObject({ refunded: total, refundedTo: 'wallet' });
    expect(await walletBalance(orderId, token)).toBe(before + total - 10_000);
    expect(await order(orderId, token)).toMatchObject({ paid: 0, toPay: total, status: 'pending_payment' });
    // Nothing is left to refund; a payment that failed has nothing to give back.
    expect((await post(`/v1/admin/payments/${paid._id}/refund`, {}, admin)).json().code).toBe('REFUND_INVALID');
    const declined = await ok(await startPayment(token, { kind: 'full', method: 'card', order: orderId }));
    await confirm(declined._id, cardDetails('4000 0000 0000 0002'), token);
    expect((await post(`/v1/admin/payments/${declined._id}/refund`, {}, admin)).statusCode).toBe(409);
  });
});

describe('ownership and bad input', () => {
  it('another user gets 404 on someone else’s payment; anonymous callers get 401', async () => {
    const { orderId, token } = await bikeOrder('DE');
    const started = await ok(await startPayment(token, { kind: 'full', method: 'klarna', order: orderId }));
    const transfer = await ok(
      await bikeOrder('DE').then((b) =>
        startPayment(b.token, { kind: 'full', method: 'bank_transfer', order: b.orderId }),
      ),
    );
    // Another customer, a dealer, and an administrator: administrators read every order (GET order/{id}), but only
    // the buyer pays (an administrator does it by impersonating them).
    for (const who of [await signIn(COMPANY), await signIn(DEALER), await signIn(ADMIN)]) {
      for (const res of [
        await get(`/v1/payment/${started._id}`, who),
        await confirm(started._id, { type: 'redirect' }, who),
        await post(`/v1/payment/${started._id}/action`, { approved: true }, who),
        await get(`/v1/payment/stripe-bank-transfer-next-action/${transfer._id}`, who),
        await post('/v1/payment/cancel-intent', { paymentIntentId: started._id }, who),
        await post('/v1/payment/update-amount', { paymentIntentId: started._id, kind: 'full' }, who),
      ]) {
        expect(res.statusCode, res.body).toBe(404);
        expect(res.json().code).toBe('PAYMENT_NOT_FOUND');
      }
      const theirOrder = await startPayment(who, { kind: 'full', method: 'card', order: orderId });
      expect(theirOrder.statusCode).toBe(404);
      expect(theirOrder.json().code).toBe('ORDER_NOT_FOUND');
      expect((await post(`/v1/order/complete-order/${orderId}/setup`, {}, who)).statusCode).toBe(404);
      expect((await post('/v1/checkout/ekho/create', { orderId, downPayment: 0 }, who)).statusCode).toBe(404);
    }
    for (const res of [
      await get(`/v1/payment/${started._id}`),
      await confirm(started._id, { type: 'redirect' }, null),
      await post(`/v1/payment/${started._id}/action`, { approved: true }),
      await post('/v1/payment', { kind: 'full', method: 'card', order: orderId }),
      await post(`/v1/order/complete-order/${orderId}/setup`, {}),
      await post('/v1/checkout/ekho/create', { orderId, downPayment: 0 }),
      await post(`/v1/admin/payments/${transfer._id}/received`, {}),
    ])
      expect(res.statusCode, res.body).toBe(401);
    // Anonymous callers cannot cancel an order's attempt either (it no longer belongs to a cart).
    expect((await post('/v1/payment/cancel-intent', { paymentIntentId: started._id })).statusCode).toBe(404);
    expect(await ok(await get(`/v1/payment/${started._id}`, token))).toMatchObject({ status: 'CREATED' });
    expect(await order(orderId, token)).toMatchObject({ paid: 0 });
  });

  it('bad input is refused with a code and changes nothing', async () => {
    const { orderId, token } = await bikeOrder('DE');
    const refused = async (res: Awaited<ReturnType<typeof call>>, status: number, code: string) => {
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().code).toBe(code);
    };
    await refused(
      await startPayment(token, { kind: 'half', method: 'card', order: orderId }),
      400,
      'PAYMENT_KIND_NOT_ALLOWED',
    );
    await refused(await startPayment(token, { kind: 'full', method: 'card', order: 'nope' }), 400, 'VALIDATION_ERROR');
    await refused(await startPayment(token, { kind: 'full', method: 'card' }), 404, 'ORDER_NOT_FOUND');
    await refused(
      await startPayment(token, { kind: 'full', method: 'card', order: '00000000-0000-4000-8000-000000000000' }),
      404,
      'ORDER_NOT_FOUND',
    );
    await refused(
      await startPayment(token, { kind: 'full', method: 'card', order: orderId, downPayment: -1 }),
      400,
      'VALIDATION_ERROR',
    );
    await refused(
      await startPayment(token, { kind: 'full', method: 'card', order: orderId }, { 'idempotency-key': 'short' }),
      400,
      'VALIDATION_ERROR',
    );
    expect((await order(orderId, token)).payments).toEqual([]);

    const started = await ok(await startPayment(token, { kind: 'full', method: 'card', order: orderId }));
    for (const details of [
      { type: 'card', number: 'abcd efgh ijkl mnop', expMonth: 12, expYear: nextYear, cvc: '123' },
      { type: 'card', number: '4242424242424242', expMonth: 13, expYear: nextYear, cvc: '123' },
      { type: 'card', number: '4242424242424242', expMonth: 12, expYear: nextYear, cvc: '12a' },
      { type: 'sepa', iban: 'DE89370400440532013000', accountHolder: 'J' },
      { type: 'paypal' },
      {},
    ])
      await refused(await confirm(started._id, details, token), 400, 'VALIDATION_ERROR');
    await refused(
      await post(
        `/v1/payment/${started._id}/confirm`,
        { details: cardDetails(), returnUrl: 'https://evil.example/x' },
        token,
      ),
      400,
      'VALIDATION_ERROR',
    );
    await refused(
      await post(
        `/v1/payment/${started._id}/confirm`,
        { details: cardDetails(), returnUrl: '//evil.example/x' },
        token,
      ),
      400,
      'VALIDATION_ERROR',
    );
    // Details of another method than the payment's.
    await refused(await confirm(started._id, sepaDetails(), token), 400, 'PAYMENT_DETAILS_INVALID');
    await refused(await confirm(started._id, { type: 'bank_transfer' }, token), 400, 'PAYMENT_DETAILS_INVALID');
    await refused(await post(`/v1/payment/${started._id}/action`, { approved: 'yes' }, token), 400, 'VALIDATION_ERROR');
    await refused(await get('/v1/payment/not-a-uuid', token), 400, 'VALIDATION_ERROR');
    await refused(await get('/v1/payment/00000000-0000-4000-8000-000000000000', token), 404, 'PAYMENT_NOT_FOUND');
    await refused(
      await post('/v1/checkout/ekho/create', { orderId, downPayment: 1.5 }, token),
      400,
      'VALIDATION_ERROR',
    );
    const hook = await ctx.app.inject({
      method: 'POST',
      url: '/v1/payment/webhook/paypal',
      payload: '{}',
      headers: { 'content-type': 'application/json' },
    });
    // Only the providers that exist have a webhook.
    expect(hook.statusCode).toBe(404);

    expect(await ok(await get(`/v1/payment/${started._id}`, token))).toMatchObject({
      status: 'CREATED',
      failureCode: null,
    });
    expect(await order(orderId, token)).toMatchObject({ paid: 0, status: 'pending_payment' });
    // And the payment still works.
    expect((await ok(await confirm(started._id, cardDetails(), token))).status).toBe('SUCCEEDED');
  });

  it('a succeeded payment cannot be cancelled', async () => {
    const { orderId, token } = await bikeOrder('DE');
    const paid = await payByCard(token, { kind: 'deposit', order: orderId });
    const cancel = await post('/v1/payment/cancel-intent', { paymentIntentId: paid._id }, token);
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().code).toBe('PAYMENT_CONFLICT');
    expect((await ok(await get(`/v1/payment/${paid._id}`, token))).status).toBe('SUCCEEDED');
    expect((await order(orderId, token)).paid).toBe(paid.amount);
  });

  it('the Idempotency-Key header makes a repeated request answer the same payment', async () => {
    const { orderId, token } = await bikeOrder('DE');
    const key = { 'idempotency-key': `idem-${orderId}` };
    const a = await ok(await startPayment(token, { kind: 'deposit', method: 'card', order: orderId }, key));
    const b = await ok(await startPayment(token, { kind: 'deposit', method: 'card', order: orderId }, key));
    expect(b._id).toBe(a._id);
    expect((await order(orderId, token)).payments).toHaveLength(1);
  });
});

/** The sandbox as the only provider of every market. */
function only(provider: SandboxPayments): PaymentProviders {
  return { forCountry: () => provider, byName: (name) => (name === 'sandbox' ? provider : null), sandbox: provider };
}

const signedEvent = (id: string, type: string, reference: string) => {
  const body = JSON.stringify({
    id,
    type,
    created: Math.floor(Date.now() / 1000),
    data: { object: { id: reference } },
  });
  return { body, signature: signSandboxWebhook(body, WEBHOOK_SECRET) };
};

describe('a provider event and the answer to the buyer crossing each other', () => {
  /**
   * The payments service on the test database, with a sandbox that delivers a debit's outcome (by its signed webhook)
   * before it answers the confirm — as Stripe's webhook may arrive before the confirm's answer is stored.
   */
  function eagerService(orderId: string, total: number) {
    const succeeded: string[] = [];
    const failed: string[] = [];
    let service: ReturnType<typeof paymentsService> | null = null;
    const sandbox = sandboxPayments({
      store: dbSandboxStore(ctx.database.db),
      webhookSecret: WEBHOOK_SECRET,
      settleMs: 0,
      deliver: async (raw, signature) => {
        await service?.webhook('sandbox', raw, signature);
      },
    });
    const early: SandboxPayments = {
      ...sandbox,
      async confirm(reference, country, details, returnUrl) {
        const answer = await sandbox.confirm(reference, country, details, returnUrl);
        await sandbox.idle();
        return answer;
      },
    };
    service = paymentsService({
      repo: paymentsRepo(ctx.database.db),
      providers: only(early),
      orderFor: async (id) =>
        id === orderId
          ? { id, number: 1, type: 'vehicle', userId: 'u', country: 'DE', total, currency: 'EUR', deposit: 0 }
          : null,
      cartFor: async () => null,
      onSucceeded: async (_order, payment) => {
        succeeded.push(payment);
      },
      onFailed: async (_order, payment) => {
        failed.push(payment);
      },
    });
    return { service, succeeded, failed };
  }
  const caller = { userId: 'u', roles: ['customer'] };

  it('a debit settled by webhook before the confirm answers: the buyer sees it succeeded, and is told once', async () => {
    const { orderId, token } = await bikeOrder('DE');
    const { total } = await order(orderId, token);
    const started = await ok(await startPayment(token, { kind: 'full', method: 'sepa', order: orderId }));
    const { service, succeeded } = eagerService(orderId, total);
    const answer = await service.confirm(caller, started._id, { ...sepaDetails(), type: 'sepa' }, RETURN_URL);
    expect(answer).toMatchObject({ _id: started._id, status: 'SUCCEEDED' });
    expect(succeeded).toEqual([started._id]);
    expect(await order(orderId, token)).toMatchObject({ status: 'paid', paid: total });
  });

  it('a failed debit reported before the confirm answers stays FAILED', async () => {
    const { orderId, token } = await bikeOrder('DE');
    const { total } = await order(orderId, token);
    const started = await ok(await startPayment(token, { kind: 'full', method: 'sepa', order: orderId }));
    const { service, failed } = eagerService(orderId, total);
    const answer = await service.confirm(
      caller,
      started._id,
      { ...sepaDetails('DE62370400440532013001'), type: 'sepa' },
      RETURN_URL,
    );
    expect(answer).toMatchObject({ status: 'FAILED', failureCode: 'debit_not_authorized' });
    expect(failed).toEqual([started._id]);
    expect((await ok(await get(`/v1/payment/${started._id}`, token))).status).toBe('FAILED');
  });

  it('an event whose payment moves between its read and its write still applies', async () => {
    const { orderId, token } = await bikeOrder('DE');
    const { total } = await order(orderId, token);
    const started = await ok(await startPayment(token, { kind: 'full', method: 'sepa', order: orderId }));
    const reference = await providerReference(started._id);
    // The confirm's answer (PROCESSING) is stored just after the webhook read the payment (still CREATED).
    const repo = paymentsRepo(ctx.database.db);
    const crossing: typeof repo = {
      ...repo,
      async byReference(provider, ref) {
        const row = await repo.byReference(provider, ref);
        if (row?.status === 'CREATED') await repo.setStatus(row.id, 'CREATED', 'PROCESSING', null);
        return row;
      },
    };
    const service = paymentsService({
      repo: crossing,
      providers: only(sandboxPayments({ store: memorySandboxStore(), webhookSecret: WEBHOOK_SECRET })),
      orderFor: async () => null,
      cartFor: async () => null,
    });
    const { body, signature } = signedEvent(`evt_cross_${started._id}`, 'payment_intent.succeeded', reference);
    expect(await service.webhook('sandbox', body, signature)).toEqual({ received: true, applied: true });
    expect((await ok(await get(`/v1/payment/${started._id}`, token))).status).toBe('SUCCEEDED');
    expect(await order(orderId, token)).toMatchObject({ status: 'paid', paid: total });
  });
});
