import type { BankDetails, OrderDocument, OrderListQuery, OrderType, OrderView, OrderViewPage } from '@varg/contracts';
import type { Db } from '@varg/db';
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
import type { EmailMessage, EmailProvider } from '../../providers/email/interface.ts';
import type { DownloadLinks } from './download-link.ts';
import { balanceReminderEmail, orderConfirmationEmail, paymentFailedEmail, paymentReceivedEmail } from './emails.ts';
import { invoiceFilename, invoiceLanguage, invoicePdf } from './invoice-pdf.ts';
import { type OrdersRepo, type OrderWithDetails, ordersRepo } from './repo.ts';
import { type BankAccount, SELLER } from './seller.ts';
import { type OptionGroups, toOrderView } from './view.ts';

/** A vehicle order is reminded of its balance once its delivery is this close (or past). */
export const BALANCE_REMINDER_LEAD_DAYS = 42;
/** …and again at most this often while the balance stays unpaid. */
export const BALANCE_REMINDER_INTERVAL_DAYS = 7;

const DAY_MS = 86_400_000;

/** Who is reading: the signed-in user (an administrator acting as a customer reads as that customer). */
export interface Viewer {
  userId: string;
  roles: readonly string[];
}

/** The language of an order's documents and e-mails; English when the stored value is not a UI language. */
export function orderLanguage(order: { language: string }): UiLanguage {
  return uiLanguageFrom(order.language) ?? 'en-us';
}

