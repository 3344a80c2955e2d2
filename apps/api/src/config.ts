import { join } from 'node:path';
import { isValidIban } from '@varg/domain';
import { z } from 'zod';

const bool = z.enum(['true', 'false', '1', '0', '']).transform((v) => v === 'true' || v === '1');

/** Every environment variable the server reads (README, "Configuration"). Read once, at start. */
export const StripeSecret = z
  .string()
  .regex(/^(sk|rk)_(test|live)_\w+$/, 'must be a Stripe secret key (sk_test_…, sk_live_…)');
/** Why a bare hop count in TRUST_PROXY is refused (config and the production check say the same). */
export const HOP_COUNT_REFUSED =
  'a hop count trusts nobody in Fastify 5; give the proxies’ addresses/CIDRs (e.g. uniquelocal, 10.0.0.0/8)';
const StripePublishable = z.string().regex(/^pk_(test|live)_\w+$/, 'must be a Stripe publishable key (pk_…)');

/** The sandbox payment provider's settings when nothing is configured (also for an ApiConfig without `payments`). */
export const SANDBOX_PAYMENT_DEFAULTS = { webhookSecret: 'whsec_sandbox_local_development', settleMs: 5000 } as const;

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  /** The demo shop (`npm start`): demo accounts and orders, sandbox payments, the dev mailbox. Off: production. */
  DEMO: bool.default(false),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: z.url().optional(),
  /** Production only: run on the embedded PGlite in DATA_DIR instead of PostgreSQL (a single small installation). */
  ALLOW_EMBEDDED_DATABASE: bool.default(false),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// connection string')
    .optional(),
  DATA_DIR: z.string().default('./data'),
  API_URL: z.url().optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// URL')
    .optional(),
  MARKETING_SITE_URL: z.union([z.literal(''), z.url()]).optional(),
  /** Map tiles of the store finder, e.g. https://tile.openstreetmap.org/{z}/{x}/{y}.png; unset: a list and an outline. */
  MAP_TILE_URL: z
    .union([z.literal(''), z.string().regex(/^https:\/\/[^/\s]+\/\S*\{z\}\S*$/, 'an https URL with {z}, {x}, {y}')])
    .optional(),
  /**
   * Whose X-Forwarded-* to trust: `true` (demo only) or the proxies' addresses/CIDRs. A bare hop count (`1`) is
   * refused: Fastify 5.12 treats one as trusting nobody (it cannot check the immediate peer), so behind a proxy every
   * visitor would share the proxy's address (one rate limit for all, no GeoIP country).
   */
  TRUST_PROXY: z
    .string()
    .refine((value) => !/^\s*\d+\s*$/.test(value), HOP_COUNT_REFUSED)
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(600),
  /** Sign-ins of one account per 15 minutes (brute force); the browser tests raise it for the shared demo accounts. */
  SIGN_IN_LIMIT_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
  PAGE_CACHE_TTL_MS: z.coerce.number().int().min(0).default(10_000),
  /** Pages rendered at once per process; the others wait in arrival order (`0`: no limit; decision 074). */
  RENDER_CONCURRENCY: z.coerce.number().int().min(0).max(1000).default(4),
  /**
   * After this many ms without a request, a process whose memory grew by 16 MB since it last did runs one compacting
   * garbage collection and gives the memory back (`0`: never; decision 075).
   */
  IDLE_COMPACTION_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
  SEED: bool.default(true),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().default('Stark Future <no-reply@starkfuture.com>'),
  DEV_MAILBOX: z.enum(['true', 'false', 'off', 'local']).optional(),
  WHITELIST_EMAILS: z.string().default(''),
  BANK_TRANSFER_IBAN: z.string().refine(isValidIban, 'must be a valid IBAN').optional(),
  BANK_TRANSFER_BIC: z
    .string()
    .regex(/^[A-Za-z]{6}[A-Za-z0-9]{2}([A-Za-z0-9]{3})?$/, 'must be a BIC of 8 or 11 characters')
    .optional(),
  GOOGLE_MAPS_API_KEY: z.string().min(1).optional(),
  /** Test only: Google Places at another address (the browser tests' stand-in, e2e/fake-geocoding.ts). */
  GOOGLE_PLACES_API_BASE: z.url().optional(),
  /** Default: `jsvat` in the demo, `vies` in production (a reverse charge there needs VIES's answer; decision 027). */
  VAT_CHECK_PROVIDER: z.enum(['jsvat', 'vies']).optional(),
  TAX_PROVIDER: z.enum(['builtin', 'stripe']).default('builtin'),
  STRIPE_SECRET_KEY: StripeSecret.optional(),
  PAYMENT_PROVIDER: z.enum(['sandbox', 'stripe']).default('sandbox'),
  STRIPE_PUBLISHABLE_KEY: StripePublishable.optional(),
  STRIPE_WEBHOOK_SECRET: z.string().startsWith('whsec_', 'must be a webhook signing secret (whsec_…)').optional(),
  /** Markets served by Stripe (comma list); empty: every market. The others use the sandbox. */
  STRIPE_MARKETS: z
    .string()
    .regex(/^([A-Za-z]{2}(,[A-Za-z]{2})*)?$/, 'must be a comma list of country codes')
    .default(''),
  /** One Stripe account per market: JSON {"US": {"secretKey", "publishableKey", "webhookSecret"}}. */
  STRIPE_ACCOUNTS: z
    .string()
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'must be JSON' });
        return z.NEVER;
      }
    })
    .pipe(
      z.record(
        z.string().regex(/^[A-Z]{2}$/),
        z.object({
          secretKey: StripeSecret,
          publishableKey: StripePublishable.nullable().default(null),
          webhookSecret: z.string().startsWith('whsec_').nullable().default(null),
        }),
      ),
    )
    .optional(),
  /** Test only: Stripe's API at another address (the browser tests' stand-in). */
  STRIPE_API_BASE: z.url().optional(),
  SANDBOX_WEBHOOK_SECRET: z.string().min(16).default(SANDBOX_PAYMENT_DEFAULTS.webhookSecret),
  SANDBOX_SETTLE_MS: z.coerce.number().int().min(0).max(86_400_000).default(SANDBOX_PAYMENT_DEFAULTS.settleMs),
  /** The ekho lender (financing, decision 030): all three or none; without them production offers no financing. */
  EKHO_API_URL: z.url().optional(),
  EKHO_API_KEY: z.string().min(1).optional(),
  EKHO_WEBHOOK_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  RECAPTCHA_SITE_KEY: z.string().min(1).optional(),
  RECAPTCHA_PROJECT_ID: z.string().min(1).optional(),
  RECAPTCHA_API_KEY: z.string().min(1).optional(),
  RECAPTCHA_MIN_SCORE: z.coerce.number().min(0).max(1).default(0.5),
  S3_BUCKET: z.string().min(3).optional(),
  S3_REGION: z.string().min(1).optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_PREFIX: z.string().default(''),
  /** AES-256-GCM key of whistleblowing reports (decision 023): 32 bytes, base64; else generated into DATA_DIR. */
  WHISTLEBLOWING_KEY: z
    .string()
    .refine(
      (v) => Buffer.from(v.trim(), /[-_]/.test(v) ? 'base64url' : 'base64').length === 32,
      'must be 32 bytes, base64 (openssl rand -base64 32)',
    )
    .optional(),
  BALANCE_REMINDER_INTERVAL_MS: z.coerce.number().int().min(0).max(604_800_000).default(3_600_000),
  AUCTION_WINNERS_INTERVAL_MS: z.coerce.number().int().min(0).max(86_400_000).default(60_000),
  EMAIL_RETRY_INTERVAL_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
  /** How the scheduled jobs run on PostgreSQL (decision 066): the pg-boss queue's cron, or timers in each process. */
  JOB_QUEUE: z.enum(['pg-boss', 'timers']).default('pg-boss'),
  /** How often unpaid orders are looked for to e-mail their pay link (decision 062; 0: never). */
  PAY_LINK_INTERVAL_MS: z.coerce.number().int().min(0).max(86_400_000).default(300_000),
  /** How long after the confirm an unpaid order's buyer is e-mailed the link to pay it. */
  PAY_LINK_AFTER_MS: z.coerce.number().int().min(0).max(604_800_000).default(1_800_000),
  // — money safety (decision 027) —
  /** The seller's own EU VAT id: sent to VIES as the requester, so VIES gives each check a consultation number. */
  VIES_REQUESTER_VAT_ID: z
    .string()
    .regex(/^[A-Za-z]{2}[A-Za-z0-9]{2,14}$/, 'must be an EU VAT id with its prefix (DE123456789)')
    .optional(),
  /** How long an unpaid order holds its stock bikes (hours). */
  STOCK_RESERVATION_HOURS: z.coerce.number().int().min(1).max(720).default(24),
  /** How often lapsed stock-bike holds are released (0: never; tests call the job themselves). */
  STOCK_RESERVATION_INTERVAL_MS: z.coerce.number().int().min(0).max(86_400_000).default(300_000),
  /** Orders a buyer without an account may confirm per address and hour (production). */
  GUEST_CHECKOUT_LIMIT: z.coerce.number().int().min(1).max(10_000).default(5),
  AUCTION_CACHE_MS: z.coerce.number().int().min(0).max(600_000).default(5_000),
  /** `/metrics` and `/docs` in production (decision 029): a bearer token that opens them on the public port… */
  METRICS_TOKEN: z.string().min(24, 'must be at least 24 characters').optional(),
  /** …or a second listener serving only them (on INTERNAL_HOST), or PUBLIC_OPS=true to serve them to everyone. */
  INTERNAL_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  INTERNAL_HOST: z.string().default('127.0.0.1'),
  PUBLIC_OPS: bool.default(false),
});
export type Env = z.infer<typeof EnvSchema>;

