// Production mode (decision 026): what a deployment must set before it may start. The checks read the raw
// environment (so a malformed variable and a missing one are reported together) and the markets that are active in
// the database; the process prints every problem at once and exits 1.
import { isIP } from 'node:net';
import { allowedMethods } from '@varg/domain';
import { HOP_COUNT_REFUSED } from './config.ts';

type RawEnv = Record<string, string | undefined>;

const truthy = (v: string | undefined) => v === '1' || v === 'true';

/** Production is `NODE_ENV=production` (the default) without `DEMO=1`; everything else is the demo shop. */
export function isProductionEnv(source: RawEnv): boolean {
  return (source.NODE_ENV ?? 'production') === 'production' && !truthy(source.DEMO);
}

/**
 * Secrets that appear in documentation, examples and tests: a deployment using one has a key anyone can read.
 * Compared case-insensitively after trimming.
 */
export const KNOWN_EXAMPLE_SECRETS: readonly string[] = [
  'change-me-to-a-long-random-string-of-48-chars',
  'changeme-changeme-changeme-changeme',
  'replace-with-a-random-secret-of-32-characters',
  'your-256-bit-secret-your-256-bit-secret',
  'a-string-secret-at-least-256-bits-long',
  'test-secret-test-secret-test-secret-test',
  '0123456789abcdef0123456789abcdef',
  'whsec_sandbox_local_development',
];

/** Fastify's named address ranges (proxy-addr): lists of CIDRs, allowed as TRUST_PROXY entries. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrCidr(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address, bits, extra] = entry.split('/');
  if (extra !== undefined || !address) return false;
  const family = isIP(address);
  if (!family) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (family === 4 ? 32 : 128);
}

function weakSecret(value: string): boolean {
  const v = value.trim().toLowerCase();
  if (KNOWN_EXAMPLE_SECRETS.includes(v)) return true;
  // A repeated character or a handful of them (`aaaa…`, `abababab…`) is no key.
  return new Set(v).size < 8;
}

/** An active market and its currency (a `countries` row with status 1). */
export interface ActiveMarket {
  code: string;
  currency: string;
}

interface StripeAccount {
  secretKey?: unknown;
  publishableKey?: unknown;
  webhookSecret?: unknown;
}

function stripeAccounts(source: RawEnv): Record<string, StripeAccount> | null {
  if (!source.STRIPE_ACCOUNTS) return {};
  try {
    const parsed = JSON.parse(source.STRIPE_ACCOUNTS) as unknown;
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, StripeAccount>) : null;
  } catch {
    return null;
  }
}

/** A list of codes as one short phrase: `AT, BE, … (27 markets)`. */
function markets(codes: string[]): string {
  return codes.length > 8 ? `${codes.slice(0, 8).join(', ')}, … (${codes.length} markets)` : codes.join(', ');
}

/**
 * Every reason this environment may not run in production, one line each, `VARIABLE: what is wrong` (empty: it may
 * start). `activeMarkets` are the countries with status 1 after migrating and seeding the reference data.
 */
