import type { FastifyInstance } from 'fastify';
import { addressesModule } from './modules/addresses/plugin.ts';
import { adminRoutes } from './modules/admin/routes.ts';
import { auctionModule } from './modules/auction/plugin.ts';
import { auditService } from './modules/audit/service.ts';
import { cartModule } from './modules/cart/plugin.ts';
import { catalogModule } from './modules/catalog/plugin.ts';
import { stockAdminModule } from './modules/catalog/stock-admin-plugin.ts';
import { checkoutModule } from './modules/checkout/plugin.ts';
import { contentModule } from './modules/content/plugin.ts';
import { dashboardModule } from './modules/dashboard/plugin.ts';
import { dealerLedgerModule } from './modules/dealer-ledger/plugin.ts';
import { dealersModule } from './modules/dealers/plugin.ts';
import { devRoutes } from './modules/dev/routes.ts';
import { adminEmailsModule } from './modules/emails/plugin.ts';
import { engagementModule } from './modules/engagement/plugin.ts';
import { identityModule } from './modules/identity/plugin.ts';
import { legalModule } from './modules/legal/plugin.ts';
import { marketsAdminModule } from './modules/markets/admin-plugin.ts';
import { marketsModule } from './modules/markets/plugin.ts';
import { marketSettingsStore } from './modules/markets/settings.ts';
import { ordersModule } from './modules/orders/plugin.ts';
import { paymentsModule } from './modules/payments/plugin.ts';
import { referralsModule } from './modules/referrals/plugin.ts';
import { referralProgramme } from './modules/referrals/programme.ts';
import { shippingModule } from './modules/shipping/plugin.ts';
import { storeModule } from './modules/store/plugin.ts';
import { systemRoutes } from './modules/system/routes.ts';
import { taxModule } from './modules/tax/plugin.ts';
import { modelTextRoutes } from './modules/translations/model-texts.ts';
import { translationRoutes } from './modules/translations/routes.ts';
import { vehiclesModule } from './modules/vehicles/plugin.ts';
import { whistleblowingModule } from './modules/whistleblowing/plugin.ts';
import { registerBusinessMetrics } from './plugins/business-metrics.ts';
import type { ApiDeps } from './plugins/deps.ts';
import { apiFallbacks } from './plugins/errors.ts';
import { httpLayer } from './plugins/http.ts';
import { scheduledJobs } from './plugins/jobs.ts';
import type { Platform } from './plugins/platform.ts';
import type { Services } from './plugins/services.ts';
import { outboxEmail } from './providers/email/outbox.ts';
import { geoipLite } from './providers/geo/geoip-lite.ts';
import { captchaProvider, commerceProviders, storageProvider } from './providers/select.ts';

export { ADMIN_LINK_TTL_S, AdminCreateError, type CreatedAdmin, createAdmin } from './cli/admin-create.ts';
export { LegalPublishError, type PublishedLegalDocument, publishLegalDocument } from './cli/legal-publish.ts';
export type { ApiConfig } from './config.ts';
export { apiConfigFromEnv, ConfigError, type Env, readEnv } from './config.ts';
export type { GeoLookup } from './modules/markets/service.ts';
export type { ApiDeps } from './plugins/deps.ts';
export { PRIVATE_RELAY_HEADER } from './plugins/privacy.ts';
export type { Services } from './plugins/services.ts';
export { type ActiveMarket, isProductionEnv, productionProblems, productionRefusal } from './production.ts';

/**
 * The API: the shared HTTP layer, then the modules' plugins, each given the platform and the small interfaces it
 * needs of the modules before it (decision 033; DESIGN.md section 4). The web server adds its pages to the instance.
 */
