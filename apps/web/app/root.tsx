import type { Country, VisibleBanner } from '@varg/contracts';
import { COOKIE, formatLocaleSegment, type Locale, localeTag } from '@varg/domain';
import type { Messages } from '@varg/i18n';
import { createContext, lazy, type ReactNode, Suspense, useContext } from 'react';
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunction,
  useRouteError,
  useRouteLoaderData,
} from 'react-router';
import {
  error_generic,
  error_home_button,
  error_not_found,
  text_error,
} from '../../../packages/i18n/catalogs/en-us.json';
import type { Route } from './+types/root';
import { CONSENT_HEAD_SCRIPT } from './features/shell/cookie-consent.tsx';
import { DemoRibbon } from './features/shell/demo-ribbon.tsx';
import { ErrorPage } from './features/shell/error-page.tsx';
import { ShellProviders } from './features/shell/providers.tsx';
import { authContext, authMiddleware, sameOriginMiddleware } from './lib/auth.server.ts';
import { cartMiddleware, cartSummary } from './lib/cart.server.ts';
import { localeContext, servicesContext } from './lib/context.ts';
import { readCookies, TRANSLATOR_MODE_COOKIE } from './lib/cookies.server.ts';
import { countryName, I18nProvider } from './lib/i18n.ts';
import { activeCountries, localeMiddleware } from './lib/locale.server.ts';
import {
  loadMessages,
  messagesAreaOf,
  messagesOf,
  officeMessagesFor,
  shopMessages,
  withServerMessages,
} from './lib/messages.ts';
import { useHydrated } from './lib/use-hydrated.ts';
import stylesheet from './styles.css?url';

export interface RootData {
  locale: Locale;
  segment: string;
  /** The locale's messages: on the server only (`messagesOf` reads them anywhere; decision 067). */
  messages?: Messages;
  /** The scripts that bring the messages to the browser: the shop's, and the office's (decision 067). */
  messagesHref: string;
  officeMessagesHref: string;
  /**
   * A shop page's first script (decision 068, session 15): the shop's texts its own code shows; the document names it
   * instead of the shop's, which loads before the first navigation. Null: the document has the shop's script.
   */
  firstMessagesHref: string | null;
  /** An office page (or the translator's tool): the document has the office's texts too. */
  officeMessages: boolean;
  countries: Array<{ code: string; name: string; lang: string }>;
  /**
   * The market's country in the UI language, named on the server: the header shows it on every page, and the first
   * `Intl.DisplayNames` a phone builds costs ~80 ms of its main thread at hydration (issue 19).
   */
  countryLabel: string;
  languages: Array<{ code: string; nativeName: string }>;
  /** The visitor's own market from the IP lookup, when it differs from the current one and was not dismissed. */
  suggestion: { code: string; lang: string } | null;
  config: { marketingSiteUrl: string; publicUrl: string; mapTileUrl: string; captchaSiteKey: string };
  /** A translator who switched in-context editing on. */
  translatorMode: boolean;
  /** Whether the dev mailbox page exists (no SMTP configured). */
  devMailbox: 'off' | 'local' | 'public';
  /** The demo shop: a ribbon on every page says so (decision 026). */
  demo: boolean;
  /** The signed-in user, as much as the pages show; never a token. */
  user: SessionUser | null;
  /** The visitor's cart for the header's badge: units in it and what it holds; null without a cart. */
  cart: { count: number; kind: 'bikes' | 'store' | null } | null;
  /** The site banners of this market and language now (decision 045). */
  banners: VisibleBanner[];
}

export interface SessionUser {
  id: string;
  name: string;
  email: string;
  isDealer: boolean;
  /** The dealer role: an approved dealer (a pending applicant has a dealer record, `isDealer`, but not the role). */
  hasDealerRole: boolean;
  /** A lead dealer: sees its dealer group (decision 024). */
  isLeadDealer: boolean;
  isAdmin: boolean;
  isTranslator: boolean;
  isMco: boolean;
  /** Reads whistleblowing cases (decision 023). */
  isCompliance: boolean;
  /** `demo_user` while an administrator acts as this user. */
  mode: 'demo_user' | null;
  impersonatorEmail: string | null;
  /** The profile picture's address without the locale (decision 057); null: none. */
  avatarPath: string | null;
}

