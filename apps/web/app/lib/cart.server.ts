// The cart as the web server uses it (docs/decisions/012-commerce-data.md): an anonymous visitor's cart is named by
// the `cart_id` cookie (httpOnly, SameSite=Lax, 30 days); a signed-in user's cart is found by their token, so the
// cookie is not needed then and is cleared once it has been merged at sign-in.
import type { CartSummary } from '@varg/contracts';
import { COOKIE, isUuid, localizedPath } from '@varg/domain';
import { stringifySetCookie } from 'cookie';
import type { MiddlewareFunction, RouterContextProvider } from 'react-router';
import { isApiRequestError } from './api.ts';
import { type TypedCalls, typedCalls } from './api-call.ts';
import { authContext, userApi } from './auth.server.ts';
import { localeContext, servicesContext } from './context.ts';
import { isSecure, readCookies } from './cookies.server.ts';

type Context = Readonly<RouterContextProvider>;

export const CART_COOKIE = COOKIE.cartId.name;

/** The anonymous cart's id from the cookie, when it looks like one. */
export function cartIdFrom(request: Request): string | null {
  const value = readCookies(request)[CART_COOKIE];
  return value && isUuid(value) ? value : null;
}

/** Sets (or, with null, clears) the anonymous cart cookie. */
export function cartCookie(request: Request, id: string | null): string {
  return stringifySetCookie({
    name: CART_COOKIE,
    value: id ?? '',
    maxAge: id ? COOKIE.cartId.maxAge : 0,
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: isSecure(request),
  });
}

export interface CartCalls extends TypedCalls {
  /** Whether the calls name a cart (an anonymous cookie, or a signed-in user). */
  readonly hasCart: boolean;
  get<T>(path: string, query?: Record<string, string>): Promise<T>;
  send<T>(method: 'POST' | 'PUT' | 'DELETE', path: string, query?: Record<string, string>, body?: unknown): Promise<T>;
  /** Cookies the response must carry: the anonymous cart's id after an add created a cart. */
  readonly setCookies: string[];
}

/**
 * The cart API as this visitor: a signed-in user through their token (refreshed on a 401); an anonymous visitor
 * through the cookie's cart id. When the cookie names a cart that is gone (merged, ordered, unknown), an add starts a
 * new cart and the cookie follows it.
 */
export function cartCalls(context: Context, request: Request): CartCalls {
  const signedIn = !!context.get(authContext).token;
  const { api } = context.get(servicesContext);
  const user = signedIn ? userApi(context, request) : null;
  let cartId = signedIn ? null : cartIdFrom(request);
  const setCookies: string[] = [];
  const lang = (() => {
    try {
      return context.get(localeContext).lang;
    } catch {
      return undefined;
    }
  })();
  const url = (target: string, query: Record<string, string> = {}) => {
    const [path, search] = target.split('?', 2) as [string, string | undefined];
    const params = new URLSearchParams(search);
    for (const [name, value] of Object.entries(query)) params.set(name, value);
    if (cartId) params.set('cartId', cartId);
    return params.size ? `${path}?${params}` : path;
  };
  /** Follows the cart an answer names (a cart, or a clone's `{cart}`) with the cookie. */
  const remember = (value: unknown) => {
    const answer = value as { _id?: unknown; cart?: { _id?: unknown } | null } | null;
    const id = answer?._id ?? answer?.cart?._id;
    if (!signedIn && typeof id === 'string' && id !== cartId) {
      cartId = id;
      setCookies.push(cartCookie(request, id));
    }
    return value;
  };
  async function get<T>(path: string, query?: Record<string, string>) {
    return user ? user.get<T>(url(path, query)) : api.get<T>(url(path, query), lang ? { lang } : {});
  }
  return {
    get hasCart() {
      return signedIn || !!cartId;
    },
    setCookies,
    get,
    // The typed calls name the cart the same way: the cookie's cartId joins the operation's query.
    call: typedCalls({
      get: (path) => get(path),
      send: (method, path, body) => sendAs(method, path, body),
    }),
    send: (method, path, query, body) => sendAs(method, path, body, query),
  };
  async function sendAs<T>(
    method: 'POST' | 'PUT' | 'DELETE',
    path: string,
    body?: unknown,
    query?: Record<string, string>,
  ) {
    const once = () =>
      user
        ? user.send<T>(method, url(path, query), body)
        : api.send<T>(method, url(path, query), body, lang ? { lang } : {});
    try {
      return remember(await once()) as T;
    } catch (error) {
      // A cookie naming a cart that takes no more changes: an add starts a new cart.
      const stale =
        isApiRequestError(error) &&
        !signedIn &&
        cartId &&
        (error.code === 'SHOPPING_CART_NOT_FOUND' || error.code === 'FORBIDDEN') &&
        /\/add-/.test(path);
      if (!stale) throw error;
      cartId = null;
      return remember(await once()) as T;
    }
  }
}

