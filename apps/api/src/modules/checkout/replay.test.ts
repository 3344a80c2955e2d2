// Issue 23 item 7, decision 062: a lost confirm answer is not a lost buyer. The same cart confirmed again (in turn or
// at once) answers one order to its buyer with a fresh session; somebody else holding the cart id gets neither, and
// the buyer is e-mailed a signed link that opens the order's payment page.
import { randomBytes } from 'node:crypto';
import { auditLog, carts, orders, users } from '@varg/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer, lastMail, useApi } from '../../../test/helper.ts';

const ctx = useApi();
let ip = 10;
const nextIp = () => `198.51.100.${++ip % 250}`;

async function post(url: string, payload: object, token?: string | null) {
  return ctx.app.inject({
    method: 'POST',
    url,
    payload,
    remoteAddress: nextIp(),
    ...(token ? { headers: bearer(token) } : {}),
  });
}

async function bikeCart() {
  const res = await post('/v1/cart/add-item?country=DE', { productId: 'varg-ex', componentIds: ['varg_option_80hp'] });
  expect(res.statusCode, res.body).toBe(200);
  return res.json()._id as string;
}

const key = () => randomBytes(32).toString('base64url');
let n = 0;
const guest = (cartId: string, confirmKey: string | undefined) => ({
  cart_id: cartId,
  first_name: 'Jonas',
  last_name: 'Becker',
  email: `replay-${++n}-${Date.now()}@example.com`,
  phone: '+4915123456789',
  address_input: { country: 'DE', line_1: 'Torstraße 1', postal_code: '10119', city: 'Berlin' },
  shipping_method: 'home_delivery',
  language: 'de',
  ...(confirmKey ? { confirm_key: confirmKey } : {}),
});

const ordersOf = (cartId: string) => ctx.database.db.select().from(orders).where(eq(orders.cartId, cartId));

describe('a retried confirm (decision 062)', () => {
  it('answers the same order with a fresh session to the buyer who retries with the same key, in turn', async () => {
    const cartId = await bikeCart();
    const body = guest(cartId, key());
    const first = await post('/v1/checkout', body);
    expect(first.statusCode, first.body).toBe(200);
    const again = await post('/v1/checkout', body);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ order: { _id: first.json().order._id }, isNewUser: true });
    expect(again.json().token).toBeTruthy();
    expect(again.json().refresh_token).not.toBe(first.json().refresh_token);
    // The fresh session is the buyer's: it reads and pays the order.
    const order = await ctx.app.inject({
      url: `/v1/order/${first.json().order._id}`,
      headers: bearer(again.json().token),
    });
    expect(order.statusCode).toBe(200);
    const pay = await post(
      '/v1/payment',
      { kind: 'full', method: 'card', order: first.json().order._id },
      again.json().token,
    );
    expect(pay.json().status).toBe('CREATED');
    // The page reloaded after the lost answer: resume answers the same.
    const resumed = await post('/v1/checkout/resume', { cart_id: cartId, confirm_key: body.confirm_key });
    expect(resumed.json()).toMatchObject({ order: { _id: first.json().order._id }, isNewUser: true });
    expect(await ordersOf(cartId)).toHaveLength(1);
    const [account] = await ctx.database.db.select().from(users).where(eq(users.email, body.email));
    const replays = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.actorId, account?.id ?? ''));
    expect(replays.filter((r) => r.action === 'user.session_by_confirm_replay')).toHaveLength(2);
  });

  it('makes one order of the same cart confirmed 5 times at once, and every answer names it', async () => {
    const cartId = await bikeCart();
    const body = guest(cartId, key());
    const answers = await Promise.all(Array.from({ length: 5 }, () => post('/v1/checkout', body)));
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);
    const ids = new Set(answers.map((a) => a.json().order._id));
    expect(ids.size).toBe(1);
    for (const a of answers) expect(a.json().token).toBeTruthy();
    expect(await ordersOf(cartId)).toHaveLength(1);
    expect(await ctx.database.db.select().from(users).where(eq(users.email, body.email))).toHaveLength(1);
  });

  it('gives someone else holding the cart id neither the order nor a session; the buyer is e-mailed a pay link', async () => {
    const cartId = await bikeCart();
    const body = guest(cartId, key());
    const first = await post('/v1/checkout', body);
    expect(first.statusCode).toBe(200);
    for (const stranger of [
      { ...body, confirm_key: key() },
      { ...body, confirm_key: undefined },
      { ...body, email: 'someone-else@example.com' },
    ]) {
      const res = await post('/v1/checkout', stranger);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toMatchObject({ code: 'CART_ALREADY_ORDERED' });
      expect(res.json().token).toBeUndefined();
    }
    const resumed = await post('/v1/checkout/resume', { cart_id: cartId, confirm_key: key() });
    expect(resumed.json().code).toBe('CART_ALREADY_ORDERED');
    // Another signed-in user is not the buyer either.
    const other = (
      await post('/v1/user/sign-in', { email: 'company@demo.starkfuture.com', password: 'varg-demo-2026' })
    ).json().token;
    expect((await post('/v1/checkout', body, other)).json().code).toBe('SHOPPING_CART_NOT_FOUND');
    // The buyer (the order's address, not the caller's) is sent the link, once within a few minutes.
    const mail = await lastMail(ctx.app, body.email);
    expect(mail?.subject).toContain(String(first.json().order.number));
    const sent = await ctx.app.inject(`/v1/dev/mailbox?to=${encodeURIComponent(body.email)}`);
    const payLinks = sent.json().docs.filter((m: { subject: string }) => m.subject === mail?.subject);
    expect(payLinks).toHaveLength(1);
    expect(await lastMail(ctx.app, 'someone-else@example.com')).toBeUndefined();
    expect(await ordersOf(cartId)).toHaveLength(1);
  });

  it('does not replay a key after a day', async () => {
    const cartId = await bikeCart();
    const body = guest(cartId, key());
    expect((await post('/v1/checkout', body)).statusCode).toBe(200);
    await ctx.database.db
      .update(orders)
      .set({ createdAt: new Date(Date.now() - 25 * 3_600_000) })
      .where(eq(orders.cartId, cartId));
    expect((await post('/v1/checkout', body)).json().code).toBe('CART_ALREADY_ORDERED');
  });

  it('refuses a bad key and a resume of a cart not ordered, and changes nothing', async () => {
    const cartId = await bikeCart();
    for (const confirm_key of ['short', 'x'.repeat(129), `${'a'.repeat(40)}<>`]) {
      expect((await post('/v1/checkout', { ...guest(cartId, undefined), confirm_key })).statusCode).toBe(400);
    }
    expect((await post('/v1/checkout/resume', { cart_id: cartId, confirm_key: key() })).json().code).toBe(
      'SHOPPING_CART_NOT_FOUND',
    );
    expect((await post('/v1/checkout/resume', { cart_id: 'nope' })).statusCode).toBe(400);
    const [cart] = await ctx.database.db.select().from(carts).where(eq(carts.id, cartId));
    expect(cart).toMatchObject({ status: 'open', confirmKeyHash: null });
  });
});

