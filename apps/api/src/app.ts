import { randomBytes } from 'node:crypto';
import { constants as zlib } from 'node:zlib';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { Database } from '@varg/db';
import { isUuid } from '@varg/domain';
import Fastify, { type FastifyInstance, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify';
import metricsModule from 'fastify-metrics';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ApiConfig } from './config.ts';
import { addressesRepo } from './modules/addresses/repo.ts';
import { addressRoutes } from './modules/addresses/routes.ts';
import { type AddressesService, addressesService } from './modules/addresses/service.ts';
import { adminRoutes } from './modules/admin/routes.ts';
import { axeFeed } from './modules/auction/live.ts';
import { auctionRepo } from './modules/auction/repo.ts';
import { auctionRoutes } from './modules/auction/routes.ts';
import { auctionService } from './modules/auction/service.ts';
import { auditService } from './modules/audit/service.ts';
import { cartRepo } from './modules/cart/repo.ts';
import { cartRoutes } from './modules/cart/routes.ts';
import { cartService } from './modules/cart/service.ts';
import { catalogRepo } from './modules/catalog/repo.ts';
import { catalogRoutes } from './modules/catalog/routes.ts';
import { catalogService } from './modules/catalog/service.ts';
import { checkoutCart } from './modules/checkout/cart-adapter.ts';
import { checkoutRepo } from './modules/checkout/repo.ts';
import { checkoutResult } from './modules/checkout/result.ts';
import { checkoutRoutes } from './modules/checkout/routes.ts';
import { checkoutService } from './modules/checkout/service.ts';
import { ledgerLinks } from './modules/dealer-ledger/links.ts';
import { dealerLedgerRepo } from './modules/dealer-ledger/repo.ts';
import { dealerLedgerRoutes } from './modules/dealer-ledger/routes.ts';
import { dealerLedgerService } from './modules/dealer-ledger/service.ts';
import { dealerProfileService } from './modules/dealers/profile.ts';
import { dealersRepo } from './modules/dealers/repo.ts';
import { dealerAdminRoutes, dealerApplicationRoutes, dealerProfileRoutes } from './modules/dealers/routes.ts';
import { dealersService } from './modules/dealers/service.ts';
import { devRoutes } from './modules/dev/routes.ts';
import { googlePlaces, storePlaces } from './modules/engagement/places.ts';
import { engagementRepo } from './modules/engagement/repo.ts';
import { engagementRoutes } from './modules/engagement/routes.ts';
import { engagementService } from './modules/engagement/service.ts';
import { guards as makeGuards, registerAuth } from './modules/identity/auth.ts';
import { identityRepo } from './modules/identity/repo.ts';
import { identityRoutes } from './modules/identity/routes.ts';
import { identityService } from './modules/identity/service.ts';
import { accessTokens, loadSigningKey } from './modules/identity/tokens.ts';
import { marketsRepo } from './modules/markets/repo.ts';
import { marketsRoutes } from './modules/markets/routes.ts';
import { type GeoLookup, marketsService } from './modules/markets/service.ts';
import { dealerOrdersRepo } from './modules/orders/dealer-repo.ts';
import { dealerOrderRoutes } from './modules/orders/dealer-routes.ts';
import { dealerOrdersService } from './modules/orders/dealer-service.ts';
import { downloadLinks } from './modules/orders/download-link.ts';
import { ordersRepo } from './modules/orders/repo.ts';
import { DEFAULT_STOCK_RESERVATION_HOURS, reservations } from './modules/orders/reservations.ts';
import { ordersRoutes } from './modules/orders/routes.ts';
import { bankAccount } from './modules/orders/seller.ts';
import { type OrdersService, ordersService } from './modules/orders/service.ts';
import { vehicleReads } from './modules/orders/vehicle-reads.ts';
import { dbSandboxStore, paymentsRepo } from './modules/payments/repo.ts';
import { cardSetupRoutes, paymentRoutes } from './modules/payments/routes.ts';
import { type PaymentProviders, paymentsService } from './modules/payments/service.ts';
import { referralsRepo } from './modules/referrals/repo.ts';
import { referralRoutes } from './modules/referrals/routes.ts';
import { referralsService } from './modules/referrals/service.ts';
import { shippingRoutes } from './modules/shipping/routes.ts';
import { type ShippingService, shippingService } from './modules/shipping/service.ts';
import { storeRepo } from './modules/store/repo.ts';
import { storeRoutes } from './modules/store/routes.ts';
import { storeService } from './modules/store/service.ts';
import { systemRoutes } from './modules/system/routes.ts';
import { taxRoutes } from './modules/tax/routes.ts';
import { type TaxService, taxService } from './modules/tax/service.ts';
import { translationRoutes } from './modules/translations/routes.ts';
import { vehiclesRepo } from './modules/vehicles/repo.ts';
import { vehicleRoutes } from './modules/vehicles/routes.ts';
import { vehiclesService } from './modules/vehicles/service.ts';
import { loadWhistleKey, whistleCipher } from './modules/whistleblowing/crypto.ts';
import { notifyCompliance } from './modules/whistleblowing/emails.ts';
import { whistleRepo } from './modules/whistleblowing/repo.ts';
import { whistleComplianceRoutes, whistleReporterRoutes } from './modules/whistleblowing/routes.ts';
import { whistleService } from './modules/whistleblowing/service.ts';
import { apiNotFound, registerErrorHandling } from './plugins/errors.ts';
import { refuseMalformedText } from './plugins/malformed-text.ts';
import { openapiBase, openapiTransform, openapiTransformObject } from './plugins/openapi.ts';
import { registerOpsAccess } from './plugins/ops-access.ts';
import { isPrivateRequest, registerPrivacy } from './plugins/privacy.ts';
import type { CaptchaProvider } from './providers/captcha/interface.ts';
import { outboxEmail } from './providers/email/outbox.ts';
import { lenders as financingLenders } from './providers/financing/router.ts';
import { geoipLite } from './providers/geo/geoip-lite.ts';
import { paymentProviders } from './providers/payments/router.ts';
import { type CommerceProviders, captchaProvider, commerceProviders, storageProvider } from './providers/select.ts';
import type { StorageProvider } from './providers/storage/interface.ts';

