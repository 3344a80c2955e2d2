// Checkout (spec sections 3 "Checkout data", "Order payload", 4 "Checkout setup", 7): the priced summary of a cart
// for the buyer's address and billing, and the confirmation that turns the cart into an order.
import {
  type AllowedMethod,
  allowedMethods,
  amountForKind,
  type CustomerType,
  isEuMember,
  isUuid,
  normalizePaymentKind,
  orderPhone,
  paymentKinds,
  type TaxCalculation,
  type TaxInput,
  type TaxMarket,
} from '@varg/domain';
import { ApiError } from '../../lib/api-error.ts';
import type { AddressInput, SavedAddress } from '../addresses/service.ts';
import { reservationDeadline } from '../orders/reservations.ts';
import type { CheckoutRepo, NewOrderLine, Tx } from './repo.ts';

export interface CheckoutLine {
  id: string;
  kind: 'bike' | 'stock_bike' | 'store';
  productId: string | null;
  hash: string | null;
  optionIds: string[] | null;
  stockBikeId: string | null;
  variantCode: string | null;
  vin: string | null;
  nameKey: string;
  name: string;
  quantity: number;
  /** One unit as charged, as the market lists it (with VAT where it shows VAT). */
  unitPrice: number;
  /** One unit at the catalogue's price, before a dealer's price (bikes); what order edits are bounded by. */
  listPrice: number | null;
  total: number;
  deposit: number;
  available: boolean;
}

export interface CheckoutCart {
  id: string;
  userId: string | null;
  status: string;
  country: string;
  currency: string;
  lines: CheckoutLine[];
  deliveryDate: string | null;
}

export interface ShippingOption {
  /** `home_delivery`, `hq_pickup`, `dealer_pickup:<dealerId>`: what the buyer chooses. */
  _id: string;
  /** The kind, stored on the order. */
  name: string;
  nameKey: string;
  default: boolean;
  price: { amount: number; currencyCode: string };
  extraFees: { warehouse: number };
  forceDealerDefaultAddress: boolean;
  pickup?:
    | { dealerId?: string | undefined; label: string; address?: string | undefined; coordinates: [number, number] }
    | undefined;
}

export interface Auth {
  userId: string;
  roles: string[];
}

export interface CheckoutDeps {
  repo: CheckoutRepo;
  /** The cart with its lines priced in its country (the cart service; ownership checked there). */
  cartFor(cartId: string, auth: Auth | null): Promise<CheckoutCart>;
  /**
   * Checks a cart's dealer prices again against today's list prices and the dealer's terms, dropping or updating those
   * no longer allowed; answers how many lines changed (decision 027).
   */
  recheckDealerPrices?(cartId: string): Promise<number>;
  market(country: string): Promise<(TaxMarket & { status: number }) | null>;
  shippingMethods(input: { country: string; kind: 'vehicle' | 'store'; subtotal: number }): Promise<ShippingOption[]>;
  vatValid(vatId: string, country: string): Promise<boolean>;
  /**
   * The VAT id check with who answered (`vies` or `format`) and VIES's consultation; throws VAT_CHECK_UNAVAILABLE when
   * VIES cannot tell. Used instead of `vatValid` when given.
   */
  vatCheck?(
    vatId: string,
    country: string,
  ): Promise<{
    isValid: boolean;
    source?: 'vies' | 'format';
    consultation?: { requestIdentifier: string | null; requestDate: string | null } | undefined;
  }>;
  /** Production: an EU VAT id counts for the reverse charge only when VIES said it is valid (decision 027). */
  requireVies?: boolean;
  tax(input: TaxInput): Promise<TaxCalculation>;
  addressOf(userId: string, id: string): Promise<SavedAddress | null>;
  /**
   * Checks a new address now and answers how to save it for a user inside the confirm's transaction (decision 035).
   */
  prepareAddress(input: AddressInput): Promise<(userId: string, tx: Tx) => Promise<void>>;
  /**
   * A guest's account (ACCOUNT_EXISTS for an address that has one), checked now and written by the answer inside the
   * confirm's transaction (decision 035); its e-mail goes out by `afterCommit`.
   */
  checkoutCustomer(
    input: { email: string; name: string; secondName: string; phone: string; lang: string; country: string },
    meta: { ip?: string | undefined; userAgent?: string | undefined },
  ): Promise<
    (
      tx: Tx,
    ) => Promise<{ userId: string; pair: { token: string; refresh_token: string }; afterCommit(): Promise<void> }>
  >;
  /** After a new order is written (the confirmation e-mail). Failures are logged, never undo the order. */
  afterOrder(orderId: string): Promise<void>;
  /** The buyer's customer credit in a currency (the wallet). */
  walletBalance(userId: string, currency: string): Promise<number>;
  /** The domain's methods for a market as its payment provider takes them (Stripe markets have no Splitit). */
  offeredMethods(country: string, methods: AllowedMethod[]): AllowedMethod[];
  /**
   * Gives attempts started for the cart before the confirm (POST payment/create-intent) to its order, inside the
   * confirm's transaction (decision 035).
   */
  adoptPayments(cartId: string, orderId: string, userId: string, tx: Tx): Promise<void>;
  /** After the commit: what adopting the attempts leads to (the customer credit they were sized with is spent). */
  afterAdoption?(cartId: string, orderId: string, userId: string): Promise<void>;
  /** The id of the user's active dealer record (status 1), if they are one: their orders are theirs to look after. */
  activeDealerOf?(userId: string): Promise<string | null>;
  /** The captcha of anonymous forms: a buyer without an account confirms with a token (action `checkout`). */
  captcha?: { verify(token: string | undefined, action: string, ip?: string): Promise<{ ok: boolean }> };
  /** How long an unpaid order holds its stock bikes (STOCK_RESERVATION_HOURS, default 24; decision 027). */
  stockReservationHours?: number;
  now?: () => Date;
}