/** The header's count, in one call: only when the visitor has a cart cookie or a session. Never fails the page. */
export async function cartSummary(context: Context, request: Request): Promise<CartSummary | null> {
  // A signed-in visitor's page read it with the user at the start (`user/me?include=cart`); after a form post the
  // action may have changed the cart since, so it is read again.
  const known = context.get(authContext).cart;
  if (known !== undefined && (request.method === 'GET' || request.method === 'HEAD')) {
    return known?.status === 'open' ? known : null;
  }
  const calls = cartCalls(context, request);
  if (!calls.hasCart) return null;
  try {
    const summary = await calls.call('getCartSummary');
    return summary.status === 'open' ? summary : null;
  } catch {
    return null;
  }
}

/**
 * At sign-in (login, confirm e-mail, checkout): the anonymous cart joins the user's cart and the cookie is cleared.
 * A failure never blocks signing in; the cookie then stays for a later try, unless the cart is gone.
 */
export async function mergeAnonymousCart(context: Context, request: Request, token: string): Promise<void> {
  const cartId = cartIdFrom(request);
  if (!cartId) return;
  const { api } = context.get(servicesContext);
  const auth = context.get(authContext);
  try {
    await api.call('postCartMerge', { body: { cartId } }, { token });
    auth.setCookies.push(cartCookie(request, null));
  } catch (error) {
    if (isApiRequestError(error) && error.status === 404) auth.setCookies.push(cartCookie(request, null));
  }
}

/** Spec section 4, "Add by link": `?addPartCodeToCart=<variant>&vin=…` or `?extendedWarranty=<variant>&vin=…`. */
export function addByLinkOf(params: URLSearchParams): { kind: 'part' | 'warranty'; code: string; vin: string } | null {
  const part = params.get('addPartCodeToCart');
  const warranty = params.get('extendedWarranty');
  const code = part || warranty;
  const vin = params.get('vin');
  // Both the trigger and the VIN are required (spec section 5); without them the page just opens.
  if (!code || !vin) return null;
  return { kind: part ? 'part' : 'warranty', code: code.slice(0, 64), vin: vin.slice(0, 32) };
}

/** The query flag a page reads to show the add-by-link failure (the `unknow_error` alert). */
export const ADD_BY_LINK_FAILED = 'add_by_link';

/**
 * Adds a part or an extended warranty for one vehicle from a link (an e-mail, the mobile app): the cart is cleared
 * (for a warranty only when it holds bikes, which a warranty cannot join), the item is added in the visitor's
 * market, and the visitor goes to checkout without the link's parameters. A failure stays on the page and says so.
 */
async function addByLink(
  context: Context,
  request: Request,
  pagePath: string,
  link: NonNullable<ReturnType<typeof addByLinkOf>>,
): Promise<Response> {
  const locale = context.get(localeContext);
  const calls = cartCalls(context, request);
  const rest = new URLSearchParams(new URL(request.url).search);
  for (const name of ['addPartCodeToCart', 'extendedWarranty', 'vin', '_routes']) rest.delete(name);
  let location: string;
  try {
    if (calls.hasCart) {
      const summary = await calls.call('getCartSummary').catch((error: unknown) => {
        if (isApiRequestError(error) && (error.status === 404 || error.status === 403)) return null;
        throw error;
      });
      const clear =
        summary?.status === 'open' && summary.lines > 0 && (link.kind === 'part' || summary.kind === 'bikes');
      if (clear) await calls.call('putCartClean');
    }
    await calls.call('postCartAddStoreItem', {
      query: { country: locale.country },
      body: { variant_code: link.code, quantity: 1, vin: link.vin },
    });
    location = `${localizedPath(locale, '/checkout')}${rest.size ? `?${rest}` : ''}`;
  } catch (error) {
    if (!isApiRequestError(error)) throw error;
    rest.set('cart_error', ADD_BY_LINK_FAILED);
    location = `${pagePath}?${rest}`;
  }
  const headers = new Headers({ location });
  for (const cookie of calls.setCookies) headers.append('set-cookie', cookie);
  return new Response(null, { status: 302, headers });
}

/**
 * Root middleware, after the locale: handles add-by-link, and keeps pages that show this visitor's cart out of shared
 * caches (the header's count is personal).
 */
export const cartMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  if (request.method === 'GET' || request.method === 'HEAD') {
    const url = new URL(request.url);
    const link = addByLinkOf(url.searchParams);
    if (link) {
      const pagePath = url.pathname.endsWith('.data')
        ? url.pathname.slice(0, -'.data'.length).replace(/^\/_root$/, '/')
        : url.pathname;
      return addByLink(context, request, pagePath, link);
    }
  }
  const response = await next();
  const personal = !!cartIdFrom(request) || !!context.get(authContext).user;
  if (personal && /s-maxage/.test(response.headers.get('cache-control') ?? '')) {
    response.headers.set('cache-control', 'private, no-cache');
  }
  return response;
};
