// An unpaid order's pay link (decision 062, issue 23 item 7): a buyer whose confirm answer was lost, or who left before
// paying, is e-mailed a signed, expiring link to the order's payment page. A buyer without a password follows it
// signed in (checkout/pay-link); anybody else signs in first.
import { type Db, orders, payments } from '@varg/db';
import { formatLocaleSegment, orderLedger, pendingBankTransfer } from '@varg/domain';
import { messagesFor } from '@varg/i18n/server';
import { and, asc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { SignedLinks } from '../../lib/signed-link.ts';
import type { EmailProvider } from '../../providers/email/interface.ts';
import { payLinkEmail } from './emails.ts';
import { type OrdersRepo, ordersRepo } from './repo.ts';
import { orderLanguage } from './service.ts';
import { type OptionGroups, toOrderView } from './view.ts';

/** How long a pay link works. */
export const PAY_LINK_TTL_S = 7 * 86_400;
/** An order unpaid this long after its confirm is sent its pay link (once, by the job). */
export const PAY_LINK_AFTER_MS = 30 * 60_000;
/** Orders older than this are left alone by the job (a first deploy does not write to every old order). */
const PAY_LINK_WINDOW_MS = 3 * 86_400_000;
/** A link asked for again (an unproven confirm replay) goes out at most this often per order. */
const PAY_LINK_RESEND_MS = 10 * 60_000;

/** What a pay link signs: the order and whose it is. */
export const payLinkSubject = (order: { id: string; userId: string }) => `pay:${order.id}.${order.userId}`;

export function payLinks(deps: {
  db: Db;
  repo: OrdersRepo;
  email: EmailProvider;
  publicUrl: string;
  links: SignedLinks;
  optionGroups: OptionGroups;
}) {
  const { db, repo, email, publicUrl, links, optionGroups } = deps;

  /**
   * Sends the order's pay link when it still owes everything; answers whether it was sent. In one transaction
   * (decision 056): the order is marked sent at `at` unless a link went out since `sentBefore` (of two racing runs one
   * wins, the other waits for its row and finds it marked), and the e-mail is recorded with the mark; an order that
   * needs no link, or a failure, leaves neither.
   */
  async function send(orderId: string, at: Date, sentBefore: Date | null): Promise<boolean> {
    const sent = await db
      .transaction(async (tx) => {
        const due = sentBefore
          ? or(isNull(orders.payLinkSentAt), lt(orders.payLinkSentAt, sentBefore))
          : isNull(orders.payLinkSentAt);
        const claimed = await tx
          .update(orders)
          .set({ payLinkSentAt: at })
          .where(and(eq(orders.id, orderId), due))
          .returning({ id: orders.id });
        if (!claimed.length) return false;
        const found = await ordersRepo(tx).order(orderId);
        if (!found) return false;
        const ledger = orderLedger({ total: found.order.total, storedStatus: found.order.status }, found.payments);
        // Paid, part paid (the balance reminders take over), cancelled, or a bank transfer on its way: no link.
        if (ledger.status !== 'pending_payment' || pendingBankTransfer(found.payments, ledger.toPay)) {
          throw new NoLink();
        }
        const lang = orderLanguage(found.order);
        const view = await toOrderView(found, messagesFor(lang), optionGroups, tx);
        const { token, expiresAt } = links.sign(payLinkSubject(found.order));
        const segment = formatLocaleSegment({ lang, country: found.order.country });
        const payLink = `${publicUrl}/${segment}/complete-order/${found.order.id}?access=${encodeURIComponent(token)}`;
        await email.send({ ...payLinkEmail({ lang, order: view, payLink, expiresAt }), orderId }, { tx });
        return true;
      })
      .catch((error: unknown) => {
        if (error instanceof NoLink) return false;
        throw error;
      });
    if (sent) email.afterCommit();
    return sent;
  }

  return {
    /** At once (a confirm replay that could not prove the buyer): at most every PAY_LINK_RESEND_MS per order. */
    sendNow: (orderId: string, now = new Date()) => send(orderId, now, new Date(now.getTime() - PAY_LINK_RESEND_MS)),

    /**
     * The job: orders unpaid PAY_LINK_AFTER_MS after their confirm (within the last few days) that were never sent a
     * link get one. Answers how many were sent; a failure does not stop the others (the run then throws them).
     */
    async sendDue(now: Date, after = PAY_LINK_AFTER_MS): Promise<number> {
      const candidates = await db
        .select({ id: orders.id })
        .from(orders)
        .where(
          and(
            eq(orders.status, 'pending_payment'),
            isNull(orders.payLinkSentAt),
            lt(orders.createdAt, new Date(now.getTime() - after)),
            gt(orders.createdAt, new Date(now.getTime() - PAY_LINK_WINDOW_MS)),
            sql`not exists (select 1 from ${payments} where ${payments.orderId} = ${orders.id} and ${payments.status} in ('SUCCEEDED', 'PROCESSING'))`,
          ),
        )
        .orderBy(asc(orders.createdAt))
        .limit(200);
      let sent = 0;
      const failures: unknown[] = [];
      for (const { id } of candidates) {
        try {
          if (await send(id, now, null)) sent++;
        } catch (error) {
          failures.push(error);
        }
      }
      if (failures.length) throw new AggregateError(failures, `pay links: ${sent} sent, ${failures.length} failed`);
      return sent;
    },

    /** The order a pay link opens, when the token is its buyer's and unexpired: whose it is and when it was signed. */
    async verify(orderId: string, token: string): Promise<{ userId: string; issuedAt: Date } | null> {
      const found = await repo.order(orderId);
      if (!found) return null;
      const ok = links.verify(payLinkSubject(found.order), token);
      return ok ? { userId: found.order.userId, issuedAt: ok.issuedAt } : null;
    },
  };
}
export type PayLinks = ReturnType<typeof payLinks>;

/** The order needs no pay link: its transaction is rolled back, the mark with it. */
class NoLink extends Error {}
