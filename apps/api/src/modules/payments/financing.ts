// Financing (spec section 4, docs/decisions/030): the market's lender opens an application, and only its signed
// callback approves or declines it; the demo's lender page asks the sandbox lender to send that callback.
import { randomUUID } from 'node:crypto';
import { allowedMethods, offeredMethods, orderLedger, type PaymentStatus } from '@varg/domain';
import { ApiError } from '../../lib/api-error.ts';
import type { LenderDecision } from '../../providers/financing/interface.ts';
import { WebhookSignatureError } from '../../providers/payments/interface.ts';
import type { PaymentsContext } from './context.ts';
import { FINANCING_METHOD, isFinancing, type PaymentCaller, paymentView } from './model.ts';

export function paymentFinancing(ctx: PaymentsContext) {
  const { deps, repo, lenders, owned, notify, providerCall } = ctx;
  return {
    /**
     * Spec: POST checkout/ekho/create — financing of what is due, less the down payment the buyer pays by card. The
     * market's lender opens an application (REQUIRES_ACTION; `actionUrl` is where the buyer applies); only its signed
     * callback decides it (`lenderCallback`). Without a lender financing is not offered.
     */
    async financing(caller: PaymentCaller, input: { orderId: string; downPayment: number }) {
      const order = await deps.orderFor(input.orderId, caller);
      if (!order || !caller.userId) throw new ApiError('ORDER_NOT_FOUND');
      const options = offeredMethods(
        allowedMethods({ country: order.country, currency: order.currency, kind: 'full', orderType: order.type }),
        deps.marketSettings?.(order.country) ?? null,
      );
      const lender = lenders.forCountry(order.country);
      if (!lender || !options.some((m) => m._id === 'financing')) throw new ApiError('FINANCING_NOT_AVAILABLE');
      const previous = await repo.ofOrder(order.id);
      const { toPay } = orderLedger({ total: order.total }, previous);
      if (toPay <= 0) throw new ApiError('ORDER_ALREADY_PAID');
      if (!Number.isInteger(input.downPayment) || input.downPayment < 0 || input.downPayment >= toPay)
        throw new ApiError('DOWN_PAYMENT_INVALID');
      const open = previous.find((r) => isFinancing(r) && r.status === 'REQUIRES_ACTION');
      if (open) return paymentView(open);
      const attempt = previous.filter(isFinancing).length;
      const key = `${order.id}:financing:${attempt}`;
      const id = randomUUID();
      const amount = toPay - input.downPayment;
      const user = await repo.user(order.userId);
      const application = await providerCall(() =>
        lender.createApplication({
          paymentId: id,
          orderId: order.id,
          orderNumber: order.number,
          amount,
          currency: order.currency,
          country: order.country,
          buyer: { email: user?.email ?? '', name: `${user?.name ?? ''} ${user?.secondName ?? ''}`.trim() },
          returnPath: `/complete-order/${order.id}`,
          idempotencyKey: key,
        }),
      );
      const row = await repo.create({
        id,
        orderId: order.id,
        userId: order.userId,
        kind: input.downPayment > 0 ? 'remaining' : 'full',
        method: FINANCING_METHOD,
        status: 'REQUIRES_ACTION',
        amount,
        currency: order.currency,
        provider: lender.name,
        providerReference: application.reference,
        idempotencyKey: key,
        actionUrl: application.approvalUrl,
      });
      if (!row) throw new ApiError('PAYMENT_CONFLICT');
      return paymentView(row);
    },

    /**
     * A lender's callback (`POST /v1/payment/webhook/lender/{name}`): the only way a financing application is
     * approved or declined. Verified by signature over the raw body, processed once per event id, applied only to a
     * waiting application of that lender, and an approval only for the amount and currency applied for.
     */
    async lenderCallback(lenderName: string, rawBody: string, signature: string | undefined) {
      const lender = lenders.byName(lenderName);
      if (!lender) throw new ApiError('NOT_FOUND');
      let decision: LenderDecision;
      try {
        decision = lender.verifyCallback(rawBody, signature);
      } catch (error) {
        if (error instanceof WebhookSignatureError) throw new ApiError('WEBHOOK_SIGNATURE_INVALID');
        throw error;
      }
      if (!(await repo.recordEvent(decision.id, lender.name, decision.type))) return { received: true, applied: false };
      const row = await repo.byReference(lender.name, decision.reference);
      if (!row || !isFinancing(row) || row.status !== 'REQUIRES_ACTION') return { received: true, applied: false };
      const approved = decision.decision === 'approved';
      if (approved && (decision.amount !== row.amount || decision.currency !== row.currency.toUpperCase()))
        return { received: true, applied: false };
      const to: PaymentStatus = approved ? 'SUCCEEDED' : 'FAILED';
      const failureCode = approved ? null : 'financing_declined';
      if (!(await repo.setStatus(row.id, 'REQUIRES_ACTION', to, failureCode)))
        return { received: true, applied: false };
      await notify({ ...row, status: to, failureCode }, row.status, to);
      return { received: true, applied: true };
    },

    /**
     * The demo's lender page (/checkout/verify/{id}): the decision goes to the sandbox lender, which answers with its
     * signed callback. Not available in production (no sandbox lender there).
     */
    async sandboxLenderDecision(caller: PaymentCaller, paymentId: string, approved: boolean) {
      const sandbox = lenders.sandbox;
      if (!sandbox) throw new ApiError('NOT_FOUND');
      const { row } = await owned(paymentId, caller);
      if (!isFinancing(row) || row.provider !== sandbox.name) throw new ApiError('PAYMENT_NOT_FOUND');
      if (row.status === 'REQUIRES_ACTION')
        await sandbox.decide(row.providerReference ?? '', approved, { amount: row.amount, currency: row.currency });
      return paymentView((await repo.byId(row.id)) ?? row);
    },
  };
}
export type PaymentFinancing = ReturnType<typeof paymentFinancing>;