/** The page of the order in the buyer's account, in the order's locale. */
export function orderPageLink(publicUrl: string, order: OrderWithDetails['order']): string {
  const segment = formatLocaleSegment({ lang: orderLanguage(order), country: order.country });
  const section = order.type === 'store' ? 'parts' : 'my';
  return `${publicUrl}/${segment}/orders/${section}/${order.id}`;
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
  /**
   * Sends an e-mail about an order, named in the outbox so the back office lists it (decision 042); with `tx`, in the
   * caller's transaction (decision 056: it exists only if the change commits).
   */
  const mail = (orderId: string, message: EmailMessage, tx?: Db) =>
    email.send({ ...message, orderId }, tx ? { tx } : {});

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

  /** The order as the system reads it; with `tx`, as the caller's transaction sees it (its own writes too). */
  async function loadForSystem(orderId: string, tx?: Db): Promise<OrderWithDetails> {
    const found = await (tx ? ordersRepo(tx) : repo).order(orderId);
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

  const orderLink = (order: OrderWithDetails['order']) => orderPageLink(publicUrl, order);

  /** The page where the buyer pays what the order still owes (the balance, or a failed payment again). */
  function payLink(order: OrderWithDetails['order']): string {
    const segment = formatLocaleSegment({ lang: orderLanguage(order), country: order.country });
    return `${publicUrl}/${segment}/complete-order/${order.id}`;
  }

  /** The order as its buyer reads it in the order's language, for an e-mail (which needs an address to go to). */
  async function mailView(found: OrderWithDetails, tx?: Db): Promise<{ lang: UiLanguage; view: OrderView }> {
    const lang = orderLanguage(found.order);
    const view = await toOrderView(found, messagesFor(lang), optionGroups, tx);
    if (!view.contact.email) throw new Error(`order ${found.order.id} has no contact e-mail`);
    return { lang, view };
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
     * E-mails the buyer the order confirmation in the order's language. The checkout calls it once, inside the
     * transaction that creates the order (`tx`): the e-mail is recorded with the order, or not at all (decision 056).
     */
    async sendOrderConfirmation(orderId: string, tx?: Db): Promise<void> {
      const found = await loadForSystem(orderId, tx);
      const lang = orderLanguage(found.order);
      const view = await toOrderView(found, messagesFor(lang), optionGroups, tx);
      if (!view.contact.email) throw new Error(`order ${orderId} has no contact e-mail`);
      const details = bankDetailsOf(found);
      await mail(
        orderId,
        orderConfirmationEmail({
          lang,
          order: view,
          bank: details.bankTransferPending ? details : null,
          link: orderLink(found.order),
        }),
        tx,
      );
    },

    /**
     * E-mails the buyer that a payment of the order succeeded: what came in and, while the order still owes money
     * (after a deposit), what was paid, what is due and the link to pay the balance (issue 6 calls it).
     */
    async sendPaymentReceived(orderId: string, paymentId: string, tx?: Db): Promise<void> {
      const found = await loadForSystem(orderId, tx);
      const payment = found.payments.find((p) => p.id === paymentId && p.status === 'SUCCEEDED');
      if (!payment) throw new Error(`payment ${paymentId} of order ${orderId} has not succeeded`);
      const { lang, view } = await mailView(found, tx);
      await mail(
        orderId,
        paymentReceivedEmail({
          lang,
          order: view,
          amount: payment.amount,
          link: orderLink(found.order),
          payLink: payLink(found.order),
        }),
        tx,
      );
    },

    /**
     * E-mails the buyer that a payment of the order failed: amount, method, the reason where we know the failure
     * code, and the link to try again. Nothing is sent when the order no longer owes anything (another payment
     * settled it) or was cancelled: there is nothing to try again.
     */
    async sendPaymentFailed(orderId: string, paymentId: string, tx?: Db): Promise<void> {
      const found = await loadForSystem(orderId, tx);
      const payment = found.payments.find((p) => p.id === paymentId && p.status === 'FAILED');
      if (!payment) throw new Error(`payment ${paymentId} of order ${orderId} has not failed`);
      const { lang, view } = await mailView(found, tx);
      if (view.toPay <= 0 || view.status === 'cancelled') return;
      await mail(
        orderId,
        paymentFailedEmail({
          lang,
          order: view,
          payment: { amount: payment.amount, method: payment.method, failureCode: payment.failureCode },
          payLink: payLink(found.order),
        }),
        tx,
      );
    },

    /**
     * Reminds the buyers of vehicle orders whose delivery is near (within BALANCE_REMINDER_LEAD_DAYS of `now`, or
     * past) that the balance after their deposit is still due, at most every BALANCE_REMINDER_INTERVAL_DAYS. Each
     * order is claimed (its `balance_reminder_at` set to `now` by a conditional update) in one transaction with its
     * e-mail, so concurrent runs never send twice; a claim whose e-mail fails is rolled back with it (and retried on
     * the next run). Returns
     * how many were sent; an order that could not be reminded does not stop the others, and the run then throws an
     * AggregateError of what failed once it has gone through them all.
     */
    async sendBalanceReminders(now: Date): Promise<number> {
      const deliveryBy = new Date(now.getTime() + BALANCE_REMINDER_LEAD_DAYS * DAY_MS).toISOString().slice(0, 10);
      const remindedBefore = new Date(now.getTime() - BALANCE_REMINDER_INTERVAL_DAYS * DAY_MS);
      const today = now.toISOString().slice(0, 10);
      let sent = 0;
      const failures: unknown[] = [];
      for (const candidate of await repo.balanceReminderCandidates({ deliveryBy, remindedBefore })) {
        try {
          // The claim and the e-mail commit together (decision 056): an order that needs no reminder, or a failure,
          // leaves neither, and the order is tried again on the next run.
          const reminded = await repo.transaction(async (tx) => {
            if (!(await ordersRepo(tx).claimBalanceReminder(candidate.id, now, remindedBefore))) return false;
            // Read after the claim: a payment that came in meanwhile is counted.
            const found = await loadForSystem(candidate.id, tx);
            const ledger = orderLedger({ total: found.order.total, storedStatus: found.order.status }, found.payments);
            if (ledger.status !== 'partially_paid') throw new NotDue();
            const { lang, view } = await mailView(found, tx);
            await mail(
              candidate.id,
              balanceReminderEmail({ lang, order: view, today, payLink: payLink(found.order) }),
              tx,
            );
            return true;
          });
          if (reminded) sent++;
        } catch (error) {
          if (!(error instanceof NotDue)) failures.push(error);
        }
      }
      if (sent) email.afterCommit();
      if (failures.length) {
        throw new AggregateError(failures, `balance reminders: ${sent} sent, ${failures.length} failed`);
      }
      return sent;
    },
  };
}
export type OrdersService = ReturnType<typeof ordersService>;

/** The order owes no balance any more: its reminder's claim is rolled back. */
class NotDue extends Error {}
