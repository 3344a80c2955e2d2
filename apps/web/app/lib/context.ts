import type { Locale } from '@varg/domain';
import type { Messages } from '@varg/i18n';
import { createContext } from 'react-router';
import type { ApiClient } from './api.ts';

/** What the one-process server hands to every loader, action and middleware. */
export interface AppServices {
  api: ApiClient;
  /** The catalog of the locale's language; in a market with a variant (pt in BR, es in MX) with its overrides. */
  messagesFor(locale: Locale): Messages;
  /** The visitor's country from the IP lookup (null when unknown). */
  ipCountry: string | null;
  nonce: string;
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
  };
}

export const servicesContext = createContext<AppServices>();

/** The locale the request is served in, set by the root middleware. */
export const localeContext = createContext<Locale>();
