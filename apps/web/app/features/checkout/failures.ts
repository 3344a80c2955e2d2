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
};

/** The message key of a payment failure code; null for a code without its own message. */
export function paymentFailureKey(code: string | null | undefined): string | null {
  return (code && PAYMENT_FAILURE_KEYS[code]) || null;
}
