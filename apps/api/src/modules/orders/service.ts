import type { BankDetails, OrderDocument, OrderListQuery, OrderType, OrderView, OrderViewPage } from '@varg/contracts';
import {
  formatIban,
  formatLocaleSegment,
  orderLedger,
  pageInfo,
  pendingBankTransfer,
  type UiLanguage,
  uiLanguageFrom,
} from '@varg/domain';
import { messagesFor } from '@varg/i18n/server';
import { ApiError } from '../../lib/api-error.ts';
import type { EmailProvider } from '../../providers/email/interface.ts';
import type { DownloadLinks } from './download-link.ts';
import { orderConfirmationEmail, paymentReceivedEmail } from './emails.ts';
import { invoiceFilename, invoiceLanguage, invoicePdf } from './invoice-pdf.ts';
import type { OrdersRepo, OrderWithDetails } from './repo.ts';
import { type BankAccount, SELLER } from './seller.ts';
import { type OptionGroups, toOrderView } from './view.ts';

/** Who is reading: the signed-in user (an administrator acting as a customer reads as that customer). */
export interface Viewer {
  userId: string;
  roles: readonly string[];
}

/** The language of an order's documents and e-mails; English when the stored value is not a UI language. */
export function orderLanguage(order: { language: string }): UiLanguage {
  return uiLanguageFrom(order.language) ?? 'en-us';
}

