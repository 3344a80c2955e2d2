// The checkout's pricing (spec section 4 "Checkout setup"): a cart priced for an address and billing — shipping, tax
// by the market's rules, the VAT id's check, the payment kinds and methods, the wallet.
import {
  allowedMethods,
  amountForKind,
  type CustomerType,
  isEuMember,
  normalizePaymentKind,
  paymentKinds,
} from '@varg/domain';
import { ApiError } from '../../lib/api-error.ts';
import type { Auth, CheckoutCart, CheckoutDeps, PartialAddress, SetupInput, VatStatus } from './types.ts';

export const trim = (s: string | undefined) => (s ?? '').trim();

export function checkoutPricing(deps: CheckoutDeps) {
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
    const kinds = deps.offeredKinds(cart.country, paymentKinds({ total: tax.total, paid: 0, deposit }));
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

  return { price, checkoutData, addressFor };
}
export type PricedCheckout = Awaited<ReturnType<ReturnType<typeof checkoutPricing>['price']>>;