export const middleware: Route.MiddlewareFunction[] = [
  sameOriginMiddleware,
  authMiddleware,
  localeMiddleware,
  cartMiddleware,
];

export async function loader({ context, request }: Route.LoaderArgs): Promise<RootData> {
  const { api, messagesAsset, ipCountry, config, leafRouteId } = context.get(servicesContext);
  const locale = context.get(localeContext);
  const [countries, languages, saved, cart, banners] = await Promise.all([
    activeCountries(context),
    api.call('getLanguage', { query: { status: 1 } }),
    api.call('getTranslationsByLang', { path: { lang: locale.lang } }),
    cartSummary(context, request),
    api.call('getBanners', { query: { country: locale.country, lang: locale.lang } }),
  ]);
  const dismissed = readCookies(request)[COOKIE.suggestedCountryDismissed.name];
  const me = context.get(authContext).user;
  const own: Country | undefined = ipCountry ? countries.find((c) => c.code === ipCountry) : undefined;
  // Texts saved by translators win over the built-in catalog.
  const texts = messagesAsset(locale, saved.overrides);
  const translatorMode = !!me?.isTranslator && readCookies(request)[TRANSLATOR_MODE_COOKIE] === '1';
  const officeMessages = translatorMode || messagesAreaOf(new URL(request.url).pathname) === 'office';
  const data: RootData = {
    locale,
    segment: formatLocaleSegment(locale),
    messagesHref: texts.shop.href,
    officeMessagesHref: texts.office.href,
    firstMessagesHref: (!officeMessages && leafRouteId && texts.first(leafRouteId)?.href) || null,
    officeMessages,
    translatorMode,
    countries: countries.map((c) => ({ code: c.code, name: c.name, lang: c.language.code })),
    countryLabel: countryName(
      locale.country,
      locale,
      countries.find((c) => c.code === locale.country)?.name ?? locale.country,
    ),
    languages: languages.docs.map((l) => ({ code: l.code, nativeName: l.nativeName })),
    suggestion: own && own.code !== locale.country && !dismissed ? { code: own.code, lang: own.language.code } : null,
    config: {
      marketingSiteUrl: config.marketingSiteUrl,
      publicUrl: config.publicUrl,
      mapTileUrl: config.mapTileUrl,
      captchaSiteKey: config.captchaSiteKey,
    },
    devMailbox: config.devMailbox,
    demo: config.demo,
    user: me
      ? {
          id: me._id,
          name: me.name,
          email: me.email,
          isDealer: me.isDealer,
          hasDealerRole: me.roles.includes('dealer'),
          isLeadDealer: me.roles.includes('lead_dealer'),
          isAdmin: me.isAdmin,
          isTranslator: me.isTranslator,
          isMco: me.isMco,
          isCompliance: me.roles.includes('compliance') && !me.impersonator,
          mode: me.mode,
          impersonatorEmail: me.impersonator?.email ?? null,
          avatarPath: me.customer?.avatar?.path ?? null,
        }
      : null,
    cart: cart ? { count: cart.count, kind: cart.kind } : null,
    banners: banners.docs,
  };
  return withServerMessages(data, officeMessages ? texts.both : texts.shop.messages);
}

/** A revalidation that names other messages scripts (a translator saved a text) loads them before rendering. */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const data = await serverLoader();
  await loadMessages(data);
  return data;
}

/**
 * Before the first navigation (or a form's or a fetcher's call) a page that came with its first script loads the
 * shop's whole script (decision 068, session 15); a navigation from the shop into the office loads the office's texts
 * too, before the page renders.
 */
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [
  async ({ request }, next) => {
    await Promise.all([shopMessages(), officeMessagesFor(new URL(request.url).pathname)]);
    return next();
  },
];

