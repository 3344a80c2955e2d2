// The money of a payment arrives: a provider's signed webhook (processed once, allowed transitions only), or an
// administrator recording an in-house transfer (and on this machine, the dev route settling a sandbox debit).
import { canTransition, type PaymentStatus } from '@varg/domain';
import { ApiError } from '../../lib/api-error.ts';
import { type PaymentProvider, WebhookSignatureError } from '../../providers/payments/interface.ts';
import type { PaymentsContext } from './context.ts';
import { IN_HOUSE_PROVIDER, type PaymentActor, paymentView } from './model.ts';

export function paymentWebhooks(ctx: PaymentsContext) {
  const { repo, providers, move } = ctx;
  return {
    /**
     * A provider's webhook: verified by signature, processed once (payment_events), and applied only as an allowed
     * transition — a replayed or out-of-order event changes nothing.
     */
    async webhook(providerName: string, rawBody: string, signature: string | undefined) {
      const provider = providers.byName(providerName);
      if (!provider) throw new ApiError('NOT_FOUND');
      let event: ReturnType<PaymentProvider['parseWebhook']>;
      try {
        event = provider.parseWebhook(rawBody, signature);
      } catch (error) {
        if (error instanceof WebhookSignatureError || error instanceof SyntaxError)
          throw new ApiError('WEBHOOK_SIGNATURE_INVALID');
        throw error;
      }
      if (!(await repo.recordEvent(event.id, provider.name, event.type))) return { received: true, applied: false };
      if (!event.reference || !event.status) return { received: true, applied: false };
      let row = await repo.byReference(provider.name, event.reference);
      // The event is recorded as processed already: when the payment moved between the read and the write (the
      // answer to the buyer's confirm), it is read again and the event applied if it still moves the payment on.
      while (row) {
        const from = row.status as PaymentStatus;
        if (from === event.status || !canTransition(from, event.status)) return { received: true, applied: false };
        // The status and the buyer's e-mail about it commit together (decision 056).
        if (await move(row, from, event.status, event.failureCode ?? null)) return { received: true, applied: true };
        row = await repo.byId(row.id);
      }
      return { received: true, applied: false };
    },

    /**
     * The money of a payment arrived (or did not): an administrator records an in-house transfer or dealer payment;
     * on this machine, the dev route also makes a sandbox transfer or debit settle (through its signed webhook).
     */
    async settle(
      paymentId: string,
      outcome: 'succeeded' | 'failed',
      via: 'admin' | 'dev',
      by: PaymentActor = { actorId: null },
    ) {
      const row = await repo.byId(paymentId);
      if (!row) throw new ApiError('PAYMENT_NOT_FOUND');
      if (row.provider === IN_HOUSE_PROVIDER) {
        const to: PaymentStatus = outcome === 'succeeded' ? 'SUCCEEDED' : 'FAILED';
        if (row.status === to) return paymentView(row);
        if (!canTransition(row.status as PaymentStatus, to)) throw new ApiError('PAYMENT_CONFLICT');
        const failureCode = to === 'FAILED' ? 'payment_not_received' : null;
        // The status, its audit entry (an administrator recorded it: `payment.received`) and the buyer's e-mail commit
        // together (decision 056).
        const changed = await move(row, row.status as PaymentStatus, to, failureCode, {
          also: async (tx) => {
            if (via !== 'admin') return;
            await ctx.deps.audit?.record(
              {
                actorId: by.actorId,
                ip: by.ip ?? null,
                action: to === 'SUCCEEDED' ? 'payment.received' : 'payment.not_received',
                entity: { type: 'payment', id: row.id },
                before: { status: row.status },
                after: { status: to },
                detail: { orderId: row.orderId, amount: row.amount, currency: row.currency },
              },
              tx,
            );
          },
        });
        if (!changed) throw new ApiError('PAYMENT_CONFLICT');
      } else if (via === 'dev' && row.provider === 'sandbox' && providers.sandbox) {
        await providers.sandbox.settle(row.providerReference ?? '', outcome);
      } else throw new ApiError('PAYMENT_CONFLICT');
      return paymentView((await repo.byId(paymentId)) ?? row);
    },
  };
}
export type PaymentWebhooks = ReturnType<typeof paymentWebhooks>;
