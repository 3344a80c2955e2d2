// Setup intents: saving a card for later (our server creates one, Stripe.js confirms it with the typed number).
import { type Call, checkSecret, unrecognized } from './call.ts';
import { list, obj, str, stringRecord } from './forms.ts';
import { cardDecline, createPaymentMethod } from './payment-methods.ts';
import {
  invalid,
  missing,
  nextId,
  now,
  type PaymentMethod,
  type SetupIntent,
  StripeError,
  secret,
  state,
} from './state.ts';
import { emit } from './webhooks.ts';

export function setupOf(id: string): SetupIntent {
  const si = state.setups.get(id);
  if (!si) throw missing('setup_intent', id);
  return si;
}

/** /v1/setup_intents: create, read, confirm. */
export function setupIntentsApi(call: Call): unknown {
  const { method, body } = call;
  const [, id, action] = call.path;
  if (method === 'POST' && !id) {
    const customer = str(body, 'customer') ?? null;
    if (customer && !state.customers.has(customer)) throw missing('customer', customer, 'customer');
    const types = list(body, 'allowed_payment_method_types') ?? list(body, 'payment_method_types') ?? ['card'];
    const siId = nextId('seti');
    const si: SetupIntent = {
      id: siId,
      object: 'setup_intent',
      client_secret: secret(siId),
      customer,
      status: 'requires_payment_method',
      usage: str(body, 'usage') ?? 'off_session',
      payment_method: null,
      payment_method_types: types,
      allowed_payment_method_types: types,
      last_setup_error: null,
      next_action: null,
      metadata: stringRecord(obj(body, 'metadata')),
      created: now(),
      livemode: false,
    };
    state.setups.set(si.id, si);
    return si;
  }
  if (!id) throw invalid('Unrecognized request URL.', {}, 404);
  const si = setupOf(id);
  if (method === 'GET' && !action) {
    checkSecret(call, si, call.query);
    return si;
  }
  if (method === 'POST' && action === 'confirm') {
    checkSecret(call, si, body);
    if (si.status === 'succeeded' || si.status === 'canceled')
      throw invalid(`You cannot confirm this SetupIntent because it has a status of ${si.status}.`, {
        code: 'setup_intent_unexpected_state',
        setup_intent: si,
      });
    const data = obj(body, 'payment_method_data');
    const type = str(data, 'type') ?? 'card';
    if (!si.payment_method_types.includes(type))
      throw invalid(`The PaymentMethod provided (${type}) is not allowed for this SetupIntent.`, {
        setup_intent: si,
      });
    let pm: PaymentMethod;
    try {
      pm = createPaymentMethod(type, data, null);
    } catch (error) {
      if (error instanceof StripeError && error.status === 402)
        throw new StripeError(402, { ...error.body, setup_intent: si });
      throw error;
    }
    const decline = cardDecline(pm.number ?? '');
    if (decline) {
      si.status = 'requires_payment_method';
      si.last_setup_error = { type: 'card_error', ...decline };
      emit('setup_intent.setup_failed', si);
      throw new StripeError(402, { type: 'card_error', ...decline, setup_intent: si });
    }
    pm.customer = si.customer;
    si.payment_method = pm.id;
    si.status = 'succeeded';
    si.last_setup_error = null;
    emit('setup_intent.succeeded', si);
    return si;
  }
  throw unrecognized(call);
}