/** What the buyer has typed so far: only the country is sure. */
export type PartialAddress = Partial<AddressInput> & { country: string };

export interface SetupInput {
  shippingAddress?: PartialAddress | undefined;
  addressId?: string | undefined;
  shippingMethod?: string | undefined;
  paymentKind?: string | undefined;
  /** Spend the buyer's customer credit first. */
  useWallet?: boolean | undefined;
  billing?:
    | {
        buyingForACompany: boolean;
        companyName?: string | undefined;
        companyId?: string | undefined;
        customerTaxId?: string | undefined;
      }
    | undefined;
}

/** What the checkout knows of a company's VAT id (decision 027). */
interface VatStatus {
  /** Counts for the reverse charge. */
  valid: boolean;
  /** vies · format · format_only (production: not without VIES) · unavailable (VIES could not answer) · invalid */
  check: 'vies' | 'format' | 'format_only' | 'unavailable' | 'invalid';
  consultation: { requestIdentifier: string | null; requestDate: string | null } | null;
}

const trim = (s: string | undefined) => (s ?? '').trim();
const addWeeksIso = (from: Date, weeks: number) =>
  new Date(from.getTime() + weeks * 7 * 86_400_000).toISOString().slice(0, 10);

export function checkoutService(deps: CheckoutDeps) {
  const now = deps.now ?? (() => new Date());

  async function marketOf(country: string) {
    const market = await deps.market(country);
    if (market?.status !== 1) throw new ApiError('COUNTRY_NOT_FOUND');
    return market;
  }

  /**
   * Whether a company's VAT id counts for the reverse charge. In production (`requireVies`) an EU VAT id counts only on
   * VIES's answer; a format check alone does not (`format_only`). When VIES cannot answer, it does not count either
   * (`unavailable`): VAT is charged and the buyer is told, rather than refusing the order (decision 027).
   */
  async function checkVatId(vatId: string, country: string): Promise<VatStatus> {
    const none = { valid: false, consultation: null };
    if (!deps.vatCheck) {
      const valid = await deps.vatValid(vatId, country);
      return { valid, check: valid ? 'format' : 'invalid', consultation: null };
    }
    try {
      const answer = await deps.vatCheck(vatId, country);
      if (!answer.isValid) return { ...none, check: 'invalid' };
      if (answer.source === 'vies') return { valid: true, check: 'vies', consultation: answer.consultation ?? null };
      if (deps.requireVies && isEuMember(country)) return { ...none, check: 'format_only' };
      return { valid: true, check: 'format', consultation: null };
    } catch (error) {
      if (error instanceof ApiError && error.code === 'VAT_CHECK_UNAVAILABLE') return { ...none, check: 'unavailable' };
      throw error;
    }
  }

  /** Prices a cart for an address and billing: shipping, tax by the market's rules, the total to pay. */
  async function price(cart: CheckoutCart, input: SetupInput, auth: Auth | null, address: PartialAddress | null) {
    const market = await marketOf(cart.country);
    const available = cart.lines.length > 0 && cart.lines.every((l) => l.available);
    const kind = cart.lines.some((l) => l.kind !== 'store') ? 'vehicle' : 'store';
    const subtotal = cart.lines.filter((l) => l.available).reduce((sum, l) => sum + l.total, 0);
    const methods = await deps.shippingMethods({ country: cart.country, kind, subtotal });
    const chosen = input.shippingMethod
      ? methods.find((m) => m._id === input.shippingMethod)
      : (methods.find((m) => m.default) ?? methods[0]);
    if (input.shippingMethod && !chosen) throw new ApiError('SHIPPING_METHOD_NOT_ALLOWED');
    const shipping = chosen ? chosen.price.amount + chosen.extraFees.warehouse : 0;
    const company = input.billing?.buyingForACompany ? input.billing : null;
    const vatId = trim(company?.companyId);
    const vatCountry = /^[A-Z]{2}/.test(vatId) ? vatId.slice(0, 2).replace('EL', 'GR') : cart.country;
    const vatStatus = vatId ? await checkVatId(vatId, vatCountry) : null;
    const vatValid = vatStatus?.valid ?? false;
    const customerType: CustomerType = auth?.roles.includes('dealer') ? 'Dealer' : company ? 'B2B' : 'B2C';
    const tax = await deps.tax({
      market,
      state: address?.state || null,
      postalCode: address?.postal_code || null,
      customerType,
      vatId: vatId ? { country: vatCountry, valid: vatValid } : null,
      customerTaxId: input.billing?.customerTaxId ?? null,
      lines: [
        ...cart.lines
          .filter((l) => l.available)
          .map((l) => ({ amount: l.unitPrice, quantity: l.quantity, taxDisplay: market.taxDisplay, ref: l.id })),
        ...(shipping > 0 ? [{ amount: shipping, quantity: 1, taxDisplay: market.taxDisplay, ref: 'shipping' }] : []),
      ],
    });
    // Payment (spec section 4): the kinds the cart allows, the chosen one (else the default), what it asks now, the
    // wallet spent first, and the methods of the market for that kind.
    const deposit =
      kind === 'vehicle' ? cart.lines.filter((l) => l.available).reduce((sum, l) => sum + l.deposit, 0) : 0;
    const kinds = paymentKinds({ total: tax.total, paid: 0, deposit });
    const wanted = input.paymentKind ? normalizePaymentKind(input.paymentKind) : null;
    const paymentKind = kinds.find((k) => k.name === wanted)?.name ?? kinds.find((k) => k.default)?.name ?? 'full';
    const dueNow = amountForKind(paymentKind, { total: tax.total, paid: 0, deposit });
    const walletBalance = auth ? await deps.walletBalance(auth.userId, cart.currency) : 0;
    const walletDiscount = input.useWallet ? Math.min(walletBalance, dueNow) : 0;
    const paymentMethods = deps.offeredMethods(
      cart.country,
      allowedMethods({
        country: cart.country,
        currency: cart.currency,
        kind: paymentKind,
        orderType: kind,
        isDealer: customerType === 'Dealer',
      }),
    );
    return {
      market,
      available,
      kind,
      customerType,
      payment: { kinds, paymentKind, dueNow, walletBalance, walletDiscount, methods: paymentMethods },
      subtotal,
      shipping,
      chosen,
      methods,
      tax,
      vat: {
        id: vatId || null,
        valid: vatValid,
        country: vatId ? vatCountry : null,
        /** vies · format · format_only (production: no reverse charge without VIES) · unavailable · invalid */
        check: vatStatus?.check ?? null,
        requestIdentifier: vatStatus?.consultation?.requestIdentifier ?? null,
        requestDate: vatStatus?.consultation?.requestDate ?? null,
      },
      deposit,
    };
  }

  function checkoutData(cart: CheckoutCart, p: Awaited<ReturnType<typeof price>>) {
    return {
      available: p.available,
      error_t_key: p.available ? null : 'checkout_cart_unavailable',
      cartId: cart.id,
      country: cart.country,
      currency: cart.currency,
      lines: cart.lines,
      pricing: {
        subtotal: p.subtotal,
        shipping: p.shipping,
        total: p.tax.total,
        currency: cart.currency,
        paid: 0,
        /** What the chosen kind charges now, after the wallet. */
        toPay: p.payment.dueNow - p.payment.walletDiscount,
        walletDiscount: p.payment.walletDiscount,
        walletBalance: p.payment.walletBalance,
        financingFee: 0,
        fees: [] as Array<{ labelKey: string; descriptionKey: string; price: number }>,
        deposit: p.deposit,
        taxes: {
          amount: p.tax.amount,
          error: p.tax.error?.t_key ?? null,
          errorCode: p.tax.error?.code ?? null,
          strategy: p.tax.strategy,
          rateBp: p.tax.rateBp,
          reverseCharge: p.tax.reverseCharge,
          noteKey: p.tax.noteKey,
        },
        verifyTaxStrategy: p.tax.verifyTaxStrategy,
        customerTaxIdRequired: p.tax.customerTaxIdRequired,
      },
      vat: p.vat,
      customerType: p.customerType,
      shippingMethods: p.methods,
      selectedShippingMethod: p.chosen?._id ?? null,
      paymentKinds: p.payment.kinds,
      selectedPaymentKind: p.payment.paymentKind,
      allowedMethods: p.payment.methods,
      deliveryDate: cart.deliveryDate,
    };
  }

  async function addressFor(auth: Auth | null, input: SetupInput): Promise<PartialAddress | null> {
    if (input.addressId) {
      if (!auth) throw new ApiError('UNAUTHORIZED');
      const saved = await deps.addressOf(auth.userId, input.addressId);
      if (!saved) throw new ApiError('NOT_FOUND');
      return {
        country: saved.country,
        line_1: saved.line1,
        line_2: saved.line2,
        postal_code: saved.postalCode,
        city: saved.city,
        state: saved.state,
      };
    }
    return input.shippingAddress ?? null;
  }

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
      const already = await deps.repo.ordersOfCart(cart.id);
      if (already.length) {
        if (already.some((o) => o.userId !== auth?.userId)) throw new ApiError('SHOPPING_CART_NOT_FOUND');
        return { ...summaries(already), token: null, refresh_token: null, isNewUser: false };
      }
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
      const priced = await price(cart, setupInput, auth, address);
      if (priced.tax.error) throw new ApiError('CHECKOUT_TAX_ERROR');
      if (!priced.chosen) throw new ApiError('SHIPPING_METHOD_NOT_ALLOWED');

      const saveAddress = body.address_id ? null : await deps.prepareAddress(address);
      const newCustomer = auth
        ? null
        : await deps.checkoutCustomer(
            {
              email: contact.email,
              name: contact.firstName,
              secondName: contact.lastName,
              phone: contact.phone,
              lang: meta.lang,
              country: cart.country,
            },
            meta,
          );
      // The dealer who looks after the order (decision 025): the buying dealer, else the store the buyer picks up at.
      const pickupDealer = priced.chosen?._id.startsWith('dealer_pickup:') ? priced.chosen._id.slice(14) : null;
      const buyingDealer =
        auth && priced.customerType === 'Dealer' ? ((await deps.activeDealerOf?.(auth.userId)) ?? null) : null;
      const dealerId = buyingDealer ?? (pickupDealer && isUuid(pickupDealer) ? pickupDealer : null);

      const billingAddress = body.company_info?.address ?? body.billing_info?.address_input ?? address;
      const billing = body.company_info
        ? {
            type: 'company',
            companyName: trim(body.company_info.name),
            vatId: priced.vat.id,
            vatIdValid: priced.vat.valid,
            reverseCharge: priced.tax.reverseCharge,
            // Who checked the VAT id, and VIES's consultation number: the proof a reverse charge rests on.
            vatCheck: {
              source: priced.vat.check,
              requestIdentifier: priced.vat.requestIdentifier,
              requestDate: priced.vat.requestDate,
            },
            address: billingAddress,
          }
        : {
            type: 'person',
            firstName:
              body.billing_info?.use_contact_info === false ? trim(body.billing_info.first_name) : contact.firstName,
            lastName:
              body.billing_info?.use_contact_info === false ? trim(body.billing_info.last_name) : contact.lastName,
            customerTaxId: trim(body.customer_tax_id) || null,
            address: billingAddress,
          };
      // A mixed purchase makes a vehicle order (bikes) and a store order (parts); shipping goes with the bikes.
      const lineTax = new Map(priced.tax.lines.map((l) => [l.ref, l]));
      const shippingTax = lineTax.get('shipping');
      const groups = (['vehicle', 'store'] as const)
        .map((type) => ({
          type,
          lines: cart.lines.filter((l) => (type === 'store') === (l.kind === 'store')),
        }))
        .filter((g) => g.lines.length > 0);
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
      // the payment attempts' adoption; any failure (a stock bike just taken) leaves none of them. E-mails go out after.
      const done = await deps.repo
        .transaction(cart.id, async (tx, ordered) => {
          if (ordered.length) return { ordered, fresh: null };
          const customer = newCustomer ? await newCustomer(tx) : null;
          const userId = customer?.userId ?? (auth?.userId as string);
          await saveAddress?.(userId, tx);
          const { orders, created } = await deps.repo.createOrders(tx, drafts(userId), cart.id);
          if (!created) throw new AlreadyOrdered(orders);
          const payer = orders.find((o) => o.type === 'vehicle') ?? orders[0];
          if (payer) await deps.adoptPayments(cart.id, payer.id, userId, tx);
          return { ordered: orders, fresh: { userId, payer, customer } };
        })
        .catch((error: unknown) => {
          if (error instanceof AlreadyOrdered) return { ordered: error.orders, fresh: null };
          throw error;
        });
      if (!done.fresh) {
        if (done.ordered.some((o) => o.userId !== auth?.userId)) throw new ApiError('SHOPPING_CART_NOT_FOUND');
        return { ...summaries(done.ordered), token: null, refresh_token: null, isNewUser: false };
      }
      const orders = done.ordered;
      const { userId, payer, customer } = done.fresh;
      await customer?.afterCommit().catch(() => undefined);
      if (payer) await deps.afterAdoption?.(cart.id, payer.id, userId).catch(() => undefined);
      for (const order of orders) await deps.afterOrder(order.id).catch(() => undefined);
      const token = customer?.pair.token ?? null;
      return {
        ...summaries(orders),
        token,
        refresh_token: customer?.pair.refresh_token ?? null,
        isNewUser: !!customer,
      };
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

export interface ConfirmBody {
  cart_id: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  address_id?: string | undefined;
  address_input?: AddressInput | undefined;
  shipping_method: string;
  language?: string | undefined;
  billing_info?:
    | {
        use_contact_info: boolean;
        first_name?: string | undefined;
        last_name?: string | undefined;
        address_id?: string | undefined;
        address_input?: AddressInput | undefined;
      }
    | undefined;
  company_info?: { name: string; billing_id: string; address?: AddressInput | undefined } | undefined;
  customer_tax_id?: string | undefined;
  customer_order_reference?: string | undefined;
  captcha?: string | undefined;
}

/** The spec's confirm answer: `order` (vehicle order) and `storeOrder` (parts); a mixed purchase has both. */
function summaries(orders: Array<Parameters<typeof orderSummary>[0]>) {
  const vehicle = orders.find((o) => o.type === 'vehicle');
  const store = orders.find((o) => o.type === 'store');
  return { order: vehicle ? orderSummary(vehicle) : null, storeOrder: store ? orderSummary(store) : null };
}

function orderSummary(order: {
  id: string;
  number: number;
  type: string;
  total: number;
  currency: string;
  country: string;
}) {
  return {
    _id: order.id,
    number: order.number,
    type: order.type,
    total: order.total,
    currency: order.currency,
    country: order.country,
  };
}

export type CheckoutService = ReturnType<typeof checkoutService>;
