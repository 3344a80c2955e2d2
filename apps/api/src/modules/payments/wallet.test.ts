import { payments as paymentsTable, walletEntries } from '@varg/db';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  bikeCart,
  bikeOrder,
  COMPANY,
  CUSTOMER,
  cardDetails,
  checkout,
  confirm,
  ctx,
  get,
  type Json,
  mailCount,
  ok,
  order,
  paymentsApi,
  post,
  signIn,
  startPayment,
  storeCart,
  userId,
  walletBalance,
} from '../../../test/payments-fixture.ts';

// Payments (decision 016): the wallet (customer credit, spent first) and intents made before the order.

paymentsApi();

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
