import { useTranslation } from '../../lib/i18n.ts';

export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  const tone =
    status === 'overdue'
      ? 'bg-red-100 text-red-900'
      : status === 'paid'
        ? 'bg-emerald-100 text-emerald-900'
        : 'bg-neutral-100 text-neutral-800';
  return (
    <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${tone}`}>
      {t(`ledger_status_${status}`)}
    </span>
  );
}

export function Select({
  id,
  label,
  name,
  value,
  options,
}: {
  id: string;
  label: string;
  name: string;
  value: string;
  options: [string, string][];
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-neutral-800">
        {label}
      </label>
      <select
        id={id}
        name={name}
        defaultValue={value}
        className="rounded-lg border border-neutral-300 bg-white px-3 py-2.5"
      >
        <option value="">{t('invoices_all')}</option>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}
