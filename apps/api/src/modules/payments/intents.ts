// Attempts made before the order exists (spec: POST payment/create-intent, update-amount, cancel-intent): for a cart,
// given to the order when the checkout confirms it, with the credit they were sized with spent then.

import type { Db } from '@varg/db';
import { amountForKind, canTransition, normalizePaymentKind, type PaymentStatus, type UiLanguage } from '@varg/domain';
import { t } from '@varg/i18n/server';
import { ApiError } from '../../lib/api-error.ts';
import type { PaymentAttempts } from './attempts.ts';
import type { PaymentsContext } from './context.ts';
import { type PaymentCaller, paymentView } from './model.ts';
import { paymentsRepo } from './repo.ts';
import type { PaymentWallet } from './wallet.ts';

export function paymentIntents(
  ctx: PaymentsContext,
  attempts: Pick<PaymentAttempts, 'start'>,
  wallet: Pick<PaymentWallet, 'spendWallet'>,
) {
  const {
    deps,
    repo,
    providerFor,
    providerOf,
    owned,
    ownPayment,
    notify,
    customerFor,
    methodsFor,
    kindsFor,
    checkMethod,
    providerCall,
  } = ctx;
  const { spendWallet } = wallet;
  return {
    /**
     * Spec: POST payment/create-intent (and the klarna, google-pay and apple-pay variants): an attempt made before the
     * payment element is shown, for a cart not yet ordered or an order's remaining payment. It is given to the order
     * when the cart is confirmed.
     */
    async createIntent(
      caller: PaymentCaller,
      input: {
        shoppingCartId?: string | undefined;
        orderId?: string | undefined;
        kind: string;
        method: string;
        useWallet?: boolean | undefined;
        /** The page's language, for the description the provider shows (a cart has no language of its own). */
        lang?: UiLanguage | undefined;
      },
    ) {
      if (input.orderId)
        return attempts.start(caller, {
          order: input.orderId,
          kind: input.kind,
          method: input.method,
          useWallet: input.useWallet,
        });
      const cart = input.shoppingCartId ? await deps.cartFor(input.shoppingCartId, caller) : null;
      if (!cart) throw new ApiError('SHOPPING_CART_NOT_FOUND');
      const kind = cart.type === 'store' ? 'full' : normalizePaymentKind(input.kind);
      if (
        !kind ||
        !kindsFor(cart.country, { total: cart.total, paid: 0, deposit: cart.deposit }).some((k) => k.name === kind)
      )
        throw new ApiError('PAYMENT_KIND_NOT_ALLOWED');
      const method = checkMethod(methodsFor(cart, kind, caller), input.method, 'card', cart.country);
      const due = amountForKind(kind, { total: cart.total, paid: 0, deposit: cart.deposit });
      const balance = input.useWallet && caller.userId ? await repo.walletBalance(caller.userId, cart.currency) : 0;
      const walletApplied = Math.min(balance, due);
      const amount = due - walletApplied;
      if (amount <= 0) throw new ApiError('ORDER_ALREADY_PAID');
      const open = (await repo.ofCart(cart.id)).filter((r) => r.method === method && r.status === 'CREATED');
      const reused = open.at(-1);
      if (reused) return { ...paymentView(reused), clientSecret: null };
      const provider = providerFor(cart.country);
      const customerRef = caller.userId
        ? await providerCall(() => customerFor(caller.userId ?? '', provider, cart.country))
        : null;
      const key = `cart:${cart.id}:${method}:${Date.now()}`;
      const intent = await providerCall(() =>
        provider.createIntent({
          amount,
          currency: cart.currency,
          method,
          country: cart.country,
          description: t({ lang: input.lang ?? 'en-us', country: cart.country }, 'payment_description_cart'),
          customerRef,
          metadata: { cartId: cart.id, kind },
          idempotencyKey: key,
        }),
      );
      const row = await repo.create({
        cartId: cart.id,
        userId: caller.userId,
        kind,
        method,
        status: intent.status,
        amount,
        currency: cart.currency,
        provider: provider.name,
        providerReference: intent.reference,
        idempotencyKey: key,
        instructions: intent.instructions,
        walletApplied,
      });
      if (!row) throw new ApiError('PAYMENT_CONFLICT');
      return { ...paymentView(row), clientSecret: intent.clientSecret };
    },

    /**
     * Spec: POST payment/update-amount — the total changed (address, kind, wallet) before the buyer confirmed. A
     * failure answers PAYMENT_UPDATE_FAILED (the web shows `checkout_update_payment_error`).
     */
    async updateAmount(
      caller: PaymentCaller,
      input: {
        paymentIntentId: string;
        shoppingCartId?: string | undefined;
        kind: string;
        useWallet?: boolean | undefined;
      },
    ) {
      const row = await ownPayment(input.paymentIntentId, caller);
      if (row.status !== 'CREATED' || !row.cartId || row.orderId) throw new ApiError('PAYMENT_UPDATE_FAILED');
      if (input.shoppingCartId && input.shoppingCartId !== row.cartId) throw new ApiError('PAYMENT_NOT_FOUND');
      const cart = await deps.cartFor(row.cartId, caller);
      const kind = normalizePaymentKind(input.kind);
      if (!cart || !kind) throw new ApiError('PAYMENT_UPDATE_FAILED');
      const due = amountForKind(kind, { total: cart.total, paid: 0, deposit: cart.deposit });
      const balance = input.useWallet && caller.userId ? await repo.walletBalance(caller.userId, cart.currency) : 0;
      const walletApplied = Math.min(balance, due);
      const amount = due - walletApplied;
      if (amount <= 0) throw new ApiError('PAYMENT_UPDATE_FAILED');
      const provider = providerOf(row);
      try {
        await provider?.updateAmount(row.providerReference ?? '', cart.country, amount);
      } catch {
        throw new ApiError('PAYMENT_UPDATE_FAILED');
      }
      await repo.update(row.id, { amount, kind, walletApplied });
      return paymentView({ ...row, amount, kind });
    },

    /** Spec: POST payment/cancel-intent — the buyer chose another method; the attempt ends as FAILED `canceled`. */
    async cancelIntent(caller: PaymentCaller, input: { paymentIntentId: string }) {
      const { row, country } = await owned(input.paymentIntentId, caller);
      if (row.status === 'FAILED') return paymentView(row);
      if (!canTransition(row.status as PaymentStatus, 'FAILED')) throw new ApiError('PAYMENT_CONFLICT');
      const provider = providerOf(row);
      await providerCall(async () => provider?.cancelIntent(row.providerReference ?? '', country));
      if (!(await repo.setStatus(row.id, row.status as PaymentStatus, 'FAILED', 'canceled')))
        throw new ApiError('PAYMENT_CONFLICT');
      return paymentView({ ...row, status: 'FAILED', failureCode: 'canceled' });
    },

    /**
     * Inside the checkout confirm's transaction `tx` (decision 035): the cart's attempts become the order's, so a failed
     * confirm leaves them with the cart. `adoptCartPayments` after the commit spends the credit they were sized with.
     */
    async adoptCartPaymentsIn(tx: Db, cartId: string, orderId: string, userId: string) {
      await paymentsRepo(tx).adopt(cartId, orderId, userId);
    },

    /** Gives a cart's attempts to the order made from it (checkout confirm). */
    async adoptCartPayments(cartId: string, orderId: string, userId: string) {
      const adopted = await repo.adopt(cartId, orderId, userId);
      // The checkout's confirm gives the cart's attempts to the order inside its transaction (decision 035); their
      // customer credit is spent here, after the commit (once per attempt: the spend is keyed by it).
      const open = (await repo.ofOrder(orderId)).filter((r) => r.status === 'CREATED' && r.cartId === cartId);
      const order = open.length ? await deps.orderFor(orderId, { userId, roles: [] }) : null;
      if (!order) return adopted;
      // An attempt sized with customer credit (create-intent or update-amount with useWallet) asks less than its
      // kind: that credit is spent now, for the order (as far as the balance still allows).
      for (const row of open.filter((r) => r.walletApplied > 0)) {
        const kind = normalizePaymentKind(row.kind) ?? 'full';
        const spent = await spendWallet(order, kind, row.walletApplied, `adopt:${row.id}`);
        if (spent?.fresh) await notify(spent.row, 'CREATED', 'SUCCEEDED');
      }
      return adopted;
    },
  };
}
export type PaymentIntents = ReturnType<typeof paymentIntents>;
