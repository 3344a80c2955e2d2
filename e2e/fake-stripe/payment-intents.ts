// Payment intents: created by our server, confirmed by it (a saved card, a bank transfer) or by Stripe.js, moved on
// by 3-D Secure, a redirect method's page, a debit settling later, a cancel; refunds of what they took.
import { type Call, checkSecret, unrecognized } from './call.ts';
import { PORT, SETTLE_MS } from './config.ts';
import { list, obj, type Params, str, stringRecord } from './forms.ts';
import { cardDecline, createPaymentMethod, needsThreeDSecure, savedMethod } from './payment-methods.ts';
import {
  invalid,
  missing,
  nextId,
  now,
  type PaymentError,
  type PaymentIntent,
  type PaymentMethod,
  StripeError,
  secret,
  state,
} from './state.ts';
import { emit, later } from './webhooks.ts';

/** An IBAN with this in it fails its debit later (Stripe's AT861904300235473202). */
const SEPA_FAILS = '0235473202';

export function failIntent(pi: PaymentIntent, error: PaymentError): void {
  pi.status = 'requires_payment_method';
  pi.last_payment_error = error;
  pi.next_action = null;
  emit('payment_intent.payment_failed', pi);
}

export function succeedIntent(pi: PaymentIntent): void {
  pi.status = 'succeeded';
  pi.amount_received = pi.amount;
  pi.next_action = null;
  pi.latest_charge = pi.latest_charge ?? nextId('ch');
  emit('payment_intent.succeeded', pi);
}

function transferType(currency: string): string {
  return currency === 'gbp' ? 'gb_bank_transfer' : currency === 'usd' ? 'us_bank_transfer' : 'eu_bank_transfer';
}

export function transferInstructions(pi: PaymentIntent): Record<string, unknown> {
  const type = transferType(pi.currency);
  const address =
    type === 'gb_bank_transfer'
      ? {
          type: 'sort_code',
          supported_networks: ['bacs', 'fps'],
          sort_code: { account_holder_name: 'Stark Future SL', account_number: '00012345', sort_code: '108800' },
        }
      : type === 'us_bank_transfer'
        ? {
            type: 'aba',
            supported_networks: ['ach', 'domestic_wire_us'],
            aba: {
              account_holder_name: 'Stark Future SL',
              account_number: '1234567890',
              bank_name: 'Fake Bank of Stripe',
              routing_number: '110000000',
            },
          }
        : {
            type: 'iban',
            supported_networks: ['sepa'],
            iban: {
              iban: 'NL91ABNA0417164300',
              bic: 'ABNANL2A',
              account_holder_name: 'Stark Future SL',
              country: 'NL',
            },
          };
  return {
    type: 'display_bank_transfer_instructions',
    display_bank_transfer_instructions: {
      amount_remaining: pi.amount,
      currency: pi.currency,
      reference: `FAKEREF${pi.id.replace(/\D/g, '')}`,
      hosted_instructions_url: null,
      type,
      financial_addresses: [address],
    },
  };
}

function assertConfirmable(pi: PaymentIntent): void {
  if (!['requires_payment_method', 'requires_confirmation', 'requires_action'].includes(pi.status))
    throw invalid(`You cannot confirm this PaymentIntent because it has a status of ${pi.status}.`, {
      code: 'payment_intent_unexpected_state',
      payment_intent: pi,
    });
}

function assertAllowed(pi: PaymentIntent, type: string): void {
  if (!pi.payment_method_types.includes(type))
    throw invalid(
      `The PaymentMethod provided (${type}) is not allowed for this PaymentIntent. Allowed: ${pi.payment_method_types.join(', ')}.`,
      { code: 'payment_intent_incompatible_payment_method', payment_intent: pi },
    );
}

