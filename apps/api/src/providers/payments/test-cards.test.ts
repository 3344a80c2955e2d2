import { describe, expect, it } from 'vitest';
import type { ConfirmDetails } from './interface.ts';
import { memorySandboxStore, sandboxPayments } from './sandbox.ts';
import { TEST_CARDS, testCardOutcome } from './test-cards.ts';

// The browser tests' fake Stripe (e2e/fake-stripe/) takes its card rules from test-cards.ts as well: a card number
// does the same in the demo's sandbox as in the Stripe the browser tests pay through.

const nextYear = new Date().getUTCFullYear() + 1;
const card = (number: string): ConfirmDetails => ({
  type: 'card',
  number,
  expMonth: 12,
  expYear: nextYear,
  cvc: '123',
});

describe('test cards', () => {
  it('every documented test card is a valid number, and the rule knows what each does', () => {
    for (const number of Object.values(TEST_CARDS)) expect(testCardOutcome(number).kind).not.toBe('invalid_number');
    expect(testCardOutcome('4242424242424241')).toEqual({ kind: 'invalid_number' });
    expect(testCardOutcome(TEST_CARDS.success)).toEqual({ kind: 'succeeds' });
    expect(testCardOutcome(TEST_CARDS.requiresAction)).toEqual({ kind: 'requires_action' });
    expect(testCardOutcome(TEST_CARDS.expired)).toMatchObject({ kind: 'declined', decline: { code: 'expired_card' } });
  });

  it.each(Object.entries(TEST_CARDS))('the sandbox pays with %s as the shared rule says', async (_name, number) => {
    const provider = sandboxPayments({
      store: memorySandboxStore(),
      webhookSecret: 'whsec_test_secret_123456',
      deliver: async () => {},
      settleMs: 0,
    });
    const { reference } = await provider.createIntent({
      amount: 50_000,
      currency: 'EUR',
      method: 'card',
      country: 'DE',
      description: 'Order 1001',
      customerRef: 'cus_a',
      metadata: { orderId: 'o1', kind: 'full' },
      idempotencyKey: `test-card-${number}`,
    });
    const result = await provider.confirm(reference, 'DE', card(number), '/de-DE/checkout/verify/p1');
    const rule = testCardOutcome(number);
    if (rule.kind === 'declined')
      expect(result).toMatchObject({ status: 'FAILED', failureCode: rule.decline.failureCode });
    else expect(result.status).toBe(rule.kind === 'requires_action' ? 'REQUIRES_ACTION' : 'SUCCEEDED');
  });
});
