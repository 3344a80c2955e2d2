// A buyer without an account confirms with a secret of this browser (decision 062): the httpOnly `checkout_key`
// cookie, set when the checkout page is shown. A retried confirm (a double click, a form sent again after a lost answer)
// or a reload of the page after the cart was ordered sends the same key, and the buyer gets their order and a session
// back; somebody else holding the cart id has no key.
import { randomBytes } from 'node:crypto';
import { COOKIE, localizedPath } from '@varg/domain';
import { stringifySetCookie } from 'cookie';
import { type RouterContextProvider, redirect } from 'react-router';
import { isApiRequestError } from '../../lib/api.ts';
import { authContext, userApi } from '../../lib/auth.server.ts';
import { cartCookie } from '../../lib/cart.server.ts';
import { localeContext } from '../../lib/context.ts';
import { isSecure, readCookies } from '../../lib/cookies.server.ts';
import { signInBuyer } from './place-order.server.ts';

type Context = Readonly<RouterContextProvider>;

/** This browser's confirm key, made (and set as a cookie on the answer) when it has none. */
export function confirmKey(context: Context, request: Request): string {
  const found = readCookies(request)[COOKIE.checkoutKey.name];
  if (found && /^[\w-]{43}$/.test(found)) return found;
  const key = randomBytes(32).toString('base64url');
  // The answer carries it whatever the page answers (a redirect too), like the session's cookies.
  context.get(authContext).setCookies.push(
    stringifySetCookie({
      name: COOKIE.checkoutKey.name,
      value: key,
      maxAge: COOKIE.checkoutKey.maxAge,
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: isSecure(request),
    }),
  );
  return key;
}

/**
 * The checkout page found its cart ordered: the confirm's answer was lost. The buyer proven by the key is signed in and
 * sent to the order's payment page (which sends a paid order on to its result); anybody else sees the empty checkout
 * with the notice that the buyer was e-mailed a link to pay. The cart's cookie is cleared either way.
 */
export async function resumeOrderedCart(context: Context, request: Request, cartId: string) {
  const locale = context.get(localeContext);
  context.get(authContext).setCookies.push(cartCookie(request, null));
  try {
    const confirm = await userApi(context, request).call('postCheckoutResume', {
      body: { cart_id: cartId, confirm_key: confirmKey(context, request) },
    });
    signInBuyer(context, request, confirm);
    const order = confirm.order ?? confirm.storeOrder;
    if (order) throw redirect(localizedPath(locale, `/complete-order/${encodeURIComponent(order._id)}`));
    return { mode: 'empty' as const, notice: null };
  } catch (error) {
    if (!isApiRequestError(error) || error.status >= 500) throw error;
    return { mode: 'empty' as const, notice: error.code === 'CART_ALREADY_ORDERED' ? error.message : null };
  }
}
