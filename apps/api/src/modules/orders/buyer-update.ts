// The buyer's own change of an order before delivery (spec section 7 "PUT order/{id}"; decision 049): delivery method,
// delivery address and contact. A change of price goes through the dealer edits' pricing and ledger write (decision
// 025): the order is priced again with its market's tax rules, the buyer owes any rise and gets any fall back as store
// credit, in one transaction with the audit entry.
import type { OrderUpdateBody, OrderUpdateResult } from '@varg/contracts';
import { orderLedger, orderPhone, settleEdit, type UiLanguage } from '@varg/domain';
import { messagesFor } from '@varg/i18n/server';
import { ApiError } from '../../lib/api-error.ts';
import type { AddressesService } from '../addresses/service.ts';
import { type AuditService, changedFields } from '../audit/service.ts';
import { isObject } from './dealer-context.ts';
import type { DealerOrderPricing, Draft } from './dealer-pricing.ts';
import type { DealerOrdersRepo } from './dealer-repo.ts';
import type { OrdersRepo, OrderWithDetails } from './repo.ts';
import type { Viewer } from './service.ts';
import { type OptionGroups, readAddress, readContact, toOrderView } from './view.ts';

export interface BuyerUpdateDeps {
  orders: OrdersRepo;
  pricing: Pick<DealerOrderPricing, 'draftOf' | 'price' | 'shippingChoice'>;
  rewrite: DealerOrdersRepo['rewrite'];
  addresses: Pick<AddressesService, 'get' | 'normalize'>;
  audit: Pick<AuditService, 'record'>;
  /** How many bikes of the order were handed over (the vehicles module). */
  delivered(orderId: string): Promise<number>;
  optionGroups: OptionGroups;
}

type Json = Record<string, unknown>;

/** One line of an address, for the audit trail's "before → after". */
const addressLine = (raw: unknown) => {
  const a = readAddress(raw);
  return a ? [a.line1, a.line2, `${a.postalCode} ${a.city}`.trim(), a.state, a.country].filter(Boolean).join(', ') : '';
};

/** What the audit trail shows of an order's delivery and contact. */
function audited(row: { shippingMethod: string; shippingAddress: unknown; contact: unknown; shipping: number }) {
  const contact = readContact(row.contact);
  return {
    shippingMethod: row.shippingMethod,
    shippingAddress: addressLine(row.shippingAddress),
    contactName: `${contact.firstName} ${contact.lastName}`.trim(),
    contactEmail: contact.email,
    contactPhone: contact.phone,
    shipping: row.shipping,
  };
}

