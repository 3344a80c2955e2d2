import type { Country } from '@varg/contracts';
import {
  COOKIE,
  COUNTRY_LIST_LIMIT,
  detectBrowserLocale,
  formatCountryLangCookie,
  formatLocaleSegment,
  isInternalLink,
  type Locale,
  localeRedirectStatus,
  localizedPath,
  parseCountryLangCookie,
  parseLocaleSegment,
  resolveLocale,
  splitLocalePath,
  uiLanguageFrom,
} from '@varg/domain';
import { type MiddlewareFunction, redirect } from 'react-router';
import { authContext } from './auth.server.ts';
import { localeContext, servicesContext } from './context.ts';
import { preferenceCookie, readCookies } from './cookies.server.ts';
import { deeplinkCookie, deeplinkFromQuery } from './deeplink.server.ts';

export async function activeCountries(
  context: Parameters<MiddlewareFunction<Response>>[0]['context'],
): Promise<Country[]> {
  const { api } = context.get(servicesContext);
  const list = await api.call('getCountry', { query: { status: 1, limit: COUNTRY_LIST_LIMIT, sort: 'name' } });
  return list.docs;
}

/** The visitor's stored locale choice: the `i18n_redirected` cookie, else the country+lang cookie. */
export function storedLocale(cookies: Record<string, string | undefined>): Locale | null {
  return parseLocaleSegment(cookies[COOKIE.locale.name]) ?? parseCountryLangCookie(cookies[COOKIE.countryLang.name]);
}

export function localeCookies(request: Request, locale: Locale): string[] {
  return [
    preferenceCookie(request, COOKIE.locale.name, formatLocaleSegment(locale), COOKIE.locale.maxAge),
    preferenceCookie(request, COOKIE.countryLang.name, formatCountryLangCookie(locale), COOKIE.countryLang.maxAge),
  ];
}

/**
 * Root middleware (spec sections 2 and 4): resolves the locale, redirects to the selected locale prefix
 * (301 for a mere re-spelling of the current one, 302 otherwise) and applies the query behaviours.
 */
export const localeMiddleware: MiddlewareFunction<Response> = async ({ request, params, context }, next) => {
  const url = new URL(request.url);
  const services = context.get(servicesContext);
  const cookies = readCookies(request);
  // Client navigations fetch `<path>.data` (`/_root.data` for `/`): the locale rules apply to the page's own path.
  const isDataRequest = url.pathname.endsWith('.data');
  const pagePath = isDataRequest ? url.pathname.slice(0, -'.data'.length).replace(/^\/_root$/, '/') : url.pathname;
  const { segment, rest } = splitLocalePath(pagePath);
  const countries = await activeCountries(context);
  const active = new Set(countries.map((c) => c.code));
  const stored = storedLocale(cookies);
  const user = context.get(authContext).user;
  const userLang = user ? uiLanguageFrom(user.lang) : null;
  const locale = resolveLocale({
    stored,
    route: parseLocaleSegment(segment),
    browser: detectBrowserLocale(request.headers.get('accept-language'), services.ipCountry),
    user: user && userLang ? { lang: userLang, country: user.country } : null,
    completingOrder:
      /\/complete-order\//.test(url.pathname) ||
      url.searchParams.has('orderId') ||
      url.searchParams.has('completeOrderId'),
    isActiveCountry: (code) => active.has(code),
  });
  context.set(localeContext, locale);

  const navigational = request.method === 'GET' || request.method === 'HEAD';
  // A form posted to a page's path without the locale segment goes on to the same path under the locale, method and
  // body kept (308): no page route answers a path without one (routes.ts), so the path matched with its first segment
  // taken for the locale, or the catch-all. The routes outside the locale (`/preferences`, `/logout` …) have neither.
  const unlocalized = !segment && (params.locale !== undefined || params['*'] !== undefined);
  if (!navigational && unlocalized && !isDataRequest) {
    throw new Response(null, { status: 308, headers: { location: localizedPath(locale, rest) + url.search } });
  }
  if (navigational) {
    const status = segment ? localeRedirectStatus(segment, locale) : 302;
    if (status) {
      const query = new URLSearchParams(url.search);
      query.delete('_routes'); // React Router's own parameter of data requests
      const search = query.size ? `?${query}` : '';
      const headers = new Headers({ location: localizedPath(locale, rest) + search });
      // A first visit remembers the detected locale, so the next visit goes straight there; a request for a file
      // (`/favicon.ico` asked by a browser on its own) is not a visit and chooses nothing.
      const isFile = /\.[a-z0-9]{2,5}$/i.test(rest);
      if (!stored && !isFile) for (const c of localeCookies(request, locale)) headers.append('set-cookie', c);
      throw new Response(null, { status, headers });
    }
    const target = url.searchParams.get('redirect');
    if (target !== null && isInternalLink(target)) {
      const { segment: targetSegment } = splitLocalePath(target);
      throw redirect(targetSegment ? target : localizedPath(locale, target));
    }
  }

  const response = await next();
  const campaign = url.searchParams.get('campaign');
  if (campaign && campaign.length <= 200) {
    response.headers.append(
      'set-cookie',
      preferenceCookie(request, COOKIE.campaign.name, campaign, COOKIE.campaign.maxAge),
    );
  }
  const deeplink = deeplinkFromQuery(url.searchParams);
  if (deeplink) response.headers.append('set-cookie', deeplinkCookie(request, deeplink));
  return response;
};
