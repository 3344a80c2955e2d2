// The referral programme's store credit (issue 25 item 8; decision 051): every customer has a code (from their id),
// shared as a sign-up link; an account made with it records its referrer; when a bike order of the referred buyer is paid in
// full, the referrer's wallet receives the credit — once per order, whatever number of webhooks report the payment.
import type { OwnReferral } from '@varg/contracts';
import { type Db, orders, payments, referralCredits, referrals, users, walletEntries } from '@varg/db';
import { earnsReferralCredit, REFERRAL_CREDIT, referralCodeOf, referralCodeRange } from '@varg/domain';
import { and, count, eq, gte, lte, sql } from 'drizzle-orm';
import type { AuditService } from '../audit/service.ts';

export function referralProgramme(db: Db, audit: AuditService) {
  return {
    /** The customer's code and how many accounts signed up with it. */
    async own(userId: string): Promise<OwnReferral> {
      const [counted] = await db.select({ n: count() }).from(referrals).where(eq(referrals.referrerId, userId));
      return { code: referralCodeOf(userId), referred: counted?.n ?? 0, credit: REFERRAL_CREDIT };
    },

    /**
     * A new account made with a referral code: its referrer, once. An unknown code, one that two accounts share, or
     * the account's own is ignored.
     */
    async signedUp(userId: string, input: string | undefined) {
      const range = referralCodeRange(input);
      if (!range) return;
      const owners = await db
        .select({ id: users.id })
        .from(users)
        .where(and(gte(users.id, range.from), lte(users.id, range.to)))
        .limit(2);
      const owner = owners.length === 1 ? owners[0] : undefined;
      if (!owner || owner.id === userId) return;
      await db.insert(referrals).values({ referredId: userId, referrerId: owner.id }).onConflictDoNothing();
    },

    /**
     * After a payment of an order succeeded: when it is a referred buyer's bike order now paid in full, the referrer
     * is credited. The credit's row is keyed by the order, so a retried or concurrent event adds nothing; the wallet
     * entry and its audit entry (`wallet.referral_credit`) commit with it. True when this call credited.
     */
    async afterPayment(orderId: string): Promise<boolean> {
      const [order] = await db
        .select({
          id: orders.id,
          userId: orders.userId,
          type: orders.type,
          status: orders.status,
          total: orders.total,
          currency: orders.currency,
        })
        .from(orders)
        .where(eq(orders.id, orderId))
        .limit(1);
      if (!order) return false;
      const [received] = await db
        .select({ paid: sql<number>`coalesce(sum(${payments.amount} - ${payments.refunded}), 0)::int` })
        .from(payments)
        .where(and(eq(payments.orderId, orderId), eq(payments.status, 'SUCCEEDED')));
      if (!earnsReferralCredit({ ...order, paid: Number(received?.paid ?? 0) })) return false;
      const buyer = order.userId;
      const [referral] = await db.select().from(referrals).where(eq(referrals.referredId, buyer)).limit(1);
      if (!referral) return false;
      return db.transaction(async (tx) => {
        const [granted] = await tx
          .insert(referralCredits)
          .values({ orderId, referrerId: referral.referrerId })
          .onConflictDoNothing()
          .returning({ orderId: referralCredits.orderId });
        if (!granted) return false;
        const [entry] = await tx
          .insert(walletEntries)
          .values({
            userId: referral.referrerId,
            currency: order.currency,
            amount: REFERRAL_CREDIT,
            reason: 'referral',
          })
          .returning({ id: walletEntries.id });
        await tx.update(referralCredits).set({ walletEntryId: entry?.id }).where(eq(referralCredits.orderId, orderId));
        await audit.record(
          {
            actorId: null,
            subjectId: referral.referrerId,
            action: 'wallet.referral_credit',
            entity: { type: 'order', id: orderId },
            detail: { entryId: entry?.id, referredId: buyer, currency: order.currency, amount: REFERRAL_CREDIT },
            ip: null,
          },
          tx,
        );
        return true;
      });
    },
  };
}
export type ReferralProgramme = ReturnType<typeof referralProgramme>;
