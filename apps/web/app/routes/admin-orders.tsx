import type { AdminOrderRow } from '@varg/contracts';
import { localeTag } from '@varg/domain';
import { Link, useActionData, useLoaderData, useLocation, useNavigation } from 'react-router';
import { type Column, DataTable } from '../features/admin/data-table.tsx';
import { withParams } from '../features/admin/list-params.ts';
import { FilterSelect, ListToolbar } from '../features/admin/list-toolbar.tsx';
import { BulkCancel, type BulkState } from '../features/admin/orders/bulk-cancel.tsx';
import { ORDER_KINDS, ORDER_STATUSES, orderListQuery } from '../features/admin/orders/params.ts';
import { OrderStatusBadge } from '../features/orders/status.tsx';
import { isApiRequestError } from '../lib/api.ts';
import { userApi } from '../lib/auth.server.ts';
import { formatUtcDateTime, useFormat } from '../lib/format.ts';
import { guarded } from '../lib/guards.server.ts';
import { countryName, useTranslation } from '../lib/i18n.ts';
import { activeCountries } from '../lib/locale.server.ts';
import { pageMeta } from '../lib/page.ts';
import { useLocale, useLocalePath } from '../lib/use-locale.ts';
import type { Route } from './+types/admin-orders';

// The back office's orders (issue 24 item 5, decision 042): every order with search, filters, sort, pages and CSV
// export, and the unpaid orders past their payment deadline, which can be cancelled together.

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(matches, location.pathname, 'admin_nav_orders');

export const loader = guarded(['admin'], async ({ context, request }: Route.LoaderArgs) => {
  const query = orderListQuery(new URL(request.url));
  const [list, countries] = await Promise.all([
    userApi(context, request).call('getAdminOrders', { query }),
    activeCountries(context),
  ]);
  return { list, markets: countries.map((c) => c.code), overdue: query.view === 'overdue' };
});

export const action = guarded(['admin'], async ({ context, request }: Route.ActionArgs): Promise<BulkState> => {
  const form = await request.formData();
  const ids = form.getAll('ids').map(String).slice(0, 100);
  if (ids.length === 0) return { step: 'none' };
  if (form.get('intent') !== 'confirm') return { step: 'review', ids };
  try {
    const { results } = await userApi(context, request).call('postAdminOrdersCancel', {
      body: { ids, refundTo: 'original', reason: '' },
    });
    return { step: 'done', results };
  } catch (error) {
    if (!isApiRequestError(error) || error.status >= 500) throw error;
    return { step: 'error', message: error.message };
  }
});

