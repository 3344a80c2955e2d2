import { data, Link, redirect, type ShouldRevalidateFunction, useActionData, useLoaderData } from 'react-router';
import { isCartError, useCartErrorAlert } from '../features/checkout/cart-error.tsx';
import { readPaymentChoice } from '../features/checkout/checkout.server.ts';
import { type CheckoutActionData, CheckoutForm } from '../features/checkout/checkout-form.tsx';
import { payCompleteOrder } from '../features/checkout/complete-order.server.ts';
import { CompleteOrderForm } from '../features/checkout/complete-order-form.tsx';
import { confirmKey } from '../features/checkout/confirm-key.server.ts';
import { confirmBody, readConfirm, readSetup, setupBody } from '../features/checkout/form.server.ts';
import { loadCheckout } from '../features/checkout/load.server.ts';
import { MarketMove } from '../features/checkout/market-move.tsx';
import { confirmCart, payConfirmed, signInBuyer } from '../features/checkout/place-order.server.ts';
import { isApiRequestError } from '../lib/api.ts';
import { authContext, userApi } from '../lib/auth.server.ts';
import { cartCalls, cartCookie } from '../lib/cart.server.ts';
import { localeContext } from '../lib/context.ts';
import { captchaOf } from '../lib/forms.server.ts';
import { checkGuards } from '../lib/guards.server.ts';
import { useTranslation } from '../lib/i18n.ts';
import { pageMeta } from '../lib/page.ts';
import { useLocalePath } from '../lib/use-locale.ts';
import { buttonClass } from '../ui/button.ts';
import type { Route } from './+types/checkout';

// The checkout (spec section 4). Intents: `setup` re-prices the form (postCheckoutSetupByCartId), `move-cart` moves a
// cart of another market to this one (putCart), `confirm` places the order and pays it (features/checkout). With
// `?orderId` it pays an existing order instead, the query kept (decision 048).

// Not `noindex` (issue 19: SEO 100 on the checkout, and Lighthouse counts any robots block as a failure): a crawler
// has no cart, so all it can index is the empty checkout; the buyer's lines and addresses are only in their session.
export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(matches, location.pathname, 'checkout_title', { index: true });

/** A re-price (the `setup` fetcher) answers the new summary itself: the page's data needs no reload for it. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, actionResult, defaultShouldRevalidate }) => {
  // A confirm that reset the cart (CART-ERROR-001, a 409) reloads the page: there is nothing left to order.
  if (isCartError(actionResult) && formData?.get('intent') === 'confirm') return true;
  return formData?.get('intent') === 'setup' ? false : defaultShouldRevalidate;
};

export const loader = ({ request, context }: Route.LoaderArgs) => loadCheckout(context, request);

const answer = (body: CheckoutActionData, init?: number | ResponseInit) => data(body, init);

export async function action({ request, context }: Route.ActionArgs) {
  // Spec section 4: `?orderId` pays an existing order (decision 048).
  const orderId = new URL(request.url).searchParams.get('orderId');
  if (orderId) {
    checkGuards(['auth'], { request, context });
    return payCompleteOrder({ request, context }, orderId);
  }
  const locale = context.get(localeContext);
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  // This page (a client submission posts to `<path>.data`).
  const here = new URL(request.url).pathname.replace(/\.data$/, '');
  try {
    if (intent === 'move-cart') {
      const cart = cartCalls(context, request);
      await cart.call('putCart', { body: { country: locale.country } });
      throw redirect(here, { headers: cart.setCookies.map((c) => ['set-cookie', c]) });
    }
    if (intent === 'setup') {
      const read = readSetup(form);
      if (!read.ok) return answer({ formError: null, code: 'VALIDATION_ERROR', errorKey: 'error_validation' }, 400);
      const setup = await userApi(context, request).call('postCheckoutSetupByCartId', {
        path: { cartId: read.data.cart_id },
        body: setupBody(read.data, locale.country),
      });
      return answer({ setup });
    }
    if (intent !== 'confirm') return answer({ formError: null, code: 'unknow_error' }, 400);

    const read = readConfirm(form);
    if (!read.ok) return answer({ formError: null, code: 'VALIDATION_ERROR', errorKey: 'error_validation' }, 400);
    const body = confirmBody(read.data, locale, captchaOf(form));
    // A buyer without an account sends this browser's key: a retry after a lost answer gets the order back (062).
    const signedIn = !!context.get(authContext).user;
    const confirm = await confirmCart(userApi(context, request), {
      ...body,
      ...(signedIn ? {} : { confirm_key: confirmKey(context, request) }),
    });
    signInBuyer(context, request, confirm);
    // Paid as the buyer, who may have been signed in by the confirm just now.
    const choice = readPaymentChoice(form, read.data.email ?? '');
    const paid = await payConfirmed(userApi(context, request), locale, confirm, choice);
    const headers = { 'set-cookie': cartCookie(request, null) };
    if (paid.stripe) return answer({ stripe: paid.stripe }, { headers });
    throw redirect(paid.url, { headers });
  } catch (error) {
    if (!isApiRequestError(error)) throw error;
    // The cart is in another market than this page (decision 035): the page explains it and offers the move.
    if (error.code === 'ADDRESS_COUNTRY_MISMATCH') throw redirect(here);
    // Spec section 9: a cart that is gone resets the checkout; a line that can no longer be bought resets the cart and
    // the page says so in the checkout's alert.
    const reset = { 'set-cookie': cartCookie(request, null) };
    if (error.code === 'SHOPPING_CART_NOT_FOUND') throw redirect(here, { headers: reset });
    if (error.code === 'CART-ERROR-001')
      return answer({ cartError: 'CART-ERROR-001' }, { status: 409, headers: reset });
    return answer({ formError: error.message, code: error.code }, { status: error.status });
  }
}

export default function Checkout() {
  const { t } = useTranslation();
  const loaded = useLoaderData<typeof loader>();
  const to = useLocalePath();
  const actionData = useActionData<typeof action>();
  // A confirm that reset the cart reloads the page without it: the alert is shown here, over the empty checkout.
  useCartErrorAlert(actionData);
  if (loaded.mode === 'cart') return <CheckoutForm {...loaded} />;
  if (loaded.mode === 'order')
    return (
      <CompleteOrderForm
        page={loaded.page}
        actionData={actionData && 'formError' in actionData ? actionData : undefined}
      />
    );
  return (
    <main id="main" className="mx-auto max-w-2xl px-4 py-16 text-center">
      <h1 className="text-3xl font-black tracking-tight">{t('checkout_title')}</h1>
      {loaded.mode === 'market' ? (
        <div className="text-left">
          <MarketMove cartCountry={loaded.cartCountry} />
        </div>
      ) : (
        <>
          {loaded.notice ? (
            <p role="status" className="mt-4 rounded border border-amber-300 bg-amber-50 p-3 text-amber-900">
              {loaded.notice}
            </p>
          ) : null}
          <p className="mt-4 text-neutral-700">{t('checkout_empty')}</p>
          <div className="mt-8 flex justify-center gap-3">
            <Link to={to('/varg/configurator')} className={buttonClass.primary}>
              {t('model_configure', { model: t('model_varg_name') })}
            </Link>
            <Link to={to('/parts-and-accessories/spare-parts')} className={buttonClass.secondary}>
              {t('nav_parts')}
            </Link>
          </div>
        </>
      )}
    </main>
  );
}
