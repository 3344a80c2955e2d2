import type { Db } from '@varg/db';
import { signedLinks } from '../../lib/signed-link.ts';
import type { Api, Platform } from '../../plugins/platform.ts';
import type { AddressesService } from '../addresses/service.ts';
import type { CatalogService } from '../catalog/service.ts';
import type { DealerDirectory } from '../dealers/directory.ts';
import type { ShippingService } from '../shipping/service.ts';
import type { TaxService } from '../tax/service.ts';
import { adminOrdersRepo } from './admin-repo.ts';
import { adminOrderRoutes } from './admin-routes.ts';
import { adminOrdersService, type OrderPayments } from './admin-service.ts';
import { buyerOrderUpdates } from './buyer-update.ts';
import { type DealerOrdersDeps, dealerOrdersContext } from './dealer-context.ts';
import { dealerOrderPricing } from './dealer-pricing.ts';
import { dealerOrdersRepo } from './dealer-repo.ts';
import { dealerOrderRoutes } from './dealer-routes.ts';
import { dealerOrdersService } from './dealer-service.ts';
import { downloadLinks } from './download-link.ts';
import { PAY_LINK_AFTER_MS, PAY_LINK_TTL_S, payLinks } from './pay-links.ts';
import { ordersRepo } from './repo.ts';
import { reservations } from './reservations.ts';
import { ordersRoutes } from './routes.ts';
import { bankAccount } from './seller.ts';
import { ordersService } from './service.ts';
import { paidStoreLines } from './stock-sale.ts';
import { vehicleReads } from './vehicle-reads.ts';

/**
 * Orders, invoices, order e-mails and the dealers' order edits; the balance reminders and stock-bike holds jobs
 * (decisions 017, 025, 027). Tells the payments module what a settled payment means for an order.
 */
