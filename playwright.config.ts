import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from './e2e/chromium.ts';

const PORT = Number(process.env.E2E_PORT ?? 3100);
// The stand-in for Stripe (e2e/fake-stripe.ts): its API, its Stripe.js (routed by e2e/stripe-route.ts), its webhooks.
const FAKE_STRIPE_PORT = Number(process.env.FAKE_STRIPE_PORT ?? 3199);
const STRIPE_WEBHOOK_SECRET = 'whsec_fake_e2e_secret';
// The stand-in for Google Places (e2e/fake-geocoding.ts): the address search and the store finder's place search.
const FAKE_GEOCODING_PORT = Number(process.env.FAKE_GEOCODING_PORT ?? FAKE_STRIPE_PORT - 1);

export default defineConfig({
  testDir: 'e2e',
  workers: 1,
  fullyParallel: false,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? 'line' : 'list',
  timeout: 30_000,
  // Two cores run Chromium, the server and the embedded database at once in CI.
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    // Every test's visitor has answered the cookie notice (analytics allowed), so it covers no button; the consent
    // test starts from an empty state of its own (e2e/legal.spec.ts).
    storageState: {
      cookies: [
        {
          name: 'cookie_consent',
          value: 'analytics',
          domain: '127.0.0.1',
          path: '/',
          expires: -1,
          httpOnly: false,
          secure: false,
          sameSite: 'Lax',
        },
      ],
      origins: [],
    },
    browserName: 'chromium',
    launchOptions: { executablePath: await chromiumPath(), args: CHROMIUM_ARGS },
    // Recording a trace costs the browser ~15–25 % of a test's time even when it is thrown away (bench/README.md,
    // "Session 19"): CI records the retry of a failed test only; a local run keeps every failure's trace.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
  },
  webServer: [
    {
      command: 'node e2e/fake-stripe.ts',
      url: `http://127.0.0.1:${FAKE_STRIPE_PORT}/ready`,
      reuseExistingServer: false,
      timeout: 20_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        FAKE_STRIPE_PORT: String(FAKE_STRIPE_PORT),
        FAKE_STRIPE_APP_URL: `http://127.0.0.1:${PORT}`,
        FAKE_STRIPE_WEBHOOK_SECRET: STRIPE_WEBHOOK_SECRET,
      },
    },
    {
      command: 'node e2e/fake-geocoding.ts',
      url: `http://127.0.0.1:${FAKE_GEOCODING_PORT}/ready`,
      reuseExistingServer: false,
      timeout: 20_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { FAKE_GEOCODING_PORT: String(FAKE_GEOCODING_PORT) },
    },
    {
      command: 'node apps/web/server/index.ts',
      url: `http://127.0.0.1:${PORT}/ready`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        NODE_ENV: 'production',
        DEMO: '1',
        HOST: '127.0.0.1',
        PORT: String(PORT),
        DATA_DIR: mkdtempSync(join(tmpdir(), 'varg-e2e-')),
        // The suite signs the shared demo accounts in far more than 10 times in 15 minutes (the default limit).
        SIGN_IN_LIMIT_PER_ACCOUNT: '1000',
        // The tests play visitors from other countries through X-Forwarded-For.
        TRUST_PROXY: 'loopback',
        LOG_LEVEL: 'warn',
        // The internal test page's address (e2e/presale.spec.ts); the administrator sees the preorder model anyway.
        WHITELIST_EMAILS: 'admin@demo.starkfuture.com',
        // SEPA and ACH debits in the sandbox settle (by their signed webhook) 1.5 s after the buyer confirms.
        SANDBOX_SETTLE_MS: '1500',
        // Only the Netherlands pays through Stripe (the fake one); every other market stays on the sandbox.
        PAYMENT_PROVIDER: 'stripe',
        STRIPE_MARKETS: 'NL',
        STRIPE_SECRET_KEY: 'sk_test_fake_e2e',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_fake_e2e',
        STRIPE_WEBHOOK_SECRET,
        STRIPE_API_BASE: `http://127.0.0.1:${FAKE_STRIPE_PORT}`,
        // Address lookup is on, answered by the fake Google Places (its key is the one it accepts).
        GOOGLE_MAPS_API_KEY: 'fake-google-maps-key',
        GOOGLE_PLACES_API_BASE: `http://127.0.0.1:${FAKE_GEOCODING_PORT}`,
      },
    },
  ],
});