export default function AdminOrders() {
  const { t } = useTranslation();
  const { list, markets, overdue } = useLoaderData<typeof loader>();
  const bulk = useActionData<typeof action>();
  const navigation = useNavigation();
  const { search } = useLocation();
  const locale = useLocale();
  const localePath = useLocalePath();
  const format = useFormat();
  const tag = localeTag(locale);
  const tab = (active: boolean) =>
    `rounded-full px-4 py-2 text-sm font-semibold ${active ? 'bg-neutral-900 text-white' : 'border border-neutral-300 hover:bg-neutral-50'}`;
  const columns: Column<AdminOrderRow>[] = [
    ...(overdue
      ? [
          {
            key: 'select',
            label: t('admin_orders_select_column'),
            render: (o: AdminOrderRow) => (
              <input
                type="checkbox"
                name="ids"
                value={o.id}
                form="bulk-cancel"
                aria-label={t('admin_orders_select', { number: o.number })}
                className="size-4"
              />
            ),
          },
        ]
      : []),
    {
      key: 'number',
      label: t('admin_orders_number'),
      sortable: true,
      render: (o) => (
        <Link to={localePath(`/admin/orders/${o.id}`)} className="font-semibold underline underline-offset-4">
          {o.number}
        </Link>
      ),
    },
    {
      key: 'createdAt',
      label: t('admin_orders_placed'),
      sortable: true,
      render: (o) => <span className="whitespace-nowrap">{formatUtcDateTime(o.createdAt, tag)}</span>,
    },
    {
      key: 'buyer',
      label: t('admin_orders_buyer'),
      sortable: true,
      render: (o) => (
        <span className="flex flex-col">
          <span>{o.buyer.name}</span>
          <span className="text-neutral-700">{o.buyer.email}</span>
          {o.vins.length > 0 && <span className="font-mono text-xs">{o.vins.join(', ')}</span>}
        </span>
      ),
    },
    {
      key: 'country',
      label: t('admin_orders_market'),
      sortable: true,
      render: (o) => countryName(o.country, locale, o.country),
    },
    { key: 'kind', label: t('admin_orders_kind'), render: (o) => t(`order_type_${o.type}`) },
    { key: 'status', label: t('admin_orders_status'), render: (o) => <OrderStatusBadge status={o.status} /> },
    { key: 'dealer', label: t('admin_orders_dealer'), render: (o) => o.dealer?.name ?? '—' },
    {
      key: 'total',
      label: t('order_total'),
      sortable: true,
      numeric: true,
      render: (o) => format.money(o.total, o.currency),
    },
    { key: 'due', label: t('admin_orders_due'), numeric: true, render: (o) => format.money(o.toPay, o.currency) },
    ...(overdue
      ? [
          {
            key: 'deadline',
            label: t('admin_orders_deadline'),
            render: (o: AdminOrderRow) => (o.paymentDeadline ? formatUtcDateTime(o.paymentDeadline, tag) : '—'),
          },
        ]
      : []),
  ];
  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold tracking-tight">{t('admin_nav_orders')}</h1>
        <p className="text-neutral-700">{overdue ? t('admin_orders_overdue_intro') : t('admin_orders_intro')}</p>
      </header>
      <nav aria-label={t('admin_orders_views')} className="flex flex-wrap gap-2">
        <Link
          to={withParams(search, { view: null, page: null })}
          className={tab(!overdue)}
          aria-current={overdue ? undefined : 'page'}
        >
          {t('admin_orders_view_all')}
        </Link>
        <Link
          to={withParams(search, { view: 'overdue', page: null })}
          className={tab(overdue)}
          aria-current={overdue ? 'page' : undefined}
        >
          {t('admin_orders_view_overdue')}
        </Link>
      </nav>
      <ListToolbar searchLabel={t('admin_orders_search')} exportName="orders">
        {overdue && <input type="hidden" name="view" value="overdue" />}
        <FilterSelect
          label={t('admin_orders_market')}
          name="market"
          options={markets.map((code) => ({ value: code, label: countryName(code, locale, code) }))}
        />
        <FilterSelect
          label={t('admin_orders_status')}
          name="status"
          options={ORDER_STATUSES.map((s) => ({ value: s, label: t(`order_status_${s}`) }))}
        />
        <FilterSelect
          label={t('admin_orders_kind')}
          name="kind"
          options={ORDER_KINDS.map((k) => ({ value: k, label: t(`order_type_${k}`) }))}
        />
        <FilterSelect
          label={t('admin_orders_dealer')}
          name="dealer"
          options={list.dealers.map((d) => ({ value: d.id, label: d.name }))}
        />
        <DateFilter label={t('admin_orders_from')} name="from" />
        <DateFilter label={t('admin_orders_to')} name="to" />
      </ListToolbar>
      {overdue && (list.docs.length > 0 || bulk) && (
        <BulkCancel state={bulk} rows={list.docs} busy={navigation.state === 'submitting'} />
      )}
      <DataTable
        caption={overdue ? t('admin_orders_view_overdue') : t('admin_nav_orders')}
        columns={columns}
        rows={list.docs}
        rowKey={(o) => o.id}
        total={list.total}
        page={list.page}
        pageSize={list.pageSize}
        empty={t('admin_orders_empty')}
      />
    </div>
  );
}

function DateFilter({ label, name }: { label: string; name: string }) {
  const { search } = useLocation();
  return (
    <label className="flex flex-col gap-1 text-sm font-medium">
      {label}
      <input
        type="date"
        name={name}
        defaultValue={new URLSearchParams(search).get(name) ?? ''}
        className="rounded-lg border border-neutral-300 px-3 py-2 font-normal"
      />
    </label>
  );
}
