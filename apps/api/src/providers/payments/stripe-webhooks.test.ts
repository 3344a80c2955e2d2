import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { ACCOUNTS, EU_TRANSFER, paymentIntent } from '../../../test/stripe-fixture.ts';
import { WebhookSignatureError } from './interface.ts';
import { stripePayments } from './stripe.ts';

// The Stripe adapter: webhooks, signed with the real SDK. The shared setup is apps/api/test/stripe-fixture.ts.

describe('Stripe payments: webhooks', () => {
  const provider = stripePayments({ accounts: ACCOUNTS, publicUrl: 'https://shop.example' });

  function event(type: string, object: Record<string, unknown>) {
    return JSON.stringify({
      id: 'evt_1',
      object: 'event',
      api_version: '2026-10-28.endive',
      created: 1_760_000_000,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object },
    });
  }
  const sign = (payload: string, secret: string, timestamp?: number) =>
    Stripe.webhooks.generateTestHeaderString({ payload, secret, ...(timestamp ? { timestamp } : {}) });

  it.each([
    ['payment_intent.succeeded', { status: 'succeeded' }, 'SUCCEEDED', null],
    ['payment_intent.processing', { status: 'processing' }, 'PROCESSING', null],
    ['payment_intent.partially_funded', { status: 'requires_action', next_action: EU_TRANSFER }, 'PROCESSING', null],
    [
      'payment_intent.payment_failed',
      { last_payment_error: { type: 'card_error', code: 'card_declined', decline_code: 'expired_card' } },
      'FAILED',
      'expired_card',
    ],
    [
      'payment_intent.requires_action',
      { status: 'requires_action', next_action: { type: 'redirect_to_url', redirect_to_url: { url: 'https://x' } } },
      'REQUIRES_ACTION',
      null,
    ],
    ['payment_intent.requires_action', { status: 'requires_action', next_action: EU_TRANSFER }, 'PROCESSING', null],
    ['payment_intent.canceled', { status: 'canceled' }, 'FAILED', 'canceled'],
  ] as const)('reads %s (%j) as %s', (type, extra, status, failureCode) => {
    const payload = event(type, paymentIntent(extra));
    expect(provider.parseWebhook(payload, sign(payload, 'whsec_default'), 'DE')).toEqual({
      id: 'evt_1',
      type,
      reference: 'pi_123',
      status,
      failureCode,
    });
  });

  it('ignores the events the ledger does not need', () => {
    const payload = event('customer.created', { id: 'cus_1', object: 'customer' });
    expect(provider.parseWebhook(payload, sign(payload, 'whsec_default'))).toEqual({
      id: 'evt_1',
      type: 'customer.created',
      reference: null,
      status: null,
      failureCode: null,
    });
  });

  it('tries every account’s secret without a market, and only the market’s with one', () => {
    const payload = event('payment_intent.succeeded', paymentIntent({ status: 'succeeded', currency: 'usd' }));
    const header = sign(payload, 'whsec_us');
    expect(provider.parseWebhook(payload, header).status).toBe('SUCCEEDED');
    expect(provider.parseWebhook(payload, header, 'US').status).toBe('SUCCEEDED');
    expect(() => provider.parseWebhook(payload, header, 'DE')).toThrow(WebhookSignatureError);
  });

  it('refuses a wrong secret, a tampered body, a stale timestamp and a missing header', () => {
    const payload = event('payment_intent.succeeded', paymentIntent({ status: 'succeeded' }));
    expect(() => provider.parseWebhook(payload, sign(payload, 'whsec_other'))).toThrow(WebhookSignatureError);
    const tampered = payload.replace('"amount":119000', '"amount":1');
    expect(tampered).not.toBe(payload);
    expect(() => provider.parseWebhook(tampered, sign(payload, 'whsec_default'))).toThrow(WebhookSignatureError);
    // Stripe's tolerance is five minutes: a replay from ten minutes ago is refused.
    const old = Math.floor(Date.now() / 1000) - 600;
    expect(() => provider.parseWebhook(payload, sign(payload, 'whsec_default', old))).toThrow(WebhookSignatureError);
    expect(() => provider.parseWebhook(payload, undefined)).toThrow(WebhookSignatureError);
    expect(() => provider.parseWebhook(payload, '')).toThrow(WebhookSignatureError);
  });
});
