import { describe, expect, it } from 'vitest';
import {
  bikeOrder,
  ctx,
  get,
  mailCount,
  nextIp,
  ok,
  order,
  paymentsApi,
  providerReference,
  RETURN_URL,
  sepaDetails,
  startPayment,
  WEBHOOK_SECRET,
} from '../../../test/payments-fixture.ts';
import {
  memorySandboxStore,
  SANDBOX_SIGNATURE_HEADER,
  type SandboxPayments,
  sandboxPayments,
  signSandboxWebhook,
} from '../../providers/payments/sandbox.ts';
import { dbSandboxStore, paymentsRepo } from './repo.ts';
import { type PaymentProviders, paymentsService } from './service.ts';

// Payments (decision 016): signed provider webhooks, and an event crossing the answer to the buyer.

paymentsApi();

describe('webhooks', () => {
  async function webhook(body: string, signature?: string) {
    return ctx.app.inject({
      method: 'POST',
      url: '/v1/payment/webhook/sandbox',
      remoteAddress: nextIp(),
      payload: body,
      headers: { 'content-type': 'application/json', ...(signature ? { [SANDBOX_SIGNATURE_HEADER]: signature } : {}) },
    });
  }
  const event = (id: string, type: string, reference: string) =>
    JSON.stringify({ id, type, created: Math.floor(Date.now() / 1000), data: { object: { id: reference } } });

  it('a signed event applies once; a replay, an out-of-order event and a bad signature change nothing', async () => {
    const { orderId, token, email } = await bikeOrder('DE');
    const { total } = await order(orderId, token);
    const started = await ok(await startPayment(token, { kind: 'full', method: 'card', order: orderId }));
    const reference = await providerReference(started._id);
    const mails = await mailCount(email);

    const forged = event(`evt_forged_${started._id}`, 'payment_intent.succeeded', reference);
    const bad = await webhook(forged, signSandboxWebhook(forged, 'whsec_not_the_secret_000'));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('WEBHOOK_SIGNATURE_INVALID');
    expect((await webhook(forged)).json().code).toBe('WEBHOOK_SIGNATURE_INVALID');
    const stale = await webhook(
      forged,
      signSandboxWebhook(forged, WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 3600),
    );
    expect(stale.json().code).toBe('WEBHOOK_SIGNATURE_INVALID');
    const tampered = await webhook(
      forged.replace('succeeded', 'payment_failed'),
      signSandboxWebhook(forged, WEBHOOK_SECRET),
    );
    expect(tampered.json().code).toBe('WEBHOOK_SIGNATURE_INVALID');
    expect((await ok(await get(`/v1/payment/${started._id}`, token))).status).toBe('CREATED');

    const body = event(`evt_ok_${started._id}`, 'payment_intent.succeeded', reference);
    const signature = signSandboxWebhook(body, WEBHOOK_SECRET);
    expect(await ok(await webhook(body, signature))).toEqual({ received: true, applied: true });
    expect((await ok(await get(`/v1/payment/${started._id}`, token))).status).toBe('SUCCEEDED');
    expect(await order(orderId, token)).toMatchObject({ status: 'paid', paid: total });
    expect(await mailCount(email)).toBe(mails + 1);

    // The same event again: received, not applied, no second e-mail.
    expect(await ok(await webhook(body, signature))).toEqual({ received: true, applied: false });
    expect(await mailCount(email)).toBe(mails + 1);
    // An older event arriving late never moves a payment back.
    const late = event(`evt_late_${started._id}`, 'payment_intent.processing', reference);
    expect(await ok(await webhook(late, signSandboxWebhook(late, WEBHOOK_SECRET)))).toEqual({
      received: true,
      applied: false,
    });
    const failed = event(`evt_failed_${started._id}`, 'payment_intent.payment_failed', reference);
    expect(await ok(await webhook(failed, signSandboxWebhook(failed, WEBHOOK_SECRET)))).toEqual({
      received: true,
      applied: false,
    });
    expect((await ok(await get(`/v1/payment/${started._id}`, token))).status).toBe('SUCCEEDED');
    expect(await order(orderId, token)).toMatchObject({ status: 'paid', paid: total });
    expect(await mailCount(email)).toBe(mails + 1);

    // Events about nothing we know, or of a type the payments ignore, are received and not applied.
    const stray = event('evt_stray', 'payment_intent.succeeded', 'pi_sbx_unknown');
    expect(await ok(await webhook(stray, signSandboxWebhook(stray, WEBHOOK_SECRET)))).toEqual({
      received: true,
      applied: false,
    });
    const other = event('evt_refund', 'charge.refunded', reference);
    expect(await ok(await webhook(other, signSandboxWebhook(other, WEBHOOK_SECRET)))).toEqual({
      received: true,
      applied: false,
    });
    // Not JSON, though signed: refused.
    expect((await webhook('{nope', signSandboxWebhook('{nope', WEBHOOK_SECRET))).statusCode).toBe(400);
  });
});