/** Confirms with the given method: from our server (a saved card, a bank transfer at create) or from Stripe.js. */
export function confirmIntent(pi: PaymentIntent, params: Params): PaymentIntent {
  assertConfirmable(pi);
  let pm: PaymentMethod;
  const saved = str(params, 'payment_method');
  const data = obj(params, 'payment_method_data');
  if (saved) {
    pm = savedMethod(saved);
    if (pm.customer && pi.customer && pm.customer !== pi.customer)
      throw invalid(
        `The provided PaymentMethod ${pm.id} belongs to another customer than the PaymentIntent's (${pi.customer}).`,
        { param: 'payment_method', payment_intent: pi },
      );
  } else if (data) {
    const type = str(data, 'type') ?? 'card';
    assertAllowed(pi, type);
    try {
      pm = createPaymentMethod(type, data, null);
    } catch (error) {
      if (error instanceof StripeError && error.status === 402) {
        failIntent(pi, { type: 'card_error', code: String(error.body.code), message: String(error.body.message) });
        throw new StripeError(402, { ...error.body, payment_intent: pi });
      }
      throw error;
    }
  } else if (pi.payment_method) pm = savedMethod(pi.payment_method);
  else
    throw invalid(
      'You cannot confirm this PaymentIntent because it’s missing a payment method. Update it with a payment method, then confirm again.',
      { code: 'payment_intent_unexpected_state', payment_intent: pi },
    );
  assertAllowed(pi, pm.type);
  pi.payment_method = pm.id;
  pi.last_payment_error = null;

  switch (pm.type) {
    case 'card': {
      const number = pm.number ?? '';
      const decline = cardDecline(number);
      if (decline) {
        const error = {
          type: 'card_error',
          ...decline,
          payment_method: { id: pm.id, object: 'payment_method' as const, type: 'card' },
        };
        failIntent(pi, error);
        throw new StripeError(402, { ...error, payment_intent: pi });
      }
      if (needsThreeDSecure(number) && !saved) {
        pi.status = 'requires_action';
        pi.next_action = { type: 'use_stripe_sdk', use_stripe_sdk: { type: 'three_d_secure_redirect' } };
        emit('payment_intent.requires_action', pi);
        return pi;
      }
      succeedIntent(pi);
      return pi;
    }
    case 'sepa_debit':
    case 'us_bank_account': {
      pi.status = 'processing';
      pi.next_action = null;
      emit('payment_intent.processing', pi);
      const fails = (pm.number ?? '').includes(SEPA_FAILS);
      later(SETTLE_MS, () => {
        if (pi.status !== 'processing') return;
        if (fails)
          failIntent(pi, {
            type: 'card_error',
            code: 'insufficient_funds',
            decline_code: 'insufficient_funds',
            message: 'The debit failed: insufficient funds.',
          });
        else succeedIntent(pi);
      });
      return pi;
    }
    case 'customer_balance': {
      pi.status = 'requires_action';
      pi.next_action = transferInstructions(pi);
      emit('payment_intent.requires_action', pi);
      return pi;
    }
    default: {
      // Klarna and other redirect methods: Stripe.js sends the buyer to the method's page, the fake Stripe.js
      // authenticates at once (POST …/fake_authenticate) and returns.
      pi.status = 'requires_action';
      pi.next_action = {
        type: 'redirect_to_url',
        redirect_to_url: {
          url: `http://127.0.0.1:${PORT}/_fake/redirect/${pi.id}`,
          return_url: str(params, 'return_url') ?? null,
        },
      };
      emit('payment_intent.requires_action', pi);
      return pi;
    }
  }
}

export function intentOf(id: string): PaymentIntent {
  const pi = state.intents.get(id);
  if (!pi) throw missing('payment_intent', id);
  return pi;
}

