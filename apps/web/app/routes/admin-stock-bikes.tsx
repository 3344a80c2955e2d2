import { localeTag } from '@varg/domain';
import { Link, useLoaderData } from 'react-router';
import { type Column, DataTable } from '../features/admin/data-table.tsx';
import { listParams } from '../features/admin/list-params.ts';
import { FilterSelect, ListToolbar } from '../features/admin/list-toolbar.tsx';
import { STOCK_FILTERS, type StockBikeRow, stockListQuery } from '../features/admin/stock/list.ts';
import { STOCK_MODELS } from '../features/stock-bikes/query.ts';
import { userApi } from '../lib/auth.server.ts';
import { formatUtcDateTime } from '../lib/format.ts';
import { guarded } from '../lib/guards.server.ts';
import { countryName, useTranslation } from '../lib/i18n.ts';
import { pageMeta } from '../lib/page.ts';
import { useLocale, useLocalePath } from '../lib/use-locale.ts';
import { buttonClass } from '../ui/button.ts';
import type { Route } from './+types/admin-stock-bikes';

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(matches, location.pathname, 'admin_nav_stock_bikes');

/** Stock bikes of every market and status (decision 043): search, filters, sort, pages and CSV in the address. */
export const loader = guarded(['admin'], async ({ context, request }: Route.LoaderArgs) => {
  const api = userApi(context, request);
  const params = listParams(new URL(request.url), STOCK_FILTERS);
  const [page, options, markets] = await Promise.all([
    api.call('getAdminStockBikes', { query: stockListQuery(params) }),
    api.call('getAdminStockBikesFormOptions'),
    api.call('getAdminMarkets', { query: { pageSize: 500, sort: 'name', dir: 'asc' } }),
  ]);
  return { page, dealers: options.dealers, markets: markets.docs.map((m) => m.code) };
});

export default function AdminStockBikes() {
  const { t } = useTranslation();
  const { page, dealers, markets } = useLoaderData<typeof loader>();
  const locale = useLocale();
  const tag = localeTag(locale);
  const localePath = useLocalePath();
  const modelName = (id: string) => {
    const model = STOCK_MODELS.find((m) => m.id === id);
    return model ? t(model.nameKey) : id;
  };
  const columns: Column<StockBikeRow>[] = [
    {
      key: 'vin',
      label: t('admin_stock_vin'),
      sortable: true,
      render: (bike) => (
        <Link
          to={localePath(`/admin/stock-bikes/${bike._id}`)}
          className="font-mono whitespace-nowrap underline underline-offset-2"
        >
          {bike.vin ?? `${bike._id} · ${t('admin_stock_no_vin')}`}
        </Link>
      ),
    },
    { key: 'productId', label: t('admin_stock_model'), sortable: true, render: (bike) => modelName(bike.productId) },
    {
      key: 'country',
      label: t('admin_stock_market'),
      sortable: true,
      render: (bike) => countryName(bike.country, locale, bike.country),
    },
    { key: 'dealer', label: t('admin_stock_dealer'), render: (bike) => bike.dealer?.name ?? t('admin_stock_hq') },
    {
      key: 'status',
      label: t('admin_stock_status'),
      sortable: true,
      render: (bike) => t(`admin_stock_status_${bike.status}`),
    },
    { key: 'photos', label: t('admin_stock_photos'), numeric: true, render: (bike) => bike.photos.length },
    {
      key: 'updatedAt',
      label: t('admin_stock_updated'),
      sortable: true,
      render: (bike) => formatUtcDateTime(bike.updatedAt, tag),
    },
  ];
  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-3xl font-bold tracking-tight">{t('admin_nav_stock_bikes')}</h1>
        <Link to={localePath('/admin/stock-bikes/new')} className={buttonClass.primary}>
          {t('admin_stock_new')}
        </Link>
      </header>
      <ListToolbar searchLabel={t('admin_stock_search')} exportName="stock-bikes">
        <FilterSelect
          label={t('admin_stock_market')}
          name="country"
          options={markets.map((code) => ({ value: code, label: countryName(code, locale, code) }))}
        />
        <FilterSelect
          label={t('admin_stock_dealer')}
          name="dealerId"
          options={[
            { value: 'hq', label: t('admin_stock_hq') },
            ...dealers.map((d) => ({ value: d._id, label: d.name })),
          ]}
        />
        <FilterSelect
          label={t('admin_stock_status')}
          name="status"
          options={(['available', 'reserved', 'sold', 'retired'] as const).map((s) => ({
            value: s,
            label: t(`admin_stock_status_${s}`),
          }))}
        />
      </ListToolbar>
      <DataTable
        caption={t('admin_nav_stock_bikes')}
        columns={columns}
        rows={page.docs}
        rowKey={(bike) => bike._id}
        total={page.total}
        page={page.page}
        pageSize={page.pageSize}
        empty={t('admin_stock_empty')}
      />
    </div>
  );
}
