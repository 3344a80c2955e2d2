import { describe, expect, it } from 'vitest';
import { isProductionEnv, productionProblems, productionRefusal } from './production.ts';

// Decision 026: production refuses to start while a setting it needs is missing or a known default, and says all of
// them at once.

const EU = [
  { code: 'DE', currency: 'EUR' },
  { code: 'PL', currency: 'PLN' },
];
const STRIPE = {
  PAYMENT_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: 'sk_live_51Abc',
  STRIPE_PUBLISHABLE_KEY: 'pk_live_51Abc',
  STRIPE_WEBHOOK_SECRET: 'whsec_9f8e7d6c5b4a39281706f5e4d3c2b1a0',
};
/** Every setting production needs, with values of the right shapes. */
const COMPLETE = {
  NODE_ENV: 'production',
  JWT_SECRET: 'q3Vt8xY1mN0pL7sK2dF9gH4jR6wE5zC8bA1uI0oP',
  WHISTLEBLOWING_KEY: 'kW4u9bS1Q2rT3yU4iO5pA6sD7fG8hJ9kL0zX1cV2bN0=',
  PUBLIC_URL: 'https://shop.example.com',
  DATABASE_URL: 'postgres://shop@db.internal:5432/shop',
  SMTP_URL: 'smtps://mailer:secret@smtp.example.com:465',
  RECAPTCHA_SITE_KEY: '6LcSiteKey',
  RECAPTCHA_PROJECT_ID: 'shop-prod',
  RECAPTCHA_API_KEY: 'AIzaApiKey',
  BANK_TRANSFER_IBAN: 'DE89370400440532013000',
  BANK_TRANSFER_BIC: 'COBADEFFXXX',
  ...STRIPE,
};
const variables = (problems: string[]) => problems.map((p) => p.slice(0, p.indexOf(':')));

