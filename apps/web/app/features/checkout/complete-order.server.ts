// Paying an order placed before (spec: /complete-order/{orderId} and /checkout?orderId=…, the same page; decision 048):
// the balance after a deposit, a payment that failed or was left, the down payment after financing. The order's country
// is fixed: the locale follows it.
import { localizedPath } from '@varg/domain';
import { data, type RouterContextProvider, redirect } from 'react-router';
import { isApiRequestError } from '../../lib/api.ts';
import { authContext, signIn, userApi } from '../../lib/auth.server.ts';
import { localeContext, servicesContext } from '../../lib/context.ts';
import { payOrder, readPaymentChoice, savedCards, stripeKey } from './checkout.server.ts';

interface Args {
  request: Request;
  context: Readonly<RouterContextProvider>;
}

/**
 * An unpaid order's e-mailed pay link (`?access=`, decision 062): a buyer who has no password yet is signed in by it.
 * The token then leaves the address bar (and the Referer) at once; without a session the page asks to sign in.
 */
export async function followPayLink({ request, context }: Args, orderId: string): Promise<void> {
  const url = new URL(request.url);
  const token = url.searchParams.get('access');
  if (token === null) return;
  if (!context.get(authContext).user) {
    const { api } = context.get(servicesContext);
    await api
      .call('postCheckoutPayLink', { body: { order_id: orderId, token: token.slice(0, 200) } })
      .then((pair) => signIn(context, request, { ...pair, token_type: 'Bearer', expires_in: 900 }))
      .catch((error: unknown) => {
        if (!isApiRequestError(error) || error.status >= 500) throw error;
      });
  }
  url.searchParams.delete('access');
  throw redirect(`${url.pathname.replace(/\.data$/, '')}${url.search}`);
}

/**
 * The order to pay and how; `pathFor` is this page's path in another market (the order's), where the locale follows
 * it. A paid order goes to its result; an order that is not the caller's is a 404.
 */
export async function loadCompleteOrder(
  { request, context }: Args,
  orderId: string,
  pathFor: (country: string) => string,
) {
  const url = new URL(request.url);
  const locale = context.get(localeContext);
  const api = userApi(context, request);
  const id = encodeURIComponent(orderId);
  const notFound = (error: unknown) => {
    if (isApiRequestError(error) && error.status < 500) throw new Response(null, { status: 404 });
    throw error;
  };
  const setup = await api.call('postOrderCompleteOrderByIdSetup', { path: { id } }).catch(notFound);
  // Spec section 4: an existing order's country wins; the locale follows it.
  if (setup.country !== locale.country) throw redirect(`${pathFor(setup.country)}${url.search}`);
  if (setup.pricing.toPay <= 0) throw redirect(`${localizedPath(locale, '/checkout/result')}?completeOrderId=${id}`);
  const [order, cards, publicKey] = await Promise.all([
    (setup.type === 'store'
      ? api.call('getStoreOrdersById', { path: { id } })
      : api.call('getOrderById', { path: { id } })
    ).catch(notFound),
    savedCards(api, locale.country, true),
    stripeKey(api, locale.country),
  ]);
  return {
    setup,
    order,
    cards,
    stripeKey: publicKey,
    failure: url.searchParams.get('payment') === 'failed' ? (url.searchParams.get('code') ?? '') : null,
  };
}

export type CompleteOrderPage = Awaited<ReturnType<typeof loadCompleteOrder>>;

/** Pays the order: Stripe.js's confirm, the next page, or the error in the buyer's language. */
export async function payCompleteOrder({ request, context }: Args, orderId: string) {
  const locale = context.get(localeContext);
  const form = await request.formData();
  const api = userApi(context, request);
  try {
    const next = await payOrder(api, locale, {
      orderId,
      store: form.get('store') === '1',
      choice: readPaymentChoice(form, String(form.get('email') ?? '')),
      resultParam: 'completeOrderId',
    });
    if (next.stripe) return { stripe: next.stripe, formError: null };
    throw redirect(next.url);
  } catch (error) {
    if (!isApiRequestError(error)) throw error;
    return data({ formError: error.message }, { status: error.status });
  }
}
