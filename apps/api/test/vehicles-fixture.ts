import { users } from '@varg/db';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { apiCalls, DEMO_ACCOUNTS, type Json, lastMail, newCustomer as signUp, useApi } from './helper.ts';

// The vehicles tests' shared setup (apps/api/src/modules/vehicles/vehicle{s,-transfers}.test.ts): the API on a fresh
// database with sandbox payments and its calls, bikes bought and delivered, new customers and transfer codes.

/** The API of the current test file (built before its tests, closed after them). */
export let ctx: ReturnType<typeof useApi>;
/** Its calls (one address counter for the file). */
export let calls: ReturnType<typeof apiCalls>;

/** Builds the API for the current test file (call once, at the top of the file); the helpers here call it. */
export function vehiclesApi() {
  ctx = useApi({
    config: {
      payments: {
        provider: 'sandbox',
        stripeMarkets: [],
        stripeAccounts: {},
        sandboxWebhookSecret: 'whsec_test_secret_123456',
        sandboxSettleMs: 0,
      },
    },
  });
  calls = apiCalls(ctx);
  return ctx;
}

export const { CUSTOMER, COMPANY, ADMIN, MCO, DEALER } = DEMO_ACCOUNTS;
export const UNKNOWN = '0e41c1e0-0000-4000-8000-0000000000ff';

let buyers = 0;
/** A new buyer's VARG EX in Germany; paid in full by card when `pay`. */
export async function boughtBike(pay = true) {
  const cart = await calls.ok(
    await calls.call('POST', '/v1/cart/add-item?country=DE', null, {
      productId: 'varg-ex',
      componentIds: ['varg_option_white'],
    }),
  );
  const email = `owner-${++buyers}-${Date.now()}@example.com`;
  const confirmed = await calls.ok(
    await calls.call('POST', '/v1/checkout', null, {
      cart_id: cart._id,
      email,
      first_name: 'Jonas',
      last_name: 'Becker',
      phone: '+49 151 23456789',
      address_input: { country: 'DE', line_1: 'Torstraße 1', postal_code: '10119', city: 'Berlin' },
      shipping_method: 'home_delivery',
      language: 'en',
    }),
  );
  const orderId = confirmed.order._id as string;
  const token = confirmed.token as string;
  if (pay) {
    const started = await calls.ok(
      await calls.call('POST', '/v1/payment', token, { kind: 'full', method: 'card', order: orderId }),
    );
    const paid = await calls.ok(
      await calls.call('POST', `/v1/payment/${started._id}/confirm`, token, {
        details: { type: 'card', number: '4242 4242 4242 4242', expMonth: 12, expYear: 2031, cvc: '123' },
        returnUrl: '/de-DE/checkout/verify/payment',
      }),
    );
    expect(paid.status).toBe('SUCCEEDED');
  }
  return { orderId, token, email };
}

export async function delivered(orderId: string, body: Json = {}) {
  const admin = await calls.signIn(ADMIN);
  return calls.ok(await calls.call('POST', '/v1/vehicles/deliver', admin, { orderId, ...body }), 201);
}

/** A new, confirmed account: its address, token and id. */
export async function newCustomer(_app: unknown, email: string) {
  const { token } = await signUp(ctx.app, email);
  const [row] = await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return { email, token, id: row?.id as string };
}

export const transferCode = async (to: string) => {
  const mail = await lastMail(ctx.app, to);
  const code = /\b([A-Z2-9]{4}-[A-Z2-9]{4})\b/.exec(mail?.text ?? '')?.[1];
  if (!code) throw new Error(`no code in ${mail?.text}`);
  return code;
};
