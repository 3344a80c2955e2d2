import type { MarketSettings } from '@varg/domain';
import type { Api, Platform } from '../../plugins/platform.ts';
import { lenders as financingLenders } from '../../providers/financing/router.ts';
import { paymentProviders } from '../../providers/payments/router.ts';
import { lateCarts, type PayableCarts } from './carts.ts';
import type { PaymentsDeps } from './model.ts';
import { payableOrders } from './ownership.ts';
import { dbSandboxStore, paymentsRepo } from './repo.ts';
import { cardSetupRoutes, paymentRoutes } from './routes.ts';
import { type PaymentProviders, paymentsService } from './service.ts';
import { walletAdmin, walletAdminRoutes } from './wallet-admin.ts';
import { walletHistory } from './wallet-history.ts';
import { ownWalletRoutes } from './wallet-routes.ts';

/**
 * Payments of orders and carts, wallet, saved cards, webhooks and the lenders' callbacks (decisions 017, 030).
 * Needs from others only what a settled payment means for an order (`events`) and, bound later, `PayableCarts`.
 */
export async function paymentsModule(
  app: Api,
  platform: Pick<Platform, 'config' | 'database' | 'guards' | 'devRoutes' | 'audit' | 'mailer'>,
  needs: {
    /** Replaces the payment providers of the markets (tests). */
    providers?: PaymentProviders | undefined;
    /** The market's own checkout settings (decision 054). */
    marketSettings: (country: string) => MarketSettings | null;
    events: Required<Pick<PaymentsDeps, 'onSucceeded' | 'onFailed' | 'statusEmail'>>;
  },
) {
  const { config, database, guards } = platform;
  const repo = paymentsRepo(database.db);
  // The sandbox reports delayed outcomes through the same signed webhook path as Stripe (bound below).
  let deliverWebhook = async (_raw: string, _signature: string) => {};
  const providers =
    needs.providers ??
    paymentProviders(config, {
      store: dbSandboxStore(database.db),
      deliver: (raw, signature) => deliverWebhook(raw, signature),
    });
  // The lenders of financing (decision 030): their decisions arrive only as signed callbacks; the demo's sandbox
  // lender sends its callback straight into the same path.
  let deliverLenderCallback = async (_lender: string, _raw: string, _signature: string) => {};
  const lenders = financingLenders(config, (lender, raw, signature) => deliverLenderCallback(lender, raw, signature));
  const carts = lateCarts();
  const payments = paymentsService({
    repo,
    providers,
    lenders,
    orderFor: payableOrders(repo),
    cartFor: (cartId, caller) => carts.carts.cartFor(cartId, caller),
    onSucceeded: (orderId, paymentId, done) => needs.events.onSucceeded(orderId, paymentId, done),
    onFailed: (orderId, paymentId, done) => needs.events.onFailed(orderId, paymentId, done),
    // The buyer's e-mail about a payment's new status commits with it (decision 056).
    statusEmail: (tx, orderId, paymentId, to) => needs.events.statusEmail(tx, orderId, paymentId, to),
    emailsCommitted: () => platform.mailer.afterCommit(),
    audit: platform.audit,
    marketSettings: needs.marketSettings,
  });
  deliverWebhook = async (raw, signature) => {
    await payments.webhook('sandbox', raw, signature).catch((error: unknown) => app.log.error({ err: error }));
  };
  deliverLenderCallback = async (lender, raw, signature) => {
    await payments.lenderCallback(lender, raw, signature).catch((error: unknown) => app.log.error({ err: error }));
  };
  // Production (decision 030): no sandbox provider, no sandbox webhook, no sandbox card form, no dev settle route.
  const sandbox = config.demo && providers.sandbox !== null;
  await app.register(paymentRoutes, {
    prefix: '/v1',
    payments,
    guards,
    devRoutes: platform.devRoutes,
    devLocalOnly: config.devMailbox === 'local',
    webhookProviders: sandbox ? ['stripe', 'sandbox'] : ['stripe'],
    lenders: lenders.all().map((l) => ({ name: l.name, signatureHeader: l.signatureHeader })),
    sandboxLender: lenders.sandbox !== null,
  });
  // The back office's view of a customer's store credit (decision 044).
  await app.register(walletAdminRoutes, { prefix: '/v1', wallet: walletAdmin(database.db, platform.audit), guards });
  // The owner's own store credit (decision 051): the same query, paged.
  await app.register(ownWalletRoutes, { prefix: '/v1', history: walletHistory(database.db), guards });
  // Spec section 7: saving a card is a v2 call; v1 answers it too.
  for (const prefix of ['/v1', '/v2']) await app.register(cardSetupRoutes, { prefix, payments, guards, sandbox });
  return {
    payments,
    /** The checkout's carts, bound once it is built (the checkout depends on payments, not the other way). */
    useCarts: (payable: PayableCarts) => carts.bind(payable),
  };
}
