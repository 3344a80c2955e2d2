import { localeTag } from '@varg/domain';
import { Link, useLoaderData } from 'react-router';
import { type Column, DataTable } from '../features/admin/data-table.tsx';
import { listParams } from '../features/admin/list-params.ts';
import { FilterSelect, ListToolbar } from '../features/admin/list-toolbar.tsx';
import { DealerStatus } from '../features/admin/people/badge.tsx';
import { DEALER_FILTERS, DEALER_STATUSES, dealerQuery } from '../features/admin/people/queries.ts';
import type { Answer } from '../lib/api-call.ts';
import { userApi } from '../lib/auth.server.ts';
import { guarded } from '../lib/guards.server.ts';
import { countryName, useTranslation } from '../lib/i18n.ts';
import { pageMeta } from '../lib/page.ts';
import { useLocale, useLocalePath } from '../lib/use-locale.ts';
import type { Route } from './+types/admin-dealers';

type Dealer = Answer<'getAdminDealers'>['docs'][number];

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(matches, location.pathname, 'admin_nav_dealers');

/** The dealers (issue 24 item 7, decision 044): search, filters, sort, CSV; each opens its terms and ledger. */
export const loader = guarded(['admin'], async ({ context, request }: Route.LoaderArgs) => {
  const params = listParams(new URL(request.url), DEALER_FILTERS);
  const api = userApi(context, request);
  const [page, countries] = await Promise.all([
    api.call('getAdminDealers', { query: dealerQuery(params) }),
    api.call('getCountry', { query: { limit: 300 } }),
  ]);
  return { page, countries: countries.docs.map((c) => c.code).sort() };
});

export default function AdminDealers() {
  const { t } = useTranslation();
  const { page, countries } = useLoaderData<typeof loader>();
  const locale = useLocale();
  const localePath = useLocalePath();
  const tag = localeTag(locale);
  const columns: Column<Dealer>[] = [
    {
      key: 'storeName',
      label: t('ledger_group_store'),
      sortable: true,
      render: (d) => (
        <Link to={localePath(`/admin/dealers/${d._id}`)} className="font-medium underline underline-offset-2">
          {d.storeName || d.email}
        </Link>
      ),
    },
    { key: 'company', label: t('admin_dealers_company'), render: (d) => d.companyName || '—' },
    { key: 'email', label: t('auth_email'), sortable: true, render: (d) => d.email },
    {
      key: 'country',
      label: t('admin_customers_country'),
      render: (d) => countryName(d.country, locale, d.country),
    },
    { key: 'group', label: t('dealer_applications_group'), sortable: true, render: (d) => d.groupName || '—' },
    { key: 'status', label: t('ledger_status'), sortable: true, render: (d) => <DealerStatus status={d.status} /> },
    {
      key: 'maxDiscount',
      label: t('admin_dealers_max_discount'),
      numeric: true,
      render: (d) => `${(d.maxDiscountBp / 100).toLocaleString(tag)} %`,
    },
    {
      key: 'createdAt',
      label: t('admin_customers_created'),
      sortable: true,
      render: (d) => (
        <time dateTime={d.createdAt} className="whitespace-nowrap">
          {d.createdAt.slice(0, 10)}
        </time>
      ),
    },
  ];
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-3xl font-bold tracking-tight">{t('admin_nav_dealers')}</h1>
      <ListToolbar searchLabel={t('admin_dealers_search')} exportName="dealers">
        <FilterSelect
          label={t('ledger_status')}
          name="status"
          options={DEALER_STATUSES.map((s) => ({ value: s, label: t(`admin_dealers_status_${s}`) }))}
        />
        <FilterSelect
          label={t('admin_customers_country')}
          name="country"
          options={countries.map((code) => ({ value: code, label: countryName(code, locale, code) }))}
        />
      </ListToolbar>
      <DataTable
        caption={t('admin_nav_dealers')}
        columns={columns}
        rows={page.docs}
        rowKey={(d) => d._id}
        total={page.total}
        page={page.page}
        pageSize={page.pageSize}
        empty={t('admin_dealers_empty')}
      />
    </div>
  );
}
