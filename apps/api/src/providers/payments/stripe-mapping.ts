// Stripe as the payment provider (decision 030): our payments as Stripe's PaymentIntents and back — the allowed
// method types and bank-transfer options of an intent, its status and failure code, bank-transfer instructions, and
// webhook events as our payment events. Pure mappings; `stripe.ts` makes the calls.
import type { PaymentMethod, PaymentStatus } from '@varg/domain';
import type Stripe from 'stripe';
import type { BankTransferInstructions, IntentInput, IntentResult, PaymentEvent } from './interface.ts';

type AllowedType = Stripe.PaymentIntentCreateParams.AllowedPaymentMethodType;

/** The Stripe payment method types of one of our methods; null for methods Stripe does not take. */
export function allowedTypes(method: PaymentMethod): AllowedType[] | null {
  switch (method) {
    // Google Pay and Apple Pay are cards in the Payment Element (the wallet shows when the browser has one).
    case 'card':
    case 'google_pay':
    case 'apple_pay':
      return ['card'];
    case 'sepa':
      return ['sepa_debit'];
    case 'ach':
      return ['us_bank_account'];
    case 'klarna':
      return ['klarna'];
    case 'bank_transfer':
    case 'bank_transfer_gb':
      return ['customer_balance'];
    // Splitit is its own provider, the Stark transfer goes to our own account, `manual` is paid at the dealer's.
    case 'splitit':
    case 'manual':
    case 'stark_bank_transfer':
      return null;
  }
}

/** The virtual account a bank transfer goes to follows the currency (allowedMethods offers it where Stripe has one). */
function bankTransfer(
  currency: string,
  country: string,
): Stripe.PaymentIntentCreateParams.PaymentMethodOptions.CustomerBalance.BankTransfer {
  switch (currency.toUpperCase()) {
    case 'EUR':
      return { type: 'eu_bank_transfer', eu_bank_transfer: { country: country.toUpperCase() } };
    case 'GBP':
      return { type: 'gb_bank_transfer' };
    case 'USD':
      return { type: 'us_bank_transfer' };
    default:
      throw new Error(`stripe bank transfers do not take ${currency}`);
  }
}

/** The create parameters of an attempt. */
export function intentParams(input: IntentInput): Stripe.PaymentIntentCreateParams {
  const types = allowedTypes(input.method);
  if (!types) throw new Error(`method not supported by stripe: ${input.method}`);
  const params: Stripe.PaymentIntentCreateParams = {
    amount: input.amount,
    currency: input.currency.toLowerCase(),
    description: input.description,
    metadata: input.metadata,
    allowed_payment_method_types: types,
    ...(input.customerRef ? { customer: input.customerRef } : {}),
  };
  if (input.method === 'ach') {
    // Instant verification through Financial Connections, microdeposits when the bank is not there.
    params.payment_method_options = { us_bank_account: { verification_method: 'automatic' } };
  }
  if (input.method === 'bank_transfer' || input.method === 'bank_transfer_gb') {
    // The money lands on the customer's cash balance, so Stripe needs a customer; confirming at once makes Stripe
    // answer the account details (next_action.display_bank_transfer_instructions), there is nothing to enter.
    if (!input.customerRef) throw new Error('a stripe bank transfer needs a customer (ensureCustomer)');
    params.payment_method_data = { type: 'customer_balance' };
    params.payment_method_options = {
      customer_balance: { funding_type: 'bank_transfer', bank_transfer: bankTransfer(input.currency, input.country) },
    };
    params.confirm = true;
  }
  return params;
}

/** Stripe's codes as the web translates them (apps/web checkout: card_declined, authentication_failed, …). */
export const FAILURE_CODES: Record<string, string> = {
  generic_decline: 'card_declined',
  payment_intent_authentication_failure: 'authentication_failed',
  incorrect_number: 'invalid_number',
  invalid_cvc: 'incorrect_cvc',
};

function failureCodeOf(pi: Stripe.PaymentIntent): string | null {
  const error = pi.last_payment_error;
  const code = error?.decline_code ?? error?.code ?? null;
  return code ? (FAILURE_CODES[code] ?? code) : null;
}

/** A bank transfer waiting for the money: Stripe says requires_action, but the buyer has nothing left to do here. */
function waitingForTransfer(pi: Stripe.PaymentIntent): boolean {
  return pi.next_action?.type === 'display_bank_transfer_instructions';
}

