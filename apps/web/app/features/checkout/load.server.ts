// What the checkout page shows (spec section 4): an order being completed (`?orderId`), where a URL with
// `completeOrderId` goes instead, which checkout a buyer uses, and the cart priced for the form (saved addresses, cards,
// Stripe's key, the buyer's contact).
import { checkoutPath, localizedPath } from '@varg/domain';
import { type RouterContextProvider, redirect } from 'react-router';
import { isApiRequestError } from '../../lib/api.ts';
import { authContext, userApi } from '../../lib/auth.server.ts';
import { cartIdFrom } from '../../lib/cart.server.ts';
import { localeContext } from '../../lib/context.ts';
import { checkGuards } from '../../lib/guards.server.ts';
import { savedCards, stripeKey } from './checkout.server.ts';
import { loadCompleteOrder } from './complete-order.server.ts';
import { confirmKey, resumeOrderedCart } from './confirm-key.server.ts';
import type { SavedAddressView } from './types.ts';

/** Spec section 4: with completeOrderId the checkout goes to its result. */
function redirectResult(url: URL, at: (path: string) => string): void {
  const completeOrderId = url.searchParams.get('completeOrderId');
  if (completeOrderId)
    throw redirect(`${at('/checkout/result')}?completeOrderId=${encodeURIComponent(completeOrderId)}`);
}

export async function loadCheckout(context: Readonly<RouterContextProvider>, request: Request) {
  const url = new URL(request.url);
  const locale = context.get(localeContext);
  const auth = context.get(authContext);
  const api = userApi(context, request);
  const at = (path: string) => localizedPath(locale, path);
  redirectResult(url, at);
  const user = auth.user as { isDealer?: boolean; mode?: string } | null;
  const pathOf = (country: string, hasItems: boolean, hasOrder: boolean) =>
    checkoutPath({
      country,
      isDealer: !!user?.isDealer,
      isImpersonating: user?.mode === 'demo_user',
      hasItems,
      hasOrder,
    });
  // Also for the `.data` requests of client navigations and revalidations.
  const here = url.pathname.replace(/\.data$/, '').endsWith('/us-checkout') ? '/us-checkout' : '/checkout';

  // Spec section 4: `?orderId` completes an existing order on this page, the query kept (decision 048); the order's
  // market wins, and its checkout (a US order: /us-checkout).
  const orderId = url.searchParams.get('orderId');
  if (orderId) {
    checkGuards(['auth'], { request, context });
    if (pathOf(locale.country, false, true) !== here)
      throw redirect(`${at(pathOf(locale.country, false, true))}${url.search}`);
    const page = await loadCompleteOrder({ request, context }, orderId, (country) =>
      localizedPath({ ...locale, country }, pathOf(country, false, true)),
    );
    return { mode: 'order' as const, page };
  }

  const cartId = cartIdFrom(request);
  const cart = await api
    .call('getCart', { query: { country: locale.country, ...(cartId ? { cartId } : {}) } })
    .catch((error: unknown) => {
      if (isApiRequestError(error) && error.status < 500) return null;
      throw error;
    });
  // Ordered, yet still in this browser's cookie: the confirm's answer was lost (decision 062).
  if (cart && cartId && !auth.user && cart.status === 'ordered') return resumeOrderedCart(context, request, cartId);
  const hasItems = !!cart && cart.items.length + cart.storeItems.length > 0;
  if (!cart || !hasItems) return { mode: 'empty' as const, notice: null };

  // Spec section 4: dealers and administrators acting as customers use /checkout; US buyers /us-checkout.
  const path = pathOf(locale.country, hasItems, false);
  if (path !== here) throw redirect(at(path));

  // A cart stays in the market it was filled in (decision 035): on another market's page the buyer may move it here.
  if (cart.country !== locale.country) return { mode: 'market' as const, cartCountry: cart.country };

  // Delivery goes to an address of this market; the invoice may go to any saved address (decision 048).
  const billingAddresses = auth.user
    ? await api
        .call('getV2Address')
        .then((r) => r.addresses)
        .catch(() => [] as SavedAddressView[])
    : [];
  const addresses = billingAddresses.filter((a) => a.country === locale.country);
  const first = addresses[0];
  const setup = await api.call('postCheckoutSetupByCartId', {
    path: { cartId: cart._id },
    body: first ? { addressId: first._id } : { shippingAddress: { country: locale.country } },
  });
  // A buyer without an account confirms with this browser's key: set now, so a lost answer leaves it behind.
  if (!auth.user) confirmKey(context, request);
  const me = auth.user as { name?: string; secondName?: string; email?: string; phone?: string } | null;
  const [cards, publicKey] = await Promise.all([
    savedCards(api, locale.country, !!auth.user),
    stripeKey(api, locale.country),
  ]);
  return {
    mode: 'cart' as const,
    cartId: cart._id,
    setup,
    addresses,
    billingAddresses,
    cards,
    stripeKey: publicKey,
    prefill: {
      first_name: me?.name ?? '',
      last_name: me?.secondName ?? '',
      email: me?.email ?? '',
      phone: me?.phone ?? '',
    },
    signedIn: !!auth.user,
  };
}

export type CheckoutPage = Extract<Awaited<ReturnType<typeof loadCheckout>>, { mode: 'cart' }>;
