// The checkout result of the orders a purchase made (spec: /checkout/result): each order's state after the payment
// (paid, pending, processing, partly paid, failed, or waiting for a bank transfer with its instructions).
import type { CheckoutResult } from '@varg/contracts';
import { localizedPath } from '@varg/domain';
import { type RouterContextProvider, redirect } from 'react-router';
import { isApiRequestError } from '../../lib/api.ts';
import { authContext, userApi } from '../../lib/auth.server.ts';
import { localeContext } from '../../lib/context.ts';

export type State = 'failed' | 'bank' | 'paid' | 'pending' | 'processing' | 'partial';

/** The API's checkout result state of one order (putCheckoutByIdConfirmFinalCheckout; `CheckoutResult`). */
type ResultState = CheckoutResult;

/**
 * Spec: /checkout/result (query orderId, storeOrderId or completeOrderId) with the checkout result state of each
 * order (a mixed purchase has a vehicle order and a store order), as the API answers it.
 */
export async function loadCheckoutResult(context: Readonly<RouterContextProvider>, request: Request) {
  const url = new URL(request.url);
  const locale = context.get(localeContext);
  const ids = [
    url.searchParams.get('orderId') ?? url.searchParams.get('completeOrderId'),
    url.searchParams.get('storeOrderId'),
  ].filter((id): id is string => !!id);
  if (!ids.length) throw new Response(null, { status: 404 });
  if (!context.get(authContext).user)
    throw redirect(`${localizedPath(locale, '/login')}?from=${encodeURIComponent(`/checkout/result${url.search}`)}`);
  const api = userApi(context, request);
  // Back from Stripe's confirm: read the payment's status from Stripe before its webhook arrives.
  const paymentId = url.searchParams.get('paymentId');
  if (paymentId && /^[0-9a-f-]{36}$/.test(paymentId))
    await api.call('postPaymentByIdSync', { path: { id: paymentId } }).catch(() => undefined);
  const found = await Promise.all(
    ids.map((id) =>
      api
        .call('putCheckoutByIdConfirmFinalCheckout', { path: { id } })
        .then((state): ResultState => state)
        .catch((error: unknown) => {
          if (isApiRequestError(error) && error.status < 500) return null;
          throw error;
        }),
    ),
  );
  const results = found.filter((r): r is ResultState => r !== null);
  if (!results.length) return { orders: [], orderError: true } as const;
  const orders = await Promise.all(
    results.map(async (r) => {
      const open = r.order.payments.filter((p) => p.status === 'PROCESSING');
      // A transfer to a virtual account (Stripe's, or the sandbox's) has its own instructions; one to our own
      // account uses our bank details.
      const virtual = open.findLast((p) => p.method === 'bank_transfer' || p.method === 'bank_transfer_gb');
      const instructions = virtual
        ? await api
            .call('getPaymentStripeBankTransferNextActionById', { path: { id: virtual.id } })
            .then((n) => n.instructions)
            .catch(() => null)
        : null;
      const bank =
        r.isBankTransfer && !instructions
          ? await api.call('getOrderGetBankDetailsById', { path: { id: r.order.id } }).catch(() => null)
          : null;
      const state: State = r.paymentFailed
        ? 'failed'
        : r.isBankTransfer
          ? 'bank'
          : r.order.toPay === 0
            ? 'paid'
            : open.length
              ? 'processing'
              : r.order.paid > 0
                ? 'partial'
                : 'pending';
      return { order: r.order, state, bank, instructions, bankTransferAmount: r.bankTransferAmount };
    }),
  );
  return { orders, orderError: false } as const;
}