describe('an unpaid order’s pay link (decision 062)', () => {
  const tokenIn = (text: string | undefined) => /\?access=([\w.%-]+)/.exec(text ?? '')?.[1];

  it('is e-mailed once to a buyer who has not paid, and signs a buyer without a password in for that order', async () => {
    const cartId = await bikeCart();
    const body = guest(cartId, key());
    const confirmed = (await post('/v1/checkout', body)).json();
    const orderId = confirmed.order._id as string;
    const later = new Date(Date.now() + 31 * 60_000);
    expect(await ctx.app.services.payLinks.sendDue(new Date())).toBe(0);
    expect(await ctx.app.services.payLinks.sendDue(later)).toBeGreaterThanOrEqual(1);
    // Twice at once, or again later: nothing more for this order.
    await Promise.all([ctx.app.services.payLinks.sendDue(later), ctx.app.services.payLinks.sendDue(later)]);
    const mails = (await ctx.app.inject(`/v1/dev/mailbox?to=${encodeURIComponent(body.email)}`)).json().docs;
    const links = mails.filter((m: { text: string }) => m.text.includes('?access='));
    expect(links).toHaveLength(1);
    expect(links[0].text).toContain(`/de-DE/complete-order/${orderId}?access=`);
    const token = decodeURIComponent(tokenIn(links[0].text) ?? '');

    const session = await post('/v1/checkout/pay-link', { order_id: orderId, token });
    expect(session.statusCode, session.body).toBe(200);
    const read = await ctx.app.inject({ url: `/v1/order/${orderId}`, headers: bearer(session.json().token) });
    expect(read.json().toPay).toBeGreaterThan(0);

    // Another order, an altered or expired token: refused.
    const other = (await post('/v1/checkout', guest(await bikeCart(), key()))).json().order._id;
    for (const [id, bad] of [
      [other, token],
      [orderId, `${token.slice(0, -2)}xx`],
      [orderId, `1.${token.split('.')[1]}`],
      [orderId, 'nonsense'],
    ]) {
      const res = await post('/v1/checkout/pay-link', { order_id: id, token: bad });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('INVALID_TOKEN');
    }
    // Once the buyer has chosen a password, the link no longer signs in: they sign in.
    const [user] = await ctx.database.db.select().from(users).where(eq(users.email, body.email));
    await ctx.database.db
      .update(users)
      .set({ credentialsChangedAt: new Date(Date.now() + 60_000) })
      .where(eq(users.id, user?.id ?? ''));
    expect((await post('/v1/checkout/pay-link', { order_id: orderId, token })).json().code).toBe('INVALID_TOKEN');
  });

  it('is not sent for an order paid, or waiting for a bank transfer', async () => {
    const cartId = await bikeCart();
    const confirmed = (await post('/v1/checkout', guest(cartId, key()))).json();
    const started = await post(
      '/v1/payment',
      { kind: 'full', method: 'bank_transfer', order: confirmed.order._id },
      confirmed.token,
    );
    expect(started.json().status).toBe('PROCESSING');
    await ctx.app.services.payLinks.sendDue(new Date(Date.now() + 31 * 60_000));
    const [row] = await ordersOf(cartId);
    expect(row?.payLinkSentAt).toBeNull();
  });
});
