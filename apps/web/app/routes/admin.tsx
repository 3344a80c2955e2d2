import { formatMoney, localeTag } from '@varg/domain';
import { Form, useLoaderData, useNavigation } from 'react-router';
import { DayChart, daysBetween } from '../features/admin/dashboard/chart.tsx';
import {
  Figure,
  MarketBars,
  MarketRevenueTable,
  RevenueTable,
  StockPanel,
} from '../features/admin/dashboard/tiles.tsx';
import { userApi } from '../lib/auth.server.ts';
import { guarded } from '../lib/guards.server.ts';
import { useTranslation } from '../lib/i18n.ts';
import { pageMeta } from '../lib/page.ts';
import { useLocale } from '../lib/use-locale.ts';
import { buttonClass } from '../ui/button.ts';
import type { Route } from './+types/admin';

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(matches, location.pathname, 'admin_nav_dashboard');

/** The back office's overview (issue 24 item 9): today's figures, what needs attention, and the period's charts. */
export const loader = guarded(['admin'], async ({ request, context }: Route.LoaderArgs) => {
  const days = new URL(request.url).searchParams.get('days') === '90' ? '90' : '30';
  return userApi(context, request).call('getAdminDashboard', { query: { days } });
});

export default function AdminOverview() {
  const { t } = useTranslation();
  const board = useLoaderData<typeof loader>();
  const tag = localeTag(useLocale());
  const busy = useNavigation().state === 'loading';
  const days = daysBetween(board.since, board.today);
  const periodLabel = t(board.days === 90 ? 'admin_dash_days_90' : 'admin_dash_days_30');
  const currencies = [...new Set(board.series.revenue.map((r) => r.currency))];
  return (
    <div className="flex flex-col gap-6" aria-busy={busy}>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-3xl font-bold tracking-tight">{t('admin_nav_dashboard')}</h1>
        <Form method="get" className="flex items-end gap-2">
          <label className="flex flex-col gap-1 text-sm font-medium">
            {t('admin_dash_period')}
            <select
              name="days"
              defaultValue={String(board.days)}
              className="rounded-lg border border-neutral-300 bg-white px-3 py-2 font-normal"
            >
              <option value="30">{t('admin_dash_days_30')}</option>
              <option value="90">{t('admin_dash_days_90')}</option>
            </select>
          </label>
          <button type="submit" className={buttonClass.secondary}>
            {t('admin_apply')}
          </button>
        </Form>
      </div>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Figure
          label={t('admin_dash_orders_today')}
          value={board.ordersToday}
          to={`/admin/orders?from=${board.today}&to=${board.today}`}
        />
        <Figure
          label={`${t('admin_dash_attention')}: ${t('admin_dash_failed')}`}
          value={board.attention.failed}
          to="/admin/orders?status=pending_payment"
        />
        <Figure
          label={t('admin_dash_awaiting_transfer')}
          value={board.attention.awaitingTransfer}
          to="/admin/orders?status=pending_payment"
        />
        <Figure label={t('admin_dash_applications')} value={board.openApplications} to="/admin/dealer-applications" />
      </div>
      {board.whistleblowing && (
        <section
          aria-labelledby="whistle"
          className="flex flex-col gap-2 rounded-xl border border-amber-300 bg-amber-50 p-4"
        >
          <h2 id="whistle" className="font-semibold">
            {t('admin_dash_whistle')}
          </h2>
          <div className="grid grid-cols-3 gap-3">
            <Figure label={t('admin_dash_whistle_open')} value={board.whistleblowing.open} to="/compliance" />
            <Figure
              label={t('admin_dash_whistle_ack')}
              value={board.whistleblowing.acknowledgementOverdue}
              to="/compliance?status=received"
            />
            <Figure
              label={t('admin_dash_whistle_feedback')}
              value={board.whistleblowing.feedbackOverdue}
              to="/compliance"
            />
          </div>
        </section>
      )}
      <div className="grid gap-4 lg:grid-cols-2">
        <RevenueTable board={board} periodLabel={periodLabel} />
        <MarketRevenueTable board={board} periodLabel={periodLabel} />
        <StockPanel board={board} />
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <DayChart
          id="orders"
          title={t('admin_dash_chart_orders')}
          days={days}
          rows={board.series.orders.map((r) => ({ day: r.day, values: [r.count] }))}
          series={[t('admin_dash_col_count')]}
        />
        {currencies.map((currency) => (
          <DayChart
            key={currency}
            id={`revenue-${currency}`}
            title={t('admin_dash_chart_revenue', { currency })}
            days={days}
            rows={board.series.revenue
              .filter((r) => r.currency === currency)
              .map((r) => ({ day: r.day, values: [r.amount] }))}
            series={[t('admin_dash_col_amount')]}
            format={(amount) => formatMoney({ amount, currency }, tag)}
          />
        ))}
        <MarketBars board={board} />
        <div className="flex flex-col gap-2">
          <DayChart
            id="payments"
            title={t('admin_dash_chart_payments')}
            days={days}
            rows={board.series.payments.map((r) => ({ day: r.day, values: [r.deposits, r.remaining] }))}
            series={[t('admin_dash_deposits'), t('admin_dash_remaining')]}
          />
          <p className="text-sm text-neutral-700">
            {t('admin_dash_conversion', { paid: board.deposits.fullyPaid, total: board.deposits.orders })}
          </p>
        </div>
        <DayChart
          id="bids"
          title={t('admin_dash_chart_bids')}
          days={days}
          rows={board.series.bids.map((r) => ({ day: r.day, values: [r.count] }))}
          series={[t('admin_dash_col_count')]}
        />
      </div>
    </div>
  );
}
