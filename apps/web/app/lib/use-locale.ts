import { formatLocaleSegment, type Locale, localizedPath } from '@varg/domain';
import { useRouteLoaderData } from 'react-router';
import type { RootData } from '../root.tsx';

export function useRootData(): RootData {
  const data = useRouteLoaderData('root') as RootData | undefined;
  if (!data) throw new Error('root data is not loaded');
  return data;
}

export function useLocale(): Locale {
  return useRootData().locale;
}

/** Prefixes an app path with the current locale segment: `/store` → `/de-DE/store`. */
export function useLocalePath(): (path: string) => string {
  const locale = useLocale();
  return (path: string) => localizedPath(locale, path);
}

/** Paths of the handover list the app serves itself when no marketing site is configured (decision 002). */
const APP_PAGES: Readonly<Record<string, string>> = {
  '/test-ride': '/test-ride',
  '/stark-varg': '/varg/configurator',
  '/stark-varg-ex': '/varg-ex/configurator',
  // Decision 022: the SM's page is /sam; service is booked at a store; the press write through the contact form.
  '/stark-varg-sm': '/sam',
  '/stark-varg-new-sm': '/sam',
  '/support': '/support',
  '/contact': '/contact',
  '/newsletter': '/newsletter',
  '/service': '/stores',
  '/press-and-media': '/contact?topic=press',
};

/**
 * A link to a path of the handover list, with the current locale segment: on the marketing site when one is
 * configured (MARKETING_SITE_URL), else the app's own page for it, or null when the app has none — the link is then
 * left out rather than leading to a 404.
 */
export function useMarketingHref(): (path: string) => string | null {
  const { locale, config } = useRootData();
  return (path: string) => {
    if (config.marketingSiteUrl) return `${config.marketingSiteUrl}/${formatLocaleSegment(locale)}${path}`;
    const own = APP_PAGES[path];
    return own ? localizedPath(locale, own) : null;
  };
}
