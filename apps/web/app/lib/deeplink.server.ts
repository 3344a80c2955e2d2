// The mobile app's deeplinks (spec section 2, "Locale and query behaviour"; docs/decisions/058-part-upgrade-deeplink.md):
// the locale middleware records `?addCard=true&returnTo=…` and `?returnTo=…&addPartCodeToCart=…|extendedWarranty=…`
// in the `mobile_deeplink` cookie; the cards page, the store and the checkout result read it back.
import { COOKIE, isInternalLink } from '@varg/domain';
import { preferenceCookie, readCookies } from './cookies.server.ts';

export type MobileDeeplink =
  | { type: 'addCard'; returnTo: string }
  /** `code`: the store variant the app asks for (a part, or an extended warranty). */
  | { type: 'upgradePart'; returnTo: string; kind: 'part' | 'warranty'; code: string };

const CODE = /^[A-Za-z0-9._-]{1,64}$/;

/** A return target the app may be sent back to: a custom scheme or an internal path, nothing else (no open redirect). */
export function safeDeeplink(value: unknown): string | null {
  if (typeof value !== 'string' || !value || value.length > 512) return null;
  if (isInternalLink(value)) return value;
  try {
    const url = new URL(value);
    return /^(https?|javascript|data|file|vbscript):$/.test(url.protocol) ? null : value;
  } catch {
    return null;
  }
}

/** The deeplink a query asks to record, or null (no or an unsafe `returnTo`, no known request). */
export function deeplinkFromQuery(query: URLSearchParams): MobileDeeplink | null {
  const returnTo = safeDeeplink(query.get('returnTo'));
  if (!returnTo) return null;
  const part = query.get('addPartCodeToCart');
  const warranty = query.get('extendedWarranty');
  if (part && CODE.test(part)) return { type: 'upgradePart', returnTo, kind: 'part', code: part };
  if (warranty && CODE.test(warranty)) return { type: 'upgradePart', returnTo, kind: 'warranty', code: warranty };
  if (query.get('addCard') === 'true') return { type: 'addCard', returnTo };
  return null;
}

/**
 * The deeplink recorded in the cookie. Its `returnTo` is checked again here, as the page's script can write the cookie.
 */
export function recordedDeeplink(request: Request): MobileDeeplink | null {
  const raw = readCookies(request)[COOKIE.mobileDeeplink.name];
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Record<string, unknown>;
    const returnTo = safeDeeplink(value.returnTo);
    if (!returnTo) return null;
    if (value.type === 'addCard') return { type: 'addCard', returnTo };
    const code = value.code;
    if (value.type !== 'upgradePart' || typeof code !== 'string' || !CODE.test(code)) return null;
    return { type: 'upgradePart', returnTo, kind: value.kind === 'warranty' ? 'warranty' : 'part', code };
  } catch {
    return null;
  }
}

/** The cookie recording a deeplink, or (null) clearing it once used. */
export function deeplinkCookie(request: Request, deeplink: MobileDeeplink | null): string {
  return deeplink
    ? preferenceCookie(request, COOKIE.mobileDeeplink.name, JSON.stringify(deeplink), COOKIE.mobileDeeplink.maxAge)
    : preferenceCookie(request, COOKIE.mobileDeeplink.name, '', 0);
}