// fastify-metrics is CommonJS with a `default` export.
const metrics = ((metricsModule as unknown as { default?: typeof metricsModule }).default ??
  metricsModule) as unknown as typeof import('fastify-metrics').default;

export { ADMIN_LINK_TTL_S, AdminCreateError, type CreatedAdmin, createAdmin } from './cli/admin-create.ts';
export type { ApiConfig } from './config.ts';
export { apiConfigFromEnv, ConfigError, type Env, readEnv } from './config.ts';
export type { GeoLookup } from './modules/markets/service.ts';
export { PRIVATE_RELAY_HEADER } from './plugins/privacy.ts';
export { type ActiveMarket, isProductionEnv, productionProblems, productionRefusal } from './production.ts';

declare module 'node:http' {
  interface IncomingMessage {
    /** Per-request CSP nonce for inline scripts (the SSR hydration data). */
    cspNonce?: string;
  }
}

export interface ApiDeps {
  config: ApiConfig;
  database: Database;
  geo?: GeoLookup;
  /** Replaces the configured address, VAT id or tax provider (tests). */
  providers?: Partial<CommerceProviders>;
  /** Replaces the payment providers of the markets (tests). */
  paymentProviders?: PaymentProviders;
  /** Replaces the captcha of anonymous forms (tests). */
  captcha?: CaptchaProvider;
  /** Replaces the file storage (tests). */
  storage?: StorageProvider;
  logger?: FastifyServerOptions['logger'];
}