export async function ordersModule(
  app: Api,
  platform: Pick<Platform, 'config' | 'database' | 'guards' | 'mailer' | 'signingKey' | 'storage' | 'audit' | 'jobs'>,
  needs: {
    catalog: Pick<CatalogService, 'components' | 'pricingByHash'>;
    tax: Pick<TaxService, 'market' | 'calculate'>;
    shipping: Pick<ShippingService, 'allowedMethods'>;
    dealers: Pick<DealerDirectory, 'ofUser'>;
    addresses: Pick<AddressesService, 'get' | 'normalize'>;
    /** The approved dealers by id and name (the back office's list). */
    dealerNames(): Promise<Array<{ id: string; name: string }>>;
    /** The store's stock gives up a paid order's units (decision 060). */
    takeStock(orderId: string, lines: { variantCode: string; quantity: number }[]): Promise<unknown>;
    /** …and takes a cancelled order's units back. */
    returnStock(orderId: string): Promise<unknown>;
  },
) {
  const { config, database, guards, mailer, signingKey, storage, audit, jobs } = platform;
  const { catalog, tax, shipping, dealers } = needs;
  const data = ordersRepo(database.db);
  const links = downloadLinks(signingKey);
  const orders = ordersService({
    repo: data,
    email: mailer,
    publicUrl: config.publicUrl,
    bank: bankAccount(config.bankTransfer),
    links,
    // The catalogue names the group of each chosen bike option.
    optionGroups: (productId, country, db) => catalog.components(productId, country, db),
  });
  // Balance reminders (decision 017): looked for every BALANCE_REMINDER_INTERVAL_MS; each order at most once a week.
  jobs.schedule('balance reminders', config.balanceReminderIntervalMs ?? 0, () =>
    orders.sendBalanceReminders(new Date()),
  );
  // Unpaid orders' pay links (decision 062): looked for every PAY_LINK_INTERVAL_MS; each order once.
  const pay = payLinks({
    db: database.db,
    repo: data,
    email: mailer,
    publicUrl: config.publicUrl,
    links: signedLinks(signingKey, 'order-pay-link', PAY_LINK_TTL_S),
    optionGroups: (productId, country, db) => catalog.components(productId, country, db),
  });
  jobs.schedule('pay links', config.payLinkIntervalMs ?? 0, () =>
    pay.sendDue(new Date(), config.payLinkAfterMs ?? PAY_LINK_AFTER_MS),
  );
  // Unpaid orders' stock-bike holds (decision 027): released every STOCK_RESERVATION_INTERVAL_MS once lapsed.
  const holds = reservations(database.db);
  jobs.schedule('stock reservations', config.stockReservationIntervalMs ?? 0, () => holds.releaseLapsed(new Date()));
  const dealerDeps: DealerOrdersDeps = {
    repo: dealerOrdersRepo(database.db, data),
    orders: data,
    dealerOf: (userId) => dealers.ofUser(userId),
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
    optionGroups: (productId, country, db) => catalog.components(productId, country, db),
    links,
  };
  // The buyer's change of delivery and contact (decision 049): priced and settled as a dealer's edit is.
  let deliveredBikes: ((orderId: string) => Promise<number>) | null = null;
  const updates = buyerOrderUpdates({
    orders: data,
    pricing: dealerOrderPricing(dealerOrdersContext(dealerDeps)),
    rewrite: (edit) => dealerDeps.repo.rewrite(edit),
    addresses: needs.addresses,
    audit,
    delivered: async (orderId) => {
      if (!deliveredBikes) throw new Error('orders: vehicles not bound');
      return deliveredBikes(orderId);
    },
    optionGroups: dealerDeps.optionGroups,
  });
  await app.register(ordersRoutes, { prefix: '/v1', orders, updates, guards });
  const dealerOrders = dealerOrdersService(dealerDeps);
  await app.register(dealerOrderRoutes, { prefix: '/v1', dealerOrders, guards });
  // The back office's orders (decision 042); refunds and recorded transfers go through payments, bound below.
  let orderPayments: OrderPayments | null = null;
  const admin = adminOrdersService({
    repo: adminOrdersRepo(database.db),
    orders: data,
    email: mailer,
    audit,
    publicUrl: config.publicUrl,
    optionGroups: (productId, country, db) => catalog.components(productId, country, db),
    dealers: () => needs.dealerNames(),
    returnStock: (orderId) =>
      needs.returnStock(orderId).catch((error: unknown) => app.log.error({ err: error }, 'store stock')),
    payments: () => {
      if (!orderPayments) throw new Error('orders: payments not bound');
      return orderPayments;
    },
  });
  await app.register(adminOrderRoutes, { prefix: '/v1', admin, guards });
  return {
    /** The payments module's refunds and recorded transfers, bound once it is built (it depends on orders). */
    usePayments: (payments: OrderPayments) => {
      orderPayments = payments;
    },
    /** How many bikes of an order were handed over (the vehicles module, built after orders). */
    useDeliveries: (delivered: (orderId: string) => Promise<number>) => {
      deliveredBikes = delivered;
    },
    orders,
    /** Unpaid orders' signed pay links: sent by the job, at once for an unproven confirm replay, verified on use. */
    payLinks: pay,
    /** An order line read by its owner or dealer, for the configurator's builder edit mode (decision 050). */
    editedLine: dealerOrders.editedLine,
    /** Who holds a stock bike, and an administrator's release of an unpaid hold (the stock-bike back office). */
    stockHolds: { holdsOf: holds.holdsOf, release: holds.release },
    /** Unpaid orders of a market (the markets' back office refuses a currency change meanwhile). */
    unpaidOrdersIn: (country: string) => data.unpaidOrdersIn(country),
    /** What the vehicles module reads of delivered orders. */
    vehicleReads: vehicleReads(data),
    /** What a settled payment means for its order (the payments module's `onSucceeded`/`onFailed`). */
    paymentEvents: {
      async onSucceeded(orderId: string, paymentId: string, done?: { mailed: boolean }) {
        // A payment for an order whose hold lapsed takes its bikes again, or is flagged for a refund (decision 027).
        await holds
          .afterPayment(orderId)
          .catch((error: unknown) => app.log.error({ err: error }, 'stock reservations'));
        // A store order paid in full takes its units from stock (once per order and SKU, decision 060).
        await paidStoreLines(database.db, orderId)
          .then((lines) => (lines?.length ? needs.takeStock(orderId, lines) : null))
          .catch((error: unknown) => app.log.error({ err: error }, 'store stock'));
        if (!done?.mailed) await orders.sendPaymentReceived(orderId, paymentId).catch(() => undefined);
      },
      onFailed: async (orderId: string, paymentId: string, done?: { mailed: boolean }) => {
        if (!done?.mailed) await orders.sendPaymentFailed(orderId, paymentId).catch(() => undefined);
      },
      /** The buyer's e-mail about a payment's new status, in the transaction that sets it (decision 056). */
      async statusEmail(tx: Db, orderId: string, paymentId: string, to: string) {
        if (to === 'SUCCEEDED') await orders.sendPaymentReceived(orderId, paymentId, tx);
        else if (to === 'FAILED') await orders.sendPaymentFailed(orderId, paymentId, tx);
      },
    },
  };
}
export type OrdersModule = Awaited<ReturnType<typeof ordersModule>>;
