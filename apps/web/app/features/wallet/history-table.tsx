import { formatUtcDateTime, useFormat } from '../../lib/format.ts';
import { useTranslation } from '../../lib/i18n.ts';

export interface WalletEntryView {
  _id: string;
  currency: string;
  amount: number;
  reason: string;
  note: string | null;
  createdAt: string;
}

/** The balance per currency, each a chip. */
export function WalletBalanceList({
  balances,
  label,
}: {
  balances: Array<{ currency: string; amount: number }>;
  label: string;
}) {
  const format = useFormat();
  return (
    <ul className="flex flex-wrap gap-3" aria-label={label}>
      {balances.map((b) => (
        <li key={b.currency} className="rounded-xl bg-neutral-100 px-4 py-2 text-lg font-semibold tabular-nums">
          {format.money(b.amount, b.currency)}
        </li>
      ))}
    </ul>
  );
}

/** Store-credit entries, newest first: when, why (with an administrator's note), the signed amount. */
export function WalletHistoryTable({ entries, label }: { entries: WalletEntryView[]; label: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const reasonOf = (reason: string) => {
    const key = `admin_wallet_reason_${reason}`;
    const text = t(key);
    return text === key ? reason : text;
  };
  return (
    <section
      className="overflow-x-auto rounded-xl border border-neutral-200"
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: it scrolls sideways on a narrow screen, so the keyboard must reach it
      tabIndex={0}
    >
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{label}</caption>
        <thead className="bg-neutral-50 text-xs tracking-wide text-neutral-700 uppercase">
          <tr>
            <th scope="col" className="px-3 py-2">
              {t('admin_audit_when')}
            </th>
            <th scope="col" className="px-3 py-2">
              {t('admin_wallet_reason')}
            </th>
            <th scope="col" className="px-3 py-2 text-right">
              {t('invoices_amount')}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-neutral-200">
          {entries.map((e) => (
            <tr key={e._id}>
              <td className="px-3 py-2 whitespace-nowrap">{formatUtcDateTime(e.createdAt, format.tag)}</td>
              <td className="px-3 py-2">
                {reasonOf(e.reason)}
                {e.note && <span className="block text-neutral-700">{e.note}</span>}
              </td>
              <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">
                {format.money(e.amount, e.currency)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
