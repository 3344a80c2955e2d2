import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n.ts';
import { pageWindow } from './query.ts';

const itemClass =
  'inline-flex min-w-10 items-center justify-center gap-1 rounded-full px-3 py-2 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-neutral-900';

/** Page links (`?page=`), the current one marked with aria-current; previous and next when there is one. */
export function Pagination({
  page,
  totalPages,
  hrefOf,
}: {
  page: number;
  totalPages: number;
  hrefOf: (page: number) => string;
}) {
  const { t } = useTranslation();
  if (totalPages <= 1) return null;
  return (
    <nav aria-label={t('stock_pagination')} className="mt-10">
      <ul className="flex flex-wrap items-center justify-center gap-1">
        <li>
          {page > 1 ? (
            <Link to={hrefOf(page - 1)} rel="prev" className={`${itemClass} hover:bg-neutral-100`}>
              <ChevronLeft size={16} aria-hidden="true" />
              {t('stock_page_previous')}
            </Link>
          ) : (
            <span aria-disabled="true" className={`${itemClass} text-neutral-500`}>
              <ChevronLeft size={16} aria-hidden="true" />
              {t('stock_page_previous')}
            </span>
          )}
        </li>
        {pageWindow(page, totalPages).map((n, i) =>
          n === null ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity of their own
            <li key={`gap-${i}`} aria-hidden="true" className="px-1 text-neutral-500">
              …
            </li>
          ) : (
            <li key={n}>
              <Link
                to={hrefOf(n)}
                aria-current={n === page ? 'page' : undefined}
                aria-label={t('stock_page_n', { page: n })}
                className={`${itemClass} ${n === page ? 'bg-neutral-900 text-white' : 'hover:bg-neutral-100'}`}
              >
                {n}
              </Link>
            </li>
          ),
        )}
        <li>
          {page < totalPages ? (
            <Link to={hrefOf(page + 1)} rel="next" className={`${itemClass} hover:bg-neutral-100`}>
              {t('stock_page_next')}
              <ChevronRight size={16} aria-hidden="true" />
            </Link>
          ) : (
            <span aria-disabled="true" className={`${itemClass} text-neutral-500`}>
              {t('stock_page_next')}
              <ChevronRight size={16} aria-hidden="true" />
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}
