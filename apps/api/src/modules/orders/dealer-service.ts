import { randomUUID } from 'node:crypto';
import type {
  AppendDealerInvoiceBody,
  DealerOrderListQuery,
  DealerOrderPage,
  DealerOrderView,
  OrderAddItemBody,
  OrderAttachment,
  OrderEditItemBody,
  OrderEditResult,
  UpdatePricesBody,
} from '@varg/contracts';
import { MAX_DEALER_INVOICE_BYTES } from '@varg/contracts';
import {
  type CustomerType,
  dealerPriceFloor,
  overwritePriceProblem,
  pageInfo,
  type TaxCalculation,
  type TaxInput,
  type TaxMarket,
  type UiLanguage,
} from '@varg/domain';
import { messagesFor } from '@varg/i18n/server';
import { fileTypeFromBuffer } from 'file-type';
import { ApiError } from '../../lib/api-error.ts';
import type { StorageProvider } from '../../providers/storage/interface.ts';
import { isApprovedDealer } from '../dealers/directory.ts';
import type { AttachmentRow, DealerOrdersRepo, OrderRewrite } from './dealer-repo.ts';
import type { DownloadLinks } from './download-link.ts';
import type { OrderLineRow, OrdersRepo, OrderWithDetails } from './repo.ts';
import type { Viewer } from './service.ts';
import { type OptionGroups, readAddress, toOrderView } from './view.ts';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

export interface DealerRecord {
  id: string;
  status: number;
  maxDiscountBp: number;
}

export interface ConfigurationPrice {
  productId: string;
  optionIds: string[];
  currency: string;
  /** One bike as listed in the market (with VAT where the market shows it so). */
  unitPrice: number;
  /** The deposit of one bike. */
  deposit: number;
}

export interface ShippingChoice {
  _id: string;
  name: string;
  price: { amount: number };
  extraFees: { warehouse: number };
  pickup?: unknown;
}

/**
 * Dealer orders (spec sections 2 "/orders", 6, 7; decision 025): the orders a dealer looks after and bought, and the
 * edits the spec names — customer type and delivery (update-prices), a line's configuration, quantity and price
 * (edit-item), a new bike line (add-item) and the dealer's invoice PDF (append-dealer-invoice). Each edit re-prices
 * the order with the checkout's tax rules and keeps the payment ledger exact.
 */
