import { describe, expect, it } from 'vitest';
import {
  ADMIN,
  bikeCart,
  bikeOrder,
  cardDetails,
  checkout,
  completeOrderSetup,
  confirm,
  ctx,
  DEALER,
  depositOf,
  get,
  type Json,
  mailCount,
  methodIds,
  ok,
  order,
  orderUntil,
  paymentsApi,
  paymentUntil,
  post,
  RETURN_URL,
  sepaDetails,
  signIn,
  startPayment,
  storeCart,
} from '../../../test/payments-fixture.ts';

// The payments module through the HTTP API, as a buyer, an administrator and the sandbox provider would use it
// (spec sections 3, 4 and 7; docs/decisions/016): kinds, deposits, methods per market and kind, bank transfers.
// The other concepts have their own files here (financing, wallet, webhooks, cards, access); the shared setup is
// apps/api/test/payments-fixture.ts.

paymentsApi();

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
    // The spec's own call for an order's kinds says the same, to the order's owner only (ids cannot be probed).
    const kindsOf = async (who: string | undefined) => get(`/v1/checkout/payment-kinds/${orderId}`, who);
    expect(await ok(await kindsOf(token))).toEqual(setup.paymentKinds);
    const stranger = await signIn('customer@demo.starkfuture.com');
    expect((await kindsOf(stranger)).statusCode).toBe(404);
    expect((await kindsOf(undefined)).statusCode).toBe(404);

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
    expect(await ok(await kindsOf(token))).toEqual([{ name: 'remaining', default: true }]);
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
