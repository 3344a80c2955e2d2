import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import Stripe from 'stripe';

// A stand-in for Stripe in the browser tests (there is no network): one node:http server, state in memory, that
//  - answers the REST calls the API makes through the `stripe` SDK (STRIPE_API_BASE points the SDK here),
//  - serves a fake Stripe.js for `loadStripe` (the browser reaches it through e2e/stripe-route.ts, which routes
//    https://js.stripe.com and https://api.stripe.com here), whose Payment Element is a plain labelled input,
//  - and sends signed webhooks (`stripe-signature`) to the app, as Stripe does on every status change.
//
// Run: node e2e/fake-stripe.ts (playwright.config.ts starts it). FAKE_STRIPE_PORT (3199), FAKE_STRIPE_APP_URL
// (http://127.0.0.1:3100), FAKE_STRIPE_WEBHOOK_SECRET (whsec_fake_e2e_secret), FAKE_STRIPE_SETTLE_MS (1000: a SEPA or
// ACH debit goes processing → succeeded after that long).
//
// Test cards (the card number typed into the fake Payment Element):
//   4242424242424242, 5555555555554444 and any other Luhn-valid number → succeeded
//   4000000000000002 → declined (card_declined / generic_decline); 4000000000009995 → insufficient_funds;
//   4000000000000069 → expired_card; 4000000000000127 → incorrect_cvc (all: HTTP 402, status requires_payment_method)
//   4000002500003155, 4000002760003184, 4000000000003220 → 3-D Secure: requires_action, which the fake Stripe.js
//   completes at once (passes; set `window.fakeStripeAuthentication = 'fail'` in the page to fail it)
// Test IBANs: any (e.g. DE89370400440532013000) → processing, then succeeded; one containing 0235473202 (e.g.
//   AT861904300235473202) → processing, then failed (insufficient_funds).
// Saved cards: pm_fake_<n> (made by confirmSetup), pm_card_visa → succeeded; pm_card_chargeDeclined → declined.
//
// Control endpoints for tests (no key needed): POST /_fake/payment_intents/:id/succeed (e.g. the money of a bank
// transfer arrives) and /fail, GET /_fake/payment_intents (all, newest last), GET /_fake/payment_intents/:id,
// GET /_fake/events (the webhook deliveries and their HTTP status), POST /_fake/reset.

const PORT = Number(process.env.FAKE_STRIPE_PORT ?? 3199);
const APP_URL = (process.env.FAKE_STRIPE_APP_URL ?? 'http://127.0.0.1:3100').replace(/\/+$/, '');
const WEBHOOK_SECRET = process.env.FAKE_STRIPE_WEBHOOK_SECRET ?? 'whsec_fake_e2e_secret';
const SETTLE_MS = Number(process.env.FAKE_STRIPE_SETTLE_MS ?? 1000);
const WEBHOOK_URL = `${APP_URL}/v1/payment/webhook/stripe`;

// ---------------------------------------------------------------------------------------------------------------
// Form bodies: `a[b][0]=x` → { a: { b: ['x'] } }, as the SDK (and Stripe.js) encode them.

type Param = string | Param[] | { [key: string]: Param };
type Params = { [key: string]: Param };

export function parseForm(text: string): Params {
  const root: Params = {};
  for (const pair of text.split('&')) {
    if (!pair) continue;
    const at = pair.indexOf('=');
    const decode = (s: string) => decodeURIComponent(s.replace(/\+/g, ' '));
    const rawKey = decode(at < 0 ? pair : pair.slice(0, at));
    const value = at < 0 ? '' : decode(pair.slice(at + 1));
    const head = rawKey.match(/^[^[]+/)?.[0] ?? rawKey;
    const path = [head, ...[...rawKey.slice(head.length).matchAll(/\[([^\]]*)\]/g)].map((m) => m[1] ?? '')];
    let node: Params = root;
    for (let i = 0; i < path.length; i++) {
      let key = path[i] ?? '';
      // `a[]=x&a[]=y`: append.
      if (key === '') key = String(Object.keys(node).length);
      if (i === path.length - 1) {
        node[key] = value;
      } else {
        const next = node[key];
        if (typeof next !== 'object' || next === null || Array.isArray(next)) node[key] = {};
        node = node[key] as Params;
      }
    }
  }
  return arrays(root) as Params;
}

/** Objects whose keys are 0..n-1 become arrays. */
function arrays(param: Param): Param {
  if (typeof param === 'string' || Array.isArray(param)) return param;
  const keys = Object.keys(param);
  for (const key of keys) param[key] = arrays(param[key] as Param);
  if (keys.length > 0 && keys.every((k, i) => /^\d+$/.test(k) && keys.includes(String(i))))
    return keys.map((_, i) => param[String(i)] as Param);
  return param;
}

function str(params: Params | undefined, key: string): string | undefined {
  const v = params?.[key];
  return typeof v === 'string' ? v : undefined;
}

function obj(params: Params | undefined, key: string): Params | undefined {
  const v = params?.[key];
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? v : undefined;
}