export interface Services {
  markets: ReturnType<typeof marketsService>;
  geo: GeoLookup;
  identity: ReturnType<typeof identityService>;
  audit: ReturnType<typeof auditService>;
  /** Saved addresses: `list(userId)`, `get(userId, id)`, `create(userId, input)`, `normalize(input)`. */
  addresses: AddressesService;
  /** `allowedMethods({country, kind, subtotal})`, `find(request, id)`. */
  shipping: ShippingService;
  /** `calculate(TaxInput)`, `calculateFor(request)`, `vatValid(vat, country)`, `market(country)`. */
  tax: TaxService;
  /** Order reads, invoices and order e-mails (`sendOrderConfirmation`, `sendPaymentReceived`). */
  orders: OrdersService;
  /** `verify(token, action, ip)` for anonymous forms; `siteKey` for the page (null: off). */
  captcha: CaptchaProvider;
  /** Uploaded files (CVs, dealer invoices): `put`, `get`, `delete` by key. */
  storage: StorageProvider;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}

/**
 * The API and the shared HTTP layer. Plugins load in order: external (security, limits, docs) → services →
 * routes (DESIGN.md section 4). The web server adds its static files and pages to the same instance.
 */
export async function buildApi(deps: ApiDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  // `/v1/dev/*` (mailbox, settling sandbox payments, ending an axe) exist in the demo only (decision 026): production
  // never mounts them, whatever DEV_MAILBOX says, so no address (X-Forwarded-For included) reaches them.
  const devRoutesOn = config.demo && config.devMailbox !== 'off';
  const app = Fastify({
    logger: deps.logger ?? { level: config.logLevel },
    // Fastify also takes a hop count; its types only list the other forms.
    trustProxy: config.trustProxy as boolean | string | string[],
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
    // A whistleblower's requests leave no address in the request log (decisions 023, 029): decided by the route
    // (its `privacy` config) and, for the web's pages, by the page the URL is — never by a path pattern.
    logController: new LogController({
      disableRequestLogging: (request) => isPrivateRequest(request as FastifyRequest),
    }),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerPrivacy(app);
  // `/metrics` and `/docs`: everyone in the demo; in production a token, an internal port or an explicit opt-in.
  registerOpsAccess(app, {
    public: config.demo || (config.ops?.public ?? false),
    token: config.ops?.token,
    internal: config.ops?.internal,
  });
  refuseMalformedText(app);

  // — external —
  app.addHook('onRequest', (request, _reply, done) => {
    request.raw.cspNonce = randomBytes(16).toString('base64');
    done();
  });
  // With Stripe, its Stripe.js, the Payment Element's frames and its API are allowed (docs/decisions/017-payments.md).
  const stripe = config.payments?.provider === 'stripe';
  // With reCAPTCHA Enterprise, its script and frame on the pages with anonymous forms (spec section 5).
  const recaptcha = Boolean(config.recaptcha);
  // The store finder's map tiles, when configured (decision 022): `{s}` subdomains become a wildcard.
  const tileOrigins = (url: string | undefined) =>
    url
      ? [new URL(url.replace(/\{s\}\./, 'tiles-s.').replace(/\{[a-z]\}/g, '0')).origin.replace('tiles-s.', '*.')]
      : [];
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: [
          "'self'",
          (req) => `'nonce-${(req as { cspNonce?: string }).cspNonce}'`,
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
  await app.register(swagger, {
    openapi: {
      ...openapiBase,
      info: {
        title: 'Storefront and dealer portal API',
        version: '1.0.0',
        description:
          'The HTTP API behind the storefront (spec section 7). Errors share one envelope `{ statusCode, code, message, t_key }`; `message` is translated into the language of `?lang`, `x-lang` or `Accept-Language`.',
      },
      tags: [
        { name: 'markets', description: 'Countries, languages and the suggested country' },
        { name: 'catalog', description: 'Bikes, options and prices (amounts in minor units)' },
        {
          name: 'store',
          description: 'Spare parts, accessories, merchandise, extended warranties and technical documents',
        },
        { name: 'cart', description: 'The cart: bikes, stock bikes and store items, priced on every read' },
        { name: 'orders', description: 'Orders, invoices and bank-transfer details of the signed-in buyer' },
        { name: 'identity', description: 'Accounts, sessions and the current user' },
        { name: 'addresses', description: 'Saved addresses (v2) and address lookup' },
        { name: 'tax', description: 'Tax, VAT number checks and shipping methods' },
        { name: 'admin', description: 'Administrators: users, impersonation, audit log' },
        { name: 'translations', description: 'Translator mode: saved texts over the catalogs' },
        {
          name: 'vehicles',
          description: 'Vehicles: the owner’s garage, ownership transfer, deliveries, registration (mco)',
        },
        { name: 'checkout', description: 'Checkout: setup, payment kinds, confirm, the order being completed' },
        { name: 'payments', description: 'Payments: intents, methods, wallet, saved cards, webhooks, refunds' },
        { name: 'dealers', description: 'Becoming a dealer, its review, and the dealer’s profile' },
        { name: 'referrals', description: 'Dealers’ leads and referrals; test rides and their feedback' },
        { name: 'dealer-orders', description: 'Dealers: the orders they look after, order edits, attached invoices' },
        {
          name: 'dealer-ledger',
          description: 'Dealers’ invoices, credit notes, payments and balances; lead dealers’ groups',
        },
        {
          name: 'whistleblowing',
          description: 'The whistleblowing channel: anonymous reports, their follow-up, and the compliance team',
        },
        {
          name: 'engagement',
          description: 'Store finder, team and CV applications, contact, newsletter',
        },
        { name: 'auction', description: 'The numbered-axe auction: axes, bids, winners (amounts in EUR minor units)' },
        { name: 'system', description: 'Health, readiness and metrics' },
        { name: 'dev', description: 'This machine only (the dev mailbox, settling sandbox payments, ending an axe)' },
      ],
    },
    transform: openapiTransform,
    transformObject: openapiTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });

  // — services —
  const geo = deps.geo ?? geoipLite();
  const markets = marketsService(marketsRepo(database.db), geo);
  const signingKey = await loadSigningKey(database.db, config.jwtSecret);
  const tokens = accessTokens(signingKey);
  const audit = auditService(database.db);
  const users = identityRepo(database.db);
  const guards = makeGuards(users);
  registerAuth(app, tokens, guards);
  const mailer = outboxEmail(database.db, { smtpUrl: config.smtpUrl, from: config.mailFrom });
  const identity = identityService({
    repo: users,
    tokens,
    email: mailer,
    audit,
    publicUrl: config.publicUrl,
    whitelistEmails: config.whitelistEmails,
  });
  const providers = { ...commerceProviders(config), ...deps.providers };
  const addresses = addressesService({
    repo: addressesRepo(database.db),
    markets,
    geocoding: providers.geocoding,
  });
  const shipping = shippingService({ markets, dealersIn: (country) => identity.activeDealersIn(country) });
  const tax = taxService({ provider: providers.tax, vat: providers.vat, markets });
  // Every write made while an administrator acts as a customer is recorded under the administrator.
  app.addHook('onResponse', async (request, reply) => {
    const auth = request.auth;
    if (!auth?.impersonatorId || request.method === 'GET' || request.method === 'HEAD') return;
    if (isPrivateRequest(request)) return;
    await audit.record({
      actorId: auth.impersonatorId,
      subjectId: auth.userId,
      action: `${request.method} ${request.routeOptions.url ?? request.url}`,
      detail: { statusCode: reply.statusCode },
      ip: request.ip,
    });
  });
  const orders = ordersService({
    repo: ordersRepo(database.db),
    email: mailer,
    publicUrl: config.publicUrl,
    bank: bankAccount(config.bankTransfer),
    links: downloadLinks(signingKey),
    // The catalogue (built with the routes below) names the group of each chosen bike option.
    optionGroups: (productId, country) => catalog.components(productId, country),
  });
  // Balance reminders (decision 017): looked for every BALANCE_REMINDER_INTERVAL_MS; each order at most once a week.
  const reminderEvery = config.balanceReminderIntervalMs ?? 0;
  if (reminderEvery > 0) {
    const timer = setInterval(() => {
      orders
        .sendBalanceReminders(new Date())
        .catch((error: unknown) => app.log.error({ err: error }, 'balance reminders'));
    }, reminderEvery);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  }
  const captcha = deps.captcha ?? captchaProvider(config, (message) => app.log.warn(message));
  const storage = deps.storage ?? storageProvider(config);
  app.decorate('services', { markets, geo, identity, audit, orders, addresses, shipping, tax, captcha, storage });

  // — routes —
  await app.register(systemRoutes, { database });
  await app.register(marketsRoutes, { prefix: '/v1', markets });

  await app.register(identityRoutes, {
    prefix: '/v1',
    identity,
    guards,
    signInPerAccount: config.signInLimitPerAccount ?? 10,
  });
  const catalog = catalogService(catalogRepo(database.db));
  const store = storeService(storeRepo(database.db), markets);
  await app.register(catalogRoutes, {
    prefix: '/v1',
    catalog,
    guards,
    dealerIdOf: async (userId) => (await users.findDealer(userId))?.id ?? null,
  });
  await app.register(storeRoutes, { prefix: '/v1', store });
  await app.register(ordersRoutes, { prefix: '/v1', orders, guards });
  const cart = cartService({
    repo: cartRepo(database.db),
    catalog,
    store,
    markets,
    dealerTerms: async (userId) => {
      const dealer = await users.findDealer(userId);
      if (dealer?.status !== 1) return null;
      const margin = (dealer.marketplace as { margin?: unknown } | null)?.margin;
      return { margin: typeof margin === 'number' && margin > 0 ? margin : null, maxDiscountBp: dealer.maxDiscountBp };
    },
  });
  await app.register(cartRoutes, { prefix: '/v1', cart, guards });
  const checkout = checkoutService({
    repo: checkoutRepo(database.db),
    cartFor: async (cartId, caller) => checkoutCart(await cart.get(caller, cartId)),
    recheckDealerPrices: (cartId) => cart.recheckDealerPrices(cartId),
    market: async (country) => ({ ...(await tax.market(country)), status: 1 }),
    shippingMethods: (input) => shipping.allowedMethods(input),
    vatValid: (vatId, country) => tax.vatValid(vatId, country),
    vatCheck: (vatId, country) => tax.checkVat(vatId, country),
    requireVies: !config.demo,
    tax: (input) => tax.calculate(input),
    addressOf: (userId, id) => addresses.get(userId, id),
    prepareAddress: (input) => addresses.prepare(input),
    checkoutCustomer: (input, meta) => identity.checkoutCustomer(input, meta),
    afterOrder: (orderId) => orders.sendOrderConfirmation(orderId),
    walletBalance: (userId, currency) => payments.walletBalance(userId, currency),
    offeredMethods: (country, methods) => payments.offeredMethods(country, methods),
    adoptPayments: (cartId, orderId, userId, tx) =>
      paymentsRepo(tx)
        .adopt(cartId, orderId, userId)
        .then(() => undefined),
    afterAdoption: (cartId, orderId, userId) =>
      payments.adoptCartPayments(cartId, orderId, userId).then(() => undefined),
    activeDealerOf: async (userId) => {
      const dealer = await users.findDealer(userId);
      return dealer?.status === 1 ? dealer.id : null;
    },
    stockReservationHours: config.stockReservationHours ?? DEFAULT_STOCK_RESERVATION_HOURS,
    captcha,
  });
  // Unpaid orders' stock-bike holds (decision 027): released every STOCK_RESERVATION_INTERVAL_MS once lapsed.
  const holds = reservations(database.db);
  const holdsEvery = config.stockReservationIntervalMs ?? 0;
  if (holdsEvery > 0) {
    const timer = setInterval(() => {
      holds.releaseLapsed(new Date()).catch((error: unknown) => app.log.error({ err: error }, 'stock reservations'));
    }, holdsEvery);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  }
  const ordersData = ordersRepo(database.db);
  const dealerOrders = dealerOrdersService({
    repo: dealerOrdersRepo(database.db, ordersData),
    orders: ordersData,
    dealerOf: async (userId) => {
      const found = await users.findDealer(userId);
      return found ? { id: found.id, status: found.status, maxDiscountBp: found.maxDiscountBp } : null;
    },
    configurationPrice: async (hash, country) => {
      const pricing = await catalog.pricingByHash(hash, country);
      return {
        productId: pricing.productId,
        optionIds: pricing.componentIds,
        currency: pricing.currencyCode,
        unitPrice: pricing.discountedPrice,
        deposit: pricing.deposit.amount,
      };
    },
    market: (country) => tax.market(country),
    tax: (input) => tax.calculate(input),
    shippingMethods: (input) => shipping.allowedMethods(input),
    storage,
    optionGroups: (productId, country) => catalog.components(productId, country),
    links: downloadLinks(signingKey),
  });
  await app.register(dealerOrderRoutes, { prefix: '/v1', dealerOrders, guards });
  const paymentsData = paymentsRepo(database.db);
  // The sandbox reports delayed outcomes through the same signed webhook path as Stripe (bound below).
  let deliverWebhook = async (_raw: string, _signature: string) => {};
  const paymentProvidersOfMarkets =
    deps.paymentProviders ??
    paymentProviders(config, {
      store: dbSandboxStore(database.db),
      deliver: (raw, signature) => deliverWebhook(raw, signature),
    });
  // The lenders of financing (decision 030): their decisions arrive only as signed callbacks; the demo's sandbox
  // lender sends its callback straight into the same path.
  let deliverLenderCallback = async (_lender: string, _raw: string, _signature: string) => {};
  const lenders = financingLenders(config, (lender, raw, signature) => deliverLenderCallback(lender, raw, signature));
  const payments = paymentsService({
    repo: paymentsData,
    providers: paymentProvidersOfMarkets,
    lenders,
    async orderFor(orderId, caller) {
      if (!caller.userId || !isUuid(orderId)) return null;
      const order = await paymentsData.orderBasics(orderId);
      // Only the buyer pays or reads the payments of an order (an administrator does it by impersonating them).
      if (order?.userId !== caller.userId) return null;
      return { ...order, deposit: order.type === 'vehicle' ? order.deposit : 0 };
    },
    async cartFor(cartId, caller) {
      const auth = caller.userId ? { userId: caller.userId, roles: caller.roles } : null;
      const setup = await checkout.setup(cartId, auth, {}).catch(() => null);
      if (!setup) return null;
      return {
        id: setup.cartId,
        country: setup.country,
        currency: setup.currency,
        total: setup.pricing.total,
        deposit: setup.pricing.deposit,
        type: setup.lines.some((l) => l.kind !== 'store') ? 'vehicle' : 'store',
      };
    },
    onSucceeded: async (orderId, paymentId) => {
      // A payment for an order whose hold lapsed takes its bikes again, or is flagged for a refund (decision 027).
      await holds.afterPayment(orderId).catch((error: unknown) => app.log.error({ err: error }, 'stock reservations'));
      await orders.sendPaymentReceived(orderId, paymentId).catch(() => undefined);
    },
    onFailed: (orderId, paymentId) => orders.sendPaymentFailed(orderId, paymentId).catch(() => undefined),
  });
  deliverWebhook = async (raw, signature) => {
    await payments.webhook('sandbox', raw, signature).catch((error: unknown) => app.log.error({ err: error }));
  };
  deliverLenderCallback = async (lender, raw, signature) => {
    await payments.lenderCallback(lender, raw, signature).catch((error: unknown) => app.log.error({ err: error }));
  };
  // Production (decision 030): no sandbox provider, no sandbox webhook, no sandbox card form, no dev settle route.
  const sandboxPayments = config.demo && paymentProvidersOfMarkets.sandbox !== null;
  await app.register(paymentRoutes, {
    prefix: '/v1',
    payments,
    guards,
    devRoutes: devRoutesOn,
    devLocalOnly: config.devMailbox === 'local',
    webhookProviders: sandboxPayments ? ['stripe', 'sandbox'] : ['stripe'],
    lenders: lenders.all().map((l) => ({ name: l.name, signatureHeader: l.signatureHeader })),
    sandboxLender: lenders.sandbox !== null,
  });
  // Spec section 7: saving a card is a v2 call; v1 answers it too.
  for (const prefix of ['/v1', '/v2'])
    await app.register(cardSetupRoutes, { prefix, payments, guards, sandbox: sandboxPayments });
  await app.register(checkoutRoutes, {
    prefix: '/v1',
    checkout,
    guards,
    orderPaymentKinds: async (orderId, caller) => (await payments.options(caller, orderId)).kinds,
    guestLimit: config.demo ? null : { max: config.guestCheckoutLimit ?? 5, signedInMax: config.rateLimitMax },
    async resultOf(orderId, caller) {
      const view = await orders.order(caller, orderId, 'en-us').catch(() => null);
      return view ? checkoutResult(view) : null;
    },
  });
  const people = {
    byId: (id: string) => users.findUser(id).then((u) => u ?? null),
    byEmail: (address: string) => users.findUserByEmail(address).then((u) => u ?? null),
  };
  const vehicles = vehiclesService({
    repo: vehiclesRepo(database.db),
    orders: vehicleReads(ordersRepo(database.db)),
    people,
    email: mailer,
    publicUrl: config.publicUrl,
    links: downloadLinks(signingKey),
    audit,
  });
  await app.register(vehicleRoutes, { prefix: '/v1', vehicles, guards });
  const referrals = referralsService({
    repo: referralsRepo(database.db),
    dealers: {
      active: () => identity.activeDealers(),
      ofUser: async (userId) => users.findDealer(userId),
    },
    distanceUnit: async (country) => (await markets.getCountry(country)).distanceUnit,
    email: mailer,
    captcha,
    publicUrl: config.publicUrl,
  });
  await app.register(referralRoutes, { prefix: '/v1', referrals, guards });
  const engagementData = engagementRepo(database.db);
  const ownPlaces = storePlaces((country) => engagementData.storesIn(country));
  const engagement = engagementService({
    repo: engagementData,
    // Decision 022: Google's Text Search with a key, else (and when Google fails) the stores' own addresses.
    places: config.googleMapsApiKey
      ? googlePlaces({ apiKey: config.googleMapsApiKey, fallback: ownPlaces })
      : ownPlaces,
    distanceUnit: async (country) => (await markets.getCountry(country)).distanceUnit,
    storage,
    email: mailer,
    captcha,
    links: downloadLinks(signingKey),
    publicUrl: config.publicUrl,
  });
  await app.register(engagementRoutes, { prefix: '/v1', engagement, guards });
  const dealerApplications = dealersService({
    repo: dealersRepo(database.db),
    applicant: (userId) => users.findUser(userId),
    vatValid: (vatId, country) => tax.vatValid(vatId, country),
    captcha,
    email: mailer,
    publicUrl: config.publicUrl,
  });
  // Spec section 7: POST dealer is a v2 call; v1 answers it too.
  for (const prefix of ['/v1', '/v2']) {
    await app.register(dealerApplicationRoutes, { prefix, dealers: dealerApplications, guards });
  }
  await app.register(dealerAdminRoutes, { prefix: '/v1', dealers: dealerApplications, guards });
  const dealerProfile = dealerProfileService({
    repo: dealersRepo(database.db),
    vatValid: (vatId, country) => tax.vatValid(vatId, country),
    audit,
  });
  // Spec section 7: PUT dealer/{id}/info is a v2 call; v1 answers it too.
  for (const prefix of ['/v1', '/v2'])
    await app.register(dealerProfileRoutes, { prefix, profile: dealerProfile, guards });
  // Spec section 7: the dealer-ledger calls sit beside the v2 dealer calls; v1 answers them too (decision 024).
  const ledger = dealerLedgerService({ repo: dealerLedgerRepo(database.db), links: ledgerLinks(signingKey) });
  for (const prefix of ['/v1', '/v2']) await app.register(dealerLedgerRoutes, { prefix, ledger, guards });
  const cipher = whistleCipher(loadWhistleKey(config.whistleblowing ?? {}));
  const whistleData = whistleRepo(database.db);
  const whistle = whistleService({
    repo: whistleData,
    cipher,
    captcha,
    notify: (event, row) => notifyCompliance(whistleData, mailer, config.publicUrl, event, row),
  });
  await app.register(whistleReporterRoutes, { prefix: '/v2', whistle, cipher });
  await app.register(whistleComplianceRoutes, { prefix: '/v2', whistle, guards });
  // Live highest bids to every process's event streams (decision 021).
  const feed = await axeFeed({
    database,
    redisUrl: config.redisUrl,
    onError: (error) => app.log.warn({ err: error }, 'auction feed'),
  });
  app.addHook('onClose', async () => feed.close());
  const auction = auctionService({
    repo: auctionRepo(database.db),
    feed,
    email: mailer,
    publicUrl: config.publicUrl,
    signingKey,
    isMarket: async (country) => (await markets.getCountry(country).catch(() => null))?.status === 1,
    cacheMs: config.auctionCacheMs ?? 0,
  });
  await app.register(auctionRoutes, {
    prefix: '/v1',
    auction,
    guards,
    pay: (caller, orderId) => payments.start(caller, { order: orderId, kind: 'full', method: 'card' }),
    devRoutes: devRoutesOn,
    devLocalOnly: config.devMailbox === 'local',
    feed,
  });
  // The winners job (decision 021): closes ended axes once and e-mails the winners; idempotent across processes.
  const winnersEvery = config.auctionWinnersIntervalMs ?? 0;
  if (winnersEvery > 0) {
    const timer = setInterval(() => {
      auction.determineWinners().catch((error: unknown) => app.log.error({ err: error }, 'auction winners'));
    }, winnersEvery);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  }
  await app.register(addressRoutes, { prefix: '/v2', addresses, guards });
  await app.register(taxRoutes, { prefix: '/v1', tax });
  await app.register(shippingRoutes, { prefix: '/v1', shipping });
  await app.register(identityRoutes, {
    prefix: '/api',
    identity,
    guards,
    signInOnly: true,
    signInPerAccount: config.signInLimitPerAccount ?? 10,
  });
  await app.register(adminRoutes, { prefix: '/v1', db: database.db, guards, identity, repo: users, audit });
  await app.register(translationRoutes, { prefix: '/v1', db: database.db, guards, audit });
  if (devRoutesOn) {
    await app.register(devRoutes, { prefix: '/v1', db: database.db, localOnly: config.devMailbox === 'local' });
  }
  // Unknown API paths answer JSON even when the web adds its catch-all page route.
  for (const prefix of ['/v1', '/v2']) {
    app.route({
      method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      url: `${prefix}/*`,
      handler: apiNotFound,
      schema: { hide: true },
    });
  }
  app.setNotFoundHandler(apiNotFound);
  return app;
}

async function redisClient(url: string) {
  const { Redis } = await import('ioredis');
  return new Redis(url, { connectTimeout: 500, maxRetriesPerRequest: 1, enableOfflineQueue: false });
}
