import { describe, expect, it } from 'vitest';
import {
  ADMIN,
  bikeOrder,
  COMPANY,
  type call,
  cardDetails,
  confirm,
  ctx,
  DEALER,
  get,
  nextYear,
  ok,
  order,
  payByCard,
  paymentsApi,
  post,
  sepaDetails,
  signIn,
  startPayment,
} from '../../../test/payments-fixture.ts';

// Payments (decision 016): who may read and pay which payment, and bad input refused with nothing changed.

paymentsApi();

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
