// Placing the order, step by step (spec section 4): confirm the cart (POST /v1/checkout), sign in a buyer who has just
// got an account, then pay the order(s) the confirm made. The route's action composes the steps.
import type { CheckoutConfirmation } from '@varg/contracts';
import { isPaymentMethodIn, type Locale, localizedPath, MIXED_PURCHASE_METHODS } from '@varg/domain';
import type { RouterContextProvider } from 'react-router';
import type { TypedCalls } from '../../lib/api-call.ts';
import { signIn } from '../../lib/auth.server.ts';
import { type PaymentChoice, payOrder } from './checkout.server.ts';
import type { ConfirmBody } from './form.server.ts';
import type { StripeConfirm } from './stripe-pay.tsx';

/** What POST /v1/checkout answers (postCheckout; `CheckoutConfirmation` in packages/contracts). */
export type CheckoutConfirm = CheckoutConfirmation;

/** Step 1: the cart becomes an order (and a store order for a mixed purchase). */
export async function confirmCart(api: TypedCalls, body: ConfirmBody): Promise<CheckoutConfirm> {
  return api.call('postCheckout', { body });
}

/** Step 2: a buyer without an account now has one; the confirm's session signs them in. */
export function signInBuyer(
  context: Readonly<RouterContextProvider>,
  request: Request,
  confirm: CheckoutConfirm,
): void {
  if (!confirm.token || !confirm.refresh_token) return;
  signIn(context, request, {
    token: confirm.token,
    refresh_token: confirm.refresh_token,
    token_type: 'Bearer',
    expires_in: 900,
  });
}

/**
 * Step 3: pays what the confirm made and answers where the buyer goes next, or the Stripe.js confirm the browser
 * runs. A mixed purchase made a vehicle order and a store order: both are paid, one after the other.
 */
export async function payConfirmed(
  api: TypedCalls,
  locale: Locale,
  confirm: CheckoutConfirm,
  choice: PaymentChoice,
): Promise<{ url: string; stripe?: StripeConfirm }> {
  const targets = [
    ...(confirm.order ? [{ orderId: confirm.order._id, store: false }] : []),
    ...(confirm.storeOrder ? [{ orderId: confirm.storeOrder._id, store: true }] : []),
  ];
  const mixed = targets.length === 2;
  let next = '';
  for (const target of targets) {
    if (target.store && mixed && !isPaymentMethodIn(MIXED_PURCHASE_METHODS, choice.method)) break;
    const own = target.store && mixed ? { ...choice, kind: 'full', useWallet: false } : choice;
    const paid = await payOrder(api, locale, { ...target, choice: own });
    // Stripe.js confirms in the browser; the cart is an order now.
    if (paid.stripe) return { url: paid.url, stripe: paid.stripe };
    next = paid.url;
    if (!paid.done) break;
  }
  if (mixed && next.includes('/checkout/result'))
    next = `${localizedPath(locale, '/checkout/result')}?orderId=${confirm.order?._id}&storeOrderId=${confirm.storeOrder?._id}`;
  return { url: next };
}
