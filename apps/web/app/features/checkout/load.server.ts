// What the checkout page shows (spec section 4): where a checkout URL with an order goes instead, which checkout a
// buyer uses, and the cart priced for the form (saved addresses, cards, Stripe's key, the buyer's contact).
import { checkoutPath, localizedPath } from '@varg/domain';
import { type RouterContextProvider, redirect } from 'react-router';
import { isApiRequestError } from '../../lib/api.ts';
import { authContext, userApi } from '../../lib/auth.server.ts';
import { cartIdFrom } from '../../lib/cart.server.ts';
import { localeContext } from '../../lib/context.ts';
import { savedCards, stripeKey } from './checkout.server.ts';
import type { SavedAddressView } from './types.ts';

/** A checkout URL that names an order goes to the order's result or payment page. */
function redirectOrder(url: URL, at: (path: string) => string): void {
  // Spec section 4: with completeOrderId the checkout goes to its result.
  const completeOrderId = url.searchParams.get('completeOrderId');
  if (completeOrderId)
    throw redirect(`${at('/checkout/result')}?completeOrderId=${encodeURIComponent(completeOrderId)}`);
  // Paying an order made before (a failed or abandoned payment) is the order's own payment page (spec:
  // /complete-order/{orderId}); the reason of a failure goes along.
  const orderId = url.searchParams.get('orderId');
  if (!orderId) return;
  const keep = new URLSearchParams();
  for (const name of ['payment', 'code']) {
    const value = url.searchParams.get(name);
    if (value) keep.set(name, value);
  }
  const query = keep.toString();
  throw redirect(`${at(`/complete-order/${encodeURIComponent(orderId)}`)}${query ? `?${query}` : ''}`);
}

export async function loadCheckout(context: Readonly<RouterContextProvider>, request: Request) {
  const url = new URL(request.url);
  const locale = context.get(localeContext);
  const auth = context.get(authContext);
  const api = userApi(context, request);
  const at = (path: string) => localizedPath(locale, path);
  redirectOrder(url, at);

  const cartId = cartIdFrom(request);
  const cart = await api
    .call('getCart', { query: { country: locale.country, ...(cartId ? { cartId } : {}) } })
    .catch((error: unknown) => {
      if (isApiRequestError(error) && error.status < 500) return null;
      throw error;
    });
  const hasItems = !!cart && cart.items.length + cart.storeItems.length > 0;
  if (!cart || !hasItems) return { mode: 'empty' as const };

  // Spec section 4: dealers and administrators acting as customers use /checkout; US buyers /us-checkout.
  const user = auth.user as { isDealer?: boolean; mode?: string } | null;
  const path = checkoutPath({
    country: locale.country,
    isDealer: !!user?.isDealer,
    isImpersonating: user?.mode === 'demo_user',
    hasItems,
    hasOrder: false,
  });
  // Also for the `.data` requests of client navigations and revalidations.
  const here = url.pathname.replace(/\.data$/, '').endsWith('/us-checkout') ? '/us-checkout' : '/checkout';
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
