import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from '../../lib/i18n.ts';

/** The query of the current page with another page number (page 1 leaves it out). */
function pageHref(search: string, page: number): string {
  const params = new URLSearchParams(search);
  if (page > 1) params.set('page', String(page));
  else params.delete('page');
  const query = params.toString();
  return query ? `?${query}` : '?';
}

const linkClass =
  'inline-flex items-center gap-1 rounded-full border border-neutral-300 px-4 py-2 text-sm font-semibold hover:border-neutral-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-neutral-900';

/** Previous and next links that keep the search; plain links, so paging works without JavaScript. */
export function Pagination({ page, totalPages }: { page: number; totalPages: number }) {
  const { t } = useTranslation();
  const location = useLocation();
  if (totalPages <= 1) return null;
  return (
    <nav aria-label={t('store_pagination')} className="mt-10 flex flex-wrap items-center justify-between gap-3">
      {page > 1 ? (
        <Link
          to={{ pathname: location.pathname, search: pageHref(location.search, page - 1) }}
          rel="prev"
          className={linkClass}
        >
          <ChevronLeft size={16} aria-hidden="true" />
          {t('store_page_previous')}
        </Link>
      ) : (
        <span />
      )}
      <p className="text-sm text-neutral-700">{t('store_page_of', { page, total: totalPages })}</p>
      {page < totalPages ? (
        <Link
          to={{ pathname: location.pathname, search: pageHref(location.search, page + 1) }}
          rel="next"
          className={linkClass}
        >
          {t('store_page_next')}
          <ChevronRight size={16} aria-hidden="true" />
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

/** `?page=` as a page number: 1 when missing or not a number in range. */
export function pageParam(url: URL): number {
  const page = Number(url.searchParams.get('page') ?? '1');
  return Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1;
}

/** `?search=`, trimmed and cut to what the API accepts. */
export function searchParam(url: URL): string {
  return (url.searchParams.get('search') ?? '').trim().slice(0, 100);
}