function statusOf(pi: Stripe.PaymentIntent): { status: PaymentStatus; failureCode: string | null } {
  switch (pi.status) {
    // After a decline Stripe goes back to requires_payment_method with the error; the attempt failed.
    case 'requires_payment_method':
      return pi.last_payment_error
        ? { status: 'FAILED', failureCode: failureCodeOf(pi) }
        : { status: 'CREATED', failureCode: null };
    case 'requires_confirmation':
      return { status: 'CREATED', failureCode: null };
    case 'requires_action':
      return { status: waitingForTransfer(pi) ? 'PROCESSING' : 'REQUIRES_ACTION', failureCode: null };
    case 'succeeded':
      return { status: 'SUCCEEDED', failureCode: null };
    case 'canceled':
      return { status: 'FAILED', failureCode: 'canceled' };
    // processing, requires_capture, and a status newer than this code: money is on its way, the webhook will tell.
    default:
      return { status: 'PROCESSING', failureCode: null };
  }
}

const TRANSFER_ADDRESS: Record<string, string> = {
  eu_bank_transfer: 'iban',
  gb_bank_transfer: 'sort_code',
  us_bank_transfer: 'aba',
};

/** Where to send a bank transfer, from Stripe's instructions: the address of the transfer's own kind. */
function instructionsOf(pi: Stripe.PaymentIntent): BankTransferInstructions | null {
  const d = pi.next_action?.display_bank_transfer_instructions;
  if (!d) return null;
  const preferred = TRANSFER_ADDRESS[d.type];
  const addresses = d.financial_addresses ?? [];
  const address =
    addresses.find((a) => a.type === preferred) ??
    addresses.find((a) => a.type === 'iban' || a.type === 'sort_code' || a.type === 'aba');
  const common = {
    amountRemaining: d.amount_remaining ?? pi.amount,
    currency: (d.currency ?? pi.currency).toUpperCase(),
    reference: d.reference ?? '',
    hostedUrl: d.hosted_instructions_url,
    bankName: null,
    iban: null,
    bic: null,
    sortCode: null,
    accountNumber: null,
    routingNumber: null,
  };
  if (address?.iban) {
    const { iban } = address;
    return { ...common, type: 'iban', accountHolder: iban.account_holder_name, iban: iban.iban, bic: iban.bic };
  }
  if (address?.sort_code) {
    const s = address.sort_code;
    return {
      ...common,
      type: 'sort_code',
      accountHolder: s.account_holder_name,
      sortCode: s.sort_code,
      accountNumber: s.account_number,
    };
  }
  if (address?.aba) {
    const a = address.aba;
    return {
      ...common,
      type: 'aba',
      accountHolder: a.account_holder_name,
      bankName: a.bank_name,
      accountNumber: a.account_number,
      routingNumber: a.routing_number,
    };
  }
  return null;
}

export function intentResult(pi: Stripe.PaymentIntent): IntentResult {
  const { status, failureCode } = statusOf(pi);
  return {
    reference: pi.id,
    status,
    clientSecret: pi.client_secret,
    actionUrl: pi.next_action?.redirect_to_url?.url ?? null,
    failureCode,
    instructions: instructionsOf(pi),
  };
}

/** A verified event reduced to what the ledger needs; the status follows the event's type. */
export function paymentEvent(event: Stripe.Event): PaymentEvent {
  const of = (pi: Stripe.PaymentIntent, status: PaymentStatus, failureCode: string | null = null): PaymentEvent => ({
    id: event.id,
    type: event.type,
    reference: pi.id,
    status,
    failureCode,
  });
  switch (event.type) {
    case 'payment_intent.succeeded':
      return of(event.data.object, 'SUCCEEDED');
    case 'payment_intent.processing':
    case 'payment_intent.partially_funded':
      return of(event.data.object, 'PROCESSING');
    case 'payment_intent.payment_failed':
      return of(event.data.object, 'FAILED', failureCodeOf(event.data.object));
    case 'payment_intent.requires_action':
      return of(event.data.object, waitingForTransfer(event.data.object) ? 'PROCESSING' : 'REQUIRES_ACTION');
    case 'payment_intent.canceled':
      return of(event.data.object, 'FAILED', 'canceled');
    default:
      return { id: event.id, type: event.type, reference: null, status: null, failureCode: null };
  }
}
