import type { Country } from '@varg/contracts';
import { formatLocaleSegment, isMarketingPath, uiLanguageFrom } from '@varg/domain';

/**
 * Public pages listed in the sitemap, per locale: the ones whose meta lets search engines index them. Add a page here
 * when it is built. With a marketing site, the paths it serves are left to its own sitemap.
 */
export const SITEMAP_PATHS = [
  '/',
  '/varg/configurator',
  '/varg-ex/configurator',
  '/sam',
  '/varg/stock-bikes',
  '/parts-and-accessories/spare-parts',
  '/store',
  '/tutorials-and-technical',
  '/test-ride',
  '/stores',
  '/support',
  '/contact',
  '/newsletter',
  '/team',
  '/xmas-auction',
] as const;

export function renderRobots(base: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /v1/',
    'Disallow: /v2/',
    'Disallow: /preferences',
    '',
    `Sitemap: ${base}/sitemap.xml`,
    '',
  ].join('\n');
}

/** One URL per page for every active market in its own language. */
export function renderSitemap(base: string, countries: Country[], marketingSiteUrl = ''): string {
  const paths = SITEMAP_PATHS.filter((path) => !marketingSiteUrl || path === '/' || !isMarketingPath(path));
  const urls: string[] = [];
  for (const country of countries) {
    const lang = uiLanguageFrom(country.language.code);
    if (!lang) continue;
    const segment = formatLocaleSegment({ lang, country: country.code });
    for (const path of paths) {
      urls.push(`  <url><loc>${base}/${segment}${path === '/' ? '' : path}</loc></url>`);
    }
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}
