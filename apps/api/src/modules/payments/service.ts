import {
  amountForKind,
  nextStatus,
  normalizePaymentKind,
  orderLedger,
  PAYMENT_METHODS,
  type PaymentMethod,
  type PaymentStatus,
} from '@varg/domain';
import { ApiError } from '../../lib/api-error.ts';
import type { CardInput, PaymentProvider } from '../../providers/payments/interface.ts';
import type { PaymentRow, PaymentsRepo } from './repo.ts';

/** What the payments module needs to know of an order (the orders service answers it, ownership checked). */
export interface PayableOrder {
  id: string;
  number: number;
  type: 'vehicle' | 'store';
  total: number;
  currency: string;
  /** Deposit due for the bikes of the order (0 for store orders). */
  deposit: number;
}

/** Methods this build can take; the rest arrive with the payments issue (Stripe). */
export const SANDBOX_METHODS: readonly PaymentMethod[] = ['card', 'bank_transfer'];

export function paymentView(row: PaymentRow, actionUrl: string | null = null) {
  return {
    _id: row.id,
    orderId: row.orderId,
    kind: row.kind,
    method: row.method,
    status: row.status as PaymentStatus,
    amount: row.amount,
    currency: row.currency,
    failureCode: row.failureCode,
    actionUrl,
    createdAt: row.createdAt.toISOString(),
  };
}

export function paymentsService(deps: {
  repo: PaymentsRepo;
  provider: PaymentProvider;
  /** The caller's order (null when it is not theirs or does not exist). */
  orderFor(orderId: string, userId: string): Promise<PayableOrder | null>;
  publicUrl: string;
  /** Called after a payment succeeded (e-mail, order status). */
  onSucceeded?(orderId: string, paymentId: string): Promise<void>;
}) {
  const { repo, provider } = deps;

  async function ownPayment(paymentId: string, userId: string) {
    const row = await repo.byId(paymentId);
    if (!row || !(await deps.orderFor(row.orderId, userId))) throw new ApiError('PAYMENT_NOT_FOUND');
    return row;
  }

  async function move(row: PaymentRow, to: PaymentStatus, failureCode: string | null) {
    const status = nextStatus(row.status as PaymentStatus, to);
    if (status !== row.status && !(await repo.setStatus(row.id, row.status as PaymentStatus, status, failureCode)))
      throw new ApiError('PAYMENT_CONFLICT');
    const updated = { ...row, status, failureCode };
    if (status === 'SUCCEEDED' && row.status !== 'SUCCEEDED') await deps.onSucceeded?.(row.orderId, row.id);
    return updated;
  }

  return {
    /**
     * Starts a payment of an order (spec: POST payment). The amount follows from the kind and the ledger; the
     * client's idempotency key makes a double click or a retried request start one payment, not two.
     */
    async start(
      userId: string,
      input: { order: string; kind: string; method?: string | undefined; idempotencyKey?: string | undefined },
    ) {
      const order = await deps.orderFor(input.order, userId);
      if (!order) throw new ApiError('ORDER_NOT_FOUND');
      let kind = normalizePaymentKind(input.kind);
      if (!kind) throw new ApiError('PAYMENT_KIND_NOT_ALLOWED');
      let method = (input.method ?? 'card') as PaymentMethod;
      // Spec: a store order without a vehicle order is paid in full, by card.
      if (order.type === 'store') {
        kind = 'full';
        if (!input.method) method = 'card';
      }
      if (!(PAYMENT_METHODS as readonly string[]).includes(method) || !SANDBOX_METHODS.includes(method))
        throw new ApiError('PAYMENT_METHOD_NOT_ALLOWED');
      // Without a client key, a repeat of the same request (a double click) finds the attempt it started; after a
      // failed attempt the next request starts a new one.
      const previous = await repo.ofOrder(order.id);
      const attempt = previous.filter((p) => p.status === 'FAILED').length;
      const key = input.idempotencyKey
        ? `${userId}:${input.idempotencyKey}`
        : `${order.id}:${kind}:${method}:${attempt}`;
      const existing = await repo.byIdempotencyKey(key);
      if (existing) return paymentView(existing);
      const { paid } = orderLedger({ total: order.total }, previous);
      const amount = amountForKind(kind, { total: order.total, paid, deposit: order.deposit });
      if (amount <= 0) throw new ApiError('ORDER_ALREADY_PAID');
      const intent = await provider.createIntent({
        amount,
        currency: order.currency,
        method,
        description: `Order ${order.number}`,
        idempotencyKey: key,
      });
      const row = await repo.create({
        orderId: order.id,
        kind,
        method,
        status: intent.status,
        amount,
        currency: order.currency,
        provider: provider.name,
        providerReference: intent.reference,
        idempotencyKey: key,
      });
      if (!row) throw new ApiError('PAYMENT_CONFLICT');
      return paymentView(row);
    },

    /** Pays a started card payment with the sandbox's card form. A declined card leaves a FAILED attempt to retry. */
    async payByCard(userId: string, paymentId: string, card: CardInput, returnUrl: string) {
      const row = await ownPayment(paymentId, userId);
      if (row.method !== 'card') throw new ApiError('PAYMENT_METHOD_NOT_ALLOWED');
      if (row.status === 'SUCCEEDED') return paymentView(row);
      if (row.status !== 'CREATED') throw new ApiError('PAYMENT_CONFLICT');
      const result = await provider.confirmCard(row.providerReference ?? '', card, returnUrl);
      const updated = await move(row, result.status, result.failureCode);
      return paymentView(updated, result.actionUrl);
    },

    /** The buyer approved or declined the sandbox bank's 3-D Secure step. */
    async completeAction(userId: string, paymentId: string, approved: boolean) {
      const row = await ownPayment(paymentId, userId);
      if (row.status === 'SUCCEEDED' || row.status === 'FAILED') return paymentView(row);
      if (row.status !== 'REQUIRES_ACTION') throw new ApiError('PAYMENT_CONFLICT');
      const result = await provider.completeAction(row.providerReference ?? '', approved);
      return paymentView(await move(row, result.status, result.failureCode));
    },

    async get(userId: string, paymentId: string) {
      return paymentView(await ownPayment(paymentId, userId));
    },
  };
}
export type PaymentsService = ReturnType<typeof paymentsService>;
