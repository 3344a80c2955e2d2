// Refunds (an administrator): to the card or account the money came from, or as store credit.
import { ApiError } from '../../lib/api-error.ts';
import type { PaymentsContext } from './context.ts';
import { type PaymentActor, paymentView, WALLET_METHOD } from './model.ts';

/** Where a refund goes: back to the card or account the money came from, or to the buyer's store credit. */
export const REFUND_TARGETS = ['original', 'wallet'] as const;
export type RefundTarget = (typeof REFUND_TARGETS)[number];

export function paymentRefunds(ctx: PaymentsContext) {
  const { repo, providerOf } = ctx;
  const audit = ctx.deps.audit;
  return {
    /**
     * Gives money back (an administrator: a cancelled order, a goodwill gesture): to the card or account it came
     * from, or as store credit. A payment made with store credit or outside a provider is refunded as store credit.
     * The ledger counts `amount − refunded`, so what is due grows back by the refund. The claim on the row, the store
     * credit and the audit entry (`payment.refunded`, refunded before → after) commit together; a provider that then
     * refuses gives the claim back and the trail says so (`payment.refund_reverted`).
     */
    async refund(
      paymentId: string,
      input: { amount?: number | undefined; to?: RefundTarget | undefined },
      by: PaymentActor = { actorId: null },
    ) {
      const row = await repo.byId(paymentId);
      if (!row?.orderId) throw new ApiError('PAYMENT_NOT_FOUND');
      if (row.status !== 'SUCCEEDED') throw new ApiError('PAYMENT_CONFLICT');
      const amount = input.amount ?? row.amount - row.refunded;
      if (!Number.isInteger(amount) || amount <= 0 || amount > row.amount - row.refunded)
        throw new ApiError('REFUND_INVALID');
      const basics = await repo.orderBasics(row.orderId);
      if (!basics) throw new ApiError('PAYMENT_NOT_FOUND');
      const provider = providerOf(row);
      const to: RefundTarget = !provider || row.method === WALLET_METHOD ? 'wallet' : (input.to ?? 'original');
      const before = row.refunded;
      const entry = (action: string, was: number, now: number) => ({
        actorId: by.actorId,
        ip: by.ip ?? null,
        action,
        entity: { type: 'payment', id: row.id },
        before: { refunded: was },
        after: { refunded: now },
        detail: { orderId: row.orderId, amount, to, currency: row.currency },
      });
      const claimed = await repo.transaction(async (q, tx) => {
        const got = await q.claimRefund(row.id, amount);
        if (!got) return null;
        if (to === 'wallet')
          await q.addWalletEntry({ userId: basics.userId, currency: row.currency, amount, reason: 'refund' });
        await audit?.record(entry('payment.refunded', before, got.refunded), tx);
        return got;
      });
      if (!claimed) throw new ApiError('PAYMENT_CONFLICT');
      if (to === 'original') {
        try {
          await provider?.refund(row.providerReference ?? '', basics.country, amount, `refund:${row.id}:${before}`);
        } catch {
          await repo.transaction(async (q, tx) => {
            await q.releaseRefund(row.id, amount);
            await audit?.record(entry('payment.refund_reverted', claimed.refunded, claimed.refunded - amount), tx);
          });
          throw new ApiError('PAYMENT_PROVIDER_ERROR');
        }
      }
      return { ...paymentView(claimed), refundedTo: to };
    },
  };
}
export type PaymentRefunds = ReturnType<typeof paymentRefunds>;
