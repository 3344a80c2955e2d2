import { ApiError } from '../../lib/api-error.ts';
import type { Api, Platform } from '../../plugins/platform.ts';
import type { AddressesService } from '../addresses/service.ts';
import type { CartService } from '../cart/service.ts';
import type { DealerDirectory } from '../dealers/directory.ts';
import type { IdentityService } from '../identity/service.ts';
import type { TermsOfSale } from '../legal/service.ts';
import { isActiveMarket } from '../markets/active.ts';
import type { MarketsService } from '../markets/service.ts';
import type { PayLinks } from '../orders/pay-links.ts';
import { DEFAULT_STOCK_RESERVATION_HOURS } from '../orders/reservations.ts';
import type { OrdersService } from '../orders/service.ts';
import type { PaymentsService } from '../payments/service.ts';
import type { ShippingService } from '../shipping/service.ts';
import type { TaxLinesResolver } from '../tax/routes.ts';
import type { TaxService } from '../tax/service.ts';
import { checkoutCart } from './cart-adapter.ts';
import { payableCarts } from './payable.ts';
import { checkoutRepo } from './repo.ts';
import { checkoutResult } from './result.ts';
import { checkoutRoutes } from './routes.ts';
import { checkoutService } from './service.ts';
import { taxLinesResolver } from './tax-lines.ts';

/**
 * Checkout: setup, payment kinds, confirm (spec section 3). Uses payments (wallet, methods, adopting a cart's
 * payments) and gives payments its `PayableCarts` in return (decision 033).
 */
export async function checkoutModule(
  app: Api,
  platform: Pick<Platform, 'config' | 'database' | 'guards' | 'captcha' | 'mailer'>,
  needs: {
    cart: Pick<CartService, 'get' | 'recheckDealerPrices'>;
    markets: Pick<MarketsService, 'getCountry'>;
    tax: Pick<TaxService, 'market' | 'vatValid' | 'checkVat' | 'calculate'> & {
      resolveLinesWith(resolver: TaxLinesResolver): void;
    };
    shipping: Pick<ShippingService, 'allowedMethods'>;
    addresses: Pick<AddressesService, 'get' | 'prepare'>;
    identity: Pick<IdentityService, 'checkoutCustomer' | 'buyerSession'>;
    /** Unpaid orders' pay links (decision 062). */
    payLinks: Pick<PayLinks, 'sendNow' | 'verify'>;
    orders: Pick<OrdersService, 'sendOrderConfirmation' | 'order'>;
    payments: Pick<
      PaymentsService,
      'walletBalance' | 'offeredMethods' | 'offeredKinds' | 'adoptCartPaymentsIn' | 'adoptCartPayments' | 'options'
    >;
    dealers: Pick<DealerDirectory, 'approvedIdOf'>;
    terms: TermsOfSale;
  },
) {
  const { config, database, guards, captcha } = platform;
  const { cart, markets, tax, shipping, addresses, identity, orders, payments, dealers, terms, payLinks } = needs;
  const checkout = checkoutService({
    repo: checkoutRepo(database.db),
    cartFor: async (cartId, caller) => checkoutCart(await cart.get(caller, cartId)),
    recheckDealerPrices: (cartId) => cart.recheckDealerPrices(cartId),
    // The market the cart is in, as the markets keep it: an inactive or unknown one does not sell.
    market: async (country) => {
      const found = await markets.getCountry(country.toUpperCase());
      return isActiveMarket(found) ? { ...(await tax.market(country)), status: found.status } : null;
    },
    shippingMethods: (input) => shipping.allowedMethods(input),
    vatValid: (vatId, country) => tax.vatValid(vatId, country),
    vatCheck: (vatId, country) => tax.checkVat(vatId, country),
    requireVies: !config.demo,
    tax: (input) => tax.calculate(input),
    addressOf: (userId, id) => addresses.get(userId, id),
    prepareAddress: (input) => addresses.prepare(input),
    checkoutCustomer: (input, meta) => identity.checkoutCustomer(input, meta),
    orderEmail: (orderId, tx) => orders.sendOrderConfirmation(orderId, tx),
    emailsCommitted: () => platform.mailer.afterCommit(),
    walletBalance: (userId, currency) => payments.walletBalance(userId, currency),
    offeredMethods: (country, methods) => payments.offeredMethods(country, methods),
    offeredKinds: (country, kinds) => payments.offeredKinds(country, kinds),
    adoptPayments: (cartId, orderId, userId, tx) => payments.adoptCartPaymentsIn(tx, cartId, orderId, userId),
    afterAdoption: (cartId, orderId, userId) =>
      payments.adoptCartPayments(cartId, orderId, userId).then(() => undefined),
    activeDealerOf: (userId) => dealers.approvedIdOf(userId),
    termsOfSale: (country, lang) => terms.currentTermsId(country, lang),
    stockReservationHours: config.stockReservationHours ?? DEFAULT_STOCK_RESERVATION_HOURS,
    captcha,
    buyerSession: (userId, meta) => identity.buyerSession(userId, meta, { via: 'confirm_replay' }),
    sendPayLink: (orderId) => payLinks.sendNow(orderId),
  });
  // `POST tax/calculate` with a cart or order id taxes its lines (spec section 7).
  tax.resolveLinesWith(taxLinesResolver({ cart, orders, tax, guards }));
  await app.register(checkoutRoutes, {
    prefix: '/v1',
    checkout,
    guards,
    async payLinkSession(orderId, token, meta) {
      const link = await payLinks.verify(orderId, token);
      if (!link) throw new ApiError('INVALID_TOKEN');
      return identity.buyerSession(link.userId, meta, { via: 'pay_link', unchangedSince: link.issuedAt });
    },
    orderPaymentKinds: async (orderId, caller) => (await payments.options(caller, orderId)).kinds,
    guestLimit: config.demo ? null : { max: config.guestCheckoutLimit ?? 5, signedInMax: config.rateLimitMax },
    async resultOf(orderId, caller) {
      const view = await orders.order(caller, orderId, 'en-us').catch(() => null);
      return view ? checkoutResult(view) : null;
    },
  });
  return { checkout, payableCarts: payableCarts(checkout) };
}
