import { describe, expect, it } from 'vitest';
import { adapter, EU_TRANSFER, GB_TRANSFER, intent, paymentIntent } from '../../../test/stripe-fixture.ts';
import { stripePayments } from './stripe.ts';

// The Stripe adapter: starting an attempt and the attempt afterwards. Customers and saved cards (stripe-customers) and
// webhooks (stripe-webhooks) have their own files; the shared fake is apps/api/test/stripe-fixture.ts. Nothing reaches
// api.stripe.com.

describe('Stripe payments: starting an attempt', () => {
  it('creates a card PaymentIntent with the amount, the currency in lower case, our ids and the idempotency key', async () => {
    const { provider, requests } = adapter(() => ({ body: paymentIntent() }));
    const result = await provider.createIntent(intent());
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      method: 'POST',
      path: '/v1/payment_intents',
      idempotencyKey: 'ord_1:full:card:0',
      authorization: 'Bearer sk_test_default',
    });
    expect(requests[0]?.body).toEqual({
      amount: '119000',
      currency: 'eur',
      customer: 'cus_1',
      description: 'Order 1001',
      'metadata[paymentId]': 'pay_1',
      'metadata[orderId]': 'ord_1',
      'allowed_payment_method_types[0]': 'card',
    });
    expect(result).toEqual({
      reference: 'pi_123',
      status: 'CREATED',
      clientSecret: 'pi_123_secret_abc',
      actionUrl: null,
      failureCode: null,
      instructions: null,
    });
  });

  it.each([
    ['sepa', 'sepa_debit'],
    ['ach', 'us_bank_account'],
    ['klarna', 'klarna'],
    ['google_pay', 'card'],
    ['apple_pay', 'card'],
  ] as const)('restricts a %s attempt to %s', async (method, type) => {
    const { provider, requests } = adapter(() => ({ body: paymentIntent({ payment_method_types: [type] }) }));
    await provider.createIntent(intent({ method }));
    const body = requests[0]?.body ?? {};
    expect(body['allowed_payment_method_types[0]']).toBe(type);
    expect(body['allowed_payment_method_types[1]']).toBeUndefined();
    // The browser confirms these: nothing is confirmed on creation.
    expect(body.confirm).toBeUndefined();
    if (method === 'ach')
      expect(body['payment_method_options[us_bank_account][verification_method]']).toBe('automatic');
    else expect(Object.keys(body).some((k) => k.startsWith('payment_method_options'))).toBe(false);
  });

  it('confirms a euro bank transfer at once to the market’s IBAN country and answers where to send the money', async () => {
    const { provider, requests } = adapter(() => ({
      body: paymentIntent({
        status: 'requires_action',
        payment_method_types: ['customer_balance'],
        payment_method: 'pm_cb',
        next_action: EU_TRANSFER,
      }),
    }));
    const result = await provider.createIntent(
      intent({ method: 'bank_transfer', idempotencyKey: 'ord_1:full:bank_transfer:0' }),
    );
    expect(requests[0]).toMatchObject({
      method: 'POST',
      path: '/v1/payment_intents',
      idempotencyKey: 'ord_1:full:bank_transfer:0',
    });
    expect(requests[0]?.body).toMatchObject({
      currency: 'eur',
      customer: 'cus_1',
      confirm: 'true',
      'allowed_payment_method_types[0]': 'customer_balance',
      'payment_method_data[type]': 'customer_balance',
      'payment_method_options[customer_balance][funding_type]': 'bank_transfer',
      'payment_method_options[customer_balance][bank_transfer][type]': 'eu_bank_transfer',
      'payment_method_options[customer_balance][bank_transfer][eu_bank_transfer][country]': 'DE',
    });
    // Waiting for the money is PROCESSING, not an action of the buyer's in the browser.
    expect(result.status).toBe('PROCESSING');
    expect(result.actionUrl).toBeNull();
    expect(result.instructions).toEqual({
      type: 'iban',
      amountRemaining: 119_000,
      currency: 'EUR',
      reference: 'VARG4BXK2PJ8',
      accountHolder: 'Varg Mobility GmbH',
      bankName: null,
      iban: 'DE00 1234 5678 9012 3456 78',
      bic: 'SXPYDEHH',
      sortCode: null,
      accountNumber: null,
      routingNumber: null,
      hostedUrl: 'https://payments.stripe.com/bank_transfers/instructions/test_abc',
    });
  });

  it('sends a pound transfer to a UK account (sort code), without a euro country', async () => {
    const { provider, requests } = adapter(() => ({
      body: paymentIntent({ currency: 'gbp', amount: 99_000, status: 'requires_action', next_action: GB_TRANSFER }),
    }));
    const result = await provider.createIntent(
      intent({ method: 'bank_transfer_gb', currency: 'GBP', country: 'GB', amount: 99_000 }),
    );
    const body = requests[0]?.body ?? {};
    expect(body['payment_method_options[customer_balance][bank_transfer][type]']).toBe('gb_bank_transfer');
    expect(body['payment_method_options[customer_balance][bank_transfer][eu_bank_transfer][country]']).toBeUndefined();
    expect(body.currency).toBe('gbp');
    expect(result.status).toBe('PROCESSING');
    expect(result.instructions).toMatchObject({
      type: 'sort_code',
      currency: 'GBP',
      amountRemaining: 99_000,
      reference: 'VARGGB77',
      sortCode: '108800',
      accountNumber: '00012345',
      iban: null,
    });
  });

  it('says which of our methods it takes', () => {
    const { provider } = adapter(() => ({ body: {} }));
    for (const method of ['card', 'google_pay', 'apple_pay', 'sepa', 'ach', 'klarna', 'bank_transfer'] as const)
      expect(provider.supports(method)).toBe(true);
    for (const method of ['splitit', 'manual', 'stark_bank_transfer'] as const)
      expect(provider.supports(method)).toBe(false);
  });

  it('refuses the methods Stripe does not take, and a bank transfer without a customer, before any request', async () => {
    const { provider, requests } = adapter(() => ({ body: paymentIntent() }));
    for (const method of ['splitit', 'manual', 'stark_bank_transfer'] as const)
      await expect(provider.createIntent(intent({ method }))).rejects.toThrow(
        `method not supported by stripe: ${method}`,
      );
    await expect(provider.createIntent(intent({ method: 'bank_transfer', customerRef: null }))).rejects.toThrow(
      /customer/,
    );
    expect(requests).toHaveLength(0);
  });

  it('uses the market’s own account when it has one, else the default one', async () => {
    const { provider, requests } = adapter(() => ({ body: paymentIntent() }));
    await provider.createIntent(intent({ country: 'US', currency: 'USD', method: 'ach' }));
    await provider.createIntent(intent({ country: 'DE' }));
    expect(requests.map((r) => r.authorization)).toEqual(['Bearer sk_test_us', 'Bearer sk_test_default']);
    expect(provider.publicKey('US')).toBe('pk_test_us');
    expect(provider.publicKey('FR')).toBe('pk_test_default');
    expect(() =>
      stripePayments({
        accounts: { default: { secretKey: 'pk_live_x', publishableKey: null, webhookSecret: null } },
        publicUrl: 'https://shop.example',
      }),
    ).toThrow(/secret key/);
  });
});

