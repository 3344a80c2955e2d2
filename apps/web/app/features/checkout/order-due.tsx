// Paying an order placed before (/complete-order): the order's summary beside the payment form — its lines, total,
// what was paid, what is due and what this payment charges.
import type { OrderView } from '@varg/contracts';
import { money, useLocaleTag } from '../../lib/format.ts';
import { useTranslation } from '../../lib/i18n.ts';

export function OrderDueSummary({
  number,
  lines,
  currency,
  pricing: { total, paid, toPay },
  walletUse,
  charge,
}: {
  number: number;
  lines: OrderView['lines'];
  currency: string;
  pricing: { total: number; paid: number; toPay: number };
  /** Customer credit this payment uses. */
  walletUse: number;
  /** What this payment charges. */
  charge: number;
}) {
  const { t } = useTranslation();
  const tag = useLocaleTag();
  const m = (amount: number) => money(amount, currency, tag);
  return (
    <aside
      aria-labelledby="order-summary"
      className="order-first rounded-2xl bg-neutral-100 p-6 lg:order-none lg:self-start"
    >
      <h2 id="order-summary" className="text-lg font-semibold">
        {t('order_number', { number: number })}
      </h2>
      <ul className="mt-4 divide-y divide-neutral-200 text-sm">
        {lines.map((line) => (
          <li key={line.id} className="flex justify-between gap-4 py-2">
            <span>
              {line.quantity} × {line.name}
            </span>
            <span className="shrink-0 tabular-nums">{m(line.amount)}</span>
          </li>
        ))}
      </ul>
      <dl className="mt-4 grid grid-cols-[1fr_auto] gap-y-1.5 text-sm">
        <dt>{t('checkout_total')}</dt>
        <dd className="text-right tabular-nums">{m(total)}</dd>
        <dt>{t('checkout_result_paid')}</dt>
        <dd className="text-right tabular-nums">{m(paid)}</dd>
        <dt className="border-t border-neutral-300 pt-2 font-bold">{t('checkout_result_to_pay')}</dt>
        <dd
          className="border-t border-neutral-300 pt-2 text-right font-bold tabular-nums"
          data-testid="complete-to-pay"
        >
          {m(toPay)}
        </dd>
        {walletUse > 0 ? (
          <>
            <dt>{t('checkout_wallet_applied')}</dt>
            <dd className="text-right tabular-nums">−{m(walletUse)}</dd>
          </>
        ) : null}
        {charge !== toPay ? (
          <>
            <dt className="font-semibold">{t('checkout_due_now')}</dt>
            <dd className="text-right font-semibold tabular-nums">{m(charge)}</dd>
          </>
        ) : null}
      </dl>
    </aside>
  );
}
