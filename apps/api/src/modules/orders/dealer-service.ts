import type {
  DealerOrderListQuery,
  DealerOrderPage,
  DealerOrderView,
  OrderAddItemBody,
  OrderEditItemBody,
  OrderEditResult,
  UpdatePricesBody,
} from '@varg/contracts';
import { pageInfo, type UiLanguage } from '@varg/domain';
import { messagesFor } from '@varg/i18n/server';
import { ApiError } from '../../lib/api-error.ts';
import { attachmentView, dealerOrderAttachments } from './dealer-attachments.ts';
import { type DealerOrdersDeps, type DealerRecord, dealerOrdersContext, isObject } from './dealer-context.ts';
import { type Draft, dealerOrderPricing } from './dealer-pricing.ts';
import type { AttachmentRow, OrderRewrite } from './dealer-repo.ts';
import { editedOrderLines } from './edited-line.ts';
import type { OrderWithDetails } from './repo.ts';
import type { Viewer } from './service.ts';
import { toOrderView } from './view.ts';

export type { ConfigurationPrice, DealerRecord, ShippingChoice } from './dealer-context.ts';

/**
 * Dealer orders (spec sections 2 "/orders", 6, 7; decision 025): the orders a dealer looks after and bought, and the
 * edits the spec names — customer type and delivery (update-prices), a line's configuration, quantity and price
 * (edit-item), a new bike line (add-item) and the dealer's invoice PDF (append-dealer-invoice). Each edit re-prices
 * the order with the checkout's tax rules and keeps the payment ledger exact.
 */