export function dealerOrdersService(deps: {
  repo: DealerOrdersRepo;
  orders: OrdersRepo;
  dealerOf(userId: string): Promise<DealerRecord | null>;
  configurationPrice(hash: string, country: string): Promise<ConfigurationPrice>;
  market(country: string): Promise<TaxMarket>;
  tax(input: TaxInput): Promise<TaxCalculation>;
  shippingMethods(input: { country: string; kind: 'vehicle' | 'store'; subtotal: number }): Promise<ShippingChoice[]>;
  storage: StorageProvider;
  optionGroups: OptionGroups;
  /** Signs the links that open an attached invoice in a new tab (as GET order/document does for invoices). */
  links: DownloadLinks;
}) {
  const { repo } = deps;
  const isAdmin = (viewer: Viewer) => viewer.roles.includes('admin');

  /** The caller's active dealer record; FORBIDDEN for anybody else (administrators pass with none). */
  async function dealerFor(viewer: Viewer): Promise<DealerRecord | null> {
    if (isAdmin(viewer)) return null;
    const dealer = viewer.roles.includes('dealer') ? await deps.dealerOf(viewer.userId) : null;
    if (!isApprovedDealer(dealer)) throw new ApiError('FORBIDDEN');
    return dealer;
  }

  const looksAfter = (dealer: DealerRecord | null, viewer: Viewer, order: OrderWithDetails['order']) =>
    isAdmin(viewer) || (dealer !== null && (order.dealerId === dealer.id || order.userId === viewer.userId));
  const mayEdit = (dealer: DealerRecord | null, viewer: Viewer, order: OrderWithDetails['order']) =>
    order.status !== 'cancelled' && (isAdmin(viewer) || (dealer !== null && order.dealerId === dealer.id));

  /** An order the dealer looks after; any other (or unknown) is ORDER_NOT_FOUND, so ids cannot be probed. */
  async function readable(viewer: Viewer, id: string) {
    const dealer = await dealerFor(viewer);
    const found = await deps.orders.order(id);
    if (!found || !looksAfter(dealer, viewer, found.order)) throw new ApiError('ORDER_NOT_FOUND');
    return { dealer, found };
  }

  async function editable(viewer: Viewer, id: string) {
    const { dealer, found } = await readable(viewer, id);
    if (!mayEdit(dealer, viewer, found.order)) throw new ApiError('ORDER_NOT_EDITABLE');
    return { dealer, found };
  }

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

  function attachmentView(row: AttachmentRow): OrderAttachment {
    return {
      id: row.id,
      name: row.name,
      type: row.type,
      salesorder_type: row.salesorderType,
      size: row.size,
      createdAt: row.createdAt.toISOString(),
    };
  }

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
      editable: mayEdit(dealer, viewer, found.order),
      maxDiscountBp,
      editing: await Promise.all(
        found.lines.map(async (l) => {
          const listPrice = await listPriceOf(l, found.order);
          return {
            lineId: l.id,
            editable: lineEditable(l),
            listPrice,
            minPrice: dealerPriceFloor(listPrice, maxDiscountBp),
          };
        }),
      ),
      attachments: (attachments ?? (await repo.attachments(found.order.id))).map(attachmentView),
    };
  }

  interface Draft {
    lines: OrderLineRow[];
    added: Array<Omit<OrderLineRow, 'orderId' | 'id'>>;
    customerType: string;
    shippingMethod: string;
    shipping: number;
    shippingAddress: unknown;
  }

  /** Prices the edited order with the tax rules of its market, as the checkout did (decision 013). */
  async function price(found: OrderWithDetails, draft: Draft) {
    const { order } = found;
    const market = await deps.market(order.country);
    const address = readAddress(order.shippingAddress);
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

  /** An attachment the viewer may read: the dealer's, the buyer's or an administrator's order. */
  async function attachmentFor(viewer: Viewer, orderId: string, attachmentId: string): Promise<AttachmentRow> {
    const found = await deps.orders.order(orderId);
    if (!found) throw new ApiError('ORDER_NOT_FOUND');
    if (found.order.userId !== viewer.userId) await readable(viewer, orderId);
    const row = await repo.attachment(orderId, attachmentId);
    if (!row) throw new ApiError('ATTACHMENT_NOT_FOUND');
    return row;
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
      const subtotal = found.lines.reduce((sum, l) => sum + l.unitPrice * l.quantity, 0);
      const methods = await deps.shippingMethods({
        country: order.country,
        kind: order.type === 'store' ? 'store' : 'vehicle',
        subtotal,
      });
      const chosen = methods.find((m) => m._id === body.deliveryMethod);
      if (!chosen) throw new ApiError('SHIPPING_METHOD_NOT_ALLOWED');
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

    /** Spec: PUT order/{id}/append-dealer-invoice: the dealer's invoice PDF (base64), stored and listed on the order. */
    async appendInvoice(
      viewer: Viewer,
      id: string,
      body: AppendDealerInvoiceBody,
      meta: { ip: string | null; lang: UiLanguage },
    ): Promise<OrderAttachment[]> {
      const { found } = await editable(viewer, id);
      const base64 = body.invoice.replace(/^data:[^;,]*;base64,/, '');
      if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64.replace(/\s+/g, ''))) throw new ApiError('VALIDATION_ERROR');
      const bytes = Buffer.from(base64, 'base64');
      if (bytes.length > MAX_DEALER_INVOICE_BYTES) throw new ApiError('INVOICE_TOO_LARGE');
      const sniffed = bytes.length ? await fileTypeFromBuffer(bytes) : undefined;
      if (sniffed?.mime !== 'application/pdf') throw new ApiError('INVOICE_NOT_PDF');
      const attachmentId = randomUUID();
      const key = `dealer-invoices/${found.order.id}/${attachmentId}.pdf`;
      await deps.storage.put(key, bytes, 'application/pdf');
      try {
        await repo.addAttachment(
          {
            id: attachmentId,
            orderId: found.order.id,
            salesorderType: body.salesorder_type,
            type: body.type,
            name: body.name,
            contentType: 'application/pdf',
            size: bytes.length,
            storageKey: key,
            uploadedBy: viewer.userId,
          },
          {
            actorId: viewer.userId,
            action: 'order.append_dealer_invoice',
            detail: { orderId: found.order.id, attachmentId, size: bytes.length },
            ip: meta.ip,
          },
        );
      } catch (error) {
        await deps.storage.delete(key).catch(() => undefined);
        throw error;
      }
      return (await repo.attachments(found.order.id)).map(attachmentView);
    },

    /** The invoices dealers attached to an order, for its buyer, its dealer and administrators. */
    async attachmentList(viewer: Viewer, orderId: string): Promise<OrderAttachment[]> {
      const found = await deps.orders.order(orderId);
      if (!found) throw new ApiError('ORDER_NOT_FOUND');
      if (found.order.userId !== viewer.userId) await readable(viewer, orderId);
      return (await repo.attachments(orderId)).map(attachmentView);
    },

    /** A signed link to an attached invoice, to open without a token for a few minutes. */
    async attachmentLink(viewer: Viewer, orderId: string, attachmentId: string) {
      await attachmentFor(viewer, orderId, attachmentId);
      const { token, expiresAt } = deps.links.sign(`attachment:${attachmentId}`);
      return {
        downloadURL: `/v1/order/${orderId}/dealer-invoices/${attachmentId}?token=${token}`,
        expiresAt: expiresAt.toISOString(),
      };
    },

    /** An attached invoice: for the dealer, the buyer and administrators, or anyone with a signed link. */
    async attachmentFile(viewer: Viewer | null, orderId: string, attachmentId: string, token?: string) {
      let row: AttachmentRow | null;
      if (token !== undefined) {
        if (!deps.links.verify(`attachment:${attachmentId}`, token)) throw new ApiError('INVALID_TOKEN');
        row = await repo.attachment(orderId, attachmentId);
        if (!row) throw new ApiError('ATTACHMENT_NOT_FOUND');
      } else {
        if (!viewer) throw new ApiError('UNAUTHORIZED');
        row = await attachmentFor(viewer, orderId, attachmentId);
      }
      const file = await deps.storage.get(row.storageKey);
      if (!file) throw new ApiError('ATTACHMENT_NOT_FOUND');
      return { name: row.name, contentType: row.contentType, body: file.body };
    },
  };
}
export type DealerOrdersService = ReturnType<typeof dealerOrdersService>;