// Root data only changes with the locale (a full reload) or after a preference is posted.
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod ? defaultShouldRevalidate : false;

// In production the stylesheet is inlined by the server (no render-blocking request); Vite serves it in development.
export const links: Route.LinksFunction = () => [
  ...(import.meta.env.DEV ? [{ rel: 'stylesheet', href: stylesheet }] : []),
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

/**
 * Built stylesheets by URL; only the server has them. The browser hydrates the `<style>` with an empty value and
 * keeps the server's text, since React does not compare inner HTML when hydrating.
 */
export const InlineStylesContext = createContext<ReadonlyMap<string, string>>(new Map());

/** The CSP nonce of this response, provided by entry.server (absent in the browser, where it is not needed). */
export const NonceContext = createContext<string | undefined>(undefined);

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData('root') as RootData | undefined;
  const nonce = useContext(NonceContext);
  const css = useContext(InlineStylesContext).get(stylesheet) ?? '';
  return (
    // The consent script may mark <html> before hydration (features/shell/cookie-consent.tsx).
    <html lang={data ? localeTag(data.locale) : 'en-US'} dir="ltr" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b0b0c" />
        <Meta />
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: our own constant, before the first paint */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: CONSENT_HEAD_SCRIPT }} />
        {!import.meta.env.DEV && (
          // biome-ignore lint/security/noDangerouslySetInnerHtml: our own built stylesheet, read from the build at start
          <style dangerouslySetInnerHTML={{ __html: css }} suppressHydrationWarning />
        )}
        <Links />
      </head>
      <body className="min-h-dvh bg-white text-neutral-900 antialiased">
        {children}
        {/* Deferred; the client entry waits for it before hydrating (React Router's module script is async). */}
        {data && (
          <script
            src={data.firstMessagesHref ?? data.messagesHref}
            data-shop={data.firstMessagesHref ? data.messagesHref : undefined}
            data-office={data.officeMessagesHref}
            nonce={nonce}
            defer
          />
        )}
        {data?.officeMessages && <script src={data.officeMessagesHref} nonce={nonce} defer />}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

// Only translators who switched the mode on download the editor.
const TranslatorTool = lazy(() => import('./features/translator/translator-tool.tsx'));

/**
 * The translator's tool, drawn in the browser only. Rendered on the server, the lazy module's first load in a process
 * suspended the render, and the tool came as a hidden streamed segment to be swapped in; on a loaded machine the
 * swap lost to hydration and the page held two tool bars, one hidden (seen in a browser test).
 */
function TranslatorToolInBrowser() {
  return useHydrated() ? (
    <Suspense fallback={null}>
      <TranslatorTool />
    </Suspense>
  ) : null;
}

export default function App({ loaderData }: Route.ComponentProps) {
  return (
    <I18nProvider tag={localeTag(loaderData.locale)} messages={messagesOf(loaderData) ?? {}}>
      <ShellProviders>
        {loaderData.demo && <DemoRibbon />}
        <Outlet />
        {loaderData.translatorMode && <TranslatorToolInBrowser />}
      </ShellProviders>
    </I18nProvider>
  );
}

// Only these four English texts are bundled (named JSON imports are tree-shaken): the last-resort error page needs
// words even when the root loader, which brings the catalog, did not run.
const FALLBACK_MESSAGES: Messages = { text_error, error_not_found, error_generic, error_home_button };

/** Last resort, when even the root failed: a bare page in the language we have, or English. */
export function ErrorBoundary() {
  const error = useRouteError();
  const data = useRouteLoaderData('root') as RootData | undefined;
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <I18nProvider tag={data ? localeTag(data.locale) : 'en-US'} messages={messagesOf(data) ?? FALLBACK_MESSAGES}>
      <ErrorPage error={error} status={status} homeHref={data ? `/${data.segment}` : '/'} />
    </I18nProvider>
  );
}
