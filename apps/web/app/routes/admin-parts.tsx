import { AVAILABILITIES, formatMoney, localeTag, STORE_KINDS } from '@varg/domain';
import { Link, useLoaderData } from 'react-router';
import { type Column, DataTable } from '../features/admin/data-table.tsx';
import { FilterSelect, ListToolbar } from '../features/admin/list-toolbar.tsx';
import { KIND_KEYS, partsQuery } from '../features/admin/parts.ts';
import { articleName } from '../features/store/labels.ts';
import { userApi } from '../lib/auth.server.ts';
import { guarded } from '../lib/guards.server.ts';
import { useTranslation } from '../lib/i18n.ts';
import { pageMeta } from '../lib/page.ts';
import { useLocale, useLocalePath } from '../lib/use-locale.ts';
import { buttonClass } from '../ui/button.ts';
import type { Route } from './+types/admin-parts';

// The back office's parts, accessories, merchandise and extended warranties (decision 041): one row per SKU.

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(matches, location.pathname, 'admin_parts_title');

export const loader = guarded(['admin'], async ({ context, request }: Route.LoaderArgs) =>
  userApi(context, request).call('getAdminParts', { query: partsQuery(new URL(request.url)) }),
);

type Row = Awaited<ReturnType<typeof loader>>['docs'][number];

/** The currency shown in the list (every price is on the SKU's page). */
const LIST_CURRENCY = 'EUR';

export default function AdminParts() {
  const { t } = useTranslation();
  const page = useLoaderData<typeof loader>();
  const localePath = useLocalePath();
  const tag = localeTag(useLocale());
  const columns: Column<Row>[] = [
    {
      key: 'sku',
      label: t('admin_parts_sku'),
      sortable: true,
      render: (row) => (
        <Link to={localePath(`/admin/parts/${row.sku}`)} className="font-mono text-xs underline underline-offset-2">
          {row.sku}
        </Link>
      ),
    },
    { key: 'name', label: t('admin_parts_name'), sortable: true, render: (row) => articleName(t, row) },
    { key: 'kind', label: t('admin_parts_kind'), render: (row) => t(KIND_KEYS[row.kind]) },
    {
      key: 'model',
      label: t('admin_parts_fits'),
      render: (row) =>
        row.fits.length
          ? row.fits.map((m) => t(`model_${m.replace(/-/g, '_')}_name`)).join(', ')
          : t('admin_parts_fits_all'),
    },
    {
      key: 'availability',
      label: t('admin_parts_availability'),
      sortable: true,
      render: (row) => (row.retired ? t('admin_parts_retired') : t(`store_availability_${row.shopAvailability}`)),
    },
    {
      key: 'quantity',
      label: t('admin_parts_quantity'),
      numeric: true,
      render: (row) => (row.quantity === null ? '—' : row.quantity),
    },
    {
      key: 'price',
      label: `${t('admin_parts_price')} (${LIST_CURRENCY})`,
      numeric: true,
      render: (row) => {
        const price = row.prices.find((p) => p.currency === LIST_CURRENCY);
        return price ? formatMoney({ amount: price.listPrice, currency: LIST_CURRENCY }, tag) : '—';
      },
    },
  ];
  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold tracking-tight">{t('admin_parts_title')}</h1>
        <p className="text-neutral-700">{t('admin_parts_intro')}</p>
        <p>
          <Link to={localePath('/admin/parts/articles/new')} className={buttonClass.primary}>
            {t('admin_parts_article_new')}
          </Link>
        </p>
      </header>
      <ListToolbar searchLabel={t('admin_parts_search')} exportName="parts">
        <FilterSelect
          label={t('admin_parts_kind')}
          name="kind"
          options={STORE_KINDS.map((value) => ({ value, label: t(KIND_KEYS[value]) }))}
        />
        <FilterSelect
          label={t('admin_parts_availability')}
          name="availability"
          options={AVAILABILITIES.map((value) => ({ value, label: t(`store_availability_${value}`) }))}
        />
        <FilterSelect
          label={t('admin_parts_stock_filter')}
          name="stock"
          options={[
            { value: 'low', label: t('admin_parts_stock_low') },
            { value: 'retired', label: t('admin_parts_retired') },
          ]}
        />
      </ListToolbar>
      <DataTable
        caption={t('admin_parts_title')}
        columns={columns}
        rows={page.docs}
        rowKey={(row) => row.sku}
        total={page.total}
        page={page.page}
        pageSize={page.pageSize}
        empty={t('admin_parts_empty')}
      />
    </div>
  );
}
