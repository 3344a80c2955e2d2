import Stripe from 'stripe';
import type { IntentInput } from '../src/providers/payments/interface.ts';
import { type StripePaymentsConfig, stripePayments } from '../src/providers/payments/stripe.ts';

// The Stripe adapter tests' shared setup (apps/api/src/providers/payments/stripe{,-customers,-webhooks}.test.ts): the
// adapter runs on the real SDK; only its HTTP client is a fake (Stripe.createFetchHttpClient with a recording fetch)
// answering canned objects shaped like the API's. Nothing reaches api.stripe.com.

export interface Captured {
  method: string;
  path: string;
  query: Record<string, string>;
  body: Record<string, string>;
  idempotencyKey: string | null;
  authorization: string | null;
}

export type Answer = { status?: number; body: unknown };

export function fakeStripe(respond: (req: Captured) => Answer) {
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

export const ACCOUNTS: StripePaymentsConfig['accounts'] = {
  default: { secretKey: 'sk_test_default', publishableKey: 'pk_test_default', webhookSecret: 'whsec_default' },
  US: { secretKey: 'sk_test_us', publishableKey: 'pk_test_us', webhookSecret: 'whsec_us' },
};

export function adapter(respond: (req: Captured) => Answer) {
  const fake = fakeStripe(respond);
  const provider = stripePayments({
    accounts: ACCOUNTS,
    publicUrl: 'https://shop.example',
    httpClient: fake.httpClient,
  });
  return { provider, requests: fake.requests };
}

/** A PaymentIntent as the API answers it (the fields the adapter reads, and a few around them). */
export function paymentIntent(over: Record<string, unknown> = {}) {
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

export const EU_TRANSFER = {
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

export const GB_TRANSFER = {
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

export function intent(over: Partial<IntentInput> = {}): IntentInput {
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
