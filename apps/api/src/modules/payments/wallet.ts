// Customer credit (store credit, spec section 4): spent first on an order when the buyer asks, in one transaction
// with the user locked so two requests never spend the same credit twice.
import type { PaymentKind } from '@varg/domain';
import { ApiError } from '../../lib/api-error.ts';
import type { PaymentsContext } from './context.ts';
import { type PayableOrder, WALLET_METHOD } from './model.ts';

export function paymentWallet(ctx: PaymentsContext) {
  const { repo } = ctx;
  /**
   * Spends customer credit on an order, at most `amount`: the wallet payment row (`fresh` when this call made it, not
   * a repeat of the same request), or null when there is none.
   */
  async function spendWallet(order: PayableOrder, kind: PaymentKind, amount: number, key: string) {
    return repo.transaction(async (tx) => {
      await tx.lockUser(order.userId);
      const again = await tx.byIdempotencyKey(`${key}:wallet`);
      if (again) return { row: again, fresh: false };
      const balance = await tx.walletBalance(order.userId, order.currency);
      const spend = Math.min(balance, amount);
      if (spend <= 0) return null;
      const row = await tx.create({
        orderId: order.id,
        userId: order.userId,
        kind,
        method: WALLET_METHOD,
        status: 'SUCCEEDED',
        amount: spend,
        currency: order.currency,
        provider: 'wallet',
        providerReference: `wallet:${key}`,
        idempotencyKey: `${key}:wallet`,
      });
      if (!row) throw new ApiError('PAYMENT_CONFLICT');
      await tx.addWalletEntry({
        userId: order.userId,
        currency: order.currency,
        amount: -spend,
        reason: 'order_payment',
        paymentId: row.id,
      });
      return { row, fresh: true };
    });
  }

  return {
    spendWallet,

    async walletBalance(userId: string, currency: string) {
      return repo.walletBalance(userId, currency);
    },
  };
}
export type PaymentWallet = ReturnType<typeof paymentWallet>;