export function ordersService(deps: {
  repo: OrdersRepo;
  email: EmailProvider;
  /** Origin of the links in e-mails (PUBLIC_URL), never a request's Host. */
  publicUrl: string;
  bank: BankAccount;
  links: DownloadLinks;
  optionGroups: OptionGroups;
  /** pdfkit stream compression; tests may turn it off to read the text. */
  compressPdf?: boolean;
}) {
  const { repo, email, publicUrl, bank, links, optionGroups } = deps;

  const canRead = (viewer: Viewer, order: { userId: string }) =>
    order.userId === viewer.userId || viewer.roles.includes('admin');

  /** The order if the viewer may read it; anybody else's order is as unknown as a missing one (no enumeration). */
  async function readable(viewer: Viewer, id: string, type?: OrderType): Promise<OrderWithDetails> {
    const found = await repo.order(id);
    if (!found || !canRead(viewer, found.order) || (type && found.order.type !== type)) {
      throw new ApiError('ORDER_NOT_FOUND');
    }
    return found;
  }

  async function loadForSystem(orderId: string): Promise<OrderWithDetails> {
    const found = await repo.order(orderId);
    if (!found) throw new ApiError('ORDER_NOT_FOUND');
    return found;
  }

  function bankDetailsOf({ order, payments }: OrderWithDetails): BankDetails {
    const ledger = orderLedger({ total: order.total, storedStatus: order.status }, payments);
    const transfer = pendingBankTransfer(payments, ledger.toPay);
    return {
      orderId: order.id,
      orderNumber: order.number,
      beneficiary: bank.beneficiary,
      beneficiaryAddress: SELLER.addressLines.join(', '),
      iban: formatIban(bank.iban),
      bic: bank.bic,
      reference: String(order.number),
      amount: transfer ? transfer.due : ledger.toPay,
      currency: order.currency,
      bankTransferPending: transfer !== null,
      sandbox: bank.sandbox,
    };
  }

  /** The page of the order in the buyer's account, in the order's locale. */
  function orderLink(order: OrderWithDetails['order']): string {
    const segment = formatLocaleSegment({ lang: orderLanguage(order), country: order.country });
    const section = order.type === 'store' ? 'parts' : 'my';
    return `${publicUrl}/${segment}/orders/${section}/${order.id}`;
  }

  return {
    /** An order of the viewer (any order for an administrator); of the given type when one is named. */
    async order(viewer: Viewer, id: string, lang: UiLanguage, type?: OrderType): Promise<OrderView> {
      return toOrderView(await readable(viewer, id, type), messagesFor(lang), optionGroups);
    },

    /** The viewer's own orders, newest first, one page. */
    async list(viewer: Viewer, query: OrderListQuery, lang: UiLanguage): Promise<OrderViewPage> {
      const { rows, total } = await repo.ordersOf(viewer.userId, query);
      const messages = messagesFor(lang);
      const docs = await Promise.all(rows.map((row) => toOrderView(row, messages, optionGroups)));
      const { hasPreviousPage: _, ...page } = pageInfo(query.page, query.limit, total);
      return { docs, ...page };
    },

    /** A link to the order's invoice that works without a token for a few minutes (opened in a new tab). */
    async document(viewer: Viewer, id: string): Promise<OrderDocument> {
      const { order } = await readable(viewer, id);
      const { token, expiresAt } = links.sign(order.id);
      return {
        downloadURL: `/v1/order/invoice?orderId=${order.id}&token=${encodeURIComponent(token)}`,
        expiresAt: expiresAt.toISOString(),
      };
    },

    /**
     * The invoice PDF, for the holder of a valid signed link or the order's reader. A bad or expired link is
     * INVALID_TOKEN; neither link nor sign-in is UNAUTHORIZED; someone else's order is ORDER_NOT_FOUND.
     */
    async invoice(
      orderId: string,
      access: { viewer: Viewer | null; token?: string | undefined },
    ): Promise<{ filename: string; pdf: Buffer }> {
      let found: OrderWithDetails;
      if (access.token !== undefined) {
        if (!links.verify(orderId, access.token)) throw new ApiError('INVALID_TOKEN');
        found = await loadForSystem(orderId);
      } else if (access.viewer) {
        found = await readable(access.viewer, orderId);
      } else {
        throw new ApiError('UNAUTHORIZED');
      }
      const lang = invoiceLanguage(orderLanguage(found.order));
      const messages = messagesFor(lang);
      const view = await toOrderView(found, messages, optionGroups);
      const pdf = await invoicePdf({
        order: view,
        lang,
        bank,
        messages,
        ...(deps.compressPdf === undefined ? {} : { compress: deps.compressPdf }),
      });
      return { filename: invoiceFilename(found.order), pdf };
    },

    /** How to pay the order by bank transfer: our account, the reference (the order number) and the amount. */
    async bankDetails(viewer: Viewer, id: string): Promise<BankDetails> {
      return bankDetailsOf(await readable(viewer, id));
    },

    /**
     * E-mails the buyer the order confirmation in the order's language. The checkout calls it once, after the
     * transaction that created the order has committed (it reads the order like any other reader).
     */
    async sendOrderConfirmation(orderId: string): Promise<void> {
      const found = await loadForSystem(orderId);
      const lang = orderLanguage(found.order);
      const view = await toOrderView(found, messagesFor(lang), optionGroups);
      if (!view.contact.email) throw new Error(`order ${orderId} has no contact e-mail`);
      const details = bankDetailsOf(found);
      await email.send(
        orderConfirmationEmail({
          lang,
          order: view,
          bank: details.bankTransferPending ? details : null,
          link: orderLink(found.order),
        }),
      );
    },

    /** E-mails the buyer that a payment of the order succeeded, with what is still due (issue 6 calls it). */
    async sendPaymentReceived(orderId: string, paymentId: string): Promise<void> {
      const found = await loadForSystem(orderId);
      const payment = found.payments.find((p) => p.id === paymentId && p.status === 'SUCCEEDED');
      if (!payment) throw new Error(`payment ${paymentId} of order ${orderId} has not succeeded`);
      const lang = orderLanguage(found.order);
      const view = await toOrderView(found, messagesFor(lang), optionGroups);
      if (!view.contact.email) throw new Error(`order ${orderId} has no contact e-mail`);
      await email.send(
        paymentReceivedEmail({ lang, order: view, amount: payment.amount, link: orderLink(found.order) }),
      );
    },
  };
}
export type OrdersService = ReturnType<typeof ordersService>;