describe('Stripe payments: the attempt afterwards', () => {
  it.each([
    ['requires_payment_method', {}, 'CREATED', null],
    [
      'requires_payment_method',
      { last_payment_error: { type: 'card_error', code: 'card_declined', decline_code: 'insufficient_funds' } },
      'FAILED',
      'insufficient_funds',
    ],
    [
      'requires_payment_method',
      { last_payment_error: { type: 'card_error', code: 'payment_intent_authentication_failure' } },
      'FAILED',
      'authentication_failed',
    ],
    ['requires_confirmation', {}, 'CREATED', null],
    ['processing', {}, 'PROCESSING', null],
    ['requires_capture', {}, 'PROCESSING', null],
    ['succeeded', {}, 'SUCCEEDED', null],
    ['canceled', {}, 'FAILED', 'canceled'],
  ] as const)('maps %s %j to %s', async (status, extra, expected, failureCode) => {
    const { provider, requests } = adapter(() => ({ body: paymentIntent({ status, ...extra }) }));
    const result = await provider.retrieve('pi_123', 'DE');
    expect(requests[0]).toMatchObject({ method: 'GET', path: '/v1/payment_intents/pi_123' });
    expect(result).toMatchObject({ reference: 'pi_123', status: expected, failureCode });
  });

  it('answers the 3-D Secure page of a requires_action card', async () => {
    const { provider } = adapter(() => ({
      body: paymentIntent({
        status: 'requires_action',
        next_action: {
          type: 'redirect_to_url',
          redirect_to_url: { url: 'https://hooks.stripe.com/3ds/x', return_url: 'https://shop.example/r' },
        },
      }),
    }));
    const result = await provider.completeAction('pi_123', 'DE', true);
    expect(result).toMatchObject({
      status: 'REQUIRES_ACTION',
      actionUrl: 'https://hooks.stripe.com/3ds/x',
      instructions: null,
    });
  });

  it('updates the amount, cancels and refunds on the right paths', async () => {
    const { provider, requests } = adapter((req) => {
      if (req.path === '/v1/refunds')
        return { body: { id: 're_1', object: 'refund', amount: 5_000, payment_intent: 'pi_123', status: 'pending' } };
      if (req.path.endsWith('/cancel')) return { body: paymentIntent({ status: 'canceled' }) };
      return { body: paymentIntent({ amount: 120_000 }) };
    });
    const updated = await provider.updateAmount('pi_123', 'DE', 120_000);
    await provider.cancelIntent('pi_123', 'DE');
    const refund = await provider.refund('pi_123', 'US', 5_000, 'refund:pay_1:0');
    expect(updated.status).toBe('CREATED');
    expect(refund).toBe('re_1');
    // A retried refund is the same refund at Stripe.
    expect(requests[2]?.idempotencyKey).toBe('refund:pay_1:0');
    expect(requests.map((r) => [r.method, r.path, r.body])).toEqual([
      ['POST', '/v1/payment_intents/pi_123', { amount: '120000' }],
      ['POST', '/v1/payment_intents/pi_123/cancel', {}],
      ['POST', '/v1/refunds', { payment_intent: 'pi_123', amount: '5000' }],
    ]);
    expect(requests[2]?.authorization).toBe('Bearer sk_test_us');
  });

  it('confirms a saved card on the server with an absolute return URL on the web’s origin', async () => {
    const { provider, requests } = adapter(() => ({
      body: paymentIntent({ status: 'succeeded', payment_method: 'pm_1' }),
    }));
    const result = await provider.confirm(
      'pi_123',
      'DE',
      { type: 'saved_card', id: 'pm_1' },
      '/de-de/checkout/return?p=1',
    );
    expect(result.status).toBe('SUCCEEDED');
    // An absolute URL of another origin is not followed: Stripe would redirect the buyer there.
    await provider.confirm('pi_123', 'DE', { type: 'saved_card', id: 'pm_1' }, 'https://evil.example/x?y=1');
    expect(requests.map((r) => [r.method, r.path, r.body])).toEqual([
      [
        'POST',
        '/v1/payment_intents/pi_123/confirm',
        { payment_method: 'pm_1', return_url: 'https://shop.example/de-de/checkout/return?p=1' },
      ],
      [
        'POST',
        '/v1/payment_intents/pi_123/confirm',
        { payment_method: 'pm_1', return_url: 'https://shop.example/x?y=1' },
      ],
    ]);
  });

  it('answers a declined saved card as a FAILED attempt (Stripe’s 402 carries the PaymentIntent)', async () => {
    const { provider } = adapter(() => ({
      status: 402,
      body: {
        error: {
          type: 'card_error',
          code: 'card_declined',
          decline_code: 'generic_decline',
          message: 'Your card was declined.',
          payment_intent: paymentIntent({
            last_payment_error: { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline' },
          }),
        },
      },
    }));
    const result = await provider.confirm('pi_123', 'DE', { type: 'saved_card', id: 'pm_1' }, '/r');
    expect(result).toMatchObject({
      reference: 'pi_123',
      status: 'FAILED',
      failureCode: 'card_declined',
      clientSecret: 'pi_123_secret_abc',
    });
  });

  it('leaves every other confirmation to Stripe.js in the browser', async () => {
    const { provider, requests } = adapter(() => ({ body: paymentIntent() }));
    await expect(
      provider.confirm(
        'pi_123',
        'DE',
        { type: 'card', number: '4242424242424242', expMonth: 1, expYear: 2040, cvc: '123' },
        '/r',
      ),
    ).rejects.toThrow(/browser/);
    await expect(provider.confirm('pi_123', 'DE', { type: 'redirect' }, '/r')).rejects.toThrow(/browser/);
    expect(requests).toHaveLength(0);
  });
});