export function dealerOrdersService(deps: DealerOrdersDeps) {
  const ctx = dealerOrdersContext(deps);
  const { repo, dealerFor, mayEdit, readable, editable } = ctx;
  const { lineEditable, listPriceOf, bikePrice, checkPrice, floorOf, draftOf, price, shippingChoice } =
    dealerOrderPricing(ctx);
  const attachments = dealerOrderAttachments(ctx);
  const edited = editedOrderLines(ctx, { listPriceOf });
  async function view(
    viewer: Viewer,
    dealer: DealerRecord | null,
    found: OrderWithDetails,
    lang: UiLanguage,
    attachments?: AttachmentRow[],
  ): Promise<DealerOrderView> {
    const base = await toOrderView(found, messagesFor(lang), deps.optionGroups);
    const maxDiscountBp = dealer?.maxDiscountBp ?? 10_000;
    return {
      ...base,
      dealerId: found.order.dealerId,
      own: found.order.userId === viewer.userId,
      // Only the buyer may clone the cart (a customer's cart answers only to them): the dealer's own orders.
      cartId: found.order.userId === viewer.userId ? found.order.cartId : null,
      editable: mayEdit(dealer, viewer, found.order),
      maxDiscountBp,
      editing: await Promise.all(
        found.lines.map(async (l) => {
          const listPrice = await listPriceOf(l, found.order);
          return {
            lineId: l.id,
            editable: lineEditable(l),
            listPrice,
            minPrice: floorOf(listPrice, dealer),
          };
        }),
      ),
      attachments: (attachments ?? (await repo.attachments(found.order.id))).map(attachmentView),
    };
  }

  /** Re-prices, writes (conflict-checked), settles the ledger and answers the order and what changed. */
  async function commit(
    viewer: Viewer,
    dealer: DealerRecord | null,
    found: OrderWithDetails,
    draft: Draft,
    action: string,
    detail: Record<string, unknown>,
    meta: { ip: string | null; lang: UiLanguage },
  ): Promise<OrderEditResult> {
    const priced = await price(found, draft);
    const rewrite: OrderRewrite = {
      orderId: found.order.id,
      pricedFrom: { order: found.order, lines: found.lines },
      order: priced.order,
      lines: priced.lines.map(({ orderId: _, ...l }) => l),
      added: priced.added,
      audit: {
        actorId: viewer.userId,
        action,
        detail: { ...detail, previousTotal: found.order.total, total: priced.order.total },
        ip: meta.ip,
      },
    };
    const { credited } = await repo.rewrite(rewrite);
    const after = await deps.orders.order(found.order.id);
    if (!after) throw new ApiError('ORDER_NOT_FOUND');
    const order = await view(viewer, dealer, after, meta.lang);
    return {
      order,
      settlement: {
        previousTotal: found.order.total,
        total: order.total,
        paid: order.paid,
        toPay: order.toPay,
        credited,
      },
    };
  }

  return {
    /** Spec: the /orders list (dealers only): the orders the dealer looks after and bought, newest first. */
    async list(viewer: Viewer, query: DealerOrderListQuery, lang: UiLanguage): Promise<DealerOrderPage> {
      const dealer = await dealerFor(viewer);
      const { rows, total } = await repo.list(dealer?.id ?? null, viewer.userId, query);
      const attachments = await repo.attachments(...rows.map((r) => r.order.id));
      const docs = await Promise.all(
        rows.map((row) =>
          view(
            viewer,
            dealer,
            row,
            lang,
            attachments.filter((a) => a.orderId === row.order.id),
          ),
        ),
      );
      const { hasPreviousPage: _, ...page } = pageInfo(query.page, query.limit, total);
      return { docs, ...page };
    },

    async order(viewer: Viewer, id: string, lang: UiLanguage): Promise<DealerOrderView> {
      const { dealer, found } = await readable(viewer, id);
      return view(viewer, dealer, found, lang);
    },

    /** Spec: PUT order/update-prices/{id} {customerType, deliveryMethod}. */
    async updatePrices(
      viewer: Viewer,
      id: string,
      body: UpdatePricesBody,
      meta: { ip: string | null; lang: UiLanguage },
    ): Promise<OrderEditResult> {
      const { dealer, found } = await editable(viewer, id);
      const { order } = found;
      // The Dealer type is the dealer's own purchase; B2B needs the company the checkout recorded.
      if (body.customerType === 'Dealer' && !(dealer && order.userId === viewer.userId)) {
        throw new ApiError('CUSTOMER_TYPE_NOT_ALLOWED');
      }
      const isCompany = isObject(order.billing) && order.billing.type === 'company';
      if (body.customerType === 'B2B' && !isCompany) throw new ApiError('CUSTOMER_TYPE_NOT_ALLOWED');
      const chosen = await shippingChoice(found, body.deliveryMethod);
      const address = isObject(order.shippingAddress) ? { ...order.shippingAddress } : {};
      delete address.pickup;
      const draft: Draft = {
        ...draftOf(found),
        customerType: body.customerType,
        shippingMethod: chosen.name,
        shipping: chosen.price.amount + chosen.extraFees.warehouse,
        shippingAddress: chosen.pickup ? { ...address, pickup: chosen.pickup } : address,
      };
      return commit(viewer, dealer, found, draft, 'order.update_prices', { ...body }, meta);
    },

    ...attachments,
    ...edited,

    /** Spec: PUT order/edit-item {orderId, lineId, hash, quantity, overwritePrice}. */
    async editItem(viewer: Viewer, body: OrderEditItemBody, meta: { ip: string | null; lang: UiLanguage }) {
      const { dealer, found } = await editable(viewer, body.orderId);
      const draft = draftOf(found);
      const line = draft.lines.find((l) => l.id === body.lineId);
      if (!line) throw new ApiError('ORDER_LINE_NOT_FOUND');
      if (!lineEditable(line)) throw new ApiError('ORDER_LINE_NOT_EDITABLE');
      const before = { hash: line.hash, quantity: line.quantity, unitPrice: line.unitPrice };
      let unitDeposit = line.quantity > 0 ? Math.round(line.deposit / line.quantity) : 0;
      if (line.type === 'stock_bike') {
        // A bike in stock is one bike with its own options: only its price changes.
        if (body.quantity !== 1 || (body.hash && body.hash !== line.hash)) throw new ApiError('STOCK_BIKE_LINE_FIXED');
      } else if (body.hash && body.hash !== line.hash) {
        if (draft.lines.some((l) => l.id !== line.id && l.type === 'bike' && l.hash === body.hash)) {
          throw new ApiError('ORDER_LINE_NOT_EDITABLE');
        }
        const priced = await bikePrice(body.hash, found.order);
        Object.assign(line, {
          productId: priced.productId,
          hash: body.hash,
          optionIds: priced.optionIds,
          nameKey: `model_${priced.productId.replace(/-/g, '_')}_name`,
          name: '',
          listPrice: priced.unitPrice,
          unitPrice: priced.unitPrice,
        });
        unitDeposit = priced.deposit;
      }
      line.listPrice = await listPriceOf(line, found.order);
      line.unitPrice = checkPrice(line.listPrice, body.overwritePrice, dealer);
      line.quantity = body.quantity;
      line.deposit = unitDeposit * body.quantity;
      return commit(
        viewer,
        dealer,
        found,
        draft,
        'order.edit_item',
        { lineId: line.id, before, after: { hash: line.hash, quantity: line.quantity, unitPrice: line.unitPrice } },
        meta,
      );
    },

    /** Spec: POST order/add-item {orderId, hash, quantity, overwritePrice}: a bike line on a vehicle order. */
    async addItem(viewer: Viewer, body: OrderAddItemBody, meta: { ip: string | null; lang: UiLanguage }) {
      const { dealer, found } = await editable(viewer, body.orderId);
      if (found.order.type !== 'vehicle') throw new ApiError('ORDER_NOT_EDITABLE');
      if (found.lines.some((l) => l.type === 'bike' && l.hash === body.hash)) {
        throw new ApiError('ORDER_LINE_NOT_EDITABLE');
      }
      const priced = await bikePrice(body.hash, found.order);
      const unitPrice = checkPrice(priced.unitPrice, body.overwritePrice, dealer);
      const draft = draftOf(found);
      draft.added.push({
        type: 'bike',
        productId: priced.productId,
        hash: body.hash,
        optionIds: priced.optionIds,
        stockBikeId: null,
        variantCode: null,
        vin: null,
        nameKey: `model_${priced.productId.replace(/-/g, '_')}_name`,
        name: '',
        quantity: body.quantity,
        unitPrice,
        listPrice: priced.unitPrice,
        vatRateBp: 0,
        total: 0,
        deposit: priced.deposit * body.quantity,
      });
      return commit(viewer, dealer, found, draft, 'order.add_item', { ...body }, meta);
    },
  };
}
export type DealerOrdersService = ReturnType<typeof dealerOrdersService>;