/** The sandbox as the only provider of every market. */
function only(provider: SandboxPayments): PaymentProviders {
  return { forCountry: () => provider, byName: (name) => (name === 'sandbox' ? provider : null), sandbox: provider };
}

const signedEvent = (id: string, type: string, reference: string) => {
  const body = JSON.stringify({
    id,
    type,
    created: Math.floor(Date.now() / 1000),
    data: { object: { id: reference } },
  });
  return { body, signature: signSandboxWebhook(body, WEBHOOK_SECRET) };
};

describe('a provider event and the answer to the buyer crossing each other', () => {
  /**
   * The payments service on the test database, with a sandbox that delivers a debit's outcome (by its signed webhook)
   * before it answers the confirm — as Stripe's webhook may arrive before the confirm's answer is stored.
   */
  function eagerService(orderId: string, total: number) {
    const succeeded: string[] = [];
    const failed: string[] = [];
    let service: ReturnType<typeof paymentsService> | null = null;
    const sandbox = sandboxPayments({
      store: dbSandboxStore(ctx.database.db),
      webhookSecret: WEBHOOK_SECRET,
      settleMs: 0,
      deliver: async (raw, signature) => {
        await service?.webhook('sandbox', raw, signature);
      },
    });
    const early: SandboxPayments = {
      ...sandbox,
      async confirm(reference, country, details, returnUrl) {
        const answer = await sandbox.confirm(reference, country, details, returnUrl);
        await sandbox.idle();
        return answer;
      },
    };
    service = paymentsService({
      repo: paymentsRepo(ctx.database.db),
      providers: only(early),
      orderFor: async (id) =>
        id === orderId
          ? {
              id,
              number: 1,
              type: 'vehicle',
              userId: 'u',
              country: 'DE',
              total,
              currency: 'EUR',
              language: 'de',
              deposit: 0,
            }
          : null,
      cartFor: async () => null,
      onSucceeded: async (_order, payment) => {
        succeeded.push(payment);
      },
      onFailed: async (_order, payment) => {
        failed.push(payment);
      },
    });
    return { service, succeeded, failed };
  }
  const caller = { userId: 'u', roles: ['customer'] };

  it('a debit settled by webhook before the confirm answers: the buyer sees it succeeded, and is told once', async () => {
    const { orderId, token } = await bikeOrder('DE');
    const { total } = await order(orderId, token);
    const started = await ok(await startPayment(token, { kind: 'full', method: 'sepa', order: orderId }));
    const { service, succeeded } = eagerService(orderId, total);
    const answer = await service.confirm(caller, started._id, { ...sepaDetails(), type: 'sepa' }, RETURN_URL);
    expect(answer).toMatchObject({ _id: started._id, status: 'SUCCEEDED' });
    expect(succeeded).toEqual([started._id]);
    expect(await order(orderId, token)).toMatchObject({ status: 'paid', paid: total });
  });

  it('a failed debit reported before the confirm answers stays FAILED', async () => {
    const { orderId, token } = await bikeOrder('DE');
    const { total } = await order(orderId, token);
    const started = await ok(await startPayment(token, { kind: 'full', method: 'sepa', order: orderId }));
    const { service, failed } = eagerService(orderId, total);
    const answer = await service.confirm(
      caller,
      started._id,
      { ...sepaDetails('DE62370400440532013001'), type: 'sepa' },
      RETURN_URL,
    );
    expect(answer).toMatchObject({ status: 'FAILED', failureCode: 'debit_not_authorized' });
    expect(failed).toEqual([started._id]);
    expect((await ok(await get(`/v1/payment/${started._id}`, token))).status).toBe('FAILED');
  });

  it('an event whose payment moves between its read and its write still applies', async () => {
    const { orderId, token } = await bikeOrder('DE');
    const { total } = await order(orderId, token);
    const started = await ok(await startPayment(token, { kind: 'full', method: 'sepa', order: orderId }));
    const reference = await providerReference(started._id);
    // The confirm's answer (PROCESSING) is stored just after the webhook read the payment (still CREATED).
    const repo = paymentsRepo(ctx.database.db);
    const crossing: typeof repo = {
      ...repo,
      async byReference(provider, ref) {
        const row = await repo.byReference(provider, ref);
        if (row?.status === 'CREATED') await repo.setStatus(row.id, 'CREATED', 'PROCESSING', null);
        return row;
      },
    };
    const service = paymentsService({
      repo: crossing,
      providers: only(sandboxPayments({ store: memorySandboxStore(), webhookSecret: WEBHOOK_SECRET })),
      orderFor: async () => null,
      cartFor: async () => null,
    });
    const { body, signature } = signedEvent(`evt_cross_${started._id}`, 'payment_intent.succeeded', reference);
    expect(await service.webhook('sandbox', body, signature)).toEqual({ received: true, applied: true });
    expect((await ok(await get(`/v1/payment/${started._id}`, token))).status).toBe('SUCCEEDED');
    expect(await order(orderId, token)).toMatchObject({ status: 'paid', paid: total });
  });
});
