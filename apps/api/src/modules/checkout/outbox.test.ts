import { orders, outbox, users } from '@varg/db';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useApi } from '../../../test/helper.ts';

// Decision 056 (issue 23): the e-mails of a confirm are written in its transaction — the order's confirmation and a
// new buyer's password e-mail exist exactly when the order does — and a payment's e-mail in the payment's.

const ctx = useApi();
let ip = 40;
const post = (url: string, payload: object, token?: string) =>
  ctx.app.inject({
    method: 'POST',
    url,
    payload,
    remoteAddress: `198.51.100.${++ip}`,
    ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
  });

const german = {
  first_name: 'Jonas',
  last_name: 'Becker',
  phone: '+49 (151) 234-567 89',
  address_input: { country: 'DE', line_1: 'Torstraße 1', postal_code: '10119', city: 'Berlin' },
  shipping_method: 'home_delivery',
  language: 'de',
};

async function bikeCart() {
  const res = await post('/v1/cart/add-item?country=DE', { productId: 'varg-ex', componentIds: ['varg_option_80hp'] });
  expect(res.statusCode, res.body).toBe(200);
  return res.json()._id as string;
}

const mailsTo = (to: string) => ctx.database.db.select().from(outbox).where(eq(outbox.to, to));
const mailsAbout = (orderId: string) => ctx.database.db.select().from(outbox).where(eq(outbox.orderId, orderId));

beforeAll(async () => {
  // A check the database makes only at commit, after every row of the confirm was written, e-mails included: a
  // message to a "doomed-" address makes the whole transaction fail then.
  await ctx.database.db.execute(sql`
    create function outbox_doomed() returns trigger language plpgsql as $$
    begin
      if new."to" like 'doomed-%' then raise exception 'refused at commit'; end if;
      return new;
    end $$`);
  await ctx.database.db.execute(sql`
    create constraint trigger outbox_doomed after insert on outbox deferrable initially deferred
    for each row execute function outbox_doomed()`);
});

describe('the e-mails of a confirm commit with its order (decision 056)', () => {
  it('a confirmed order has its confirmation in the outbox, once; a paid card adds the receipt, once', async () => {
    const email = `outbox-${Date.now()}@example.com`;
    const res = await post('/v1/checkout', { ...german, cart_id: await bikeCart(), email });
    expect(res.statusCode, res.body).toBe(200);
    const { order, token } = res.json() as { order: { _id: string }; token: string };
    const about = await mailsAbout(order._id);
    expect(about).toHaveLength(1);
    expect(about[0]).toMatchObject({ to: email, lang: 'de' });
    // The new buyer's e-mail to choose a password, written with the account.
    expect((await mailsTo(email)).filter((m) => m.orderId === null)).toHaveLength(1);

    const started = await post('/v1/payment', { kind: 'full', method: 'card', order: order._id }, token);
    const paid = await post(
      `/v1/payment/${started.json()._id}/confirm`,
      {
        details: { type: 'card', number: '4242 4242 4242 4242', expMonth: 12, expYear: 2030, cvc: '123' },
        returnUrl: '/de-DE/checkout/verify/x',
      },
      token,
    );
    expect(paid.json().status).toBe('SUCCEEDED');
    // The receipt was written with the payment's new status, and not a second time after it.
    const after = await mailsAbout(order._id);
    expect(after).toHaveLength(2);
    expect(new Set(after.map((m) => m.subject)).size).toBe(2);
  });

  it('a confirm whose transaction fails after its e-mails were written leaves no order, account or e-mail', async () => {
    const email = `doomed-${Date.now()}@example.com`;
    const cartId = await bikeCart();
    const res = await post('/v1/checkout', { ...german, cart_id: cartId, email });
    expect(res.statusCode).toBe(500);
    expect(await mailsTo(email)).toEqual([]);
    expect(await ctx.database.db.select().from(users).where(eq(users.email, email))).toEqual([]);
    expect(await ctx.database.db.select().from(orders).where(eq(orders.cartId, cartId))).toEqual([]);
  });
});
