import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from '../../lib/i18n.ts';
import { withParams } from './list-params.ts';

export interface Column<T> {
  /** The column's name; with `sortable`, also the `sort` value the API knows it by. */
  key: string;
  label: string;
  sortable?: boolean;
  /** Numbers and amounts align right. */
  numeric?: boolean;
  render: (row: T) => ReactNode;
}

interface DataTableProps<T> {
  /** Names the table for screen readers (shown visually hidden). */
  caption: string;
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => string;
  total: number;
  page: number;
  pageSize: number;
  /** Shown instead of the table when nothing matches. */
  empty: ReactNode;
}

/**
 * A dense back-office table driven by the address (decision 040): column headers sort (a link, so it works without
 * JavaScript and with the keyboard; `aria-sort` tells screen readers the order), and a pager walks the pages.
 */
export function DataTable<T>({ caption, columns, rows, rowKey, total, page, pageSize, empty }: DataTableProps<T>) {
  const { search } = useLocation();
  const params = new URLSearchParams(search);
  const sort = params.get('sort');
  const dir = params.get('dir') === 'asc' ? 'asc' : 'desc';
  if (rows.length === 0)
    return <p className="rounded-xl border border-dashed border-neutral-300 p-6 text-neutral-700">{empty}</p>;
  return (
    <div className="flex flex-col gap-3">
      <div className="overflow-x-auto rounded-xl border border-neutral-200">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-neutral-50 text-xs tracking-wide text-neutral-700 uppercase">
            <tr>
              {columns.map((column) => {
                const active = sort === column.key;
                const next = active && dir === 'desc' ? 'asc' : 'desc';
                return (
                  <th
                    key={column.key}
                    scope="col"
                    aria-sort={active ? (dir === 'asc' ? 'ascending' : 'descending') : undefined}
                    className={`px-3 py-2 font-semibold whitespace-nowrap ${column.numeric ? 'text-right' : ''}`}
                  >
                    {column.sortable ? (
                      <Link
                        to={withParams(params, { sort: column.key, dir: next, page: null })}
                        className="inline-flex items-center gap-1 underline-offset-2 hover:underline"
                        preventScrollReset
                      >
                        {column.label}
                        <span aria-hidden="true">{active ? (dir === 'asc' ? '▲' : '▼') : '↕'}</span>
                      </Link>
                    ) : (
                      column.label
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody className="divide-y divide-neutral-200">
            {rows.map((row) => (
              <tr key={rowKey(row)} className="hover:bg-neutral-50">
                {columns.map((column) => (
                  <td
                    key={column.key}
                    className={`px-3 py-2 align-top ${column.numeric ? 'text-right whitespace-nowrap tabular-nums' : ''}`}
                  >
                    {column.render(row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager total={total} page={page} pageSize={pageSize} />
    </div>
  );
}

/** "1–50 of 230" with the previous and next pages as links. */
export function Pager({ total, page, pageSize }: { total: number; page: number; pageSize: number }) {
  const { t } = useTranslation();
  const { search } = useLocation();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  const link = 'rounded-full border border-neutral-300 px-3 py-1.5 font-medium hover:bg-neutral-50';
  return (
    <nav aria-label={t('admin_pages')} className="flex flex-wrap items-center justify-between gap-3 text-sm">
      <p aria-live="polite">{t('admin_range', { first, last, total })}</p>
      <div className="flex gap-2">
        {page > 1 && (
          <Link to={withParams(search, { page: page - 1 })} className={link} rel="prev">
            {t('admin_previous')}
          </Link>
        )}
        {page < pages && (
          <Link to={withParams(search, { page: page + 1 })} className={link} rel="next">
            {t('admin_next')}
          </Link>
        )}
      </div>
    </nav>
  );
}
