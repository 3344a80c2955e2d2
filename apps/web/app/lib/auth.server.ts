import type { CartSummary, CurrentUser, TokenPair } from '@varg/contracts';
import { COOKIE, formatLocaleSegment } from '@varg/domain';
import { stringifySetCookie } from 'cookie';
import { createContext, data, type MiddlewareFunction, type RouterContextProvider } from 'react-router';
import { ApiRequestError, type CallOptions, isApiRequestError } from './api.ts';
import { typedCalls } from './api-call.ts';
import { localeContext, servicesContext } from './context.ts';
import { isSecure, readCookies } from './cookies.server.ts';

export const REFRESH_COOKIE = `${COOKIE.authPrefix}_refresh_token.local`;
/** While an administrator acts as a customer, their own session waits in these. */
export const ADMIN_TOKEN_COOKIE = `${COOKIE.authPrefix}_admin_token.local`;
export const ADMIN_REFRESH_COOKIE = `${COOKIE.authPrefix}_admin_refresh_token.local`;
export const STRATEGY_COOKIE = `${COOKIE.authPrefix}strategy`;

export interface AuthState {
  user: CurrentUser | null;
  token: string | null;
  refreshToken: string | null;
  /** Cookies the response must carry (a refreshed or ended session). */
  setCookies: string[];
  /**
   * The user's open cart (null: none) as `user/me?include=cart` answered it when this request began; undefined when
   * not read then, or when the session changed since (a sign-in or sign-out in an action).
   */
  cart?: CartSummary | null | undefined;
}

export const authContext = createContext<AuthState>();

/** Session cookies (spec section 9): prefix `auth.`, token `auth._token.local` = "Bearer …", one year, httpOnly. */
export function sessionCookies(request: Request, pair: TokenPair | null): string[] {
  const common = { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: isSecure(request) };
  const maxAge = pair ? COOKIE.authMaxAge : 0;
  return [
    stringifySetCookie({ name: COOKIE.authToken, value: pair ? `Bearer ${pair.token}` : '', maxAge, ...common }),
    stringifySetCookie({ name: REFRESH_COOKIE, value: pair?.refresh_token ?? '', maxAge, ...common }),
    stringifySetCookie({ name: STRATEGY_COOKIE, value: pair ? 'local' : '', maxAge, ...common }),
  ];
}

/** Keeps (or, with null, forgets) the administrator's own session during an impersonation. */
export function parkedAdminCookies(
  request: Request,
  auth: { token: string | null; refreshToken: string | null } | null,
): string[] {
  const common = { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: isSecure(request) };
  const maxAge = auth ? COOKIE.authMaxAge : 0;
  return [
    stringifySetCookie({
      name: ADMIN_TOKEN_COOKIE,
      value: auth?.token ? `Bearer ${auth.token}` : '',
      maxAge,
      ...common,
    }),
    stringifySetCookie({ name: ADMIN_REFRESH_COOKIE, value: auth?.refreshToken ?? '', maxAge, ...common }),
  ];
}

export function bearerValue(value: string | undefined): string | null {
  if (!value) return null;
  const m = /^Bearer\s+(.+)$/.exec(value);
  return m?.[1] ?? null;
}

/** Starts a session: the response sets the cookies, and the rest of this request already sees the user. */
export function signIn(context: Readonly<RouterContextProvider>, request: Request, pair: TokenPair) {
  const auth = context.get(authContext);
  auth.token = pair.token;
  auth.refreshToken = pair.refresh_token;
  auth.cart = undefined;
  auth.setCookies.push(...sessionCookies(request, pair));
}

export function signOut(context: Readonly<RouterContextProvider>, request: Request) {
  const auth = context.get(authContext);
  auth.user = null;
  auth.token = null;
  auth.refreshToken = null;
  auth.cart = undefined;
  auth.setCookies.push(...sessionCookies(request, null));
}

/**
 * The API as the signed-in user (spec section 8): on a 401 it refreshes the session once and retries; when the
 * refresh fails too, the user is signed out.
 */
