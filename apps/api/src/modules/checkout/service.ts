// Checkout (spec sections 3 "Checkout data", "Order payload", 4 "Checkout setup", 7): the priced summary of a cart
// for the buyer's address and billing, and the confirmation that turns the cart into an order.
import { isUuid, orderPhone, SHIPMENT_KINDS } from '@varg/domain';
import { ApiError } from '../../lib/api-error.ts';
import type { AddressInput } from '../addresses/service.ts';
import { reservationDeadline } from '../orders/reservations.ts';
import { billingAddress, checkBillingNames, orderBilling } from './billing.ts';
import { checkoutPricing, trim } from './pricing.ts';
import { confirmKeyHash, confirmReplay, summaries } from './replay.ts';
import type { CheckoutRepo, NewOrderLine } from './repo.ts';
import type { Auth, CheckoutDeps, ConfirmBody, ConfirmMeta, SetupInput } from './types.ts';

export type * from './types.ts';

const addWeeksIso = (from: Date, weeks: number) =>
  new Date(from.getTime() + weeks * 7 * 86_400_000).toISOString().slice(0, 10);

export function checkoutService(deps: CheckoutDeps) {
  const now = deps.now ?? (() => new Date());

  const { price, checkoutData, addressFor } = checkoutPricing(deps);
  const replay = confirmReplay(deps);

  return {
    /** Spec: POST checkout/setup/{cartId}. Re-run on every address, billing, shipping or kind change (500 ms). */
    async setup(cartId: string, auth: Auth | null, input: SetupInput) {
      let cart = await deps.cartFor(cartId, auth);
      if (cart.status !== 'open') throw new ApiError('SHOPPING_CART_NOT_FOUND');
      // A dealer's price no longer allowed is dropped here: the buyer sees the total they will pay.
      if (await deps.recheckDealerPrices?.(cart.id)) cart = await deps.cartFor(cartId, auth);
      const address = await addressFor(auth, input);
      if (address && address.country.toUpperCase() !== cart.country) throw new ApiError('ADDRESS_COUNTRY_MISMATCH');
      return checkoutData(cart, await price(cart, input, auth, address));
    },

    /** Spec: GET checkout/payment-kinds/{cartId}. */
    async paymentKinds(cartId: string, auth: Auth | null) {
      const cart = await deps.cartFor(cartId, auth);
      return (await price(cart, {}, auth, null)).payment.kinds;
    },

    /**
     * Spec: POST checkout with the order payload. Totals are computed here again, never taken from the client. One
     * cart makes one order: a repeated confirm answers the order the first one made.
     */
    async confirm(
      auth: Auth | null,
      body: ConfirmBody,
      meta: { ip?: string | undefined; userAgent?: string | undefined; lang: string },
    ) {
      // A buyer without an account passes the captcha first (decision 027): nothing is looked at or created before.
      if (!auth && deps.captcha && !(await deps.captcha.verify(body.captcha, 'checkout', meta.ip)).ok) {
        throw new ApiError('CAPTCHA_FAILED');
      }
      const cart = await deps.cartFor(body.cart_id, auth);
      // A cart ordered already (a double click, a retry after a lost answer) answers its order to its buyer (decision 062).
      const proof = { key: body.confirm_key, email: trim(body.email).toLowerCase() };
      const again = async () => {
        const ordered = await deps.repo.ordersOfCart(cart.id);
        return ordered.length ? replay(auth, cart.id, ordered, proof, meta) : null;
      };
      const already = await again();
      if (already) return already;
      if (cart.status !== 'open') throw new ApiError('SHOPPING_CART_NOT_FOUND');
      // A dealer's price no longer allowed is dropped and nothing is ordered: the dealer confirms the new total.
      if (await deps.recheckDealerPrices?.(cart.id)) throw new ApiError('DEALER_PRICE_CHANGED');
      if (!(cart.lines.length > 0 && cart.lines.every((l) => l.available))) throw new ApiError('CART-ERROR-001');

      const contact = {
        firstName: trim(body.first_name),
        lastName: trim(body.last_name),
        email: trim(body.email).toLowerCase(),
        phone: orderPhone(body.phone),
      };
      const setupInput: SetupInput = {
        shippingMethod: body.shipping_method,
        ...(body.address_id ? { addressId: body.address_id } : {}),
        ...(body.address_input ? { shippingAddress: body.address_input } : {}),
        billing: body.company_info
          ? {
              buyingForACompany: true,
              companyName: trim(body.company_info.name),
              companyId: trim(body.company_info.billing_id),
            }
          : { buyingForACompany: false, customerTaxId: trim(body.customer_tax_id) || undefined },
      };
      const found = await addressFor(auth, setupInput);
      if (!found?.line_1 || !found.city) throw new ApiError('VALIDATION_ERROR');
      const address: AddressInput = { ...found, line_1: found.line_1, city: found.city };
      if (address.country.toUpperCase() !== cart.country) throw new ApiError('ADDRESS_COUNTRY_MISMATCH');
      checkBillingNames(body);
      const invoiceAddress = await billingAddress(auth, body, address, { addressFor, market: deps.market });
      const priced = await price(cart, setupInput, auth, address);
      if (priced.tax.error) throw new ApiError('CHECKOUT_TAX_ERROR');
      if (!priced.chosen) throw new ApiError('SHIPPING_METHOD_NOT_ALLOWED');

      const saveAddress = body.address_id ? null : await deps.prepareAddress(address);
      const newCustomer = auth
        ? null
        : await deps
            .checkoutCustomer(
              {
                email: contact.email,
                name: contact.firstName,
                secondName: contact.lastName,
                phone: contact.phone,
                lang: meta.lang,
                country: cart.country,
              },
              meta,
            )
            // The confirm racing this one made the account (and the order) meanwhile: this is a replay.
            .catch(async (error: unknown) => {
              if (error instanceof ApiError && error.code === 'ACCOUNT_EXISTS') {
                const replayed = await again();
                if (replayed) return replayed;
              }
              throw error;
            });
      if (newCustomer && typeof newCustomer !== 'function') return newCustomer;
      // The dealer who looks after the order (decision 025): the buying dealer, else the store the buyer picks up at.
      const pickupDealer = priced.chosen?._id.startsWith('dealer_pickup:') ? priced.chosen._id.slice(14) : null;
      const buyingDealer =
        auth && priced.customerType === 'Dealer' ? ((await deps.activeDealerOf?.(auth.userId)) ?? null) : null;
      const dealerId = buyingDealer ?? (pickupDealer && isUuid(pickupDealer) ? pickupDealer : null);
      // The version of the terms of sale the page linked, named on the order (decision 047).
      const termsDocumentId = (await deps.termsOfSale?.(cart.country, meta.lang)) ?? null;

      const billing = orderBilling(body, contact, invoiceAddress, priced);
      // A mixed purchase makes a vehicle order (bikes) and a store order (parts); shipping goes with the bikes.
      const lineTax = new Map(priced.tax.lines.map((l) => [l.ref, l]));
      const shippingTax = lineTax.get('shipping');
      const groups = SHIPMENT_KINDS.map((type) => ({
        type,
        lines: cart.lines.filter((l) => (type === 'store') === (l.kind === 'store')),
      })).filter((g) => g.lines.length > 0);
      const drafts = (userId: string) =>
        groups.map((group, index) => {
          const withShipping = index === 0;
          const taxed = group.lines.map((l) => lineTax.get(l.id));
          const sum = (pick: (t: NonNullable<(typeof taxed)[number]>) => number) =>
            taxed.reduce((acc, t) => acc + (t ? pick(t) : 0), 0) +
            (withShipping && shippingTax ? pick(shippingTax) : 0);
          const lines: NewOrderLine[] = group.lines.map((l) => ({
            type: l.kind,
            productId: l.productId,
            hash: l.hash,
            optionIds: l.optionIds,
            stockBikeId: l.stockBikeId,
            variantCode: l.variantCode,
            vin: l.vin,
            nameKey: l.nameKey,
            name: l.name,
            quantity: l.quantity,
            unitPrice: l.unitPrice,
            listPrice: l.kind === 'store' ? null : l.listPrice,
            vatRateBp: priced.tax.reverseCharge ? 0 : Math.round(priced.tax.rateBp),
            total: lineTax.get(l.id)?.total ?? l.total,
            deposit: l.deposit,
          }));
          return {
            lines,
            order: {
              type: group.type,
              userId,
              dealerId,
              cartId: cart.id,
              country: cart.country,
              currency: cart.currency,
              language: meta.lang,
              customerType: priced.customerType,
              contact,
              shippingAddress: priced.chosen?.pickup ? { ...address, pickup: priced.chosen.pickup } : address,
              billing,
              shippingMethod: priced.chosen?.name ?? 'home_delivery',
              customerOrderReference: trim(body.customer_order_reference).slice(0, 100),
              termsDocumentId,
              subtotal: group.lines.reduce((acc, l) => acc + l.total, 0),
              shipping: withShipping ? priced.shipping : 0,
              fees: 0,
              tax: sum((t) => t.tax),
              total: sum((t) => t.total),
              taxDetails: {
                regime: priced.tax.regime,
                rateBp: priced.tax.rateBp,
                reverseCharge: priced.tax.reverseCharge,
                noteKey: priced.tax.noteKey,
                state: priced.tax.state,
                net: sum((t) => t.net),
                displayExcludingTaxes: priced.tax.strategy.displayExcludingTaxes,
              },
              deliveryDate:
                group.type === 'vehicle' ? (cart.deliveryDate ?? addWeeksIso(now(), 10)) : addWeeksIso(now(), 1),
              // The order's stock bikes are held until then unless something is paid (decision 027).
              reservedUntil: reservationDeadline(
                group.lines.some((l) => l.stockBikeId),
                now(),
                deps.stockReservationHours,
              ),
            },
          };
        });
      // One transaction (decision 035): the guest's account, the address, the orders, the stock-bike reservation and
      // the payment attempts' adoption, and the e-mails about them (decision 056); any failure (a stock bike just taken)
      // leaves none of them. The e-mails are delivered after the commit.
      const done = await deps.repo
        .transaction(cart.id, async (tx, ordered) => {
          if (ordered.length) return { ordered, fresh: null };
          const customer = newCustomer ? await newCustomer(tx) : null;
          const userId = customer?.userId ?? (auth?.userId as string);
          await saveAddress?.(userId, tx);
          const keyHash = customer && body.confirm_key ? confirmKeyHash(body.confirm_key) : null;
          const { orders, created } = await deps.repo.createOrders(tx, drafts(userId), cart.id, keyHash);
          if (!created) throw new AlreadyOrdered(orders);
          const payer = orders.find((o) => o.type === 'vehicle') ?? orders[0];
          if (payer) await deps.adoptPayments(cart.id, payer.id, userId, tx);
          // The confirmation e-mails commit with the orders (decision 056); one that cannot be written is lost alone.
          for (const order of orders) {
            await tx.transaction((savepoint) => deps.orderEmail(order.id, savepoint)).catch(() => undefined);
          }
          return { ordered: orders, fresh: { userId, payer, customer } };
        })
        .catch((error: unknown) => {
          if (error instanceof AlreadyOrdered) return { ordered: error.orders, fresh: null };
          throw error;
        });
      if (!done.fresh) return replay(auth, cart.id, done.ordered, proof, meta);
      const orders = done.ordered;
      const { userId, payer, customer } = done.fresh;
      deps.emailsCommitted?.();
      await customer?.afterCommit().catch(() => undefined);
      if (payer) await deps.afterAdoption?.(cart.id, payer.id, userId).catch(() => undefined);
      const token = customer?.pair.token ?? null;
      return {
        ...summaries(orders),
        token,
        refresh_token: customer?.pair.refresh_token ?? null,
        isNewUser: !!customer,
      };
    },

    /**
     * A checkout page reloaded after its confirm's answer was lost (decision 062): the ordered cart's orders for its
     * buyer, proven as a confirm's retry is. A cart not ordered is SHOPPING_CART_NOT_FOUND: the page goes on as usual.
     */
    async resume(auth: Auth | null, cartId: string, key: string | undefined, meta: ConfirmMeta) {
      const ordered = await deps.repo.ordersOfCart(cartId);
      if (!ordered.length) throw new ApiError('SHOPPING_CART_NOT_FOUND');
      return replay(auth, cartId, ordered, { key }, meta);
    },
  };
}

/** A confirm that found the cart ordered by another request: its transaction writes nothing. */
class AlreadyOrdered extends Error {
  readonly orders: Awaited<ReturnType<CheckoutRepo['ordersOfCart']>>;
  constructor(orders: Awaited<ReturnType<CheckoutRepo['ordersOfCart']>>) {
    super('already ordered');
    this.orders = orders;
  }
}

export type CheckoutService = ReturnType<typeof checkoutService>;