export function productionProblems(source: RawEnv, activeMarkets: readonly ActiveMarket[]): string[] {
  const problems: string[] = [];
  const add = (variable: string, message: string) => problems.push(`${variable}: ${message}`);
  const set = (name: string) => (source[name] ?? '').trim() !== '';

  // Secrets.
  if (!set('JWT_SECRET'))
    add('JWT_SECRET', 'required (no generated key in production): a random key, e.g. `openssl rand -base64 48`');
  else if (weakSecret(source.JWT_SECRET as string))
    add('JWT_SECRET', 'is a documented example or a trivial value; use a random key (`openssl rand -base64 48`)');
  const dataDir = source.DATA_DIR || './data';
  if (!set('WHISTLEBLOWING_KEY'))
    add(
      'WHISTLEBLOWING_KEY',
      `required (no key file generated inside DATA_DIR ${dataDir} next to the data it protects): \`openssl rand -base64 32\`, kept apart from the backups`,
    );

  // Addresses.
  if (!set('PUBLIC_URL')) add('PUBLIC_URL', 'required: the shop’s public https origin, e.g. https://shop.example.com');
  else if (!/^https:\/\//.test(source.PUBLIC_URL as string)) add('PUBLIC_URL', 'must be an https:// origin');
  if (!set('DATABASE_URL')) {
    if (!truthy(source.ALLOW_EMBEDDED_DATABASE))
      add(
        'DATABASE_URL',
        'required: a postgres:// connection string (the embedded PGlite only with ALLOW_EMBEDDED_DATABASE=1)',
      );
  } else if (!/^postgres(ql)?:\/\//.test(source.DATABASE_URL as string))
    add('DATABASE_URL', 'must be a postgres:// connection string');
  if (set('TRUST_PROXY')) {
    const value = (source.TRUST_PROXY as string).trim();
    const entries = value.split(',').map((s) => s.trim());
    if (value === 'true') add('TRUST_PROXY', 'true trusts any X-Forwarded-For; give the proxies’ addresses/CIDRs');
    else if (/^\d+$/.test(value)) add('TRUST_PROXY', HOP_COUNT_REFUSED);
    else if (value !== 'false' && !entries.every(isAddressOrCidr))
      add('TRUST_PROXY', 'must be a comma list of addresses/CIDRs (e.g. uniquelocal, 10.0.0.0/8)');
  }

  // E-mail.
  if (!set('SMTP_URL')) add('SMTP_URL', 'required: smtp(s)://user:password@host:port (e-mails are never kept unsent)');
  if (set('DEV_MAILBOX') && !['false', 'off'].includes(source.DEV_MAILBOX as string))
    add('DEV_MAILBOX', 'the dev mailbox (every e-mail, reset links included) does not exist in production; unset it');

  // Captcha of the anonymous forms.
  const captcha = ['RECAPTCHA_SITE_KEY', 'RECAPTCHA_PROJECT_ID', 'RECAPTCHA_API_KEY'].filter((n) => !set(n));
  if (captcha.length)
    add(captcha.join(', '), 'required: reCAPTCHA Enterprise guards the anonymous forms (all three together)');

  // Payments: every active market pays through Stripe with its keys; nothing falls back to the sandbox.
  if (activeMarkets.length > 0) {
    if (source.PAYMENT_PROVIDER !== 'stripe') {
      add('PAYMENT_PROVIDER', 'must be stripe: the sandbox provider takes test cards and is not served in production');
    } else {
      const accounts = stripeAccounts(source);
      if (!accounts) add('STRIPE_ACCOUNTS', 'must be JSON');
      const listed = (source.STRIPE_MARKETS ?? '')
        .split(',')
        .map((c) => c.trim().toUpperCase())
        .filter(Boolean);
      const codes = activeMarkets.map((m) => m.code);
      const notStripe = listed.length ? codes.filter((c) => !listed.includes(c)) : [];
      if (notStripe.length)
        add('STRIPE_MARKETS', `active markets not served by Stripe (unset it for every market): ${markets(notStripe)}`);
      const served = codes.filter((c) => !notStripe.includes(c));
      const weakWebhook: string[] = [];
      const missing = { secretKey: [] as string[], publishableKey: [] as string[], webhookSecret: [] as string[] };
      for (const code of served) {
        const own = accounts?.[code];
        const secretKey = own?.secretKey ?? source.STRIPE_SECRET_KEY;
        if (!secretKey) missing.secretKey.push(code);
        const publishableKey = own ? own.publishableKey : source.STRIPE_PUBLISHABLE_KEY;
        if (!publishableKey) missing.publishableKey.push(code);
        const webhookSecret = own ? own.webhookSecret : source.STRIPE_WEBHOOK_SECRET;
        if (!webhookSecret) missing.webhookSecret.push(code);
        else if (typeof webhookSecret === 'string' && weakSecret(webhookSecret)) weakWebhook.push(code);
      }
      if (missing.secretKey.length)
        add('STRIPE_SECRET_KEY', `no Stripe secret key (or STRIPE_ACCOUNTS entry) for ${markets(missing.secretKey)}`);
      if (missing.publishableKey.length)
        add('STRIPE_PUBLISHABLE_KEY', `no publishable key for ${markets(missing.publishableKey)}`);
      if (missing.webhookSecret.length)
        add('STRIPE_WEBHOOK_SECRET', `no webhook signing secret for ${markets(missing.webhookSecret)}`);
      if (weakWebhook.length)
        add('STRIPE_WEBHOOK_SECRET', `a documented example or trivial secret for ${markets(weakWebhook)}`);
      // Test-mode keys take Stripe's test cards (4242…): a staging server says so explicitly.
      if (!truthy(source.ALLOW_TEST_PAYMENTS)) {
        const testKeys = served.filter((code) => {
          const own = accounts?.[code];
          const keys = [
            own?.secretKey ?? source.STRIPE_SECRET_KEY,
            own ? own.publishableKey : source.STRIPE_PUBLISHABLE_KEY,
          ];
          return keys.some((key) => typeof key === 'string' && /^(sk|rk|pk)_test_/.test(key));
        });
        if (testKeys.length)
          add(
            'STRIPE_SECRET_KEY',
            `test-mode keys (sk_test_/pk_test_, which take test cards) for ${markets(testKeys)}; live keys, or ALLOW_TEST_PAYMENTS=1 on a staging server`,
          );
      }
    }
  }
  // Financing: the lender's callbacks arrive signed over https (decision 030).
  if (set('EKHO_API_URL') && !/^https:\/\//.test(source.EKHO_API_URL as string))
    add('EKHO_API_URL', 'must be an https:// URL');
  if (set('EKHO_WEBHOOK_SECRET') && weakSecret(source.EKHO_WEBHOOK_SECRET as string))
    add('EKHO_WEBHOOK_SECRET', 'is a documented example or a trivial value');
  // A transfer to our own account: without BANK_TRANSFER_IBAN the sandbox demo account would be shown to buyers.
  const ownTransfer = activeMarkets
    .filter((m) =>
      allowedMethods({ country: m.code, currency: m.currency, kind: 'full', orderType: 'vehicle' }).some(
        (method) => method._id === 'stark_bank_transfer',
      ),
    )
    .map((m) => m.code);
  if (ownTransfer.length && !set('BANK_TRANSFER_IBAN'))
    add('BANK_TRANSFER_IBAN', `required: bank transfers to our own account are offered in ${markets(ownTransfer)}`);
  if (ownTransfer.length && !set('BANK_TRANSFER_BIC')) add('BANK_TRANSFER_BIC', 'required with BANK_TRANSFER_IBAN');

  return problems;
}

/** The one message a refused start prints. */
export function productionRefusal(problems: readonly string[]): string {
  return [
    `Refusing to start in production: ${problems.length} setting${problems.length === 1 ? '' : 's'} to fix (README, "Production"; DEMO=1 runs the demo shop instead):`,
    ...problems.map((p) => `  - ${p}`),
  ].join('\n');
}
