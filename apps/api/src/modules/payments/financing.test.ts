import { describe, expect, it } from 'vitest';
import {
  achDetails,
  bikeOrder,
  COMPANY,
  completeOrderSetup,
  confirm,
  ctx,
  get,
  type Json,
  methodIds,
  nextIp,
  ok,
  order,
  orderUntil,
  payByCard,
  paymentsApi,
  paymentUntil,
  post,
  providerReference,
  signIn,
  startPayment,
  WEBHOOK_SECRET,
} from '../../../test/payments-fixture.ts';
import { signSandboxWebhook } from '../../providers/payments/sandbox.ts';

// Payments (decision 016, issues 6 and 22): US checkout by ACH, and financing decided by the lender only.

paymentsApi();

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