export async function buildApi(deps: ApiDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const app = await httpLayer(config, deps.logger);
  registerBusinessMetrics(app, database);

  // — platform and modules —
  const audit = auditService(database.db);
  const mailer = outboxEmail(database.db, { smtpUrl: config.smtpUrl, from: config.mailFrom });
  // Failed deliveries are retried by whichever process finds them due (decision 056); in-flight ones end before close.
  const jobs = scheduledJobs(app, database, { queue: config.jobQueue });
  jobs.schedule('e-mail delivery', config.emailRetryIntervalMs ?? 0, () => mailer.deliverDue());
  app.addHook('onClose', () => mailer.drain());
  // The referral programme (decision 051): sign-ups record their referrer, paid bike orders credit them.
  const programme = referralProgramme(database.db, audit);
  const storage = deps.storage ?? storageProvider(config);
  const ids = await identityModule(app, { config, database, audit, mailer, storage }, { onSignUp: programme.signedUp });
  const platform: Platform = {
    config,
    database,
    guards: ids.guards,
    mailer,
    audit,
    signingKey: ids.signingKey,
    captcha: deps.captcha ?? captchaProvider(config, (message) => app.log.warn(message)),
    storage,
    jobs,
    // `/v1/dev/*` (mailbox, settling sandbox payments, ending an axe) exist in the demo only (decision 026).
    devRoutes: config.demo && config.devMailbox !== 'off',
  };
  const { identity, guards } = ids;
  await app.register(systemRoutes, { database });
  const geo = deps.geo ?? geoipLite();
  const markets = await marketsModule(app, platform, geo);
  const providers = { ...commerceProviders(config), ...deps.providers };
  const tax = await taxModule(app, { markets, provider: providers.tax, vat: providers.vat });
  // What each market offers at checkout (decision 054), kept by every process and read again on every change.
  const settings = await marketSettingsStore(database.db, (error) => app.log.warn({ err: error }, 'market settings'));
  const shipping = await shippingModule(app, {
    markets,
    dealersIn: (country) => identity.activeDealersIn(country),
    settings: settings.of,
  });
  const addresses = await addressesModule(app, platform, { markets, geocoding: providers.geocoding });
  const dealers = await dealersModule(app, platform, {
    dealerRowOf: ids.dealerRowOf,
    applicant: (userId) => ids.people.byId(userId),
    vatValid: (vatId, country) => tax.vatValid(vatId, country),
  });
  const catalog = await catalogModule(app, platform, { dealers, userById: ids.people.byId });
  const store = await storeModule(app, platform, { markets, changes: catalog.changes });
  const dealerNames = async () => (await identity.activeDealers()).map((d) => ({ id: d.id, name: d.storeInfo.name }));
  const orders = await ordersModule(app, platform, {
    catalog,
    tax,
    shipping,
    dealers,
    dealerNames,
    addresses,
    takeStock: store.takeForOrder,
    returnStock: store.returnForOrder,
  });
  catalog.useOrderLines(orders.editedLine);
  const cart = await cartModule(app, platform, { catalog, store, markets, dealers });
  ids.useCartOf((userId) => cart.summaryOfUser(userId));
  // The back office's stock bikes and markets (decision 043): after the orders and carts they ask.
  await stockAdminModule(app, platform, {
    catalog,
    holds: orders.stockHolds,
    dealers: async () =>
      (await identity.activeDealers()).map((d) => ({ id: d.id, name: d.storeInfo.name, country: d.country })),
  });
  await marketsAdminModule(app, platform, {
    markets,
    changes: catalog.changes,
    settings,
    use: {
      openCarts: (country) => cart.openCartsIn(country),
      unpaidOrders: (country) => orders.unpaidOrdersIn(country),
    },
  });
  const events = {
    ...orders.paymentEvents,
    async onSucceeded(orderId: string, paymentId: string, done?: { mailed: boolean }) {
      await orders.paymentEvents.onSucceeded(orderId, paymentId, done);
      await programme.afterPayment(orderId).catch((error: unknown) => app.log.error({ err: error }, 'referral credit'));
    },
  };
  const pay = await paymentsModule(app, platform, {
    providers: deps.paymentProviders,
    events,
    marketSettings: settings.of,
  });
  const payments = pay.payments;
  orders.usePayments(payments);
  const terms = await legalModule(app, platform);
  const checkoutNeeds = { cart, markets, tax, shipping, addresses, identity, dealers, payments, terms };
  const checkout = await checkoutModule(app, platform, {
    ...checkoutNeeds,
    orders: orders.orders,
    payLinks: orders.payLinks,
  });
  pay.useCarts(checkout.payableCarts);
  const vehicles = await vehiclesModule(app, platform, { orders: orders.vehicleReads, people: ids.people });
  orders.useDeliveries(vehicles.deliveredOf);
  const activeDealers = { active: () => identity.activeDealers(), ofUser: dealers.ofUser };
  await referralsModule(app, platform, { dealers: activeDealers, markets, programme });
  await engagementModule(app, platform, { markets });
  await dealerLedgerModule(app, platform);
  await whistleblowingModule(app, platform);
  await auctionModule(app, platform, { markets, payments });
  await contentModule(app, platform);
  await app.register(adminRoutes, { prefix: '/v1', guards, identity, users: ids.userAdmin, audit });
  await dashboardModule(app, platform);
  await adminEmailsModule(app, platform);
  await app.register(translationRoutes, { prefix: '/v1', db: database.db, guards, audit });
  await app.register(modelTextRoutes, {
    prefix: '/v1',
    db: database.db,
    guards,
    audit,
    changed: (what) => catalog.changes.changed(what),
  });
  if (platform.devRoutes) {
    await app.register(devRoutes, { prefix: '/v1', db: database.db, localOnly: config.devMailbox === 'local' });
  }
  const { captcha } = platform;
  const services: Services = {
    markets,
    geo,
    identity,
    audit,
    orders: orders.orders,
    payLinks: orders.payLinks,
    addresses,
    shipping,
    tax,
    captcha,
    storage,
    catalogChanges: catalog.changes,
  };
  app.decorate('services', services);
  apiFallbacks(app);
  return app;
}
