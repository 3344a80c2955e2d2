// What the fake Stripe holds (in memory, until POST /_fake/reset) and how it answers an error.
import { randomBytes } from 'node:crypto';
import type { Params } from './forms.ts';

export interface PaymentError {
  type: string;
  code: string;
  decline_code?: string;
  message: string;
  payment_method?: { id: string; object: 'payment_method'; type: string };
}

export interface PaymentIntent {
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

export interface SetupIntent {
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

export interface PaymentMethod {
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

export interface Delivery {
  id: string;
  type: string;
  object: string;
  status: number | string;
  attempts: number;
}

export const state = {
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

export function nextId(prefix: string): string {
  const n = (state.counters.get(prefix) ?? 0) + 1;
  state.counters.set(prefix, n);
  return `${prefix}_fake_${n}`;
}

export const now = () => Math.floor(Date.now() / 1000);
export const secret = (id: string) => `${id}_secret_${randomBytes(12).toString('hex')}`;

/** The public view of a payment method (the typed number stays here). */
export function publicMethod(pm: PaymentMethod): Omit<PaymentMethod, 'number'> {
  const { number: _number, ...rest } = pm;
  return rest;
}

// ---------------------------------------------------------------------------------------------------------------
// Answers.

export class StripeError extends Error {
  status: number;
  body: Record<string, unknown>;
  constructor(status: number, body: Record<string, unknown>) {
    super(String(body.message));
    this.status = status;
    this.body = body;
  }
}

export function invalid(message: string, extra: Record<string, unknown> = {}, status = 400): StripeError {
  return new StripeError(status, { type: 'invalid_request_error', message, ...extra });
}

export function missing(kind: string, id: string, param = 'id'): StripeError {
  return invalid(`No such ${kind}: '${id}'`, { code: 'resource_missing', param }, 404);
}