describe('production mode', () => {
  it('is NODE_ENV=production (the default) without DEMO=1', () => {
    expect(isProductionEnv({})).toBe(true);
    expect(isProductionEnv({ NODE_ENV: 'production', DEMO: '0' })).toBe(true);
    expect(isProductionEnv({ DEMO: '1' })).toBe(false);
    expect(isProductionEnv({ DEMO: 'true' })).toBe(false);
    expect(isProductionEnv({ NODE_ENV: 'development' })).toBe(false);
    expect(isProductionEnv({ NODE_ENV: 'test' })).toBe(false);
  });

  it('names every missing setting at once with the defaults', () => {
    const problems = productionProblems({}, EU);
    expect(variables(problems)).toEqual([
      'JWT_SECRET',
      'WHISTLEBLOWING_KEY',
      'PUBLIC_URL',
      'DATABASE_URL',
      'SMTP_URL',
      'RECAPTCHA_SITE_KEY, RECAPTCHA_PROJECT_ID, RECAPTCHA_API_KEY',
      'PAYMENT_PROVIDER',
      'BANK_TRANSFER_IBAN',
      'BANK_TRANSFER_BIC',
    ]);
    const message = productionRefusal(problems);
    expect(message).toMatch(/^Refusing to start in production: 9 settings to fix/);
    expect(message.split('\n')).toHaveLength(10);
  });

  it('accepts complete settings', () => {
    expect(productionProblems(COMPLETE, EU)).toEqual([]);
  });

  it('refuses Stripe test-mode keys, which take test cards, unless a staging server opts in', () => {
    const testKeys = { ...COMPLETE, STRIPE_SECRET_KEY: 'sk_test_51Abc', STRIPE_PUBLISHABLE_KEY: 'pk_test_51Abc' };
    expect(variables(productionProblems(testKeys, EU))).toEqual(['STRIPE_SECRET_KEY']);
    expect(productionProblems({ ...testKeys, ALLOW_TEST_PAYMENTS: '1' }, EU)).toEqual([]);
    const perMarket = JSON.stringify({
      PL: { secretKey: 'rk_test_1', publishableKey: 'pk_live_1', webhookSecret: 'whsec_k8J2mN5qR7tV9xZ1' },
    });
    expect(productionProblems({ ...COMPLETE, STRIPE_ACCOUNTS: perMarket }, EU)).toEqual([
      expect.stringMatching(/^STRIPE_SECRET_KEY: test-mode keys .* for PL;/),
    ]);
  });

  it('refuses a lender reached over plain http or with a trivial callback secret', () => {
    const ekho = {
      EKHO_API_URL: 'https://api.ekho.example',
      EKHO_API_KEY: 'k',
      EKHO_WEBHOOK_SECRET: 'Zq8wX3nB7vT1mK5pR9sD',
    };
    expect(productionProblems({ ...COMPLETE, ...ekho }, EU)).toEqual([]);
    expect(
      variables(
        productionProblems(
          { ...COMPLETE, ...ekho, EKHO_API_URL: 'http://api.ekho.example', EKHO_WEBHOOK_SECRET: 'x'.repeat(20) },
          EU,
        ),
      ),
    ).toEqual(['EKHO_API_URL', 'EKHO_WEBHOOK_SECRET']);
  });

  it('takes the embedded database only with the explicit opt-in', () => {
    const { DATABASE_URL: _, ...withoutDb } = COMPLETE;
    expect(variables(productionProblems(withoutDb, EU))).toEqual(['DATABASE_URL']);
    expect(productionProblems({ ...withoutDb, ALLOW_EMBEDDED_DATABASE: '1' }, EU)).toEqual([]);
    expect(variables(productionProblems({ ...COMPLETE, DATABASE_URL: 'mysql://x' }, EU))).toEqual(['DATABASE_URL']);
  });

  it('refuses documented example and trivial secrets', () => {
    for (const JWT_SECRET of [
      'change-me-to-a-long-random-string-of-48-chars',
      'CHANGEME-CHANGEME-CHANGEME-CHANGEME',
      'a'.repeat(40),
      'abababababababababababababababababab',
    ])
      expect(variables(productionProblems({ ...COMPLETE, JWT_SECRET }, EU))).toEqual(['JWT_SECRET']);
    expect(
      variables(productionProblems({ ...COMPLETE, STRIPE_WEBHOOK_SECRET: 'whsec_sandbox_local_development' }, EU)),
    ).toEqual(['STRIPE_WEBHOOK_SECRET']);
  });

  it('takes TRUST_PROXY as addresses/CIDRs, never true or a hop count (Fastify 5 trusts nobody for one)', () => {
    for (const ok of ['uniquelocal', '10.0.0.0/8', '10.0.0.1, 192.168.0.0/16', 'loopback', '::1', 'fd00::/8', 'false'])
      expect(productionProblems({ ...COMPLETE, TRUST_PROXY: ok }, EU)).toEqual([]);
    for (const bad of ['true', '1', '2', 'yes', '10.0.0.0/33', 'proxy.internal', '10.0.0.1/8/2', '*'])
      expect(variables(productionProblems({ ...COMPLETE, TRUST_PROXY: bad }, EU))).toEqual(['TRUST_PROXY']);
  });

  it('never runs the dev mailbox', () => {
    for (const DEV_MAILBOX of ['true', 'local'])
      expect(variables(productionProblems({ ...COMPLETE, DEV_MAILBOX }, EU))).toEqual(['DEV_MAILBOX']);
    for (const DEV_MAILBOX of ['false', 'off'])
      expect(productionProblems({ ...COMPLETE, DEV_MAILBOX }, EU)).toEqual([]);
  });

  it('needs an https PUBLIC_URL', () => {
    expect(variables(productionProblems({ ...COMPLETE, PUBLIC_URL: 'http://shop.example.com' }, EU))).toEqual([
      'PUBLIC_URL',
    ]);
  });

  it('needs Stripe keys for every active market, never the sandbox', () => {
    expect(variables(productionProblems({ ...COMPLETE, PAYMENT_PROVIDER: 'sandbox' }, EU))).toEqual([
      'PAYMENT_PROVIDER',
    ]);
    // A market left out of STRIPE_MARKETS would pay through the sandbox.
    const some = productionProblems({ ...COMPLETE, STRIPE_MARKETS: 'DE' }, EU);
    expect(some).toEqual([expect.stringMatching(/^STRIPE_MARKETS: .*PL$/)]);
    // Per-market accounts: each needs its secret, publishable key and webhook secret.
    const { STRIPE_SECRET_KEY: _s, STRIPE_PUBLISHABLE_KEY: _p, STRIPE_WEBHOOK_SECRET: _w, ...noKeys } = COMPLETE;
    const accounts = JSON.stringify({
      DE: { secretKey: 'sk_live_de', publishableKey: 'pk_live_de', webhookSecret: 'whsec_de_0123456789abcdef' },
      PL: { secretKey: 'sk_live_pl' },
    });
    expect(productionProblems({ ...noKeys, STRIPE_ACCOUNTS: accounts }, EU)).toEqual([
      'STRIPE_PUBLISHABLE_KEY: no publishable key for PL',
      'STRIPE_WEBHOOK_SECRET: no webhook signing secret for PL',
    ]);
    expect(variables(productionProblems(noKeys, EU))).toEqual([
      'STRIPE_SECRET_KEY',
      'STRIPE_PUBLISHABLE_KEY',
      'STRIPE_WEBHOOK_SECRET',
    ]);
  });

  it('needs our bank account only where transfers to it are offered', () => {
    const { BANK_TRANSFER_IBAN: _i, BANK_TRANSFER_BIC: _b, ...noBank } = COMPLETE;
    // Germany's transfers go to Stripe's virtual accounts; Poland's to our own account.
    expect(productionProblems(noBank, [{ code: 'DE', currency: 'EUR' }])).toEqual([]);
    expect(variables(productionProblems(noBank, EU))).toEqual(['BANK_TRANSFER_IBAN', 'BANK_TRANSFER_BIC']);
  });
});
