import { Search, X } from 'lucide-react';
import { useId } from 'react';
import { Form, Link, useLocation } from 'react-router';
import { useTranslation } from '../../lib/i18n.ts';
import { buttonClass } from '../../ui/button.ts';

/** A GET search form (`?search=`): works without JavaScript; clearing it goes back to the unfiltered list. */
export function SearchForm({ label, search }: { label: string; search: string }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const id = useId();
  return (
    <Form method="get" action={pathname} role="search" className="flex max-w-2xl flex-col gap-2">
      <label htmlFor={id} className="text-sm font-medium text-neutral-800">
        {label}
      </label>
      <div className="flex flex-wrap gap-2">
        <div className="relative min-w-0 flex-1 basis-56">
          <Search
            size={18}
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-neutral-500"
          />
          <input
            id={id}
            key={search}
            type="search"
            name="search"
            defaultValue={search}
            maxLength={100}
            autoComplete="off"
            className="w-full rounded-full border border-neutral-300 bg-white py-2.5 pr-4 pl-10 text-neutral-900 outline-none focus:border-neutral-900 focus:ring-2 focus:ring-neutral-900/20"
          />
        </div>
        <button type="submit" className={buttonClass.primary}>
          {t('store_search_button')}
        </button>
        {search && (
          <Link to={pathname} className={buttonClass.secondary}>
            <X size={16} aria-hidden="true" />
            {t('store_search_clear')}
          </Link>
        )}
      </div>
    </Form>
  );
}
