import { Link, useLoaderData } from 'react-router';
import { type Column, DataTable } from '../features/admin/data-table.tsx';
import { listParams } from '../features/admin/list-params.ts';
import { FilterSelect, ListToolbar } from '../features/admin/list-toolbar.tsx';
import { type MarketRow, marketListQuery, ratePercent } from '../features/admin/markets.ts';
import { userApi } from '../lib/auth.server.ts';
import { guarded } from '../lib/guards.server.ts';
import { countryName, useTranslation } from '../lib/i18n.ts';
import { pageMeta } from '../lib/page.ts';
import { useLocale, useLocalePath } from '../lib/use-locale.ts';
import type { Route } from './+types/admin-markets';

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(matches, location.pathname, 'admin_nav_markets');

/** Every country, active or paused (decision 043), with its currency, language and tax. */
export const loader = guarded(['admin'], async ({ context, request }: Route.LoaderArgs) => {
  const query = marketListQuery(listParams(new URL(request.url), ['status']));
  return userApi(context, request).call('getAdminMarkets', { query });
});

export default function AdminMarkets() {
  const { t } = useTranslation();
  const page = useLoaderData<typeof loader>();
  const locale = useLocale();
  const localePath = useLocalePath();
  const columns: Column<MarketRow>[] = [
    {
      key: 'name',
      label: t('admin_markets_name'),
      sortable: true,
      render: (m) => (
        <Link to={localePath(`/admin/markets/${m.code}`)} className="underline underline-offset-2">
          {countryName(m.code, locale, m.name)}
        </Link>
      ),
    },
    { key: 'code', label: t('admin_markets_code'), sortable: true, render: (m) => m.code },
    {
      key: 'status',
      label: t('admin_markets_status'),
      sortable: true,
      render: (m) => (
        <span className={m.status === 'active' ? 'font-medium text-green-800' : 'text-neutral-700'}>
          {t(`admin_markets_${m.status}`)}
          {m.isDefault ? ` · ${t('admin_markets_default')}` : ''}
        </span>
      ),
    },
    {
      key: 'currency',
      label: t('admin_markets_currency'),
      sortable: true,
      render: (m) => `${m.currency.code} (${m.currency.symbol})`,
    },
    { key: 'language', label: t('admin_markets_language'), render: (m) => m.language },
    {
      key: 'tax',
      label: t('admin_markets_rate'),
      numeric: true,
      render: (m) => `${ratePercent(m.vatRateBp)} % · ${t(`admin_markets_${m.taxDisplay}`)}`,
    },
  ];
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-3xl font-bold tracking-tight">{t('admin_nav_markets')}</h1>
      <ListToolbar searchLabel={t('admin_markets_search')} exportName="markets">
        <FilterSelect
          label={t('admin_markets_status')}
          name="status"
          options={[
            { value: 'active', label: t('admin_markets_active') },
            { value: 'paused', label: t('admin_markets_paused') },
          ]}
        />
      </ListToolbar>
      <DataTable
        caption={t('admin_nav_markets')}
        columns={columns}
        rows={page.docs}
        rowKey={(m) => m.code}
        total={page.total}
        page={page.page}
        pageSize={page.pageSize}
        empty={t('admin_markets_empty')}
      />
    </div>
  );
}
