import { RouterContextProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { type ApiClient, ApiRequestError } from './api.ts';
import { typedCalls } from './api-call.ts';
import { type AuthState, authContext } from './auth.server.ts';
import { addByLinkOf, cartCalls, cartCookie, cartIdFrom, cartSummary, mergeAnonymousCart } from './cart.server.ts';
import { type AppServices, localeContext, servicesContext } from './context.ts';

const CART = '82dd66b4-307f-407f-897d-e7ade8f7289e';
const NEW_CART = '3d5190cf-705a-432b-92e3-dce44d6b6e31';

type Call = { method: string; path: string; body?: unknown; token?: string | null | undefined };

/** A context with an API that records calls and answers from `answer`. */
function setup(options: { token?: string; cookie?: string; answer?: (call: Call) => unknown } = {}) {
  const calls: Call[] = [];
  const respond = async (call: Call) => {
    calls.push(call);
    const value = options.answer?.(call) ?? { _id: CART };
    if (value instanceof Error) throw value;
    return value;
  };
  const get = async <T>(path: string, o?: { token?: string | null }) =>
    (await respond({ method: 'GET', path, token: o?.token })) as T;
  const send = async <T>(method: string, path: string, body?: unknown, o?: { token?: string | null }) =>
    (await respond({ method, path, body, token: o?.token })) as T;
  const api: ApiClient = { get, send, call: typedCalls({ get, send }), clearCache: () => undefined };
  const context = new RouterContextProvider();
  context.set(servicesContext, { api } as unknown as AppServices);
  context.set(localeContext, { lang: 'de', country: 'DE' });
  const auth: AuthState = { user: null, token: options.token ?? null, refreshToken: null, setCookies: [] };
  context.set(authContext, auth);
  const request = new Request('https://shop.test/de-DE/store', {
    headers: options.cookie ? { cookie: options.cookie } : {},
  });
  return { context, request, calls, auth };
}

describe('the anonymous cart cookie', () => {
  it('is httpOnly, SameSite=Lax, 30 days on /; clearing it expires it', () => {
    const set = cartCookie(new Request('https://shop.test/'), CART);
    expect(set).toContain(`cart_id=${CART}`);
    expect(set).toMatch(/Max-Age=2592000/);
    expect(set).toMatch(/HttpOnly/);
    expect(set).toMatch(/SameSite=Lax/);
    expect(set).toMatch(/Path=\//);
    expect(set).toMatch(/Secure/);
    expect(cartCookie(new Request('http://localhost/'), null)).toMatch(/^cart_id=; Max-Age=0/);
  });

  it('is read only when it holds a cart id', () => {
    const with_ = (cookie: string) => cartIdFrom(new Request('https://shop.test/', { headers: { cookie } }));
    expect(with_(`cart_id=${CART}`)).toBe(CART);
    expect(with_('cart_id=nope')).toBeNull();
    expect(with_('other=1')).toBeNull();
  });
});

describe("the header's cart summary", () => {
  const summary = { _id: CART, status: 'open' as const, count: 3, lines: 2, kind: 'bikes' as const };

  it("takes a signed-in visitor's from user/me's answer on a page read, with no call of its own", async () => {
    const { context, request, calls, auth } = setup({ token: 'T' });
    auth.cart = summary;
    expect(await cartSummary(context, request)).toEqual(summary);
    auth.cart = null;
    expect(await cartSummary(context, request)).toBeNull();
    expect(calls).toEqual([]);
  });

  it('asks the API after a form post (the action may have changed the cart), or when user/me did not say', async () => {
    const { context, calls, auth } = setup({ token: 'T', answer: () => ({ ...summary, count: 4 }) });
    auth.cart = summary;
    const post = new Request('https://shop.test/de-DE/store', { method: 'POST' });
    expect(await cartSummary(context, post)).toMatchObject({ count: 4 });
    auth.cart = undefined;
    expect(await cartSummary(context, new Request('https://shop.test/de-DE/store'))).toMatchObject({ count: 4 });
    expect(calls.map((c) => [c.method, c.path.split('?')[0]])).toEqual([
      ['GET', '/v1/cart/summary'],
      ['GET', '/v1/cart/summary'],
    ]);
  });
});

describe('cart calls', () => {
  it("names the anonymous visitor's cart by the cookie, and follows a new cart with the cookie", async () => {
    const { context, request, calls } = setup({
      cookie: `cart_id=${CART}`,
      answer: (c) =>
        c.path.includes(`cartId=${CART}`) && c.path.includes('add-item')
          ? new ApiRequestError(404, 'SHOPPING_CART_NOT_FOUND', 'gone')
          : { _id: NEW_CART },
    });
    const cart = cartCalls(context, request);
    expect(cart.hasCart).toBe(true);
    await cart.call('postCartAddItem', { query: { country: 'DE' }, body: { productId: 'varg', componentIds: [] } });
    // The cookie's cart is gone: the add starts a new cart and the cookie follows it.
    expect(calls.map((c) => c.path)).toEqual([
      `/v1/cart/add-item?country=DE&cartId=${CART}`,
      '/v1/cart/add-item?country=DE',
    ]);
    expect(cart.setCookies).toHaveLength(1);
    expect(cart.setCookies[0]).toContain(`cart_id=${NEW_CART}`);
  });

  it("uses a signed-in user's token and no cart id; without cookie or session there is no cart", async () => {
    const signedIn = setup({ token: 'tok', cookie: `cart_id=${CART}` });
    await cartCalls(signedIn.context, signedIn.request).call('getCartSummary');
    expect(signedIn.calls).toEqual([{ method: 'GET', path: '/v1/cart/summary', token: 'tok' }]);
    const nobody = setup();
    expect(cartCalls(nobody.context, nobody.request).hasCart).toBe(false);
  });
});

describe('merging at sign-in', () => {
  it('merges the cookie’s cart with the new token and clears the cookie', async () => {
    const { context, request, calls, auth } = setup({ cookie: `cart_id=${CART}`, answer: () => ({ didMerge: true }) });
    await mergeAnonymousCart(context, request, 'fresh');
    expect(calls).toEqual([{ method: 'POST', path: '/v1/cart/merge', body: { cartId: CART }, token: 'fresh' }]);
    expect(auth.setCookies).toEqual([expect.stringMatching(/^cart_id=; Max-Age=0/)]);
  });

  it('never fails signing in: a gone cart clears the cookie, a conflict keeps it', async () => {
    const gone = setup({
      cookie: `cart_id=${CART}`,
      answer: () => new ApiRequestError(404, 'SHOPPING_CART_NOT_FOUND', ''),
    });
    await expect(mergeAnonymousCart(gone.context, gone.request, 't')).resolves.toBeUndefined();
    expect(gone.auth.setCookies).toHaveLength(1);
    const mixed = setup({ cookie: `cart_id=${CART}`, answer: () => new ApiRequestError(400, 'CART-ERROR-003', '') });
    await expect(mergeAnonymousCart(mixed.context, mixed.request, 't')).resolves.toBeUndefined();
    expect(mixed.auth.setCookies).toEqual([]);
    const broken = setup({ cookie: `cart_id=${CART}`, answer: () => new Error('down') });
    await expect(mergeAnonymousCart(broken.context, broken.request, 't')).resolves.toBeUndefined();
    const none = setup();
    await mergeAnonymousCart(none.context, none.request, 't');
    expect(none.calls).toEqual([]);
  });
});

describe('add by link (spec sections 4 and 5)', () => {
  it('needs the trigger and the VIN', () => {
    const of = (q: string) => addByLinkOf(new URLSearchParams(q));
    expect(of('addPartCodeToCart=SF-TY-MX32-21&vin=WSF1234567890ABCD')).toEqual({
      kind: 'part',
      code: 'SF-TY-MX32-21',
      vin: 'WSF1234567890ABCD',
    });
    expect(of('extendedWarranty=SF-EW-MX-24&vin=X')).toMatchObject({ kind: 'warranty', code: 'SF-EW-MX-24' });
    expect(of('addPartCodeToCart=SF-TY-MX32-21')).toBeNull();
    expect(of('vin=WSF1234567890ABCD')).toBeNull();
    expect(of('addPartCodeToCart=&vin=X')).toBeNull();
  });
});
