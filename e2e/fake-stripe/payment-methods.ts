// Payment methods: made from what the buyer typed (a card number, an IBAN) or Stripe's own test methods, and the
// customers they are attached to. Which card succeeds, declines or asks for 3-D Secure is test-cards.ts's rule.
import { cardBrand, luhnValid, TEST_CARDS, testCardOutcome } from '../../apps/api/src/providers/payments/test-cards.ts';
import { type Call, unrecognized } from './call.ts';
import { obj, type Params, str, stringRecord } from './forms.ts';
import { invalid, missing, nextId, now, type PaymentMethod, publicMethod, StripeError, state } from './state.ts';

/** Stripe's error of a declined test card (test-cards.ts, the sandbox's rule too), or null. */
export function cardDecline(number: string): { code: string; decline_code: string; message: string } | null {
  const outcome = testCardOutcome(number);
  if (outcome.kind !== 'declined') return null;
  const { code, declineCode, message } = outcome.decline;
  return { code, decline_code: declineCode, message };
}

/** A test card that asks for 3-D Secure (test-cards.ts). */
export const needsThreeDSecure = (number: string) => testCardOutcome(number).kind === 'requires_action';

export function createPaymentMethod(type: string, data: Params | undefined, customer: string | null): PaymentMethod {
  const id = nextId('pm');
  const pm: PaymentMethod = {
    id,
    object: 'payment_method',
    type,
    customer,
    card: null,
    sepa_debit: null,
    billing_details: obj(data, 'billing_details') ?? {},
    created: now(),
    livemode: false,
    metadata: {},
  };
  if (type === 'card') {
    const number = (str(obj(data, 'card'), 'number') ?? '').replace(/\D/g, '');
    if (!number)
      throw invalid('Missing required param: payment_method_data[card][number].', { code: 'parameter_missing' });
    if (!luhnValid(number))
      throw new StripeError(402, {
        type: 'card_error',
        code: 'incorrect_number',
        message: 'Your card number is incorrect.',
      });
    pm.number = number;
    pm.card = {
      brand: cardBrand(number),
      last4: number.slice(-4),
      exp_month: 12,
      exp_year: new Date().getFullYear() + 8,
      country: 'US',
      funding: 'credit',
    };
  } else if (type === 'sepa_debit') {
    const iban = (str(obj(data, 'sepa_debit'), 'iban') ?? '').replace(/\s/g, '').toUpperCase();
    if (!/^[A-Z]{2}\d{2}[A-Z0-9]{8,30}$/.test(iban))
      throw invalid('The IBAN you provided is invalid.', { code: 'invalid_bank_account_iban', param: 'iban' });
    pm.number = iban;
    pm.sepa_debit = { last4: iban.slice(-4), country: iban.slice(0, 2) };
  }
  state.methods.set(id, pm);
  return pm;
}

export function savedMethod(id: string): PaymentMethod {
  const known = state.methods.get(id);
  if (known) return known;
  // Stripe's own test payment methods.
  const tests: Record<string, string> = {
    pm_card_visa: TEST_CARDS.success,
    pm_card_mastercard: TEST_CARDS.mastercard,
    pm_card_chargeDeclined: TEST_CARDS.declined,
    pm_card_chargeDeclinedInsufficientFunds: TEST_CARDS.insufficientFunds,
  };
  const number = tests[id];
  if (!number) throw missing('PaymentMethod', id, 'payment_method');
  return {
    id,
    object: 'payment_method',
    type: 'card',
    customer: null,
    card: {
      brand: cardBrand(number),
      last4: number.slice(-4),
      exp_month: 12,
      exp_year: 2034,
      country: 'US',
      funding: 'credit',
    },
    sepa_debit: null,
    billing_details: {},
    created: now(),
    livemode: false,
    metadata: {},
    number,
  };
}

/** /v1/customers: create, read, list the payment methods. */
export function customersApi(call: Call): unknown {
  const { method, body } = call;
  const [, id, action] = call.path;
  if (method === 'POST' && !id) {
    const customer = {
      id: nextId('cus'),
      object: 'customer',
      email: str(body, 'email') ?? null,
      name: str(body, 'name') ?? null,
      metadata: stringRecord(obj(body, 'metadata')),
      created: now(),
      livemode: false,
    };
    state.customers.set(customer.id, customer);
    return customer;
  }
  if (!id) throw invalid('Unrecognized request URL.', {}, 404);
  const customer = state.customers.get(id);
  if (!customer) throw missing('customer', id);
  if (method === 'GET' && !action) return customer;
  if (method === 'GET' && action === 'payment_methods') {
    const type = str(call.query, 'type');
    const data = [...state.methods.values()]
      .filter((pm) => pm.customer === id && (!type || pm.type === type))
      .map(publicMethod);
    return { object: 'list', data, has_more: false, url: `/v1/customers/${id}/payment_methods` };
  }
  throw unrecognized(call);
}

/** /v1/payment_methods/{id}: read, detach, attach. */
export function paymentMethodsApi(call: Call): unknown {
  const { method, body } = call;
  const [, id, action] = call.path;
  if (!id) throw unrecognized(call);
  const pm = state.methods.get(id);
  if (!pm) throw missing('PaymentMethod', id, 'payment_method');
  if (method === 'GET' && !action) return publicMethod(pm);
  if (method === 'POST' && action === 'detach') {
    if (!pm.customer)
      throw invalid('The payment method you provided is not attached to a customer so detachment is impossible.', {
        code: 'payment_method_unexpected_state',
      });
    pm.customer = null;
    return publicMethod(pm);
  }
  if (method === 'POST' && action === 'attach') {
    const customer = str(body, 'customer');
    if (!customer || !state.customers.has(customer)) throw missing('customer', customer ?? '', 'customer');
    pm.customer = customer;
    return publicMethod(pm);
  }
  throw unrecognized(call);
}