export function userApi(context: Readonly<RouterContextProvider>, request: Request) {
  const { api } = context.get(servicesContext);
  const auth = context.get(authContext);
  // The locale with its country (`pt-BR`), so the API's messages read the market's variant of the language.
  const lang = (() => {
    try {
      return formatLocaleSegment(context.get(localeContext));
    } catch {
      return undefined;
    }
  })();

  async function refresh(): Promise<boolean> {
    if (!auth.refreshToken) return false;
    try {
      const pair = await api.call('postUserRefresh', { body: { refresh_token: auth.refreshToken } });
      signIn(context, request, pair);
      return true;
    } catch {
      signOut(context, request);
      return false;
    }
  }

  async function withRetry<T>(run: (options: CallOptions) => Promise<T>): Promise<T> {
    try {
      return await run({ token: auth.token, ...(lang ? { lang } : {}) });
    } catch (error) {
      if (isApiRequestError(error) && error.status === 401 && auth.refreshToken && (await refresh())) {
        return run({ token: auth.token, ...(lang ? { lang } : {}) });
      }
      throw error;
    }
  }

  const get = <T>(path: string) => withRetry((o) => api.get<T>(path, o));
  const send = <T>(method: 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) =>
    withRetry((o) => api.send<T>(method, path, body, o));
  return { get, send, call: typedCalls({ get, send }) };
}

/**
 * An impersonation the API ended by itself (its hour is over, or the administrator lost the role): the administrator's
 * parked session comes back when it still works, and the parked cookies are dropped either way.
 */
async function resumeParkedAdmin(
  context: Readonly<RouterContextProvider>,
  request: Request,
  cookies: Record<string, string | undefined>,
) {
  const parked = cookies[ADMIN_REFRESH_COOKIE];
  if (!parked) return;
  const auth = context.get(authContext);
  const { api } = context.get(servicesContext);
  auth.setCookies.push(...parkedAdminCookies(request, null));
  try {
    const pair = await api.call('postUserRefresh', { body: { refresh_token: parked } });
    signIn(context, request, pair);
    auth.user = await api.call('getUserMe', {}, { token: pair.token });
  } catch {
    signOut(context, request);
  }
}

/**
 * The dealer check (spec section 8): a dealer's own record must load. `user/me` answers it (`dealer`, read with the
 * user in the same query as `GET dealer/my` reads it), so no second call is made for it: a dealer whose answer comes
 * without the record fails the check, and the session then ends as after a failed token check.
 */
function dealerCheck(user: CurrentUser): boolean {
  return !user.isDealer || user.dealer !== null;
}

/**
 * Root middleware: who is signed in. Reads the session cookies, loads the user (refreshing once if the access token
 * expired), and puts any changed session cookies on the response, whatever the page answers.
 */
export const authMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const cookies = readCookies(request);
  // A private page (the whistleblowing channel) is anonymous: the session is not read, so it is neither used nor
  // refreshed and keeps the address and user agent it had (decision 029).
  const anonymous = context.get(servicesContext).private;
  const auth: AuthState = {
    user: null,
    token: anonymous ? null : bearerValue(cookies[COOKIE.authToken]),
    refreshToken: anonymous ? null : cookies[REFRESH_COOKIE] || null,
    setCookies: [],
  };
  context.set(authContext, auth);
  if (auth.token || auth.refreshToken) {
    const { api } = context.get(servicesContext);
    // The user and their open cart's summary (the header's badge) in one call.
    const me = async (token: string | null) => {
      if (!token) throw new ApiRequestError(401, 'UNAUTHORIZED', '');
      const { cart, ...user } = await api.call('getUserMe', { query: { include: 'cart' } }, { token });
      auth.user = user;
      auth.cart = cart ?? null;
    };
    try {
      await me(auth.token);
    } catch (error) {
      if (!isApiRequestError(error) || error.status !== 401) throw error;
      try {
        if (!auth.refreshToken) throw error;
        const pair = await api.call('postUserRefresh', { body: { refresh_token: auth.refreshToken } });
        signIn(context, request, pair);
        await me(pair.token);
      } catch {
        signOut(context, request);
        await resumeParkedAdmin(context, request, cookies);
      }
    }
    if (auth.user && !dealerCheck(auth.user)) signOut(context, request);
  }
  const response = await next();
  for (const cookie of auth.setCookies) response.headers.append('set-cookie', cookie);
  return response;
};

/**
 * Cookie-authenticated form posts from another site are refused (the cookies are SameSite=Lax as well): a request
 * that changes something must come from this origin.
 */
export const sameOriginMiddleware: MiddlewareFunction<Response> = async ({ request }, next) => {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    const origin = request.headers.get('origin');
    const host = request.headers.get('x-forwarded-host') ?? request.headers.get('host');
    if (origin && origin !== 'null' && host && new URL(origin).host !== host) {
      throw data({ message: 'error_cross_site' }, { status: 403 });
    }
    // "null" (privacy settings, sandboxed frames) cannot be told apart; the SameSite=Lax session cookies are not sent
    // on a cross-site POST, so such a request carries no session to abuse.
  }
  return next();
};
