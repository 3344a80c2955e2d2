import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { type IntentInput, WebhookSignatureError } from './interface.ts';
import { type StripePaymentsConfig, stripePayments } from './stripe.ts';

// The adapter runs on the real SDK; only its HTTP client is a fake (Stripe.createFetchHttpClient with a recording
// fetch) answering canned objects shaped like the API's. Nothing reaches api.stripe.com.

interface Captured {
  method: string;
  path: string;
  query: Record<string, string>;
  body: Record<string, string>;
  idempotencyKey: string | null;
  authorization: string | null;
}

type Answer = { status?: number; body: unknown };

function fakeStripe(respond: (req: Captured) => Answer) {
  const requests: Captured[] = [];
  const fakeFetch = async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input));
    const headers = new Headers(init?.headers);
    const req: Captured = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      body: Object.fromEntries(new URLSearchParams(typeof init?.body === 'string' ? init.body : '')),
      idempotencyKey: headers.get('idempotency-key'),
      authorization: headers.get('authorization'),
    };
    requests.push(req);
    const answer = respond(req);
    return Response.json(answer.body, { status: answer.status ?? 200, headers: { 'request-id': 'req_test' } });
  };
  return { requests, httpClient: Stripe.createFetchHttpClient(fakeFetch as typeof fetch) };
}

const ACCOUNTS: StripePaymentsConfig['accounts'] = {
  default: { secretKey: 'sk_test_default', publishableKey: 'pk_test_default', webhookSecret: 'whsec_default' },
  US: { secretKey: 'sk_test_us', publishableKey: 'pk_test_us', webhookSecret: 'whsec_us' },
};

function adapter(respond: (req: Captured) => Answer) {
  const fake = fakeStripe(respond);
  const provider = stripePayments({
    accounts: ACCOUNTS,
    publicUrl: 'https://shop.example',
    httpClient: fake.httpClient,
  });
  return { provider, requests: fake.requests };
}

/** A PaymentIntent as the API answers it (the fields the adapter reads, and a few around them). */
function paymentIntent(over: Record<string, unknown> = {}) {
  return {
    id: 'pi_123',
    object: 'payment_intent',
    amount: 119_000,
    amount_received: 0,
    currency: 'eur',
    customer: 'cus_1',
    description: 'Order 1001',
    client_secret: 'pi_123_secret_abc',
    last_payment_error: null,
    livemode: false,
    metadata: { paymentId: 'pay_1' },
    next_action: null,
    payment_method: null,
    payment_method_types: ['card'],
    status: 'requires_payment_method',
    created: 1_760_000_000,
    ...over,
  };
}

const EU_TRANSFER = {
  type: 'display_bank_transfer_instructions',
  display_bank_transfer_instructions: {
    amount_remaining: 119_000,
    currency: 'eur',
    financial_addresses: [
      {
        type: 'iban',
        supported_networks: ['sepa'],
        iban: {
          account_holder_name: 'Varg Mobility GmbH',
          bic: 'SXPYDEHH',
          country: 'DE',
          iban: 'DE00 1234 5678 9012 3456 78',
        },
      },
    ],
    hosted_instructions_url: 'https://payments.stripe.com/bank_transfers/instructions/test_abc',
    reference: 'VARG4BXK2PJ8',
    type: 'eu_bank_transfer',
  },
};

const GB_TRANSFER = {
  type: 'display_bank_transfer_instructions',
  display_bank_transfer_instructions: {
    amount_remaining: 99_000,
    currency: 'gbp',
    financial_addresses: [
      {
        type: 'sort_code',
        supported_networks: ['bacs', 'fps'],
        sort_code: { account_holder_name: 'Varg Mobility Ltd', account_number: '00012345', sort_code: '108800' },
      },
    ],
    hosted_instructions_url: 'https://payments.stripe.com/bank_transfers/instructions/test_gb',
    reference: 'VARGGB77',
    type: 'gb_bank_transfer',
  },
};