/** /v1/payment_intents: create (and confirm at once), read, update, confirm, authenticate, cancel. */
export function paymentIntentsApi(call: Call): unknown {
  const { method, body } = call;
  const [, id, action] = call.path;
  if (method === 'POST' && !id) {
    const amount = Number(str(body, 'amount'));
    const currency = str(body, 'currency')?.toLowerCase();
    if (!Number.isInteger(amount) || amount < 1)
      throw invalid('Missing required param: amount.', { code: 'parameter_missing', param: 'amount' });
    if (!currency) throw invalid('Missing required param: currency.', { code: 'parameter_missing', param: 'currency' });
    const customer = str(body, 'customer') ?? null;
    if (customer && !state.customers.has(customer)) throw missing('customer', customer, 'customer');
    const types = list(body, 'allowed_payment_method_types') ??
      list(body, 'payment_method_types') ?? ['card', 'sepa_debit'];
    const piId = nextId('pi');
    const pi: PaymentIntent = {
      id: piId,
      object: 'payment_intent',
      amount,
      amount_received: 0,
      amount_refunded: 0,
      currency,
      customer,
      description: str(body, 'description') ?? null,
      metadata: stringRecord(obj(body, 'metadata')),
      status: 'requires_payment_method',
      client_secret: secret(piId),
      last_payment_error: null,
      next_action: null,
      payment_method: str(body, 'payment_method') ?? null,
      payment_method_types: types,
      allowed_payment_method_types: types,
      payment_method_options: obj(body, 'payment_method_options') ?? {},
      capture_method: 'automatic',
      confirmation_method: 'automatic',
      canceled_at: null,
      cancellation_reason: null,
      latest_charge: null,
      created: now(),
      livemode: false,
    };
    if (types.includes('customer_balance') && !customer)
      throw invalid('A customer is required to use the customer_balance payment method.', { param: 'customer' });
    state.intents.set(pi.id, pi);
    if (str(body, 'confirm') === 'true') {
      if (pi.payment_method) pi.status = 'requires_confirmation';
      confirmIntent(pi, body);
    }
    return pi;
  }
  if (!id) throw invalid('Unrecognized request URL.', {}, 404);
  const pi = intentOf(id);
  if (method === 'GET' && !action) {
    checkSecret(call, pi, call.query);
    return pi;
  }
  if (method === 'POST' && !action) {
    if (['processing', 'succeeded', 'canceled'].includes(pi.status))
      throw invalid(`You cannot update this PaymentIntent because it has a status of ${pi.status}.`, {
        code: 'payment_intent_unexpected_state',
      });
    const amount = str(body, 'amount');
    if (amount !== undefined) {
      if (!/^\d+$/.test(amount) || Number(amount) < 1) throw invalid('Invalid integer: amount', { param: 'amount' });
      pi.amount = Number(amount);
      if (pi.next_action?.type === 'display_bank_transfer_instructions') pi.next_action = transferInstructions(pi);
    }
    const metadata = obj(body, 'metadata');
    if (metadata) pi.metadata = { ...pi.metadata, ...stringRecord(metadata) };
    const description = str(body, 'description');
    if (description !== undefined) pi.description = description;
    return pi;
  }
  if (method === 'POST' && action === 'confirm') {
    checkSecret(call, pi, body);
    return confirmIntent(pi, body);
  }
  if (method === 'POST' && action === 'fake_authenticate') {
    // The fake Stripe.js finishing 3-D Secure or a redirect method: pass or fail.
    checkSecret(call, pi, body);
    if (pi.status !== 'requires_action' || pi.next_action?.type === 'display_bank_transfer_instructions')
      throw invalid(`This PaymentIntent has a status of ${pi.status}: there is nothing to authenticate.`, {
        code: 'payment_intent_unexpected_state',
        payment_intent: pi,
      });
    if (str(body, 'outcome') === 'fail')
      failIntent(pi, {
        type: 'invalid_request_error',
        code: 'payment_intent_authentication_failure',
        message:
          'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
      });
    else succeedIntent(pi);
    return pi;
  }
  if (method === 'POST' && action === 'cancel') {
    if (['succeeded', 'canceled'].includes(pi.status))
      throw invalid(`You cannot cancel this PaymentIntent because it has a status of ${pi.status}.`, {
        code: 'payment_intent_unexpected_state',
      });
    pi.status = 'canceled';
    pi.next_action = null;
    pi.canceled_at = now();
    pi.cancellation_reason = str(body, 'cancellation_reason') ?? null;
    emit('payment_intent.canceled', pi);
    return pi;
  }
  throw unrecognized(call);
}

/** POST /v1/refunds: all or part of what an intent took. */
export function refundsApi(call: Call): unknown {
  const { method, body } = call;
  const [, id] = call.path;
  if (method !== 'POST' || id) throw unrecognized(call);
  const piId = str(body, 'payment_intent');
  if (!piId) throw invalid('Missing required param: payment_intent.', { code: 'parameter_missing' });
  const pi = intentOf(piId);
  if (pi.status !== 'succeeded')
    throw invalid(`This PaymentIntent (${pi.id}) does not have a successful charge to refund.`, {
      code: 'charge_not_refundable',
    });
  const remaining = pi.amount_received - pi.amount_refunded;
  const amount = str(body, 'amount') ? Number(str(body, 'amount')) : remaining;
  if (!Number.isInteger(amount) || amount < 1 || amount > remaining)
    throw invalid(`Refund amount (${amount}) is greater than unrefunded amount on charge (${remaining}).`, {
      code: 'amount_too_large',
      param: 'amount',
    });
  pi.amount_refunded += amount;
  const refund = {
    id: nextId('re'),
    object: 'refund',
    amount,
    currency: pi.currency,
    payment_intent: pi.id,
    charge: pi.latest_charge,
    status: 'succeeded',
    metadata: stringRecord(obj(body, 'metadata')),
    created: now(),
  };
  state.refunds.set(refund.id, refund);
  return refund;
}
