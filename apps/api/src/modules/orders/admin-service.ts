// The back office's orders (issue 24 item 5, decision 042): the list, an order's page, and the administrators'
// actions, each audited with before → after in the change's transaction, the buyer e-mailed in the order's language.
import type {
  AdminOrderDetail,
  AdminOrderListQuery,
  AdminOrderPage,
  AdminRefundBody,
  BulkCancelResult,
  CancelOrderBody,
  CancelOrderResult,
  ShipOrderBody,
} from '@varg/contracts';
import type { Db } from '@varg/db';
import { normalTrackingNumber, orderLedger, TRACKING_NUMBER, trackingLink, type UiLanguage } from '@varg/domain';
import { messagesFor, t } from '@varg/i18n/server';
import { ApiError } from '../../lib/api-error.ts';
import type { EmailMessage, EmailProvider } from '../../providers/email/interface.ts';
import type { AuditService } from '../audit/service.ts';
import { invoiceEmail, orderCancelledEmail, orderShippedEmail, paymentRefundedEmail } from './admin-emails.ts';
import type { AdminOrdersRepo } from './admin-repo.ts';
import { type OrdersRepo, type OrderWithDetails, ordersRepo } from './repo.ts';
import { orderLanguage, orderPageLink } from './service.ts';
import { type OptionGroups, shipmentView, toOrderView } from './view.ts';

/** Who acts: the administrator (the audit entry's actor) and where from. */
export interface Actor {
  actorId: string;
  ip: string | null;
}

