// Spec section 2, "Handover to the marketing site": these paths live on the marketing site. The app hands a path
// over only when it has no page of its own for it (docs/decisions/002-marketing-handover.md).
const HANDOVER_ENDINGS = [
  'stark-varg-1',
  'stark-varg-ex',
  'stark-varg',
  'service',
  'newsletter',
  'tutorials-and-technical',
  'test-ride',
  'test-ride/feedback',
  'vehicles',
  'stark-varg-new-sm',
  'stark-varg-sm',
  'press-and-media',
  // route names of the marketing side
  'support',
  'contact',
] as const;

/** True when the path (with or without locale prefix, with or without trailing slash) belongs to the marketing site. */
export function isMarketingPath(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '').toLowerCase();
  return HANDOVER_ENDINGS.some((ending) => path === `/${ending}` || path.endsWith(`/${ending}`));
}

/** The marketing-site URL with the same path and query. */
export function marketingUrl(base: string, pathname: string, search: string): string {
  return `${base.replace(/\/+$/, '')}${pathname}${search}`;
}

/**
 * Where a path of the handover list goes (docs/decisions/002-marketing-handover.md): the marketing site's URL when
 * one is configured, else nothing, and the app serves its own page (or a 404).
 */
export function marketingHandover(base: string | undefined, pathname: string, search: string): string | null {
  if (!base || !isMarketingPath(pathname)) return null;
  return marketingUrl(base, pathname, search);
}
