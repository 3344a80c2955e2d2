import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n.ts';
import { useLocalePath } from '../../lib/use-locale.ts';

/** A record page's header: the way back to its list (or parent), the one heading, and a line about the record. */
export function RecordHeader({
  back,
  backLabel,
  title,
  children,
}: {
  /** The path (without the locale) of the list or parent record. */
  back: string;
  backLabel: string;
  title: string;
  children?: ReactNode;
}) {
  const localePath = useLocalePath();
  return (
    <header className="flex flex-col gap-2">
      <Link to={localePath(back)} className="text-sm underline underline-offset-4">
        {backLabel}
      </Link>
      <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
      {children}
    </header>
  );
}

/** "Edit" in a table row, named with its row for screen readers. */
export function EditLink({ to, what }: { to: string; what: string }) {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  return (
    <Link
      to={localePath(to)}
      className="underline underline-offset-2"
      aria-label={`${t('admin_catalogue_edit')}: ${what}`}
    >
      {t('admin_catalogue_edit')}
    </Link>
  );
}
