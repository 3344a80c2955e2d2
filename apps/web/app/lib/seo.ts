import { formatLocaleSegment, LANGUAGE_HOME_COUNTRY, splitLocalePath, UI_LANGUAGES } from '@varg/domain';
import type { MetaDescriptor } from 'react-router';
import type { RootData } from '../root.tsx';
import { messagesOf } from './messages.ts';

/**
 * Title, description, canonical link and hreflang alternates (spec section 2): one alternate per UI language in its
 * home market, plus x-default pointing at the unprefixed path, which detects the visitor's locale.
 */
export function seoMeta(
  root: RootData | undefined,
  pathname: string,
  title: string,
  description: string,
): MetaDescriptor[] {
  if (!root) return [{ title }];
  const base = root.config.publicUrl.replace(/\/+$/, '');
  const { rest } = splitLocalePath(pathname);
  const tail = rest === '/' ? '' : rest;
  const alternates: MetaDescriptor[] = UI_LANGUAGES.map((lang) => {
    const segment = formatLocaleSegment({ lang, country: LANGUAGE_HOME_COUNTRY[lang] });
    return { tagName: 'link', rel: 'alternate', hrefLang: segment, href: `${base}/${segment}${tail}` };
  });
  return [
    { title: `${title} | ${messagesOf(root)?.seo_site_name ?? ''}`.trim() },
    { name: 'description', content: description },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:type', content: 'website' },
    { property: 'og:locale', content: root.segment.replace('-', '_') },
    { tagName: 'link', rel: 'canonical', href: `${base}/${root.segment}${tail}` },
    ...alternates,
    { tagName: 'link', rel: 'alternate', hrefLang: 'x-default', href: `${base}${tail || '/'}` },
  ];
}

export function rootDataFrom(
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>,
): RootData | undefined {
  return matches.find((m) => m?.id === 'root')?.loaderData as RootData | undefined;
}
