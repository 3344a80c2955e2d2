// Attempts to pay an order (spec: POST payment and what follows it): the kinds and methods on offer, the start with
// the wallet first, the confirm with what the buyer entered, the extra step, the status read back from the provider.
import {
  amountForKind,
  canTransition,
  normalizePaymentKind,
  orderLedger,
  type PaymentStatus,
  uiLanguageFrom,
} from '@varg/domain';
import { t } from '@varg/i18n/server';
import { ApiError } from '../../lib/api-error.ts';
import type { BankTransferInstructions, ConfirmDetails } from '../../providers/payments/interface.ts';
import type { PaymentsContext } from './context.ts';
import {
  CONFIRM_TYPES,
  financedBy,
  IN_HOUSE_METHODS,
  IN_HOUSE_PROVIDER,
  isFinancing,
  type PaymentCaller,
  paymentView,
} from './model.ts';
import type { PaymentWallet } from './wallet.ts';

export function paymentAttempts(ctx: PaymentsContext, wallet: Pick<PaymentWallet, 'spendWallet'>) {
  const {
    deps,
    repo,
    providerFor,
    providerOf,
    owned,
    ownPayment,
    notify,
    apply,
    customerFor,
    methodsFor,
    kindsFor,
    checkMethod,
    providerCall,
  } = ctx;
  const { spendWallet } = wallet;
  return {
    /** The kinds and methods a payer may choose now for an order (setup of a remaining payment, pay pages). */
    async options(caller: PaymentCaller, orderId: string) {
      const order = await deps.orderFor(orderId, caller);
      if (!order) throw new ApiError('ORDER_NOT_FOUND');
      const rows = await repo.ofOrder(order.id);
      const { paid, toPay } = orderLedger({ total: order.total }, rows);
      const kinds = financedBy(rows)
        ? [{ name: 'down_payment' as const, default: true }]
        : kindsFor(order.country, { total: order.total, paid, deposit: order.deposit });
      const methodsByKind = Object.fromEntries(kinds.map((k) => [k.name, methodsFor(order, k.name, caller)]));
      return {
        order,
        paid,
        toPay,
        kinds,
        methodsByKind,
        walletBalance: await repo.walletBalance(order.userId, order.currency),
      };
    },

    /**
     * Starts a payment of an order (spec: POST payment). The amount follows from the kind and the ledger; the wallet is
     * spent first when asked; the client's idempotency key makes a double click start one payment, not two.
     */
    async start(
      caller: PaymentCaller,
      input: {
        order: string;
        kind: string;
        method?: string | undefined;
        useWallet?: boolean | undefined;
        downPayment?: number | undefined;
        idempotencyKey?: string | undefined;
      },
    ) {
      const order = await deps.orderFor(input.order, caller);
      if (!order || !caller.userId) throw new ApiError('ORDER_NOT_FOUND');
      let kind = normalizePaymentKind(input.kind);
      if (!kind) throw new ApiError('PAYMENT_KIND_NOT_ALLOWED');
      // Spec: a store order without a vehicle order is paid in full, by card.
      if (order.type === 'store') kind = 'full';
      // Spec: a positive down payment forces the kind down_payment and the method card.
      const downPayment = input.downPayment ?? 0;
      let requestedMethod = input.method;
      if (downPayment > 0) {
        kind = 'down_payment';
        requestedMethod = 'card';
      }
      const all = await repo.ofOrder(order.id);
      // A failed or refunded attempt is over: the next request starts a new one.
      const attempt = all.filter((p) => p.status === 'FAILED' || p.refunded > 0).length;
      const base = input.idempotencyKey ? `${caller.userId}:${input.idempotencyKey}` : null;
      // Without a client key, a repeat of the same request (a double click) finds the attempt it started, even once
      // it succeeded; after a failed attempt the next request starts a new one.
      const key = base ?? `${order.id}:${kind}:${requestedMethod ?? 'card'}:${attempt}`;
      const walletKey = `${key}:wallet`;
      const existing = await repo.byIdempotencyKey(key);
      if (existing) return paymentView(existing);
      // A repeat can find the wallet payment of the first request (still under way, or the wallet paid it all): it is
      // part of this request's answer, not something paid before it.
      const spentBefore = all.some((p) => p.idempotencyKey === walletKey);
      const previous = all.filter((p) => p.idempotencyKey !== walletKey);
      const { paid } = orderLedger({ total: order.total }, previous);
      const financed = financedBy(previous);
      // Once the lender has paid its part, what is left is the down payment, by card (spec section 4).
      if (financed && kind !== 'down_payment') throw new ApiError('PAYMENT_KIND_NOT_ALLOWED');
      const allowedKinds = financed
        ? ['down_payment']
        : kindsFor(order.country, { total: order.total, paid, deposit: order.deposit }).map((k) => k.name as string);
      // `full` and `remaining` ask the same thing (what is due); a kind that does not apply is refused.
      const sameAsDue = (k: string) => k === 'full' || k === 'remaining';
      if (kind !== 'down_payment' && !allowedKinds.includes(kind) && !(sameAsDue(kind) && allowedKinds.some(sameAsDue)))
        throw new ApiError('PAYMENT_KIND_NOT_ALLOWED');
      const methods = methodsFor(order, kind, caller);
      let due = amountForKind(kind, {
        total: order.total,
        paid,
        deposit: order.deposit,
        downPayment: financed ? order.total : downPayment,
      });
      if (kind === 'down_payment' && (downPayment > due || (!financed && downPayment <= 0)))
        throw new ApiError('DOWN_PAYMENT_INVALID');
      if (due <= 0) throw new ApiError('ORDER_ALREADY_PAID');
      // Checked before the wallet is touched: a refused request spends no credit.
      const method = checkMethod(methods, requestedMethod, 'card', order.country);

      // The wallet is applied first; when it covers everything, no method is needed (spec section 4).
      if (input.useWallet || spentBefore) {
        const spent = await spendWallet(order, kind, due, key);
        if (spent) {
          due -= spent.row.amount;
          if (spent.fresh) await notify(spent.row, 'CREATED', 'SUCCEEDED');
          if (due <= 0) return paymentView(spent.row);
        }
      }
      // Transfers to our own account and payments at the dealer's never touch a provider: they wait for an
      // administrator to record the money (POST admin/payments/{id}/received).
      if (IN_HOUSE_METHODS.includes(method)) {
        const row = await repo.create({
          orderId: order.id,
          userId: order.userId,
          kind,
          method,
          status: 'PROCESSING',
          amount: due,
          currency: order.currency,
          provider: IN_HOUSE_PROVIDER,
          providerReference: key,
          idempotencyKey: key,
        });
        if (!row) throw new ApiError('PAYMENT_CONFLICT');
        return paymentView(row);
      }
      const provider = providerFor(order.country);
      const customerRef = await providerCall(() => customerFor(order.userId, provider, order.country));
      const intent = await providerCall(() =>
        provider.createIntent({
          amount: due,
          currency: order.currency,
          method,
          country: order.country,
          // Shown to the buyer by the provider (statement, wallet sheets): in the order's language.
          description: t(
            { lang: uiLanguageFrom(order.language) ?? 'en-us', country: order.country },
            'payment_description_order',
            {
              number: order.number,
            },
          ),
          customerRef,
          metadata: { orderId: order.id, orderNumber: String(order.number), kind },
          idempotencyKey: key,
        }),
      );
      const row = await repo.create({
        orderId: order.id,
        userId: order.userId,
        kind,
        method,
        status: intent.status,
        amount: due,
        currency: order.currency,
        provider: provider.name,
        providerReference: intent.reference,
        idempotencyKey: key,
        instructions: intent.instructions,
        failureCode: intent.failureCode,
      });
      if (!row) throw new ApiError('PAYMENT_CONFLICT');
      return { ...paymentView(row), clientSecret: intent.clientSecret };
    },

    /**
     * Confirms a started attempt on the server with what the buyer entered (the sandbox's forms; with Stripe only a
     * saved card — other methods are confirmed in the browser by the Payment Element). A declined card leaves a
     * FAILED attempt to retry.
     */
    async confirm(caller: PaymentCaller, paymentId: string, details: ConfirmDetails, returnUrl: string) {
      const { row, country } = await owned(paymentId, caller);
      if (!CONFIRM_TYPES[row.method]?.includes(details.type)) throw new ApiError('PAYMENT_DETAILS_INVALID');
      if (row.status === 'SUCCEEDED') return paymentView(row);
      if (row.status !== 'CREATED') throw new ApiError('PAYMENT_CONFLICT');
      const provider = providerOf(row);
      if (!provider) throw new ApiError('PAYMENT_PROVIDER_ERROR');
      if (provider.name !== 'sandbox' && details.type !== 'saved_card') throw new ApiError('PAYMENT_DETAILS_INVALID');
      const result = await providerCall(() =>
        provider.confirm(row.providerReference ?? '', country, details, returnUrl),
      );
      return paymentView(await apply(row, result));
    },

    /**
     * The buyer finished the extra step (3-D Secure, Klarna, a wallet sheet). Never a financing application: only the
     * lender decides it, by its signed callback (decision 030) — in any mode.
     */
    async completeAction(caller: PaymentCaller, paymentId: string, approved: boolean) {
      const { row, country } = await owned(paymentId, caller);
      if (isFinancing(row)) throw new ApiError('FINANCING_DECIDED_BY_LENDER');
      if (row.status === 'SUCCEEDED' || row.status === 'FAILED') return paymentView(row);
      if (row.status !== 'REQUIRES_ACTION') throw new ApiError('PAYMENT_CONFLICT');
      const provider = providerOf(row);
      if (!provider) throw new ApiError('PAYMENT_PROVIDER_ERROR');
      const result = await providerCall(() => provider.completeAction(row.providerReference ?? '', country, approved));
      return paymentView(await apply(row, result));
    },

    /**
     * Reads an attempt's status back from its provider (the buyer returned from Stripe's confirm, before or without
     * its webhook) and applies it when it is an allowed step.
     */
    async sync(caller: PaymentCaller, paymentId: string) {
      const { row, country } = await owned(paymentId, caller);
      const provider = providerOf(row);
      if (!provider || row.status === 'SUCCEEDED' || row.status === 'FAILED') return paymentView(row);
      const result = await providerCall(() => provider.retrieve(row.providerReference ?? '', country));
      if (result.status === row.status || !canTransition(row.status as PaymentStatus, result.status))
        return paymentView(row);
      return paymentView(await apply(row, result));
    },

    async get(caller: PaymentCaller, paymentId: string) {
      return paymentView(await ownPayment(paymentId, caller));
    },

    /** Spec: GET payment/stripe-bank-transfer-next-action/{id} — where to send the money of a transfer. */
    async bankTransferNextAction(caller: PaymentCaller, paymentId: string) {
      const { row, country } = await owned(paymentId, caller);
      if (!['bank_transfer', 'bank_transfer_gb'].includes(row.method)) throw new ApiError('PAYMENT_METHOD_NOT_ALLOWED');
      if (row.status !== 'PROCESSING') return { status: row.status as PaymentStatus, instructions: null };
      if (row.instructions)
        return { status: row.status as PaymentStatus, instructions: row.instructions as BankTransferInstructions };
      const provider = providerOf(row);
      const result = provider
        ? await providerCall(() => provider.retrieve(row.providerReference ?? '', country))
        : null;
      if (result?.instructions) await repo.update(row.id, { instructions: result.instructions });
      return { status: row.status as PaymentStatus, instructions: result?.instructions ?? null };
    },
  };
}
export type PaymentAttempts = ReturnType<typeof paymentAttempts>;
