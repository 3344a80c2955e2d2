import type { AdminDashboard } from '@varg/contracts';
import { formatMoney, localeTag } from '@varg/domain';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { countryName, useTranslation } from '../../../lib/i18n.ts';
import { useLocale, useLocalePath } from '../../../lib/use-locale.ts';

/** A figure of the overview that opens the list it summarises. */
export function Figure({ label, value, to }: { label: string; value: ReactNode; to: string }) {
  const localePath = useLocalePath();
  return (
    <Link
      to={localePath(to)}
      className="flex flex-col gap-1 rounded-xl border border-neutral-200 p-4 hover:border-neutral-400 focus-visible:outline-2 focus-visible:outline-neutral-900"
    >
      <span className="text-sm text-neutral-700">{label}</span>
      <span className="text-2xl font-bold tabular-nums">{value}</span>
    </Link>
  );
}

/** A titled table of amounts: one row per label, one column per heading (or a note when there is nothing). */
function AmountTable({
  id,
  title,
  headings,
  rows,
}: {
  id: string;
  title: string;
  headings: string[];
  rows: { key: string; label: string; amounts: { amount: number; currency: string }[] }[];
}) {
  const { t } = useTranslation();
  const tag = localeTag(useLocale());
  return (
    <section aria-labelledby={id} className="flex flex-col gap-2 rounded-xl border border-neutral-200 p-4">
      <h2 id={id} className="font-semibold">
        {title}
      </h2>
      {rows.length === 0 ? (
        <p className="text-sm text-neutral-700">{t('admin_dash_no_revenue')}</p>
      ) : (
        <table className="w-full text-left text-sm">
          <thead>
            <tr>
              {headings.map((heading, i) => (
                <th key={heading} scope="col" className={`py-1 font-medium ${i > 0 ? 'text-right' : ''}`}>
                  {heading}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.key} className="border-t border-neutral-100">
                <th scope="row" className="py-1 font-normal">
                  {r.label}
                </th>
                {r.amounts.map((money, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed
                  <td key={i} className="py-1 text-right tabular-nums">
                    {formatMoney(money, tag)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** Money received per currency: today and over the period. */
export function RevenueTable({ board, periodLabel }: { board: AdminDashboard; periodLabel: string }) {
  const { t } = useTranslation();
  return (
    <AmountTable
      id="revenue"
      title={t('admin_dash_revenue')}
      headings={[t('admin_dash_currency'), t('admin_dash_today'), periodLabel]}
      rows={board.revenue.map((r) => ({
        key: r.currency,
        label: r.currency,
        amounts: [
          { amount: r.today, currency: r.currency },
          { amount: r.period, currency: r.currency },
        ],
      }))}
    />
  );
}

/** Money received over the period per market (the order's country) and currency, largest first. */
export function MarketRevenueTable({ board, periodLabel }: { board: AdminDashboard; periodLabel: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <AmountTable
      id="revenue-markets"
      title={t('admin_dash_revenue_markets')}
      headings={[t('admin_dash_col_market'), periodLabel]}
      rows={board.revenueByMarket.map((r) => ({
        key: `${r.country}:${r.currency}`,
        label: countryName(r.country, locale, r.country),
        amounts: [{ amount: r.amount, currency: r.currency }],
      }))}
    />
  );
}

/** Stock bikes available per market (fewest first) and store items that cannot be bought. */
export function StockPanel({ board }: { board: AdminDashboard }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const localePath = useLocalePath();
  return (
    <section aria-labelledby="stock" className="flex flex-col gap-3 rounded-xl border border-neutral-200 p-4">
      <h2 id="stock" className="font-semibold">
        {t('admin_dash_stock')}
      </h2>
      <h3 className="text-sm font-medium">{t('admin_dash_stock_bikes')}</h3>
      {board.stockBikes.length === 0 ? (
        <p className="text-sm text-neutral-700">{t('admin_dash_no_stock_bikes')}</p>
      ) : (
        <table className="w-full text-left text-sm">
          <thead>
            <tr>
              <th scope="col" className="py-1 font-medium">
                {t('admin_dash_col_market')}
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                {t('admin_dash_col_available')}
              </th>
            </tr>
          </thead>
          <tbody>
            {board.stockBikes.slice(0, 8).map((s) => (
              <tr key={s.country} className="border-t border-neutral-100">
                <th scope="row" className="py-1 font-normal">
                  <Link
                    to={localePath(`/admin/stock-bikes?country=${s.country}&status=available`)}
                    className="underline underline-offset-2"
                  >
                    {countryName(s.country, locale, s.country)}
                  </Link>
                </th>
                <td className={`py-1 text-right tabular-nums ${s.available === 0 ? 'font-semibold text-red-700' : ''}`}>
                  {s.available}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <h3 className="text-sm font-medium">
        <Link to={localePath('/admin/parts')} className="underline underline-offset-2">
          {t('admin_dash_store_unavailable')}
        </Link>
        : <span className="tabular-nums">{board.storeUnavailable.total}</span>
      </h3>
      {board.storeUnavailable.items.length > 0 && (
        <ul className="flex flex-col gap-0.5 text-sm">
          {board.storeUnavailable.items.map((item) => (
            <li key={item.sku}>
              {item.name} <span className="font-mono text-xs text-neutral-600">{item.sku}</span>
            </li>
          ))}
        </ul>
      )}
      <h3 className="text-sm font-medium">
        <Link to={localePath('/admin/parts?stock=low')} className="underline underline-offset-2">
          {t('admin_dash_store_low_stock')}
        </Link>
        : <span className="tabular-nums">{board.storeLowStock.total}</span>
      </h3>
      {board.storeLowStock.items.length > 0 && (
        <ul className="flex flex-col gap-0.5 text-sm">
          {board.storeLowStock.items.map((item) => (
            <li key={item.sku}>
              {item.name} <span className="font-mono text-xs text-neutral-600">{item.sku}</span> ·{' '}
              {t('admin_parts_quantity')}: <span className="tabular-nums">{item.quantity}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Orders per market over the period, as bars. */
export function MarketBars({ board }: { board: AdminDashboard }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const max = Math.max(1, ...board.series.markets.map((m) => m.orders));
  return (
    <section aria-labelledby="markets" className="flex flex-col gap-2 rounded-xl border border-neutral-200 p-4">
      <h2 id="markets" className="font-semibold">
        {t('admin_dash_chart_markets')}
      </h2>
      {board.series.markets.length === 0 ? (
        <p className="text-sm text-neutral-700">{t('admin_dash_no_data')}</p>
      ) : (
        <dl className="grid grid-cols-[max-content_1fr_max-content] items-center gap-x-3 gap-y-1 text-sm">
          {board.series.markets.map((m) => (
            <div key={m.country} className="contents">
              <dt>{countryName(m.country, locale, m.country)}</dt>
              <dd aria-hidden="true">
                <svg viewBox="0 0 100 8" preserveAspectRatio="none" className="h-2 w-full" aria-hidden="true">
                  <rect width={(m.orders / max) * 100} height="8" className="fill-neutral-900" />
                </svg>
              </dd>
              <dd className="text-right tabular-nums">{m.orders}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
