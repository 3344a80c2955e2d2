import { describe, expect, it } from 'vitest';
import {
  ADMIN,
  bikeOrder,
  call,
  cardDetails,
  confirm,
  get,
  nextYear,
  ok,
  order,
  payByCard,
  paymentsApi,
  post,
  RETURN_URL,
  signIn,
  startPayment,
  walletBalance,
} from '../../../test/payments-fixture.ts';

// Payments (decision 016): saved cards, and refunds by administrators.

paymentsApi();

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
