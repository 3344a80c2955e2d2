import type { LedgerTotals } from '@varg/contracts';
import { useFormat } from '../../lib/format.ts';
import { useTranslation } from '../../lib/i18n.ts';

/** One card per currency: what was invoiced, credited, paid and reimbursed, the open balance and what is overdue. */
export function BalanceCards({ balances }: { balances: readonly LedgerTotals[] }) {
  const { t } = useTranslation();
  const { money } = useFormat();
  if (balances.length === 0) return <p className="text-neutral-700">{t('invoices_no_balance')}</p>;
  return (
    <ul className="grid gap-4 sm:grid-cols-2">
      {balances.map((b) => (
        <li
          key={b.currency}
          className="rounded-2xl border border-neutral-200 bg-white p-5"
          data-testid={`balance-${b.currency}`}
        >
          <p className="text-sm font-medium text-neutral-600">
            {t('ledger_balance')} · {b.currency}
          </p>
          <p className="mt-1 text-2xl font-bold tabular-nums" data-testid="balance-amount">
            {money(b.balance, b.currency)}
          </p>
          <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
            {(
              [
                ['ledger_invoiced', b.invoiced],
                ['ledger_credited', b.credited],
                ['ledger_paid', b.paid],
                ['ledger_reimbursed', b.reimbursed],
              ] as const
            ).map(([key, amount]) => (
              <div key={key} className="contents">
                <dt className="text-neutral-600">{t(key)}</dt>
                <dd className="text-right tabular-nums">{money(amount, b.currency)}</dd>
              </div>
            ))}
            <div className="contents">
              <dt className={b.overdue > 0 ? 'font-semibold text-red-800' : 'text-neutral-600'}>
                {t('ledger_overdue')}
              </dt>
              <dd className={`text-right tabular-nums ${b.overdue > 0 ? 'font-semibold text-red-800' : ''}`}>
                {money(b.overdue, b.currency)}
              </dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  );
}
