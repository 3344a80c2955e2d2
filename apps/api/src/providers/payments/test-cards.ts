// The test cards: which card number succeeds, is declined (and why) or asks for 3-D Secure. Stripe's documented
// numbers, so the habits carry over. One rule for both stand-ins for a real card network: the sandbox provider
// (sandbox.ts, the demo) and the browser tests' fake Stripe (e2e/fake-stripe/), which imports this file as it is —
// so keep it free of imports and of anything Node cannot run without a build step (docs/decisions/034).
//
//   4242 4242 4242 4242, 5555 5555 5555 4444 and any other valid number → succeeds
//   4000 0000 0000 0002 → card_declined · 4000 0000 0000 9995 → insufficient_funds
//   4000 0000 0000 0069 → expired_card · 4000 0000 0000 0127 → incorrect_cvc
//   4000 0027 6000 3184, 4000 0025 0000 3155, 4000 0000 0000 3220 → 3-D Secure first, then succeeds (or fails)
//   a number failing the Luhn check → invalid_number

export const TEST_CARDS = {
  success: '4242424242424242',
  mastercard: '5555555555554444',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  expired: '4000000000000069',
  incorrectCvc: '4000000000000127',
  /** 3-D Secure on every payment. */
  requiresAction: '4000002760003184',
  /** 3-D Secure unless the card was saved for later (Stripe's "authenticate unless set up"). */
  requiresActionUnlessSaved: '4000002500003155',
  /** 3-D Secure 2 on every payment. */
  requiresAction3ds2: '4000000000003220',
} as const;

/**
 * Why a test card is declined: our failure code, and Stripe's error `code`, `decline_code` and message. The message is
 * Stripe's English, returned by the fake Stripe as Stripe returns it; no page shows it: the buyer reads the catalog
 * text of the code in their language (`payment_failure_*`, apps/web/app/features/checkout/failures.ts), e-mails
 * `email_payment_failed_reason_*`.
 */
export interface CardDecline {
  failureCode: string;
  code: string;
  declineCode: string;
  message: string;
}

const DECLINES: Readonly<Record<string, CardDecline>> = {
  [TEST_CARDS.declined]: {
    failureCode: 'card_declined',
    code: 'card_declined',
    declineCode: 'generic_decline',
    message: 'Your card was declined.',
  },
  [TEST_CARDS.insufficientFunds]: {
    failureCode: 'insufficient_funds',
    code: 'card_declined',
    declineCode: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
  [TEST_CARDS.expired]: {
    failureCode: 'expired_card',
    code: 'expired_card',
    declineCode: 'expired_card',
    message: 'Your card has expired.',
  },
  [TEST_CARDS.incorrectCvc]: {
    failureCode: 'incorrect_cvc',
    code: 'incorrect_cvc',
    declineCode: 'incorrect_cvc',
    message: "Your card's security code is incorrect.",
  },
};

const THREE_D_SECURE: ReadonlySet<string> = new Set([
  TEST_CARDS.requiresAction,
  TEST_CARDS.requiresActionUnlessSaved,
  TEST_CARDS.requiresAction3ds2,
]);

/** What a test card does when it pays (digits only). */
export type TestCardOutcome =
  | { kind: 'invalid_number' }
  | { kind: 'declined'; decline: CardDecline }
  | { kind: 'requires_action' }
  | { kind: 'succeeds' };

export function testCardOutcome(number: string): TestCardOutcome {
  if (!luhnValid(number)) return { kind: 'invalid_number' };
  const decline = DECLINES[number];
  if (decline) return { kind: 'declined', decline };
  if (THREE_D_SECURE.has(number)) return { kind: 'requires_action' };
  return { kind: 'succeeds' };
}

/**
 * Luhn check of a card number (digits only). Also sent to the browser as the fake Stripe.js's check (its source,
 * types stripped), so it must stay one self-contained function.
 */
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

export function cardBrand(number: string): string {
  if (/^4/.test(number)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  if (/^6(011|5)/.test(number)) return 'discover';
  return 'unknown';
}
