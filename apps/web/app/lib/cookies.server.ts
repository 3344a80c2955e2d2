import { COOKIE } from '@varg/domain';
import { parseCookie, stringifySetCookie } from 'cookie';

/** A translator's switch for in-context editing. */
export const TRANSLATOR_MODE_COOKIE = 'translator_mode';

export function readCookies(request: Request): Record<string, string | undefined> {
  const header = request.headers.get('cookie');
  return header ? parseCookie(header) : {};
}

export function isSecure(request: Request): boolean {
  return new URL(request.url).protocol === 'https:';
}

/** A first-party preference cookie: readable by the page, sent on top-level navigations. */
export function preferenceCookie(request: Request, name: string, value: string, maxAge: number): string {
  return stringifySetCookie({
    name,
    value,
    maxAge,
    path: '/',
    sameSite: 'lax',
    secure: isSecure(request),
  });
}

export function hasAuthCookie(cookies: Record<string, string | undefined>): boolean {
  return Object.keys(cookies).some((k) => k.startsWith(COOKIE.authPrefix));
}
