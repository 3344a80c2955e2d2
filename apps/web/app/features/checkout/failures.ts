// What a payment's failure code says to the buyer (the sandbox's and Stripe's codes, decision 034).

/** The translation of a payment's failure code (`card_declined` → `payment_failure_card_declined`). */
const PAYMENT_FAILURE_KEYS: Record<string, string> = {
  card_declined: 'payment_failure_card_declined',
  insufficient_funds: 'payment_failure_insufficient_funds',
  expired_card: 'payment_failure_expired_card',
  incorrect_cvc: 'payment_failure_incorrect_cvc',
  invalid_number: 'payment_failure_invalid_number',
  authentication_failed: 'payment_failure_authentication_failed',
  payment_method_declined: 'payment_failure_method_declined',
  invalid_bank_account: 'payment_failure_invalid_bank_account',
  debit_not_authorized: 'payment_failure_debit_not_authorized',
  financing_declined: 'payment_failure_financing_declined',
  canceled: 'payment_failure_canceled',
  // Stripe.js's own checks of the Payment Element's fields.
  incomplete_number: 'payment_failure_invalid_number',
  incomplete_cvc: 'payment_failure_incorrect_cvc',
  invalid_cvc: 'payment_failure_incorrect_cvc',
  incomplete_expiry: 'payment_failure_expired_card',
  invalid_expiry_year_past: 'payment_failure_expired_card',
  invalid_expiry_month_past: 'payment_failure_expired_card',
  incomplete_iban: 'payment_failure_invalid_bank_account',
  invalid_iban: 'payment_failure_invalid_bank_account',
};

/** The message key of a payment failure code; null for a code without its own message. */
export function paymentFailureKey(code: string | null | undefined): string | null {
  return (code && PAYMENT_FAILURE_KEYS[code]) || null;
}

/**
 * What the buyer reads for an error of Stripe.js (a declined card, a field it refused): our catalog's text of its
 * code in the page's language, so a decline reads the same as the sandbox's; Stripe's message (localized by the
 * Element's locale) only for a code we have no text for.
 */
export function stripeErrorText(
  error: { code?: string | undefined; decline_code?: string | undefined; message?: string | undefined },
  t: (key: string) => string,
): string {
  const key = paymentFailureKey(error.decline_code) ?? paymentFailureKey(error.code);
  return key ? t(key) : error.message || t('payment_failure_generic');
}
