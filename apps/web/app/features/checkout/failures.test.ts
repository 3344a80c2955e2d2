import { CATALOGS } from '@varg/i18n/server';
import { describe, expect, it } from 'vitest';
import { paymentFailureKey, stripeErrorText } from './failures.ts';

describe('payment failures the buyer reads', () => {
  const de = (key: string) => CATALOGS.de[key] ?? key;

  it('every decline of a test card reads from the catalog, in the buyer language', () => {
    // The sandbox's and Stripe's test cards (apps/api/src/providers/payments/test-cards.ts) with Stripe's English.
    for (const decline of [
      {
        failureCode: 'card_declined',
        code: 'card_declined',
        declineCode: 'generic_decline',
        message: 'Your card was declined.',
      },
      {
        failureCode: 'insufficient_funds',
        code: 'card_declined',
        declineCode: 'insufficient_funds',
        message: 'Your card has insufficient funds.',
      },
      {
        failureCode: 'expired_card',
        code: 'expired_card',
        declineCode: 'expired_card',
        message: 'Your card has expired.',
      },
      {
        failureCode: 'incorrect_cvc',
        code: 'incorrect_cvc',
        declineCode: 'incorrect_cvc',
        message: "Your card's security code is incorrect.",
      },
    ]) {
      const key = paymentFailureKey(decline.failureCode);
      expect(key, decline.failureCode).toBeTruthy();
      // Stripe.js's English message (the fake Stripe's) never reaches the page.
      const text = stripeErrorText(
        { code: decline.code, decline_code: decline.declineCode, message: decline.message },
        de,
      );
      expect(text).toBe(CATALOGS.de[key as string]);
      expect(text).not.toBe(decline.message);
    }
  });

  it("a field Stripe.js refuses reads from the catalog; an unknown code keeps Stripe's localized message", () => {
    expect(stripeErrorText({ code: 'incomplete_number', message: 'Your card number is incomplete.' }, de)).toBe(
      CATALOGS.de.payment_failure_invalid_number,
    );
    expect(stripeErrorText({ code: 'something_new', message: 'Stripe sagt nein.' }, de)).toBe('Stripe sagt nein.');
    expect(stripeErrorText({}, de)).toBe(CATALOGS.de.payment_failure_generic);
  });
});
