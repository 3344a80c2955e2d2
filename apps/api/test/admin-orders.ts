// Orders for the back office's tests (decision 042): a buyer places a stock-bike, configured-bike or parts order
// through the real checkout and pays by the sandbox's card; an administrator reads and changes it.
import { DEMO_PASSWORD, stockBikes } from '@varg/db';
import { and, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { apiCalls, type Json, type useApi } from './helper.ts';

type Ctx = ReturnType<typeof useApi>;

const ADDRESSES = {
  ES: { country: 'ES', line_1: 'Calle Mayor 1', postal_code: '28013', city: 'Madrid' },
  DE: { country: 'DE', line_1: 'Unter den Linden 1', postal_code: '10117', city: 'Berlin' },
  NO: { country: 'NO', line_1: 'Karl Johans gate 1', postal_code: '0154', city: 'Oslo' },
} as const;
type Country = keyof typeof ADDRESSES;

let buyers = 0;

export function orderFixtures(ctx: Ctx, firstAddress: number) {
  const api = apiCalls(ctx, firstAddress);
  const { call, ok } = api;
  const admin = () => api.signIn('admin@demo.starkfuture.com', DEMO_PASSWORD);

  async function freeStockBike(country = 'ES'): Promise<string> {
    const [bike] = await ctx.database.db
      .select({ id: stockBikes.id })
      .from(stockBikes)
      .where(and(eq(stockBikes.country, country), eq(stockBikes.status, 'available')))
      .orderBy(sql`${stockBikes.id} desc`)
      .limit(1);
    if (!bike) throw new Error(`no stock bike left in ${country}`);
    return bike.id;
  }

  const bikeStatus = async (id: string) =>
    (await ctx.database.db.select({ s: stockBikes.status }).from(stockBikes).where(eq(stockBikes.id, id)))[0]?.s;

  /** A new buyer (no account) confirms a cart; answers the order (vehicle, else store), token and e-mail. */
  async function place(cartId: string, country: Country, language = 'en') {
    const email = `admin.orders.${++buyers}.${Date.now()}@example.com`;
    const confirmed = await ok(
      await call('POST', '/v1/checkout', null, {
        cart_id: cartId,
        first_name: 'Lucía',
        last_name: 'García',
        email,
        phone: '+34 612 000 111',
        address_input: ADDRESSES[country],
        shipping_method: 'home_delivery',
        language,
      }),
    );
    const summary = confirmed.order ?? confirmed.storeOrder;
    return { orderId: summary._id as string, token: confirmed.token as string, email };
  }

  return {
    ...api,
    admin,
    freeStockBike,
    bikeStatus,
    async stockBikeOrder(bike: string) {
      const cart = await ok(
        await call('POST', '/v1/cart/add-stock-bike?country=ES', null, { stockBikeId: bike, quantity: 1 }),
      );
      return place(cart._id, 'ES');
    },
    async bikeOrder(country: Country = 'DE', language = 'en') {
      const cart = await ok(
        await call('POST', `/v1/cart/add-item?country=${country}`, null, {
          productId: 'varg-ex',
          componentIds: ['varg_option_80hp'],
        }),
      );
      return place(cart._id, country, language);
    },
    async partsOrder(country: Country = 'DE') {
      const cart = await ok(
        await call('POST', `/v1/cart/add-store-item?country=${country}`, null, {
          variant_code: 'SF-PT-18',
          quantity: 1,
        }),
      );
      return place(cart._id, country);
    },
    /** Pays what the order owes by the sandbox's card; answers the payment. */
    async payByCard(orderId: string, token: string): Promise<Json> {
      const started = await ok(
        await call('POST', '/v1/payment', token, { kind: 'full', method: 'card', order: orderId }),
      );
      const paid = await ok(
        await call('POST', `/v1/payment/${started._id}/confirm`, token, {
          details: {
            type: 'card',
            number: '4242 4242 4242 4242',
            expMonth: 12,
            expYear: new Date().getUTCFullYear() + 1,
            cvc: '123',
          },
          returnUrl: '/en-US/checkout/verify/payment',
        }),
      );
      expect(paid.status).toBe('SUCCEEDED');
      return paid;
    },
    /** The order as the back office reads it. */
    async detail(orderId: string): Promise<Json> {
      return ok(await call('GET', `/v1/admin/orders/${orderId}`, await admin()));
    },
    /** One record's audit trail, newest first. */
    async trail(type: 'order' | 'payment', id: string): Promise<Json[]> {
      return (await ok(await call('GET', `/v1/admin/audit/${type}/${id}`, await admin()))).docs;
    },
    /** The e-mails to an address, newest first (the dev mailbox). */
    async mails(to: string): Promise<Array<{ subject: string; text: string; lang: string }>> {
      // The dev mailbox answers this machine only (loopback, as inject calls by default).
      return (await ctx.app.inject(`/v1/dev/mailbox?to=${encodeURIComponent(to)}`)).json().docs;
    },
  };
}
