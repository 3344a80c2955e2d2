// Dealer orders (decision 025): an edited order priced again with its market's tax rules, as the checkout priced it,
// and the limits of a dealer's price.
import { type CustomerType, dealerPriceFloor, overwritePriceProblem } from '@varg/domain';
import { ApiError } from '../../lib/api-error.ts';
import { type ConfigurationPrice, type DealerOrdersContext, type DealerRecord, isObject } from './dealer-context.ts';
import type { OrderLineRow, OrderWithDetails } from './repo.ts';
import { readAddress } from './view.ts';

/** An order as an edit leaves it, before it is priced again. */
export interface Draft {
  lines: OrderLineRow[];
  added: Array<Omit<OrderLineRow, 'orderId' | 'id'>>;
  customerType: string;
  shippingMethod: string;
  shipping: number;
  shippingAddress: unknown;
}

export function dealerOrderPricing({ deps }: DealerOrdersContext) {
  /**
   * What a line's allowed discount is measured from: the catalogue's price the checkout kept (decision 027), never the
   * line's price now, which may carry a dealer's price already (no discount on top of a discount). Orders from before
   * the checkout kept it take the catalogue's price of the configuration now, else (none) the price as ordered.
   */
  async function listPriceOf(line: OrderLineRow, order: OrderWithDetails['order']): Promise<number> {
    if (line.listPrice !== null) return line.listPrice;
    if (!line.hash || !lineEditable(line)) return line.unitPrice;
    return bikePrice(line.hash, order)
      .then((p) => p.unitPrice)
      .catch(() => line.unitPrice);
  }
  const lineEditable = (line: OrderLineRow) => line.type === 'bike' || line.type === 'stock_bike';

  /** Prices the edited order with the tax rules of its market, as the checkout did (decision 013). */
  async function price(found: OrderWithDetails, draft: Draft) {
    const { order } = found;
    const market = await deps.market(order.country);
    // The address the order goes to now: the buyer may have changed it (decision 049), and US tax follows it.
    const address = readAddress(draft.shippingAddress);
    const billing = isObject(order.billing) ? order.billing : {};
    const vatId = typeof billing.vatId === 'string' && billing.vatId ? billing.vatId : null;
    const all = [
      ...draft.lines.map((l) => ({ ref: l.id, unitPrice: l.unitPrice, quantity: l.quantity })),
      ...draft.added.map((l, i) => ({ ref: `added:${i}`, unitPrice: l.unitPrice, quantity: l.quantity })),
    ];
    const tax = await deps.tax({
      market,
      state: address?.state || null,
      postalCode: address?.postalCode || null,
      customerType: draft.customerType as CustomerType,
      vatId: vatId ? { country: vatId.slice(0, 2).replace('EL', 'GR'), valid: billing.vatIdValid === true } : null,
      customerTaxId: typeof billing.customerTaxId === 'string' ? billing.customerTaxId : null,
      lines: [
        ...all.map((l) => ({ amount: l.unitPrice, quantity: l.quantity, taxDisplay: market.taxDisplay, ref: l.ref })),
        ...(draft.shipping > 0
          ? [{ amount: draft.shipping, quantity: 1, taxDisplay: market.taxDisplay, ref: 'shipping' }]
          : []),
      ],
    });
    if (tax.error) throw new ApiError('CHECKOUT_TAX_ERROR');
    const byRef = new Map(tax.lines.map((l) => [l.ref, l]));
    const vatRateBp = tax.reverseCharge ? 0 : Math.round(tax.rateBp);
    const lines = draft.lines.map((l) => ({
      ...l,
      vatRateBp,
      total: byRef.get(l.id)?.total ?? l.unitPrice * l.quantity,
    }));
    const added = draft.added.map((l, i) => ({ ...l, vatRateBp, total: byRef.get(`added:${i}`)?.total ?? 0 }));
    const taxDetails = isObject(order.taxDetails) ? order.taxDetails : {};
    return {
      lines,
      added,
      order: {
        subtotal: all.reduce((sum, l) => sum + l.unitPrice * l.quantity, 0),
        shipping: draft.shipping,
        tax: tax.amount,
        total: tax.total,
        customerType: draft.customerType,
        shippingMethod: draft.shippingMethod,
        shippingAddress: draft.shippingAddress,
        taxDetails: {
          ...taxDetails,
          regime: tax.regime,
          rateBp: tax.rateBp,
          reverseCharge: tax.reverseCharge,
          noteKey: tax.noteKey,
          net: tax.net,
          displayExcludingTaxes: tax.strategy.displayExcludingTaxes,
        },
      },
    };
  }

  const draftOf = (found: OrderWithDetails): Draft => ({
    lines: found.lines.map((l) => ({ ...l })),
    added: [],
    customerType: found.order.customerType,
    shippingMethod: found.order.shippingMethod,
    shipping: found.order.shipping,
    shippingAddress: found.order.shippingAddress,
  });

  function checkPrice(listPrice: number, overwrite: number | undefined, dealer: DealerRecord | null): number {
    if (overwrite === undefined) return listPrice;
    // Administrators are not bound by a dealer's discount, but never go above the list price either.
    const problem = overwritePriceProblem(listPrice, overwrite, dealer?.maxDiscountBp ?? 10_000);
    if (problem === 'ABOVE_LIST_PRICE') throw new ApiError('PRICE_ABOVE_LIST');
    if (problem) throw new ApiError('PRICE_BELOW_ALLOWED_DISCOUNT');
    return overwrite;
  }

  async function bikePrice(hash: string, order: OrderWithDetails['order']): Promise<ConfigurationPrice> {
    const priced = await deps.configurationPrice(hash, order.country);
    if (priced.currency !== order.currency) throw new ApiError('PRICE_UNAVAILABLE');
    return priced;
  }

  /** A shipping method offered for the order now, by its `_id`; SHIPPING_METHOD_NOT_ALLOWED otherwise. */
  async function shippingChoice(found: OrderWithDetails, methodId: string) {
    const subtotal = found.lines.reduce((sum, l) => sum + l.unitPrice * l.quantity, 0);
    const methods = await deps.shippingMethods({
      country: found.order.country,
      kind: found.order.type === 'store' ? 'store' : 'vehicle',
      subtotal,
    });
    const chosen = methods.find((m) => m._id === methodId);
    if (!chosen) throw new ApiError('SHIPPING_METHOD_NOT_ALLOWED');
    return chosen;
  }

  /** The lowest price a dealer may set for a line listed at `listPrice` (administrators: none). */
  const floorOf = (listPrice: number, dealer: DealerRecord | null) =>
    dealerPriceFloor(listPrice, dealer?.maxDiscountBp ?? 10_000);

  return { lineEditable, listPriceOf, bikePrice, checkPrice, floorOf, draftOf, price, shippingChoice };
}
export type DealerOrderPricing = ReturnType<typeof dealerOrderPricing>;
