// The sandbox provider: no keys, no network, deterministic. Test cards (the same numbers Stripe documents):
//   4242 4242 4242 4242  succeeds · 4000 0000 0000 0002  is declined · 4000 0000 0000 9995  insufficient funds
//   4000 0027 6000 3184  needs 3-D Secure (approve or decline on the sandbox bank page)
// Any future expiry and any 3-digit CVC. Bank transfers stay PROCESSING until the money arrives.
import { createHash } from 'node:crypto';
import type { CardInput, IntentResult, PaymentProvider } from './interface.ts';

export const SANDBOX_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  requiresAction: '4000002760003184',
} as const;

/** Luhn check of a card number (digits only). */
export function luhnValid(number: string): boolean {
  if (!/^\d{12,19}$/.test(number)) return false;
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let d = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

function result(reference: string, status: IntentResult['status'], extra: Partial<IntentResult> = {}): IntentResult {
  return { reference, status, actionUrl: null, failureCode: null, ...extra };
}

export function sandboxPayments(now: () => Date = () => new Date()): PaymentProvider {
  return {
    name: 'sandbox',
    async createIntent(input) {
      // The same idempotency key gives the same reference, as a real provider would answer a retried call.
      const reference = `sbx_${createHash('sha256').update(input.idempotencyKey).digest('hex').slice(0, 24)}`;
      return result(reference, input.method === 'card' ? 'CREATED' : 'PROCESSING');
    },
    async confirmCard(reference, card: CardInput, returnUrl) {
      const number = card.number.replace(/\D/g, '');
      if (!luhnValid(number)) return result(reference, 'FAILED', { failureCode: 'invalid_number' });
      const today = now();
      const expired =
        card.expYear < today.getUTCFullYear() ||
        (card.expYear === today.getUTCFullYear() && card.expMonth < today.getUTCMonth() + 1);
      if (expired || card.expMonth < 1 || card.expMonth > 12)
        return result(reference, 'FAILED', { failureCode: 'expired_card' });
      if (!/^\d{3,4}$/.test(card.cvc)) return result(reference, 'FAILED', { failureCode: 'incorrect_cvc' });
      switch (number) {
        case SANDBOX_CARDS.declined:
          return result(reference, 'FAILED', { failureCode: 'card_declined' });
        case SANDBOX_CARDS.insufficientFunds:
          return result(reference, 'FAILED', { failureCode: 'insufficient_funds' });
        case SANDBOX_CARDS.requiresAction:
          return result(reference, 'REQUIRES_ACTION', { actionUrl: returnUrl });
        default:
          return result(reference, 'SUCCEEDED');
      }
    },
    async completeAction(reference, approved) {
      return approved
        ? result(reference, 'SUCCEEDED')
        : result(reference, 'FAILED', { failureCode: 'authentication_failed' });
    },
  };
}
