import type { ConfirmDetails, IntentInput } from '../src/providers/payments/interface.ts';
import {
  memorySandboxStore,
  SANDBOX_ACH,
  type SandboxOptions,
  sandboxPayments,
} from '../src/providers/payments/sandbox.ts';

// The payment sandbox tests' shared setup (apps/api/src/providers/payments/sandbox{,-debits,-webhooks}.test.ts): the
// sandbox on a Map recording the webhooks it delivers, attempts and payment details.

export const SECRET = 'whsec_test_secret_123456';
export const RETURN = '/de-DE/checkout/verify/p1';
export const nextYear = new Date().getUTCFullYear() + 1;

/** The sandbox on a Map, recording the webhooks it delivers (settled at once). */
export function sandbox(options: Partial<SandboxOptions> = {}) {
  const delivered: Array<{ body: string; signature: string }> = [];
  const provider = sandboxPayments({
    store: memorySandboxStore(),
    webhookSecret: SECRET,
    deliver: async (body, signature) => {
      delivered.push({ body, signature });
    },
    settleMs: 0,
    ...options,
  });
  return { provider, delivered };
}

let keys = 0;
export function intent(over: Partial<IntentInput> = {}): IntentInput {
  return {
    amount: 50_000,
    currency: 'EUR',
    method: 'card',
    country: 'DE',
    description: 'Order 1001',
    customerRef: 'cus_a',
    metadata: { orderId: 'o1', kind: 'deposit' },
    idempotencyKey: `key-${++keys}`,
    ...over,
  };
}

export const card = (number: string, over: Partial<{ expMonth: number; expYear: number; cvc: string }> = {}) =>
  ({ type: 'card', number, expMonth: 12, expYear: nextYear, cvc: '123', ...over }) as ConfirmDetails;

export const sepa = (iban: string, accountHolder = 'Jonas Becker'): ConfirmDetails => ({
  type: 'sepa',
  iban,
  accountHolder,
  email: 'jonas@example.com',
});

export const ach = (accountNumber: string, routingNumber: string = SANDBOX_ACH.routing): ConfirmDetails => ({
  type: 'ach',
  routingNumber,
  accountNumber,
  accountHolder: 'Jane Doe',
  accountType: 'checking',
});

/** The events delivered so far, read back through the sandbox's own verification. */
export function events(
  provider: ReturnType<typeof sandbox>['provider'],
  delivered: ReturnType<typeof sandbox>['delivered'],
) {
  return delivered.map((d) => provider.parseWebhook(d.body, d.signature));
}
