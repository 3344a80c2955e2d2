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
// Test cards (the card number typed into the fake Payment Element; the rule is apps/api/src/providers/payments/
// test-cards.ts, which the sandbox provider follows too):
//   4242424242424242, 5555555555554444 and any other Luhn-valid number → succeeded
//   4000000000000002 → declined (card_declined / generic_decline); 4000000000009995 → insufficient_funds;
//   4000000000000069 → expired_card; 4000000000000127 → incorrect_cvc (all: HTTP 402, status requires_payment_method)
//   4000002500003155, 4000002760003184, 4000000000003220 → 3-D Secure: requires_action, which the fake Stripe.js
//   completes at once (passes; set `window.fakeStripeAuthentication = 'fail'` in the page to fail it); a saved card
//   pays without it
// Test IBANs: any (e.g. DE89370400440532013000) → processing, then succeeded; one containing 0235473202 (e.g.
//   AT861904300235473202) → processing, then failed (insufficient_funds).
// Saved cards: pm_fake_<n> (made by confirmSetup), pm_card_visa → succeeded; pm_card_chargeDeclined → declined.
//
// Control endpoints for tests (no key needed): POST /_fake/payment_intents/:id/succeed (e.g. the money of a bank
// transfer arrives) and /fail, GET /_fake/payment_intents (all, newest last), GET /_fake/payment_intents/:id,
// GET /_fake/events (the webhook deliveries and their HTTP status), POST /_fake/reset.

//
// The parts are in e2e/fake-stripe/: config (environment), forms (Stripe's form bodies), state (memory, errors),
// webhooks (signed deliveries), call (keys), payment-methods, payment-intents, setup-intents, api (the REST routes),
// control (/_fake), stripe-js-elements + stripe-js (the browser script), server (HTTP).
import { startFakeStripe } from './fake-stripe/server.ts';

export { parseForm } from './fake-stripe/forms.ts';

startFakeStripe();
