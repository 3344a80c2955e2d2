import type { BrowserContext, Page, Route } from '@playwright/test';
import { TEST_CARDS } from '../apps/api/src/providers/payments/test-cards.ts';

// The browser side of the fake Stripe (e2e/fake-stripe.ts, started by playwright.config.ts): Stripe.js and Stripe's
// API are routed to it, so `loadStripe` gets the fake Stripe.js and its calls reach the fake server.
//
//   test('pays by card', async ({ page }) => {
//     await useFakeStripe(page);            // before the first page that loads Stripe.js
//     await page.goto('/nl/checkout');
//     await page.getByLabel('Card number').fill(STRIPE_TEST_CARDS.success);
//     …
//   });

export const FAKE_STRIPE_PORT = Number(process.env.FAKE_STRIPE_PORT ?? 3199);
export const FAKE_STRIPE_URL = `http://127.0.0.1:${FAKE_STRIPE_PORT}`;

/** Card numbers the fake Stripe knows (the rule: apps/api/src/providers/payments/test-cards.ts, the sandbox's too). */
export const STRIPE_TEST_CARDS = {
  success: TEST_CARDS.success,
  declined: TEST_CARDS.declined,
  insufficientFunds: TEST_CARDS.insufficientFunds,
  expired: TEST_CARDS.expired,
  /** 3-D Secure, passed at once by the fake Stripe.js (`window.fakeStripeAuthentication = 'fail'` fails it). */
  threeDSecure: TEST_CARDS.requiresAction,
} as const;

/** IBANs: a debit goes processing, then (FAKE_STRIPE_SETTLE_MS later) succeeded or failed. */
export const STRIPE_TEST_IBANS = {
  success: 'DE89370400440532013000',
  fails: 'AT861904300235473202',
} as const;

async function forward(route: Route): Promise<void> {
  const url = new URL(route.request().url());
  const response = await route.fetch({ url: `${FAKE_STRIPE_URL}${url.pathname}${url.search}`, maxRedirects: 0 });
  await route.fulfill({ response });
}

/** Routes https://js.stripe.com and https://api.stripe.com (preflights included) to the fake Stripe. */
export async function useFakeStripe(target: Page | BrowserContext): Promise<void> {
  await target.route('https://js.stripe.com/**', forward);
  await target.route('https://api.stripe.com/**', forward);
}

async function control<T>(method: 'GET' | 'POST', path: string): Promise<T> {
  const res = await fetch(`${FAKE_STRIPE_URL}/_fake/${path}`, { method });
  if (!res.ok) throw new Error(`fake Stripe ${method} /_fake/${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

export interface FakePaymentIntent {
  id: string;
  status: string;
  amount: number;
  currency: string;
  customer: string | null;
  metadata: Record<string, string>;
  client_secret: string;
  payment_method_types: string[];
  last_payment_error: { code: string; decline_code?: string; message: string } | null;
  next_action: Record<string, unknown> | null;
}

export interface FakeWebhookDelivery {
  id: string;
  type: string;
  /** The PaymentIntent's (or SetupIntent's) id. */
  object: string;
  /** The app's HTTP status, 'pending', or the network error. */
  status: number | string;
  attempts: number;
}

/** Every PaymentIntent the fake Stripe holds, oldest first. */
export function fakeStripeIntents(): Promise<FakePaymentIntent[]> {
  return control('GET', 'payment_intents');
}

/** The money arrives (a bank transfer) or a pending intent succeeds: `payment_intent.succeeded` goes to the app. */
export function fakeStripeSucceed(id: string): Promise<FakePaymentIntent> {
  return control('POST', `payment_intents/${encodeURIComponent(id)}/succeed`);
}

/** A pending intent fails: `payment_intent.payment_failed` goes to the app. */
export function fakeStripeFail(id: string): Promise<FakePaymentIntent> {
  return control('POST', `payment_intents/${encodeURIComponent(id)}/fail`);
}

/** The webhooks sent so far, oldest first. */
export function fakeStripeWebhooks(): Promise<FakeWebhookDelivery[]> {
  return control('GET', 'events');
}
