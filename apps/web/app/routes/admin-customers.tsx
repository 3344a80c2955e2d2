import { Form, Link, useLoaderData, useNavigation } from 'react-router';
import { type Column, DataTable } from '../features/admin/data-table.tsx';
import { listParams } from '../features/admin/list-params.ts';
import { FilterSelect, ListToolbar } from '../features/admin/list-toolbar.tsx';
import { Badge } from '../features/admin/people/badge.tsx';
import { ACCOUNT_FILTERS, accountQuery } from '../features/admin/people/queries.ts';
import type { Answer } from '../lib/api-call.ts';
import { userApi } from '../lib/auth.server.ts';
import { guarded } from '../lib/guards.server.ts';
import { countryName, useTranslation } from '../lib/i18n.ts';
import { pageMeta } from '../lib/page.ts';
import { useLocale, useLocalePath } from '../lib/use-locale.ts';
import type { Route } from './+types/admin-customers';

type Account = Answer<'getAdminCustomers'>['docs'][number];

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(matches, location.pathname, 'admin_nav_customers');

/** Every person's account (issue 24 item 6, decision 044): search, filters, sort, CSV, act as a customer. */
export const loader = guarded(['admin'], async ({ context, request }: Route.LoaderArgs) => {
  const params = listParams(new URL(request.url), ACCOUNT_FILTERS);
  const api = userApi(context, request);
  const [page, countries] = await Promise.all([
    api.call('getAdminCustomers', { query: accountQuery(params) }),
    api.call('getCountry', { query: { limit: 300 } }),
  ]);
  return { page, countries: countries.docs.map((c) => c.code).sort() };
});

export default function AdminCustomers() {
  const { t } = useTranslation();
  const { page, countries } = useLoaderData<typeof loader>();
  const locale = useLocale();
  const localePath = useLocalePath();
  const navigation = useNavigation();
  const yesNo = [
    { value: 'yes', label: t('admin_customers_yes') },
    { value: 'no', label: t('admin_customers_no') },
  ];
  const columns: Column<Account>[] = [
    {
      key: 'email',
      label: t('auth_email'),
      sortable: true,
      render: (a) => (
        <Link to={localePath(`/admin/customers/${a._id}`)} className="font-medium underline underline-offset-2">
          {a.email}
        </Link>
      ),
    },
    { key: 'name', label: t('admin_customers_name'), sortable: true, render: (a) => `${a.name} ${a.secondName}` },
    { key: 'phone', label: t('admin_customers_phone'), render: (a) => a.phone || '—' },
    {
      key: 'country',
      label: t('admin_customers_country'),
      sortable: true,
      render: (a) => countryName(a.country, locale, a.country),
    },
    { key: 'roles', label: t('admin_customers_roles'), render: (a) => a.roles.join(', ') },
    {
      key: 'state',
      label: t('admin_customers_state'),
      render: (a) => (
        <span className="flex flex-wrap gap-1">
          {a.disabled && <Badge tone="red">{t('admin_customers_disabled')}</Badge>}
          {!a.emailConfirmed && <Badge tone="amber">{t('admin_customers_unconfirmed')}</Badge>}
          {!a.disabled && a.emailConfirmed && <Badge tone="green">{t('admin_customers_active')}</Badge>}
        </span>
      ),
    },
    {
      key: 'createdAt',
      label: t('admin_customers_created'),
      sortable: true,
      render: (a) => (
        <time dateTime={a.createdAt} className="whitespace-nowrap">
          {a.createdAt.slice(0, 10)}
        </time>
      ),
    },
    {
      key: 'actAs',
      label: t('admin_customers_act'),
      render: (a) =>
        a.actAs ? (
          <Form method="post" action="/impersonation">
            <input type="hidden" name="intent" value="start" />
            <input type="hidden" name="userId" value={a._id} />
            <button
              type="submit"
              className="rounded-full border border-neutral-300 px-3 py-1 text-xs font-semibold hover:bg-neutral-50"
              aria-label={`${t('admin_impersonate_button')}: ${a.email}`}
              disabled={navigation.state === 'submitting'}
            >
              {t('admin_impersonate_button')}
            </button>
          </Form>
        ) : null,
    },
  ];
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-3xl font-bold tracking-tight">{t('admin_nav_customers')}</h1>
      <ListToolbar searchLabel={t('admin_customers_search')} exportName="customers">
        <FilterSelect
          label={t('admin_customers_country')}
          name="country"
          options={countries.map((code) => ({ value: code, label: countryName(code, locale, code) }))}
        />
        <FilterSelect label={t('admin_customers_confirmed')} name="confirmed" options={yesNo} />
        <FilterSelect label={t('admin_customers_disabled')} name="disabled" options={yesNo} />
      </ListToolbar>
      <DataTable
        caption={t('admin_nav_customers')}
        columns={columns}
        rows={page.docs}
        rowKey={(a) => a._id}
        total={page.total}
        page={page.page}
        pageSize={page.pageSize}
        empty={t('admin_customers_empty')}
      />
    </div>
  );
}