function list(params: Params | undefined, key: string): string[] | undefined {
  const v = params?.[key];
  if (Array.isArray(v)) return v.filter((x): x is string => typeof x === 'string');
  return typeof v === 'string' ? [v] : undefined;
}

function stringRecord(params: Params | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(params ?? {})) if (typeof v === 'string') out[k] = v;
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// State.

interface PaymentError {
  type: string;
  code: string;
  decline_code?: string;
  message: string;
  payment_method?: { id: string; object: 'payment_method'; type: string };
}

interface PaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  amount_refunded: number;
  currency: string;
  customer: string | null;
  description: string | null;
  metadata: Record<string, string>;
  status: string;
  client_secret: string;
  last_payment_error: PaymentError | null;
  next_action: Record<string, unknown> | null;
  payment_method: string | null;
  payment_method_types: string[];
  allowed_payment_method_types: string[];
  payment_method_options: Params;
  capture_method: 'automatic';
  confirmation_method: 'automatic';
  canceled_at: number | null;
  cancellation_reason: string | null;
  latest_charge: string | null;
  created: number;
  livemode: false;
}

interface SetupIntent {
  id: string;
  object: 'setup_intent';
  client_secret: string;
  customer: string | null;
  status: string;
  usage: string;
  payment_method: string | null;
  payment_method_types: string[];
  allowed_payment_method_types: string[];
  last_setup_error: PaymentError | null;
  next_action: null;
  metadata: Record<string, string>;
  created: number;
  livemode: false;
}

interface PaymentMethod {
  id: string;
  object: 'payment_method';
  type: string;
  customer: string | null;
  card: { brand: string; last4: string; exp_month: number; exp_year: number; country: string; funding: string } | null;
  sepa_debit: { last4: string; country: string } | null;
  billing_details: Params;
  created: number;
  livemode: false;
  metadata: Record<string, string>;
  /** The number typed, so a saved card declines as its number does (not a Stripe field; never answered). */
  number?: string;
}

interface Delivery {
  id: string;
  type: string;
  object: string;
  status: number | string;
  attempts: number;
}

const state = {
  counters: new Map<string, number>(),
  customers: new Map<string, Record<string, unknown>>(),
  intents: new Map<string, PaymentIntent>(),
  setups: new Map<string, SetupIntent>(),
  methods: new Map<string, PaymentMethod>(),
  refunds: new Map<string, Record<string, unknown>>(),
  idempotent: new Map<string, { method: string; path: string; status: number; body: string }>(),
  deliveries: [] as Delivery[],
  timers: new Set<NodeJS.Timeout>(),
};

function nextId(prefix: string): string {
  const n = (state.counters.get(prefix) ?? 0) + 1;
  state.counters.set(prefix, n);
  return `${prefix}_fake_${n}`;
}

const now = () => Math.floor(Date.now() / 1000);
const secret = (id: string) => `${id}_secret_${randomBytes(12).toString('hex')}`;

/** The public view of a payment method (the typed number stays here). */
function publicMethod(pm: PaymentMethod): Omit<PaymentMethod, 'number'> {
  const { number: _number, ...rest } = pm;
  return rest;
}

// ---------------------------------------------------------------------------------------------------------------
// Webhooks: queued, sent one after another (retried like Stripe on a non-2xx), signed with the endpoint's secret.

let webhookQueue: Promise<void> = Promise.resolve();

function emit(type: string, object: PaymentIntent | SetupIntent): void {
  const event = {
    id: nextId('evt'),
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: now(),
    data: { object: structuredClone(object) },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  };
  const delivery: Delivery = { id: event.id, type, object: object.id, status: 'pending', attempts: 0 };
  state.deliveries.push(delivery);
  const payload = JSON.stringify(event, null, 2);
  webhookQueue = webhookQueue.then(() => deliver(payload, delivery));
}