/** What the orders' back office asks of the payments module (bound once it is built; decision 033). */
export interface OrderPayments {
  refund(
    paymentId: string,
    input: { amount?: number; to?: 'original' | 'wallet' },
    by: Actor,
  ): Promise<{ refunded: number; refundedTo: 'original' | 'wallet' }>;
  settle(paymentId: string, outcome: 'succeeded', via: 'admin', by: Actor): Promise<unknown>;
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** In-house payments (a transfer to our own account, at the dealer's) wait for an administrator (decision 017). */
const IN_HOUSE_PROVIDER = 'stark';

export function adminOrdersService(deps: {
  repo: AdminOrdersRepo;
  orders: OrdersRepo;
  email: EmailProvider;
  audit: Pick<AuditService, 'record'>;
  publicUrl: string;
  optionGroups: OptionGroups;
  /** The approved dealers by id and name (the list's filter and column). */
  dealers(): Promise<Array<{ id: string; name: string }>>;
  payments(): OrderPayments;
  /** The store's stock takes back what a cancelled order took (decision 060); never throws. */
  returnStock?(orderId: string): Promise<unknown>;
  now?: () => Date;
}) {
  const { repo, orders, email, audit, publicUrl, optionGroups } = deps;
  const now = deps.now ?? (() => new Date());

  async function load(id: string): Promise<OrderWithDetails> {
    const found = await orders.order(id);
    if (!found) throw new ApiError('ORDER_NOT_FOUND');
    return found;
  }

  /**
   * Sends an e-mail about the order to its buyer; a failure never undoes the action (the outbox shows it). With `tx`
   * it is recorded in the action's transaction (decision 056), in a savepoint of its own: a failure loses the e-mail,
   * never the action; the caller calls `email.afterCommit()` once that commits.
   */
  async function tell(
    found: OrderWithDetails,
    build: (lang: UiLanguage, view: Awaited<ReturnType<typeof toOrderView>>, link: string) => EmailMessage,
    tx?: Tx,
  ) {
    const lang = orderLanguage(found.order);
    const view = await toOrderView(found, messagesFor(lang), optionGroups, tx);
    if (!view.contact.email) return;
    const message = { ...build(lang, view, orderPageLink(publicUrl, found.order)), orderId: found.order.id };
    await (tx ? tx.transaction((savepoint) => email.send(message, { tx: savepoint })) : email.send(message)).catch(
      () => undefined,
    );
  }

  const ledgerOf = (found: OrderWithDetails) =>
    orderLedger({ total: found.order.total, storedStatus: found.order.status }, found.payments);

  async function cancel(id: string, body: CancelOrderBody, by: Actor): Promise<CancelOrderResult> {
    const before = await load(id);
    const statusBefore = ledgerOf(before).status;
    const done = await repo.cancel(id, now(), async (tx, was, released) => {
      await audit.record(
        {
          actorId: by.actorId,
          ip: by.ip,
          action: 'order.cancelled',
          entity: { type: 'order', id },
          before: { status: statusBefore, reservedUntil: was.reservedUntil?.toISOString() ?? null },
          after: { status: 'cancelled', reservedUntil: null },
          detail: { releasedStockBikes: released, refundTo: body.refundTo, reason: body.reason },
        },
        tx,
      );
    });
    if (done === 'missing') throw new ApiError('ORDER_NOT_FOUND');
    if (done === 'already') throw new ApiError('ORDER_ALREADY_CANCELLED');
    // Units of a parts order go back on the shelf, unless a parcel already left with them.
    if (before.shipments.length === 0) await deps.returnStock?.(id);
    // What was paid goes back, each payment in full, once the order is cancelled (a refund is its own audited change).
    const refunds: CancelOrderResult['refunds'] = [];
    const refundFailures: CancelOrderResult['refundFailures'] = [];
    for (const payment of await repo.refundable(id)) {
      try {
        const made = await deps.payments().refund(payment.id, { to: body.refundTo }, by);
        refunds.push({ paymentId: payment.id, amount: payment.amount - payment.refunded, to: made.refundedTo });
      } catch (error) {
        refundFailures.push({ paymentId: payment.id, code: error instanceof ApiError ? error.code : 'INTERNAL_ERROR' });
      }
    }
    const after = await load(id);
    const sum = (to: 'original' | 'wallet') => refunds.filter((r) => r.to === to).reduce((n, r) => n + r.amount, 0);
    await tell(after, (lang, order, link) =>
      orderCancelledEmail({ lang, order, link, refunded: { original: sum('original'), wallet: sum('wallet') } }),
    );
    return {
      id,
      number: after.order.number,
      status: 'cancelled',
      releasedStockBikes: done.released,
      refunds,
      refundFailures,
    };
  }

  const api = {
    async list(query: AdminOrderListQuery): Promise<AdminOrderPage & { dealers: Array<{ id: string; name: string }> }> {
      const [{ rows, total }, dealers] = await Promise.all([repo.list(query, now()), deps.dealers()]);
      const names = new Map(dealers.map((d) => [d.id, d.name]));
      return {
        docs: rows.map((r) => ({
          id: r.id,
          number: r.number,
          type: r.type as 'vehicle' | 'store',
          status: r.status as CancelOrderResult['status'],
          createdAt: r.createdAt.toISOString(),
          country: r.country,
          currency: r.currency,
          buyer: { name: r.name, email: r.email },
          dealer: r.dealerId ? { id: r.dealerId, name: names.get(r.dealerId) ?? '' } : null,
          vins: r.vins,
          total: r.total,
          paid: r.paid,
          toPay: Math.max(0, r.total - r.paid),
          paymentDeadline: r.paid <= 0 && r.status !== 'cancelled' ? (r.reservedUntil?.toISOString() ?? null) : null,
        })),
        total,
        page: query.page,
        pageSize: query.pageSize,
        dealers,
      };
    },

    async detail(id: string, lang: UiLanguage): Promise<AdminOrderDetail> {
      const found = await load(id);
      const [view, sent, attachments, dealers, bikes] = await Promise.all([
        toOrderView(found, messagesFor(lang), optionGroups),
        email.sentFor({ orderId: id }),
        repo.attachments(id),
        found.order.dealerId ? deps.dealers() : Promise.resolve([]),
        repo.stockBikesOf(id),
      ]);
      const dealerId = found.order.dealerId;
      return {
        order: view,
        ledger: found.payments.map((p) => ({
          id: p.id,
          kind: p.kind,
          method: p.method,
          status: p.status,
          provider: p.provider,
          providerReference: p.providerReference,
          failureCode: p.failureCode,
          amount: p.amount,
          refunded: p.refunded,
          refundable: p.status === 'SUCCEEDED' ? p.amount - p.refunded : 0,
          currency: p.currency,
          createdAt: p.createdAt.toISOString(),
          awaitingMoney: p.provider === IN_HOUSE_PROVIDER && p.status === 'PROCESSING',
        })),
        refunded: found.payments.reduce((n, p) => n + p.refunded, 0),
        dealer: dealerId ? { id: dealerId, name: dealers.find((d) => d.id === dealerId)?.name ?? '' } : null,
        buyerId: found.order.userId,
        paymentDeadline: view.reservedUntil,
        shipments: found.shipments.map(shipmentView),
        dealerInvoices: attachments.map((a) => ({ id: a.id, name: a.name, createdAt: a.createdAt.toISOString() })),
        emails: sent.map((m) => ({
          id: m.id,
          to: m.to,
          subject: m.subject,
          lang: m.lang,
          createdAt: m.createdAt.toISOString(),
          sentAt: m.sentAt?.toISOString() ?? null,
          error: m.error,
        })),
        stockBikes: bikes,
      };
    },

    cancel,

    /** Cancels each order as `cancel` does; one order's refusal does not stop the others. */
    async bulkCancel(ids: string[], body: CancelOrderBody, by: Actor, lang: UiLanguage): Promise<BulkCancelResult> {
      const results: BulkCancelResult['results'] = [];
      for (const id of [...new Set(ids)]) {
        try {
          const done = await cancel(id, body, by);
          results.push({ id, number: done.number, ok: true, code: null, message: null });
        } catch (error) {
          if (!(error instanceof ApiError)) throw error;
          const number = (await orders.order(id))?.order.number ?? null;
          results.push({ id, number, ok: false, code: error.code, message: t(lang, error.tKey, error.params) });
        }
      }
      return { results };
    },

    /** Refunds part or all of one payment of the order; the buyer is told the amount and the order's balance. */
    async refund(id: string, body: AdminRefundBody, by: Actor, lang: UiLanguage): Promise<AdminOrderDetail> {
      const found = await load(id);
      if (!found.payments.some((p) => p.id === body.paymentId)) throw new ApiError('PAYMENT_NOT_FOUND');
      const made = await deps.payments().refund(body.paymentId, { amount: body.amount, to: body.to }, by);
      const after = await load(id);
      await tell(after, (l, order, link) =>
        paymentRefundedEmail({ lang: l, order, link, amount: body.amount, to: made.refundedTo }),
      );
      return api.detail(id, lang);
    },

    /** The money of an in-house payment (a transfer to our account) arrived; the payments module e-mails the buyer. */
    async markReceived(id: string, paymentId: string, by: Actor, lang: UiLanguage): Promise<AdminOrderDetail> {
      const found = await load(id);
      if (!found.payments.some((p) => p.id === paymentId)) throw new ApiError('PAYMENT_NOT_FOUND');
      await deps.payments().settle(paymentId, 'succeeded', 'admin', by);
      return api.detail(id, lang);
    },

    /** E-mails the buyer the invoice again (its totals and where to download it). */
    async resendInvoice(id: string, by: Actor, lang: UiLanguage): Promise<AdminOrderDetail> {
      const found = await load(id);
      await audit.record({
        actorId: by.actorId,
        ip: by.ip,
        action: 'order.invoice_resent',
        entity: { type: 'order', id },
        detail: { to: (found.order.contact as { email?: string }).email ?? '' },
      });
      await tell(found, (l, order, link) => invoiceEmail({ lang: l, order, link }));
      return api.detail(id, lang);
    },

    /** A parcel of a paid parts order goes out: carrier, tracking number and link; the buyer gets the link. */
    async ship(id: string, body: ShipOrderBody, by: Actor, lang: UiLanguage): Promise<AdminOrderDetail> {
      const found = await load(id);
      if (found.order.type !== 'store' || ledgerOf(found).status !== 'paid') throw new ApiError('ORDER_NOT_SHIPPABLE');
      const trackingNumber = normalTrackingNumber(body.trackingNumber);
      if (!TRACKING_NUMBER.test(trackingNumber)) throw new ApiError('TRACKING_NUMBER_INVALID');
      const trackingUrl = trackingLink(body.carrier, trackingNumber, body.trackingUrl);
      if (!trackingUrl) throw new ApiError('TRACKING_LINK_INVALID');
      // The parcel, its audit entry and the buyer's e-mail commit together (decision 056).
      await repo.addShipment(
        { orderId: id, carrier: body.carrier, trackingNumber, trackingUrl, shippedBy: by.actorId },
        async (tx, stored) => {
          await audit.record(
            {
              actorId: by.actorId,
              ip: by.ip,
              action: 'order.shipped',
              entity: { type: 'order', id },
              before: { shipments: found.shipments.length },
              after: { shipments: found.shipments.length + 1, carrier: stored.carrier, trackingNumber },
            },
            tx,
          );
          const shipped = await ordersRepo(tx).order(id);
          if (shipped) {
            await tell(
              shipped,
              (l, order, link) => orderShippedEmail({ lang: l, order, link, shipment: shipmentView(stored) }),
              tx,
            );
          }
        },
      );
      email.afterCommit();
      return api.detail(id, lang);
    },
  };
  return api;
}
export type AdminOrdersService = ReturnType<typeof adminOrdersService>;
