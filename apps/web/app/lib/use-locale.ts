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

/**
 * A link to a path of the handover list, with the current locale segment: on the marketing site when one is
 * configured (MARKETING_SITE_URL), else the app's own page.
 */
export function useMarketingHref(): (path: string) => string {
  const { locale, config } = useRootData();
  return (path: string) =>
    config.marketingSiteUrl
      ? `${config.marketingSiteUrl}/${formatLocaleSegment(locale)}${path}`
      : localizedPath(locale, path);
}
