import type { ReactNode } from 'react';
import { Form, useLocation, useNavigation } from 'react-router';
import { useTranslation } from '../../lib/i18n.ts';
import { useLocalePath } from '../../lib/use-locale.ts';
import { buttonClass } from '../../ui/button.ts';

interface ListToolbarProps {
  /** The search box's label (what can be searched: "Number, name, email or VIN"). */
  searchLabel: string;
  /** The list's filters: selects or inputs named as the list's query parameters. */
  children?: ReactNode;
  /** The name of the list's CSV export (`/admin/export/{name}`), with the current search and filters. */
  exportName?: string;
}

/**
 * Search, filters and export above a back-office list: a GET form, so the list's state stays in the address and the
 * form works before hydration; a new search starts at the first page (the form has no `page` field).
 */
export function ListToolbar({ searchLabel, children, exportName }: ListToolbarProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const localePath = useLocalePath();
  const navigation = useNavigation();
  const params = new URLSearchParams(location.search);
  const busy = navigation.state === 'loading' && navigation.location?.pathname === location.pathname;
  const exportQuery = new URLSearchParams(params);
  exportQuery.delete('page');
  exportQuery.delete('pageSize');
  return (
    <div className="flex flex-wrap items-end justify-between gap-3">
      <Form method="get" role="search" className="flex flex-wrap items-end gap-3" aria-busy={busy}>
        {params.get('sort') && <input type="hidden" name="sort" value={params.get('sort') ?? ''} />}
        {params.get('dir') && <input type="hidden" name="dir" value={params.get('dir') ?? ''} />}
        <label className="flex min-w-56 flex-col gap-1 text-sm font-medium">
          {searchLabel}
          <input
            type="search"
            name="q"
            defaultValue={params.get('q') ?? ''}
            maxLength={100}
            className="rounded-lg border border-neutral-300 px-3 py-2 font-normal"
          />
        </label>
        {children}
        <button type="submit" className={buttonClass.secondary} disabled={busy}>
          {busy ? t('admin_searching') : t('admin_apply')}
        </button>
      </Form>
      {exportName && (
        <a
          href={`${localePath(`/admin/export/${exportName}`)}${exportQuery.size ? `?${exportQuery}` : ''}`}
          className={buttonClass.secondary}
          download
        >
          {t('admin_export_csv')}
        </a>
      )}
    </div>
  );
}

/** A filter of a list: a labelled select whose first option is "all". */
export function FilterSelect({
  label,
  name,
  options,
}: {
  label: string;
  name: string;
  options: readonly { value: string; label: string }[];
}) {
  const { t } = useTranslation();
  const { search } = useLocation();
  const current = new URLSearchParams(search).get(name) ?? '';
  return (
    <label className="flex flex-col gap-1 text-sm font-medium">
      {label}
      <select
        name={name}
        defaultValue={current}
        className="rounded-lg border border-neutral-300 bg-white px-3 py-2 font-normal"
      >
        <option value="">{t('admin_filter_all')}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}