function intent(over: Partial<IntentInput> = {}): IntentInput {
  return {
    amount: 119_000,
    currency: 'EUR',
    method: 'card',
    country: 'DE',
    description: 'Order 1001',
    customerRef: 'cus_1',
    metadata: { paymentId: 'pay_1', orderId: 'ord_1' },
    idempotencyKey: 'ord_1:full:card:0',
    ...over,
  };
}

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

describe('Stripe payments: customers and saved cards', () => {
  it('keeps an existing customer and makes a new one once per user and market', async () => {
    const { provider, requests } = adapter(() => ({ body: { id: 'cus_new', object: 'customer', email: 'a@b.de' } }));
    expect(
      await provider.ensureCustomer({ userId: 'u1', email: 'a@b.de', name: 'A B', country: 'DE', existing: 'cus_old' }),
    ).toBe('cus_old');
    expect(requests).toHaveLength(0);
    expect(
      await provider.ensureCustomer({ userId: 'u1', email: 'a@b.de', name: 'A B', country: 'DE', existing: null }),
    ).toBe('cus_new');
    expect(requests[0]).toMatchObject({
      method: 'POST',
      path: '/v1/customers',
      idempotencyKey: 'customer:u1:DE',
      body: { email: 'a@b.de', name: 'A B', 'metadata[userId]': 'u1' },
    });
  });

  it('creates an off-session card SetupIntent for saving a card', async () => {
    const { provider, requests } = adapter(() => ({
      body: {
        id: 'seti_1',
        object: 'setup_intent',
        client_secret: 'seti_1_secret_x',
        status: 'requires_payment_method',
      },
    }));
    expect(await provider.createSetupIntent({ customerRef: 'cus_1', country: 'DE', method: 'card' })).toEqual({
      clientSecret: 'seti_1_secret_x',
    });
    expect(requests[0]).toMatchObject({
      method: 'POST',
      path: '/v1/setup_intents',
      body: { customer: 'cus_1', 'allowed_payment_method_types[0]': 'card', usage: 'off_session' },
    });
  });

  it('lists the customer’s cards', async () => {
    const { provider, requests } = adapter(() => ({
      body: {
        object: 'list',
        url: '/v1/customers/cus_1/payment_methods',
        has_more: false,
        data: [
          {
            id: 'pm_1',
            object: 'payment_method',
            type: 'card',
            customer: 'cus_1',
            card: {
              brand: 'visa',
              display_brand: 'visa',
              exp_month: 12,
              exp_year: 2031,
              last4: '4242',
              funding: 'credit',
            },
          },
        ],
      },
    }));
    expect(await provider.listCards('cus_1', 'DE')).toEqual([
      { id: 'pm_1', brand: 'visa', exp_month: 12, exp_year: 2031, last4: '4242' },
    ]);
    expect(requests[0]).toMatchObject({
      method: 'GET',
      path: '/v1/customers/cus_1/payment_methods',
      query: { type: 'card', limit: '100' },
    });
  });

  it('detaches only a card of the customer, never another customer’s', async () => {
    const owner: Record<string, string | null> = { pm_mine: 'cus_1', pm_theirs: 'cus_2', pm_loose: null };
    const { provider, requests } = adapter((req) => {
      const id = req.path.split('/')[3] ?? '';
      if (!(id in owner))
        return {
          status: 404,
          body: {
            error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such PaymentMethod' },
          },
        };
      return {
        body: { id, object: 'payment_method', type: 'card', customer: req.path.endsWith('/detach') ? null : owner[id] },
      };
    });
    expect(await provider.detachCard('cus_1', 'DE', 'pm_theirs')).toBe(false);
    expect(await provider.detachCard('cus_1', 'DE', 'pm_loose')).toBe(false);
    expect(await provider.detachCard('cus_1', 'DE', 'pm_gone')).toBe(false);
    expect(requests.some((r) => r.path.endsWith('/detach'))).toBe(false);
    expect(await provider.detachCard('cus_1', 'DE', 'pm_mine')).toBe(true);
    expect(requests.at(-1)).toMatchObject({ method: 'POST', path: '/v1/payment_methods/pm_mine/detach' });
  });
});

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
