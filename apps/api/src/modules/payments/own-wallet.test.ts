import { describe, expect, it } from 'vitest';
import {
  ADMIN,
  bikeOrder,
  CUSTOMER,
  call,
  get,
  type Json,
  ok,
  order,
  payByCard,
  paymentsApi,
  post,
  signIn,
  startPayment,
  userId,
} from '../../../test/payments-fixture.ts';

// The customer's own store credit (decision 051): the owner reads their balances and history, page by page — credit
// from an order edit, a refund as credit, an administrator's credit, and what they spent at checkout.

paymentsApi();

const wallet = (token: string | null, query = '') => get(`/v1/user/wallet${query}`, token);

describe('the customer’s own wallet', () => {
  it('shows the owner an order edit’s credit, a refund, a manual credit and what was spent, newest first', async () => {
    const { orderId, token, email } = await bikeOrder('DE');
    const empty = await ok(await wallet(token));
    expect(empty).toMatchObject({ balances: [], history: { docs: [], totalDocs: 0, page: 1, totalPages: 1 } });

    const paid = await payByCard(token, { kind: 'full', order: orderId });
    const admin = await signIn(ADMIN);
    // An administrator lowers a line's price: what was paid beyond the new total becomes credit.
    const line = (await order(orderId, token)).lines[0] as Json;
    const edit = { orderId, lineId: line.id, quantity: 1, overwritePrice: line.unitPrice - 10_000 };
    const edited = await ok(await call('PUT', '/v1/order/edit-item', admin, edit));
    const credited = edited.settlement.credited as number;
    expect(credited).toBeGreaterThan(0);
    // A refund as credit, then an administrator's credit with its reason.
    await ok(await post(`/v1/admin/payments/${paid._id}/refund`, { amount: 5_000, to: 'wallet' }, admin));
    const id = await userId(email);
    const reason = 'Goodwill for the late delivery';
    await ok(await post(`/v1/admin/customers/${id}/wallet/credits`, { amount: 2_500, currency: 'EUR', reason }, admin));

    const mine = await ok(await wallet(token));
    expect(mine.balances).toEqual([{ currency: 'EUR', amount: credited + 7_500 }]);
    expect(mine.history).toMatchObject({ totalDocs: 3, page: 1, hasNextPage: false, hasPrevPage: false });
    expect(mine.history.docs.map((e: Json) => [e.reason, e.amount, e.note])).toEqual([
      ['manual', 2_500, reason],
      ['refund', 5_000, null],
      ['order_edit', credited, null],
    ]);

    // Spending it at checkout on the next order is in the history too, as a negative entry.
    const next = await bikeOrder('DE', token);
    await ok(await startPayment(token, { kind: 'full', method: 'card', order: next.orderId, useWallet: true }));
    const spent = await ok(await wallet(token));
    expect(spent.balances).toEqual([{ currency: 'EUR', amount: 0 }]);
    expect(spent.history.docs[0]).toMatchObject({ reason: 'order_payment', amount: -(credited + 7_500) });

    // Page by page.
    const second = await ok(await wallet(token, '?page=2&limit=3'));
    expect(second.history).toMatchObject({ totalDocs: 4, page: 2, totalPages: 2, hasPrevPage: true, prevPage: 1 });
    expect(second.history.docs.map((e: Json) => e.reason)).toEqual(['order_edit']);
    // The back office reads the same entries.
    const back = await ok(await get(`/v1/admin/customers/${id}/wallet`, admin));
    expect(back.entries.map((e: Json) => e._id)).toEqual([...spent.history.docs.map((e: Json) => e._id)]);
  });

  it('is the owner’s only: another customer sees their own, anonymous 401, bad pages 400', async () => {
    const { token } = await bikeOrder('DE');
    const admin = await signIn(ADMIN);
    await ok(
      await post(
        `/v1/admin/customers/${await userId(CUSTOMER)}/wallet/credits`,
        { amount: 1_234, currency: 'EUR', reason: 'Only customer@ sees this' },
        admin,
      ),
    );
    const other = await ok(await wallet(token));
    expect(other.history.docs.some((e: Json) => e.note === 'Only customer@ sees this')).toBe(false);
    const customer = await ok(await wallet(await signIn(CUSTOMER)));
    expect(customer.history.docs.some((e: Json) => e.note === 'Only customer@ sees this')).toBe(true);

    const anonymous = await wallet(null);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe('UNAUTHORIZED');
    for (const query of ['?limit=0', '?limit=101', '?page=0', '?page=x']) {
      const res = await wallet(token, query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().code).toBeTruthy();
    }
  });
});