async function deliver(payload: string, delivery: Delivery): Promise<void> {
  for (let attempt = 1; attempt <= 5; attempt++) {
    delivery.attempts = attempt;
    try {
      const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
      const res = await fetch(WEBHOOK_URL, {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
        body: payload,
        signal: AbortSignal.timeout(10_000),
      });
      await res.arrayBuffer();
      delivery.status = res.status;
      if (res.ok) return;
      console.error(`fake-stripe: webhook ${delivery.type} ${delivery.id} answered ${res.status}`);
    } catch (error) {
      delivery.status = String((error as Error).message);
      console.error(`fake-stripe: webhook ${delivery.type} ${delivery.id} failed: ${delivery.status}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200 * 2 ** attempt));
  }
}

function later(ms: number, fn: () => void): void {
  const timer = setTimeout(() => {
    state.timers.delete(timer);
    fn();
  }, ms);
  state.timers.add(timer);
}

// ---------------------------------------------------------------------------------------------------------------
// Answers.

class StripeError extends Error {
  status: number;
  body: Record<string, unknown>;
  constructor(status: number, body: Record<string, unknown>) {
    super(String(body.message));
    this.status = status;
    this.body = body;
  }
}

function invalid(message: string, extra: Record<string, unknown> = {}, status = 400): StripeError {
  return new StripeError(status, { type: 'invalid_request_error', message, ...extra });
}

function missing(kind: string, id: string, param = 'id'): StripeError {
  return invalid(`No such ${kind}: '${id}'`, { code: 'resource_missing', param }, 404);
}

const DECLINES: Record<string, { code: string; decline_code: string; message: string }> = {
  '4000000000000002': { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' },
  '4000000000009995': {
    code: 'card_declined',
    decline_code: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
  '4000000000000069': { code: 'expired_card', decline_code: 'expired_card', message: 'Your card has expired.' },
  '4000000000000127': {
    code: 'incorrect_cvc',
    decline_code: 'incorrect_cvc',
    message: "Your card's security code is incorrect.",
  },
};
const THREE_D_SECURE = new Set(['4000002500003155', '4000002760003184', '4000000000003220']);
const SEPA_FAILS = '0235473202';

function luhn(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let d = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return number.length >= 12 && sum % 10 === 0;
}

function brandOf(number: string): string {
  if (number.startsWith('4')) return 'visa';
  if (/^5[1-5]/.test(number) || /^2[2-7]/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  return 'unknown';
}

function createPaymentMethod(type: string, data: Params | undefined, customer: string | null): PaymentMethod {
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
    if (!luhn(number))
      throw new StripeError(402, {
        type: 'card_error',
        code: 'incorrect_number',
        message: 'Your card number is incorrect.',
      });
    pm.number = number;
    pm.card = {
      brand: brandOf(number),
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

function savedMethod(id: string): PaymentMethod {
  const known = state.methods.get(id);
  if (known) return known;
  // Stripe's own test payment methods.
  const tests: Record<string, string> = {
    pm_card_visa: '4242424242424242',
    pm_card_mastercard: '5555555555554444',
    pm_card_chargeDeclined: '4000000000000002',
    pm_card_chargeDeclinedInsufficientFunds: '4000000000009995',
  };
  const number = tests[id];
  if (!number) throw missing('PaymentMethod', id, 'payment_method');
  return {
    id,
    object: 'payment_method',
    type: 'card',
    customer: null,
    card: {
      brand: brandOf(number),
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

function failIntent(pi: PaymentIntent, error: PaymentError): void {
  pi.status = 'requires_payment_method';
  pi.last_payment_error = error;
  pi.next_action = null;
  emit('payment_intent.payment_failed', pi);
}

function succeedIntent(pi: PaymentIntent): void {
  pi.status = 'succeeded';
  pi.amount_received = pi.amount;
  pi.next_action = null;
  pi.latest_charge = pi.latest_charge ?? nextId('ch');
  emit('payment_intent.succeeded', pi);
}

function transferType(currency: string): string {
  return currency === 'gbp' ? 'gb_bank_transfer' : currency === 'usd' ? 'us_bank_transfer' : 'eu_bank_transfer';
}

function transferInstructions(pi: PaymentIntent): Record<string, unknown> {
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
function confirmIntent(pi: PaymentIntent, params: Params): PaymentIntent {
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
      const decline = DECLINES[number];
      if (decline) {
        const error = {
          type: 'card_error',
          ...decline,
          payment_method: { id: pm.id, object: 'payment_method' as const, type: 'card' },
        };
        failIntent(pi, error);
        throw new StripeError(402, { ...error, payment_intent: pi });
      }
      if (THREE_D_SECURE.has(number) && !saved) {
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

// ---------------------------------------------------------------------------------------------------------------
// The REST API.

interface Call {
  method: string;
  path: string[];
  query: Params;
  body: Params;
  /** sk_… (our server) or pk_… (Stripe.js in the browser), null without a key. */
  key: string | null;
}

function publicKey(call: Call): boolean {
  return call.key?.startsWith('pk_') ?? false;
}

/** Stripe.js may only read and confirm an intent whose client secret it has. */
function checkSecret(call: Call, intent: { client_secret: string }, params: Params): void {
  if (!publicKey(call)) return;
  const given = str(params, 'client_secret');
  if (!given)
    throw invalid('Missing required param: client_secret.', { code: 'parameter_missing', param: 'client_secret' });
  if (given !== intent.client_secret)
    throw invalid('The client_secret provided does not match the client_secret associated with the PaymentIntent.', {
      param: 'client_secret',
    });
}

function intentOf(id: string): PaymentIntent {
  const pi = state.intents.get(id);
  if (!pi) throw missing('payment_intent', id);
  return pi;
}

function setupOf(id: string): SetupIntent {
  const si = state.setups.get(id);
  if (!si) throw missing('setup_intent', id);
  return si;
}

function requireSecretKey(call: Call): void {
  if (!call.key?.startsWith('sk_') && !call.key?.startsWith('rk_'))
    throw invalid(
      call.key
        ? 'This API call cannot be made with a publishable API key. Please use a secret API key.'
        : 'You did not provide an API key.',
      {},
      401,
    );
}

function api(call: Call): unknown {
  const { method, path, body } = call;
  const [resource, id, action] = path;
  // Stripe.js (publishable key) may only reach these.
  const browserAllowed =
    (resource === 'payment_intents' || resource === 'setup_intents') &&
    id !== undefined &&
    (action === undefined ? method === 'GET' : action === 'confirm' || action === 'fake_authenticate');
  if (!browserAllowed) requireSecretKey(call);
  else if (!call.key) throw invalid('You did not provide an API key.', {}, 401);

  if (resource === 'customers') {
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
  }

  if (resource === 'payment_intents') {
    if (method === 'POST' && !id) {
      const amount = Number(str(body, 'amount'));
      const currency = str(body, 'currency')?.toLowerCase();
      if (!Number.isInteger(amount) || amount < 1)
        throw invalid('Missing required param: amount.', { code: 'parameter_missing', param: 'amount' });
      if (!currency)
        throw invalid('Missing required param: currency.', { code: 'parameter_missing', param: 'currency' });
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
  }

  if (resource === 'refunds' && method === 'POST' && !id) {
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

  if (resource === 'setup_intents') {
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
      const decline = DECLINES[pm.number ?? ''];
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
  }

  if (resource === 'payment_methods' && id) {
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
  }

  throw invalid(`Unrecognized request URL (${method}: /v1/${path.join('/')}).`, {}, 404);
}

// ---------------------------------------------------------------------------------------------------------------
// Test controls.

function control(method: string, path: string[]): unknown {
  const [resource, id, action] = path;
  if (method === 'POST' && resource === 'reset') {
    for (const timer of state.timers) clearTimeout(timer);
    state.timers.clear();
    for (const map of [state.customers, state.intents, state.setups, state.methods, state.refunds, state.idempotent])
      map.clear();
    state.deliveries.length = 0;
    return { reset: true };
  }
  if (method === 'GET' && resource === 'events') return state.deliveries;
  if (resource === 'payment_intents') {
    if (method === 'GET' && !id) return [...state.intents.values()];
    if (!id) throw invalid('Unrecognized request URL.', {}, 404);
    const pi = intentOf(id);
    if (method === 'GET' && !action) return pi;
    if (method === 'POST' && action === 'succeed') {
      if (pi.status === 'succeeded' || pi.status === 'canceled')
        throw invalid(`The PaymentIntent has a status of ${pi.status}.`, { code: 'payment_intent_unexpected_state' });
      succeedIntent(pi);
      return pi;
    }
    if (method === 'POST' && action === 'fail') {
      if (pi.status === 'succeeded' || pi.status === 'canceled')
        throw invalid(`The PaymentIntent has a status of ${pi.status}.`, { code: 'payment_intent_unexpected_state' });
      failIntent(pi, {
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'generic_decline',
        message: 'Your card was declined.',
      });
      return pi;
    }
  }
  throw invalid('Unrecognized request URL.', {}, 404);
}

// ---------------------------------------------------------------------------------------------------------------
// The fake Stripe.js (served at any path ending in stripe.js or /v3). Plain JavaScript for the browser: no template
// substitutions inside.

const STRIPE_JS = String.raw`(function () {
  'use strict';
  if (window.Stripe && window.Stripe.fake) return;
  var API = 'https://api.stripe.com';

  function IntegrationError(message) {
    var error = new Error(message);
    error.name = 'IntegrationError';
    return error;
  }

  function flatten(value, prefix, out) {
    if (value === undefined || value === null) return out;
    if (typeof value === 'object') {
      Object.keys(value).forEach(function (key) {
        flatten(value[key], prefix ? prefix + '[' + key + ']' : key, out);
      });
    } else {
      out.push(encodeURIComponent(prefix) + '=' + encodeURIComponent(String(value)));
    }
    return out;
  }

  async function request(method, path, params) {
    var encoded = flatten(params, '', []).join('&');
    var res = await fetch(API + path + (method === 'GET' ? '?' + encoded : ''), {
      method: method,
      headers: method === 'GET' ? {} : { 'content-type': 'application/x-www-form-urlencoded' },
      body: method === 'GET' ? undefined : encoded,
    });
    var body;
    try {
      body = await res.json();
    } catch (e) {
      body = { error: { type: 'api_error', message: 'Fake Stripe answered ' + res.status + ' without JSON.' } };
    }
    return { ok: res.ok, status: res.status, body: body };
  }

  function intentId(clientSecret, what) {
    var at = typeof clientSecret === 'string' ? clientSecret.indexOf('_secret_') : -1;
    if (at <= 0) throw IntegrationError('Invalid value for ' + what + ': clientSecret should be a client secret of the form pi_…_secret_….');
    return clientSecret.slice(0, at);
  }

  function cleanError(error) {
    var out = {};
    ['type', 'code', 'decline_code', 'message', 'param', 'payment_intent', 'setup_intent', 'payment_method'].forEach(
      function (key) {
        if (error && error[key] !== undefined) out[key] = error[key];
      },
    );
    if (!out.type) out.type = 'api_error';
    return out;
  }

  function resolveTarget(target) {
    var el = typeof target === 'string' ? document.querySelector(target) : target;
    if (!el || el.nodeType !== 1)
      throw IntegrationError('The selector you specified (' + String(target) + ') applies to no DOM elements that are currently on the page.');
    return el;
  }

  function luhn(number) {
    var sum = 0;
    for (var i = 0; i < number.length; i++) {
      var d = Number(number[number.length - 1 - i]);
      if (i % 2 === 1) {
        d *= 2;
        if (d > 9) d -= 9;
      }
      sum += d;
    }
    return number.length >= 12 && sum % 10 === 0;
  }

  function Emitter() {
    this._listeners = {};
  }
  Emitter.prototype.on = function (event, cb) {
    (this._listeners[event] = this._listeners[event] || []).push(cb);
    if (event === 'ready' && this._ready) setTimeout(cb.bind(null, { elementType: this.type }), 0);
    return this;
  };
  Emitter.prototype.once = function (event, cb) {
    var self = this;
    function wrapper(e) {
      self.off(event, wrapper);
      cb(e);
    }
    return this.on(event, wrapper);
  };
  Emitter.prototype.off = function (event, cb) {
    var list = this._listeners[event] || [];
    this._listeners[event] = cb ? list.filter(function (x) { return x !== cb; }) : [];
    return this;
  };
  Emitter.prototype._emit = function (event, payload) {
    (this._listeners[event] || []).slice().forEach(function (cb) {
      cb(payload);
    });
  };

  // One element. A 'payment' element shows a card number (paymentMethodTypes absent or with 'card') or an IBAN
  // ('sepa_debit'); other methods show a line that says nothing is to be entered here.
  function FakeElement(group, type, options) {
    Emitter.call(this);
    this.group = group;
    this.type = type;
    this.options = options || {};
    this.node = null;
    this.input = null;
    this._ready = false;
    this._destroyed = false;
  }
  FakeElement.prototype = Object.create(Emitter.prototype);
  FakeElement.prototype.kind = function () {
    var types = this.group.options.allowedPaymentMethodTypes || this.group.options.paymentMethodTypes;
    if (this.type === 'card' || this.type === 'cardNumber') return 'card';
    if (this.type === 'iban') return 'sepa_debit';
    if (this.type !== 'payment') return this.type;
    if (!types || !types.length || types.indexOf('card') >= 0) return 'card';
    return types[0];
  };
  FakeElement.prototype._render = function () {
    var self = this;
    var kind = this.kind();
    var wrap = document.createElement('div');
    wrap.className = 'fake-stripe-element';
    wrap.setAttribute('data-fake-stripe', kind);
    wrap.style.display = 'grid';
    wrap.style.gap = '0.5rem';
    this.input = null;
    if (kind === 'card' || kind === 'sepa_debit') {
      var label = document.createElement('label');
      label.style.display = 'grid';
      label.style.gap = '0.25rem';
      label.appendChild(document.createTextNode(kind === 'card' ? 'Card number' : 'IBAN'));
      var input = document.createElement('input');
      input.type = 'text';
      input.name = kind === 'card' ? 'fake-stripe-card' : 'fake-stripe-iban';
      input.autocomplete = kind === 'card' ? 'cc-number' : 'off';
      if (kind === 'card') input.inputMode = 'numeric';
      input.spellcheck = false;
      input.style.padding = '0.5rem';
      input.style.border = '1px solid #767676';
      input.style.borderRadius = '4px';
      input.style.font = 'inherit';
      if (this.options.disabled) input.disabled = true;
      input.addEventListener('input', function () {
        self._emit('change', self._state());
      });
      input.addEventListener('focus', function () {
        self._emit('focus', { elementType: self.type });
      });
      input.addEventListener('blur', function () {
        self._emit('blur', { elementType: self.type });
      });
      label.appendChild(input);
      wrap.appendChild(label);
      this.input = input;
    } else if (this.type === 'payment') {
      var note = document.createElement('p');
      note.textContent = 'Fake Stripe: nothing to enter for ' + kind + '.';
      wrap.appendChild(note);
    }
    return wrap;
  };
  FakeElement.prototype._value = function () {
    if (!this.input) return '';
    return this.kind() === 'card' ? this.input.value.replace(/\D/g, '') : this.input.value.replace(/\s/g, '').toUpperCase();
  };
  FakeElement.prototype._validate = function () {
    var kind = this.kind();
    var value = this._value();
    if (kind === 'card') {
      if (!value) return { type: 'validation_error', code: 'incomplete_number', message: 'Your card number is incomplete.' };
      if (value.length < 13) return { type: 'validation_error', code: 'incomplete_number', message: 'Your card number is incomplete.' };
      if (!luhn(value)) return { type: 'validation_error', code: 'invalid_number', message: 'Your card number is invalid.' };
    }
    if (kind === 'sepa_debit') {
      if (!value) return { type: 'validation_error', code: 'incomplete_iban', message: 'Your IBAN is incomplete.' };
      if (!/^[A-Z]{2}\d{2}[A-Z0-9]{8,30}$/.test(value))
        return { type: 'validation_error', code: 'invalid_iban', message: 'Your IBAN is invalid.' };
    }
    return null;
  };
  FakeElement.prototype._state = function () {
    var value = this._value();
    return {
      elementType: this.type,
      empty: !value,
      complete: !this._validate(),
      collapsed: false,
      value: { type: this.kind() },
    };
  };
  FakeElement.prototype.mount = function (target) {
    if (this._destroyed) throw IntegrationError('This Element has already been destroyed. Please create a new one.');
    var el = resolveTarget(target);
    if (this.node) this.unmount();
    this.node = this._render();
    el.appendChild(this.node);
    var self = this;
    setTimeout(function () {
      if (!self.node) return;
      self._ready = true;
      self._emit('ready', { elementType: self.type });
    }, 0);
  };
  FakeElement.prototype.unmount = function () {
    if (this.node && this.node.parentNode) this.node.parentNode.removeChild(this.node);
    this.node = null;
    this.input = null;
    this._ready = false;
  };
  FakeElement.prototype.destroy = function () {
    this.unmount();
    this._destroyed = true;
    var all = this.group._elements;
    var at = all.indexOf(this);
    if (at >= 0) all.splice(at, 1);
  };
  FakeElement.prototype.update = function (options) {
    Object.assign(this.options, options || {});
    if (this.input) this.input.disabled = !!this.options.disabled;
  };
  FakeElement.prototype.focus = function () {
    if (this.input) this.input.focus();
  };
  FakeElement.prototype.blur = function () {
    if (this.input) this.input.blur();
  };
  FakeElement.prototype.clear = function () {
    if (this.input) this.input.value = '';
  };
  FakeElement.prototype.collapse = function () {};
  FakeElement.prototype._rerender = function () {
    if (!this.node || !this.node.parentNode) return;
    var parent = this.node.parentNode;
    var old = this.node;
    this.node = this._render();
    parent.replaceChild(this.node, old);
  };

  function FakeElements(stripe, options) {
    this.stripe = stripe;
    this.options = Object.assign({}, options || {});
    this._elements = [];
    this._submitted = false;
  }
  FakeElements.prototype.create = function (type, options) {
    var element = new FakeElement(this, type, options);
    this._elements.push(element);
    return element;
  };
  FakeElements.prototype.getElement = function (type) {
    for (var i = 0; i < this._elements.length; i++) if (this._elements[i].type === type) return this._elements[i];
    return null;
  };
  FakeElements.prototype.update = function (options) {
    // Like Stripe.js: a Promise; a test can make Stripe refuse updates (window.fakeStripe.failUpdates).
    if (window.fakeStripe.failUpdates)
      return Promise.reject(IntegrationError('elements.update(): the amount could not be updated.'));
    window.fakeStripe.updates.push(options);
    var before = JSON.stringify(this.options.allowedPaymentMethodTypes || this.options.paymentMethodTypes || null);
    Object.assign(this.options, options || {});
    if (JSON.stringify(this.options.allowedPaymentMethodTypes || this.options.paymentMethodTypes || null) !== before)
      this._elements.forEach(function (element) {
        element._rerender();
      });
    return Promise.resolve();
  };
  FakeElements.prototype.fetchUpdates = async function () {
    return {};
  };
  FakeElements.prototype._payment = function () {
    for (var i = 0; i < this._elements.length; i++) {
      var element = this._elements[i];
      if (element.node && ['payment', 'card', 'cardNumber', 'iban'].indexOf(element.type) >= 0) return element;
    }
    return null;
  };
  FakeElements.prototype.submit = async function () {
    var element = this._payment();
    if (!element)
      return { error: { type: 'validation_error', message: 'elements.submit() needs a mounted Payment Element.' } };
    var error = element._validate();
    if (error) return { error: error };
    this._submitted = true;
    return { selectedPaymentMethod: element.kind() };
  };

  function redirectTo(returnUrl, kind, id, clientSecret, status) {
    var url =
      returnUrl +
      (returnUrl.indexOf('?') >= 0 ? '&' : '?') +
      kind + '=' + encodeURIComponent(id) +
      '&' + kind + '_client_secret=' + encodeURIComponent(clientSecret) +
      '&redirect_status=' + status;
    window.fakeStripe.redirects.push(url);
    window.location.href = url;
    return new Promise(function () {});
  }

  function methodData(elements, confirmParams) {
    var element = elements && elements._payment();
    var data = Object.assign({}, (confirmParams && confirmParams.payment_method_data) || {});
    if (!element) return data;
    var kind = element.kind();
    data.type = kind;
    if (kind === 'card') data.card = { number: element._value() };
    if (kind === 'sepa_debit') data.sepa_debit = { iban: element._value() };
    return data;
  }

  function FakeStripe(key, options) {
    if (!(this instanceof FakeStripe)) return new FakeStripe(key, options);
    if (typeof key !== 'string' || !/^pk_(test|live)_/.test(key))
      throw IntegrationError('Invalid API Key provided: ' + String(key));
    this._key = key;
    this._options = options || {};
    window.fakeStripe.instances.push(this);
  }

  FakeStripe.prototype.elements = function (options) {
    return new FakeElements(this, options);
  };

  FakeStripe.prototype._registerWrapper = function () {};

  FakeStripe.prototype._authenticate = async function (kind, id, clientSecret) {
    var outcome = window.fakeStripeAuthentication === 'fail' ? 'fail' : 'pass';
    return request('POST', '/v1/' + kind + 's/' + id + '/fake_authenticate', {
      key: this._key,
      client_secret: clientSecret,
      outcome: outcome,
    });
  };

  FakeStripe.prototype._confirm = async function (kind, args, what) {
    args = args || {};
    var elements = args.elements;
    var clientSecret = args.clientSecret || (elements && elements.options.clientSecret);
    if (!clientSecret) throw IntegrationError('Invalid value for ' + what + ': clientSecret is required.');
    var id = intentId(clientSecret, what);
    var confirmParams = args.confirmParams || {};
    var redirect = args.redirect || 'always';
    if (!confirmParams.return_url && redirect !== 'if_required')
      throw IntegrationError('stripe.' + what + '(): the confirmParams.return_url argument is required unless passing redirect: \'if_required\'');
    if (elements && !elements.options.clientSecret && !elements._submitted)
      throw IntegrationError(
        'elements.submit() must be called before stripe.' + what + '(). Call elements.submit() as soon as your customer presses pay, prior to any asynchronous work.',
      );
    if (elements) elements._submitted = false;
    var params = Object.assign({}, confirmParams, {
      key: this._key,
      client_secret: clientSecret,
      payment_method_data: methodData(elements, confirmParams),
    });
    if (args.paymentMethod || confirmParams.payment_method) {
      params.payment_method = args.paymentMethod || confirmParams.payment_method;
      delete params.payment_method_data;
    }
    window.fakeStripe.confirms.push({ kind: kind, id: id, params: params });
    var res = await request('POST', '/v1/' + kind + 's/' + id + '/confirm', params);
    if (!res.ok) return { error: cleanError(res.body.error) };
    var intent = res.body;
    if (intent.status === 'requires_action' && intent.next_action && intent.next_action.type !== 'display_bank_transfer_instructions') {
      var redirectMethod = intent.next_action.type === 'redirect_to_url';
      res = await this._authenticate(kind, id, clientSecret);
      if (!res.ok) return { error: cleanError(res.body.error) };
      intent = res.body;
      if (intent.status === 'requires_payment_method' && intent.last_payment_error) {
        if (redirectMethod && confirmParams.return_url)
          return redirectTo(confirmParams.return_url, kind, id, clientSecret, 'failed');
        return { error: cleanError(Object.assign({}, intent.last_payment_error, { payment_intent: intent })) };
      }
    }
    if (redirect === 'if_required') {
      var result = {};
      result[kind === 'payment_intent' ? 'paymentIntent' : 'setupIntent'] = intent;
      return result;
    }
    return redirectTo(confirmParams.return_url, kind, id, clientSecret, 'succeeded');
  };

  FakeStripe.prototype.confirmPayment = function (args) {
    return this._confirm('payment_intent', args, 'confirmPayment');
  };

  FakeStripe.prototype.confirmSetup = function (args) {
    return this._confirm('setup_intent', args, 'confirmSetup');
  };

  FakeStripe.prototype._retrieve = async function (kind, clientSecret, what) {
    var id = intentId(clientSecret, what);
    var res = await request('GET', '/v1/' + kind + 's/' + id, { key: this._key, client_secret: clientSecret });
    if (!res.ok) return { error: cleanError(res.body.error) };
    var result = {};
    result[kind === 'payment_intent' ? 'paymentIntent' : 'setupIntent'] = res.body;
    return result;
  };

  FakeStripe.prototype.retrievePaymentIntent = function (clientSecret) {
    return this._retrieve('payment_intent', clientSecret, 'retrievePaymentIntent');
  };

  FakeStripe.prototype.retrieveSetupIntent = function (clientSecret) {
    return this._retrieve('setup_intent', clientSecret, 'retrieveSetupIntent');
  };

  FakeStripe.prototype.handleNextAction = async function (args) {
    var clientSecret = args && args.clientSecret;
    var kind = String(clientSecret).indexOf('seti_') === 0 ? 'setup_intent' : 'payment_intent';
    var id = intentId(clientSecret, 'handleNextAction');
    var res = await this._authenticate(kind, id, clientSecret);
    if (!res.ok) return { error: cleanError(res.body.error) };
    var result = {};
    result[kind === 'payment_intent' ? 'paymentIntent' : 'setupIntent'] = res.body;
    return result;
  };

  // @stripe/stripe-js warns unless the version is its release train; it calls _registerWrapper on the instance.
  FakeStripe.version = 'endive';
  FakeStripe.fake = true;
  FakeStripe._registerWrapper = function () {};
  window.fakeStripe = { instances: [], confirms: [], redirects: [], updates: [], failUpdates: false };
  window.Stripe = FakeStripe;
})();
`;

// ---------------------------------------------------------------------------------------------------------------
// HTTP.

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': '*',
  'access-control-allow-methods': 'GET, POST, DELETE, OPTIONS',
  'access-control-max-age': '600',
};

function send(res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { ...CORS, 'content-type': 'application/json', ...headers });
  res.end(body);
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function keyOf(req: IncomingMessage, body: Params, query: Params): string | null {
  const auth = req.headers.authorization;
  if (auth?.startsWith('Bearer ')) return auth.slice('Bearer '.length);
  if (auth?.startsWith('Basic ')) return Buffer.from(auth.slice(6), 'base64').toString('utf8').replace(/:$/, '');
  return str(body, 'key') ?? str(query, 'key') ?? null;
}

let requests = 0;

async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://fake-stripe');
  const method = req.method ?? 'GET';
  if (method === 'OPTIONS') {
    res.writeHead(204, CORS);
    res.end();
    return;
  }
  if (url.pathname === '/ready') return send(res, 200, JSON.stringify({ ready: true }));
  if (method === 'GET' && (/stripe\.js$/.test(url.pathname) || /\/v3\/?$/.test(url.pathname))) {
    res.writeHead(200, {
      ...CORS,
      'content-type': 'application/javascript; charset=utf-8',
      'cache-control': 'no-store',
    });
    res.end(STRIPE_JS);
    return;
  }
  const requestId = `req_fake_${++requests}`;
  const text = await readBody(req);
  const type = req.headers['content-type'] ?? '';
  let body: Params = {};
  try {
    body = type.includes('application/json') && text ? (JSON.parse(text) as Params) : parseForm(text);
  } catch {
    return send(
      res,
      400,
      JSON.stringify({ error: { type: 'invalid_request_error', message: 'Invalid request body.' } }),
    );
  }
  const query = parseForm(url.search.slice(1));
  const segments = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);

  if (segments[0] === '_fake') {
    try {
      return send(res, 200, JSON.stringify(control(method, segments.slice(1)), null, 2));
    } catch (error) {
      if (error instanceof StripeError) return send(res, error.status, JSON.stringify({ error: error.body }, null, 2));
      throw error;
    }
  }
  if (segments[0] !== 'v1')
    return send(
      res,
      404,
      JSON.stringify({ error: { type: 'invalid_request_error', message: 'Unrecognized request URL.' } }),
    );

  const call: Call = { method, path: segments.slice(1), query, body, key: keyOf(req, body, query) };
  // Stripe replays the first answer to a key, and refuses the key on another request.
  const idempotencyHeader = req.headers['idempotency-key'];
  const idempotencyKey = Array.isArray(idempotencyHeader) ? idempotencyHeader[0] : idempotencyHeader;
  const storeKey = method === 'POST' && idempotencyKey ? `${call.key ?? ''}:${idempotencyKey}` : null;
  const headers = {
    'request-id': requestId,
    'stripe-version': String(req.headers['stripe-version'] ?? Stripe.API_VERSION),
  };
  if (storeKey) {
    const seen = state.idempotent.get(storeKey);
    if (seen) {
      if (seen.path !== url.pathname || seen.method !== method)
        return send(
          res,
          400,
          JSON.stringify({
            error: {
              type: 'idempotency_error',
              message: `Keys for idempotent requests can only be used for the same endpoint they were first used for ('${seen.method} ${seen.path}' vs '${method} ${url.pathname}').`,
            },
          }),
          headers,
        );
      return send(res, seen.status, seen.body, { ...headers, 'idempotent-replayed': 'true' });
    }
  }
  let status = 200;
  let answer: string;
  try {
    answer = JSON.stringify(api(call), null, 2);
  } catch (error) {
    if (!(error instanceof StripeError)) throw error;
    status = error.status;
    answer = JSON.stringify({ error: { ...error.body, request_log_url: null } }, null, 2);
  }
  if (storeKey && status < 500) state.idempotent.set(storeKey, { method, path: url.pathname, status, body: answer });
  send(res, status, answer, headers);
}

const server = createServer((req, res) => {
  handle(req, res).catch((error: unknown) => {
    console.error('fake-stripe:', error);
    if (!res.headersSent)
      send(res, 500, JSON.stringify({ error: { type: 'api_error', message: String((error as Error).message) } }));
    else res.end();
  });
});

server.listen(PORT, '127.0.0.1', () => {
  console.log(`fake-stripe: listening on http://127.0.0.1:${PORT}, webhooks to ${WEBHOOK_URL}`);
});

for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    for (const timer of state.timers) clearTimeout(timer);
    server.close();
    server.closeAllConnections();
    process.exit(0);
  });
