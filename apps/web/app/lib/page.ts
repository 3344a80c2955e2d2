import { localizedPath, safeInternalLink, splitLocalePath } from '@varg/domain';
import type { MetaDescriptor } from 'react-router';
import type { RootData } from '../root.tsx';
import { messagesOf } from './messages.ts';
import { rootDataFrom, seoMeta } from './seo.ts';

/** Meta for a page titled by a catalog key; private pages are kept out of search engines. */
export function pageMeta(
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>,
  pathname: string,
  titleKey: string,
  options: { descriptionKey?: string; index?: boolean } = {},
): MetaDescriptor[] {
  const root = rootDataFrom(matches);
  const m = messagesOf(root) ?? {};
  const title = m[titleKey] ?? titleKey;
  const tags = seoMeta(root, pathname, title, m[options.descriptionKey ?? ''] ?? title);
  return options.index ? tags : [...tags, { name: 'robots', content: 'noindex' }];
}

/** Where to go after signing in (`?from=`): the remembered path (internal links only), in the current locale. */
export function afterSignIn(root: Pick<RootData, 'locale'>, redirectParam: string | null): string {
  const target = safeInternalLink(redirectParam, '/');
  return splitLocalePath(target).segment ? target : localizedPath(root.locale, target);
}