export function buyerOrderUpdates(deps: BuyerUpdateDeps) {
  const { pricing } = deps;

  /** The buyer's order, still to be delivered; ORDER_NOT_FOUND for anybody else's, so ids cannot be probed. */
  async function changeable(viewer: Viewer, id: string): Promise<OrderWithDetails> {
    const found = await deps.orders.order(id);
    if (!found || found.order.userId !== viewer.userId) throw new ApiError('ORDER_NOT_FOUND');
    if (found.order.status === 'cancelled') throw new ApiError('ORDER_NOT_EDITABLE');
    if (found.shipments.length > 0) throw new ApiError('ORDER_ALREADY_SHIPPED');
    if (found.order.type === 'vehicle' && (await deps.delivered(found.order.id)) > 0) {
      throw new ApiError('ORDER_ALREADY_DELIVERED');
    }
    return found;
  }

  /** The delivery address the body names, in the checkout's stored form; null when it names none. */
  async function addressOf(viewer: Viewer, body: OrderUpdateBody, country: string): Promise<Json | null> {
    let address: Json | null = null;
    if (body.addressId) {
      const saved = await deps.addresses.get(viewer.userId, body.addressId);
      if (!saved) throw new ApiError('ADDRESS_NOT_FOUND');
      address = { country: saved.country, line_1: saved.line1, line_2: saved.line2, postal_code: saved.postalCode };
      Object.assign(address, { city: saved.city, state: saved.state });
    } else if (body.address) {
      const n = await deps.addresses.normalize(body.address);
      address = { country: n.country, line_1: n.line1, line_2: n.line2, postal_code: n.postalCode };
      Object.assign(address, { city: n.city, state: n.state });
    }
    if (address && address.country !== country) throw new ApiError('ADDRESS_COUNTRY_MISMATCH');
    return address;
  }

  /** The order as the change leaves it, before it is priced again; `repriced` when delivery or address changed. */
  async function draftFor(viewer: Viewer, found: OrderWithDetails, body: OrderUpdateBody) {
    const { order } = found;
    const draft: Draft = pricing.draftOf(found);
    const current = isObject(order.shippingAddress) ? order.shippingAddress : {};
    const typed = await addressOf(viewer, body, order.country);
    const address: Json = typed ? { ...typed, ...(current.pickup ? { pickup: current.pickup } : {}) } : { ...current };
    let dealerId = order.dealerId;
    if (body.deliveryMethod) {
      const chosen = await pricing.shippingChoice(found, body.deliveryMethod);
      const same =
        chosen.name === order.shippingMethod &&
        JSON.stringify(chosen.pickup ?? null) === JSON.stringify(current.pickup ?? null);
      // The same method keeps the price charged at checkout; another is charged at today's price.
      if (!same) {
        draft.shippingMethod = chosen.name;
        draft.shipping = chosen.price.amount + chosen.extraFees.warehouse;
        delete address.pickup;
        if (chosen.pickup) address.pickup = chosen.pickup;
        // Picked up at a dealer's store: that dealer looks after the order from now on (as the checkout decides).
        const pickupDealer = chosen._id.startsWith('dealer_pickup:') ? chosen._id.slice(14) : null;
        if (pickupDealer && order.customerType !== 'Dealer') dealerId = pickupDealer;
      }
    }
    draft.shippingAddress = address;
    const contact = body.contact
      ? { ...body.contact, phone: orderPhone(body.contact.phone) }
      : (order.contact as Record<string, unknown>);
    const repriced =
      draft.shipping !== order.shipping ||
      draft.shippingMethod !== order.shippingMethod ||
      JSON.stringify(address) !== JSON.stringify(current);
    return { draft, contact, dealerId, repriced };
  }

  return {
    /** Spec: PUT order/{id}: the buyer changes delivery method, delivery address or contact before delivery. */
    async update(
      viewer: Viewer,
      id: string,
      body: OrderUpdateBody,
      meta: { ip: string | null; lang: UiLanguage },
    ): Promise<OrderUpdateResult> {
      const found = await changeable(viewer, id);
      const { order } = found;
      const { draft, contact, dealerId, repriced } = await draftFor(viewer, found, body);
      const priced = repriced ? await pricing.price(found, draft) : null;
      const next = priced?.order ?? {
        subtotal: order.subtotal,
        shipping: order.shipping,
        tax: order.tax,
        total: order.total,
        customerType: order.customerType,
        shippingMethod: order.shippingMethod,
        shippingAddress: order.shippingAddress,
        taxDetails: order.taxDetails,
      };
      const paid = orderLedger({ total: order.total, storedStatus: order.status }, found.payments).paid;
      const settled = settleEdit(next.total, Math.max(0, paid));
      const messages = messagesFor(meta.lang);
      if (body.preview) {
        return {
          applied: false,
          order: await toOrderView(found, messages, deps.optionGroups),
          settlement: {
            previousTotal: order.total,
            total: next.total,
            paid,
            toPay: settled.toPay,
            credited: settled.overpaid,
          },
        };
      }
      // A new total is written only once the buyer saw and confirmed it.
      const confirmed = body.expectedTotal ?? order.total;
      if (confirmed !== next.total) throw new ApiError('ORDER_TOTAL_CHANGED');
      const changes = changedFields(
        { ...audited(order), total: order.total, dealerId: order.dealerId },
        { ...audited({ ...next, contact }), total: next.total, dealerId },
      );
      let credited = 0;
      if (Object.keys(changes.after).length > 0) {
        ({ credited } = await deps.rewrite({
          orderId: order.id,
          pricedFrom: { order, lines: found.lines },
          order: { ...next, contact, dealerId },
          lines: (priced?.lines ?? found.lines).map(({ orderId: _, ...l }) => l),
          added: [],
          audit: { actorId: viewer.userId, action: 'order.delivery_updated', detail: {}, ip: meta.ip },
          record: (tx, credit) =>
            deps.audit.record(
              {
                actorId: viewer.userId,
                ip: meta.ip,
                action: 'order.delivery_updated',
                entity: { type: 'order', id: order.id },
                before: changes.before,
                after: changes.after,
                detail: { credited: credit },
              },
              tx,
            ),
        }));
      }
      const after = await deps.orders.order(order.id);
      if (!after) throw new ApiError('ORDER_NOT_FOUND');
      const view = await toOrderView(after, messages, deps.optionGroups);
      return {
        applied: true,
        order: view,
        settlement: { previousTotal: order.total, total: view.total, paid: view.paid, toPay: view.toPay, credited },
      };
    },
  };
}
export type BuyerOrderUpdates = ReturnType<typeof buyerOrderUpdates>;