export interface ApiConfig {
  env: Env['NODE_ENV'];
  /**
   * Demo mode (`DEMO=1`, or NODE_ENV development/test): demo data and accounts, sandbox payments, dev routes.
   * `false` is production: none of these exist and the start refuses incomplete settings.
   */
  demo: boolean;
  logLevel: Env['LOG_LEVEL'];
  marketingSiteUrl: string;
  /** Map tiles of the store finder (decision 022); empty: no tiles. */
  mapTileUrl?: string;
  /** `false`, `true` or a list of trusted proxy addresses/CIDRs, as Fastify's `trustProxy`. */
  trustProxy: boolean | string[];
  rateLimitMax: number;
  /** Sign-ins of one account per 15 minutes (default 10). */
  signInLimitPerAccount?: number;
  redisUrl?: string | undefined;
  /** Origin used in links sent by e-mail; never taken from a request's Host header. */
  publicUrl: string;
  /** HS256 key for access tokens; when absent one is generated once and kept in the database. */
  jwtSecret?: string | undefined;
  smtpUrl?: string | undefined;
  mailFrom: string;
  /**
   * The dev mailbox (`/v1/dev/mailbox`, `/dev/mailbox`) shows every e-mail, reset links included. `local`: served
   * to callers on this machine only (the default without SMTP); `public`: to anyone; `off`.
   */
  devMailbox: 'off' | 'local' | 'public';
  /** Internal e-mail addresses of the whitelist page and presale access (spec section 6). */
  whitelistEmails: string[];
  /** The account buyers pay bank transfers to; the sandbox demo account (orders/seller.ts) when absent. */
  bankTransfer?: { iban: string; bic: string } | undefined;
  /** Address lookup (`GET /v2/address/parse`) through Google Places; off without a key. */
  googleMapsApiKey?: string | undefined;
  /** Test only: where Google Places is asked (GOOGLE_PLACES_API_BASE). */
  googlePlacesApiBase?: string | undefined;
  /** `jsvat`: format and check digits offline (default); `vies`: also asks the EU's VIES service. */
  vatCheckProvider?: 'jsvat' | 'vies';
  /** `builtin`: the domain's tax rules (default); `stripe`: Stripe Tax computes the amounts. */
  taxProvider?: 'builtin' | 'stripe';
  stripeSecretKey?: string | undefined;
  /** Payments (docs/decisions/017-payments.md): the sandbox by default; Stripe for `stripeMarkets` (all when empty). */
  payments?: {
    provider: 'sandbox' | 'stripe';
    stripeMarkets: string[];
    stripeAccounts: Record<string, { secretKey: string; publishableKey: string | null; webhookSecret: string | null }>;
    sandboxWebhookSecret: string;
    sandboxSettleMs: number;
    stripeApiBase?: string | undefined;
  };
  /** The ekho lender (EKHO_*; decision 030); absent: financing only through the demo's sandbox lender, if at all. */
  ekho?: { apiUrl: string; apiKey: string; webhookSecret: string } | undefined;
  /** How often balance reminders are looked for (0: never; tests call the job themselves). */
  balanceReminderIntervalMs?: number;
  /** How often the auction's ended axes are closed and their winners e-mailed (0: never; tests call the job). */
  auctionWinnersIntervalMs?: number;
  /** How often failed e-mail deliveries due for a retry are looked for (0: never; decision 056). */
  emailRetryIntervalMs?: number;
  /**
   * How the scheduled jobs run on PostgreSQL (decision 066): `pg-boss` (default) through the queue's cron, once per
   * due time across processes; `timers` in every process under an advisory lock. PGlite always uses timers.
   */
  jobQueue?: 'pg-boss' | 'timers';
  /** How often unpaid orders' pay links are looked for (0: never; decision 062), and how long after the confirm. */
  payLinkIntervalMs?: number;
  payLinkAfterMs?: number;
  /** The seller's EU VAT id, sent to VIES as the requester (VIES then answers a consultation number). */
  viesRequesterVatId?: string | undefined;
  /** Hours an unpaid order holds its stock bikes (default 24; decision 027). */
  stockReservationHours?: number;
  /** How often lapsed stock-bike holds are released (0: never; tests call the job). */
  stockReservationIntervalMs?: number;
  /** Orders a buyer without an account may confirm per address and hour, in production (default 5). */
  guestCheckoutLimit?: number;
  /** How long each process keeps the auction's rules and times (0: read every time; tests change them). */
  auctionCacheMs?: number;
  /** reCAPTCHA Enterprise v3 for anonymous forms; off (forms accepted, logged once) when absent. */
  recaptcha?: { siteKey: string; projectId: string; apiKey: string; minScore: number } | undefined;
  /**
   * The key of whistleblowing reports (decision 023): `key` (WHISTLEBLOWING_KEY, base64), else one generated into
   * `keyFile` (DATA_DIR/whistleblowing.key); absent (tests): a key for this process only.
   */
  whistleblowing?: { key?: string | undefined; keyFile?: string | undefined } | undefined;
  /** Where uploads are stored: a local folder, S3, or (absent: tests) memory. */
  storage?:
    | { kind: 'local'; dir: string }
    | { kind: 's3'; bucket: string; region?: string | undefined; endpoint?: string | undefined; prefix: string }
    | undefined;
  /**
   * Who reaches `/metrics` and `/docs` (decision 029). The demo serves them to everyone; production only with
   * `public` (PUBLIC_OPS), the bearer `token` (METRICS_TOKEN) or on the `internal` listener (INTERNAL_PORT).
   */
  ops?: { public: boolean; token?: string | undefined; internal?: { port: number; host: string } | undefined };
}

