import { describe, expect, it } from 'vitest';
import { apiConfigFromEnv, ConfigError, readEnv } from '../../config.ts';
import { lenders } from './router.ts';
import { signCallback } from './signature.ts';

// The lenders' configuration and callbacks (docs/decisions/030-payments-production.md). The flows through the API
// are in modules/payments/payments.test.ts (demo) and production.test.ts.

const EKHO = {
  EKHO_API_URL: 'https://api.ekho.example/v1',
  EKHO_API_KEY: 'ekho_live_key',
  EKHO_WEBHOOK_SECRET: 'ekho_webhook_secret_123456',
};

describe('lender configuration', () => {
  it('EKHO_* are all three or none', () => {
    expect(() => readEnv({ EKHO_API_URL: EKHO.EKHO_API_URL })).toThrow(ConfigError);
    expect(() => readEnv({ EKHO_API_KEY: 'k', EKHO_WEBHOOK_SECRET: EKHO.EKHO_WEBHOOK_SECRET })).toThrow(
      /EKHO_API_URL, EKHO_API_KEY, EKHO_WEBHOOK_SECRET/,
    );
    expect(apiConfigFromEnv(readEnv({})).ekho).toBeUndefined();
    expect(apiConfigFromEnv(readEnv(EKHO)).ekho).toEqual({
      apiUrl: EKHO.EKHO_API_URL,
      apiKey: EKHO.EKHO_API_KEY,
      webhookSecret: EKHO.EKHO_WEBHOOK_SECRET,
    });
  });

  it('production lends only through ekho when configured; the demo through the sandbox lender otherwise', async () => {
    const base = { publicUrl: 'https://shop.example', payments: undefined };
    const none = lenders({ ...base, demo: false, ekho: undefined }, async () => {});
    expect(none.forCountry('US')).toBeNull();
    expect(none.all()).toEqual([]);
    expect(none.sandbox).toBeNull();

    const prod = lenders(
      { ...base, demo: false, ekho: { apiUrl: EKHO.EKHO_API_URL, apiKey: 'k', webhookSecret: 'ekho_secret_1234567' } },
      async () => {},
    );
    expect(prod.forCountry('US')?.name).toBe('ekho');
    expect(prod.byName('ekho_sandbox')).toBeNull();
    expect(prod.sandbox).toBeNull();

    const delivered: Array<{ lender: string; raw: string; signature: string }> = [];
    const demo = lenders({ ...base, demo: true, ekho: undefined }, async (lender, raw, signature) => {
      delivered.push({ lender, raw, signature });
    });
    const lender = demo.sandbox;
    expect(demo.forCountry('US')).toBe(lender);
    if (!lender) throw new Error('no sandbox lender in the demo');
    const application = await lender.createApplication({
      paymentId: 'pay_1',
      orderId: 'ord_1',
      orderNumber: 1001,
      amount: 1_500_000,
      currency: 'USD',
      country: 'US',
      buyer: { email: 'jane@example.com', name: 'Jane Doe' },
      returnPath: '/complete-order/ord_1',
      idempotencyKey: 'ord_1:financing:0',
    });
    expect(application.approvalUrl).toBe('/checkout/verify/pay_1');
    // Its decision is a signed callback that the lender itself verifies; a changed byte fails it.
    await lender.decide(application.reference, true, { amount: 1_500_000, currency: 'USD' });
    const [callback] = delivered;
    if (!callback) throw new Error('no callback delivered');
    expect(callback.lender).toBe('ekho_sandbox');
    expect(lender.verifyCallback(callback.raw, callback.signature)).toMatchObject({
      reference: application.reference,
      decision: 'approved',
      amount: 1_500_000,
      currency: 'USD',
    });
    expect(() => lender.verifyCallback(callback.raw.replace('1500000', '1500001'), callback.signature)).toThrow();
    expect(() => lender.verifyCallback(callback.raw, undefined)).toThrow();
    // A well-signed body that is no decision is refused too.
    const junk = JSON.stringify({ id: 'evt_1', type: 'application.approved' });
    expect(() => lender.verifyCallback(junk, signCallback(junk, 'whsec_sandbox_local_development'))).toThrow();
  });
});
