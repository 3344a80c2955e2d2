// The fake Stripe's settings (environment; see e2e/fake-stripe.ts).
export const PORT = Number(process.env.FAKE_STRIPE_PORT ?? 3199);
export const APP_URL = (process.env.FAKE_STRIPE_APP_URL ?? 'http://127.0.0.1:3100').replace(/\/+$/, '');
export const WEBHOOK_SECRET = process.env.FAKE_STRIPE_WEBHOOK_SECRET ?? 'whsec_fake_e2e_secret';
export const SETTLE_MS = Number(process.env.FAKE_STRIPE_SETTLE_MS ?? 1000);
export const WEBHOOK_URL = `${APP_URL}/v1/payment/webhook/stripe`;