export class ConfigError extends Error {}

/** Parses the environment; throws a ConfigError naming every bad variable. */
export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const result = EnvSchema.safeParse(source);
  if (result.success && result.data.TAX_PROVIDER === 'stripe' && !result.data.STRIPE_SECRET_KEY) {
    throw new ConfigError(
      'Invalid environment configuration:\n  STRIPE_SECRET_KEY: required when TAX_PROVIDER is stripe',
    );
  }
  if (
    result.success &&
    result.data.PAYMENT_PROVIDER === 'stripe' &&
    !result.data.STRIPE_SECRET_KEY &&
    !result.data.STRIPE_ACCOUNTS
  ) {
    throw new ConfigError(
      'Invalid environment configuration:\n  STRIPE_SECRET_KEY: required when PAYMENT_PROVIDER is stripe (or STRIPE_ACCOUNTS)',
    );
  }
  if (result.success) {
    const ekho = [result.data.EKHO_API_URL, result.data.EKHO_API_KEY, result.data.EKHO_WEBHOOK_SECRET];
    if (ekho.some(Boolean) && !ekho.every(Boolean))
      throw new ConfigError(
        'Invalid environment configuration:\n  EKHO_API_URL, EKHO_API_KEY, EKHO_WEBHOOK_SECRET: set all three or none',
      );
  }
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid environment configuration:\n${lines.join('\n')}`);
  }
  return result.data;
}

export function parseTrustProxy(value: string | undefined): ApiConfig['trustProxy'] {
  if (!value || value === 'false') return false;
  if (value === 'true') return true;
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

export function apiConfigFromEnv(env: Env): ApiConfig {
  const demo = env.DEMO || env.NODE_ENV !== 'production';
  return {
    env: env.NODE_ENV,
    demo,
    logLevel: env.LOG_LEVEL,
    marketingSiteUrl: env.MARKETING_SITE_URL ?? '',
    mapTileUrl: env.MAP_TILE_URL ?? '',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    rateLimitMax: env.RATE_LIMIT_MAX,
    signInLimitPerAccount: env.SIGN_IN_LIMIT_PER_ACCOUNT,
    redisUrl: env.REDIS_URL,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    jwtSecret: env.JWT_SECRET,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    // The dev mailbox exists in the demo only (decision 026).
    devMailbox: !demo
      ? 'off'
      : env.DEV_MAILBOX === 'true'
        ? 'public'
        : env.DEV_MAILBOX === 'false' || env.DEV_MAILBOX === 'off'
          ? 'off'
          : env.DEV_MAILBOX === 'local' || !env.SMTP_URL
            ? 'local'
            : 'off',
    whitelistEmails: env.WHITELIST_EMAILS.split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
    bankTransfer: env.BANK_TRANSFER_IBAN
      ? { iban: env.BANK_TRANSFER_IBAN, bic: env.BANK_TRANSFER_BIC ?? '' }
      : undefined,
    googleMapsApiKey: env.GOOGLE_MAPS_API_KEY,
    googlePlacesApiBase: env.GOOGLE_PLACES_API_BASE,
    vatCheckProvider: env.VAT_CHECK_PROVIDER ?? (env.DEMO || env.NODE_ENV !== 'production' ? 'jsvat' : 'vies'),
    taxProvider: env.TAX_PROVIDER,
    stripeSecretKey: env.STRIPE_SECRET_KEY,
    payments: {
      provider: env.PAYMENT_PROVIDER,
      stripeMarkets: env.STRIPE_MARKETS.split(',')
        .map((c) => c.trim().toUpperCase())
        .filter(Boolean),
      stripeAccounts: {
        ...(env.STRIPE_SECRET_KEY
          ? {
              default: {
                secretKey: env.STRIPE_SECRET_KEY,
                publishableKey: env.STRIPE_PUBLISHABLE_KEY ?? null,
                webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? null,
              },
            }
          : {}),
        ...env.STRIPE_ACCOUNTS,
      },
      sandboxWebhookSecret: env.SANDBOX_WEBHOOK_SECRET,
      sandboxSettleMs: env.SANDBOX_SETTLE_MS,
      stripeApiBase: env.STRIPE_API_BASE,
    },
    ekho:
      env.EKHO_API_URL && env.EKHO_API_KEY && env.EKHO_WEBHOOK_SECRET
        ? { apiUrl: env.EKHO_API_URL, apiKey: env.EKHO_API_KEY, webhookSecret: env.EKHO_WEBHOOK_SECRET }
        : undefined,
    balanceReminderIntervalMs: env.BALANCE_REMINDER_INTERVAL_MS,
    auctionWinnersIntervalMs: env.AUCTION_WINNERS_INTERVAL_MS,
    emailRetryIntervalMs: env.EMAIL_RETRY_INTERVAL_MS,
    jobQueue: env.JOB_QUEUE,
    payLinkIntervalMs: env.PAY_LINK_INTERVAL_MS,
    payLinkAfterMs: env.PAY_LINK_AFTER_MS,
    viesRequesterVatId: env.VIES_REQUESTER_VAT_ID,
    stockReservationHours: env.STOCK_RESERVATION_HOURS,
    stockReservationIntervalMs: env.STOCK_RESERVATION_INTERVAL_MS,
    guestCheckoutLimit: env.GUEST_CHECKOUT_LIMIT,
    auctionCacheMs: env.AUCTION_CACHE_MS,
    recaptcha:
      env.RECAPTCHA_SITE_KEY && env.RECAPTCHA_PROJECT_ID && env.RECAPTCHA_API_KEY
        ? {
            siteKey: env.RECAPTCHA_SITE_KEY,
            projectId: env.RECAPTCHA_PROJECT_ID,
            apiKey: env.RECAPTCHA_API_KEY,
            minScore: env.RECAPTCHA_MIN_SCORE,
          }
        : undefined,
    // Production never generates the key into the data directory (the start refuses without WHISTLEBLOWING_KEY).
    whistleblowing: {
      key: env.WHISTLEBLOWING_KEY,
      keyFile: demo ? join(env.DATA_DIR, 'whistleblowing.key') : undefined,
    },
    storage: env.S3_BUCKET
      ? { kind: 's3', bucket: env.S3_BUCKET, region: env.S3_REGION, endpoint: env.S3_ENDPOINT, prefix: env.S3_PREFIX }
      : { kind: 'local', dir: join(env.DATA_DIR, 'uploads') },
    ops: {
      public: env.PUBLIC_OPS,
      token: env.METRICS_TOKEN,
      internal: env.INTERNAL_PORT !== undefined ? { port: env.INTERNAL_PORT, host: env.INTERNAL_HOST } : undefined,
    },
  };
}
