import { constants as zlib } from 'node:zlib';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import metricsModule from 'fastify-metrics';
import type { ApiConfig } from '../config.ts';
import { newNonce, securityHeaders } from './security-headers.ts';

// fastify-metrics is CommonJS with a `default` export.
const metrics = ((metricsModule as unknown as { default?: typeof metricsModule }).default ??
  metricsModule) as unknown as typeof import('fastify-metrics').default;

declare module 'node:http' {
  interface IncomingMessage {
    /** Per-request CSP nonce for inline scripts (the SSR hydration data). */
    cspNonce?: string;
  }
}

/** The external HTTP layer (DESIGN.md section 4): CSP nonce and headers, cookies, compression, rate limit, metrics. */
export async function registerSecurity(app: FastifyInstance, config: ApiConfig): Promise<void> {
  // With Stripe, its Stripe.js, the Payment Element's frames and its API are allowed (docs/decisions/017-payments.md).
  const stripe = config.payments?.provider === 'stripe';
  // With reCAPTCHA Enterprise, its script and frame on the pages with anonymous forms (spec section 5).
  const recaptcha = Boolean(config.recaptcha);
  // The store finder's map tiles, when configured (decision 022): `{s}` subdomains become a wildcard.
  const tileOrigins = (url: string | undefined) =>
    url
      ? [new URL(url.replace(/\{s\}\./, 'tiles-s.').replace(/\{[a-z]\}/g, '0')).origin.replace('tiles-s.', '*.')]
      : [];
  const applyHeaders = securityHeaders((nonce) => ({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: [
          "'self'",
          `'nonce-${nonce}'`,
          ...(stripe ? ['https://js.stripe.com'] : []),
          ...(recaptcha ? ['https://www.google.com', 'https://www.gstatic.com'] : []),
        ],
        ...(stripe || recaptcha
          ? {
              frameSrc: [
                ...(stripe ? ['https://js.stripe.com', 'https://hooks.stripe.com'] : []),
                ...(recaptcha ? ['https://www.google.com'] : []),
              ],
            }
          : {}),
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', ...(stripe ? ['https://*.stripe.com'] : []), ...tileOrigins(config.mapTileUrl)],
        fontSrc: ["'self'", 'data:'],
        connectSrc: [
          "'self'",
          ...(stripe ? ['https://api.stripe.com'] : []),
          ...(recaptcha ? ['https://www.google.com'] : []),
        ],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        objectSrc: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    // The browsers' default; `no-referrer` makes Chrome send `Origin: null` on same-site form posts.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  }));
  app.addHook('onRequest', (request, reply, done) => {
    const nonce = newNonce();
    request.raw.cspNonce = nonce;
    applyHeaders(reply.raw, nonce);
    done();
  });
  await app.register(cookie);
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(rateLimit, {
    global: true,
    max: config.rateLimitMax,
    timeWindow: '1 minute',
    // Pages and assets are cached; the limit guards the API.
    allowList: (request) => !/^\/v\d\//.test(request.url),
    ...(config.redisUrl ? { redis: await redisClient(config.redisUrl) } : {}),
  });
  // The registry is prom-client's global one: a second API in the same process (tests of several processes) takes it over.
  await app.register(metrics, { endpoint: '/metrics', routeMetrics: { enabled: true }, clearRegisterOnInit: true });
}

async function redisClient(url: string) {
  const { Redis } = await import('ioredis');
  return new Redis(url, { connectTimeout: 500, maxRetriesPerRequest: 1, enableOfflineQueue: false });
}
