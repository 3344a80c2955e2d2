import type { Locale } from '@varg/domain';
import type { Messages } from '@varg/i18n';
import { createContext } from 'react-router';
import type { ApiClient } from './api.ts';

/** What the one-process server hands to every loader, action and middleware. */
export interface AppServices {
  api: ApiClient;
  /** The catalog of the locale's language; in a market with a variant (pt in BR, es in MX) with its overrides. */
  messagesFor(locale: Locale): Messages;
  /**
   * The locale's messages with the translators' overrides, by area, and the addresses of the scripts that bring them
   * to the browser (`/i18n/<segment>.<area>.<hash>.js`, decision 067); `both`: the shop's and the office's.
   */
  messagesAsset(
    locale: Locale,
    overrides: Messages,
  ): Record<'shop' | 'office', { href: string; messages: Messages }> & {
    both: Messages;
    /** The first visit's script of a shop page by its deepest route (decision 068, session 15); none: the shop's. */
    first(routeId: string): { href: string } | undefined;
  };
  /** The id of the deepest route the request's URL matches (null: none). */
  leafRouteId: string | null;
  /** The visitor's country from the IP lookup (null when unknown). */
  ipCountry: string | null;
  nonce: string;
  /**
   * The page is private (its route's `handle.privacy`, decision 029: the whistleblowing channel): no request log,
   * and the session is neither read nor refreshed, so its stored address and user agent stay untouched.
   */
  private: boolean;
  /** Drops this process's cached public pages and API answers. */
  invalidatePublic(): void;
  /** Built stylesheets by URL, inlined into the document in production (docs/decisions/007-inline-css.md). */
  inlineStyles: ReadonlyMap<string, string>;
  config: {
    marketingSiteUrl: string;
    /** Map tiles of the store finder; empty: none (decision 022). */
    mapTileUrl: string;
    /** reCAPTCHA Enterprise site key of anonymous forms; empty while the captcha is off (no script is loaded). */
    captchaSiteKey: string;
    publicUrl: string;
    whitelistEmails: string[];
    devMailbox: 'off' | 'local' | 'public';
    /** The demo shop (DEMO=1): every page shows the demo ribbon (decision 026). */
    demo: boolean;
  };
}

export const servicesContext = createContext<AppServices>();

/** The locale the request is served in, set by the root middleware. */
export const localeContext = createContext<Locale>();
