import { Link, useLoaderData } from 'react-router';
import { MODEL_STATUS_KEYS, MODEL_STATUSES, modelsQuery } from '../features/admin/catalogue.ts';
import { type Column, DataTable } from '../features/admin/data-table.tsx';
import { FilterSelect, ListToolbar } from '../features/admin/list-toolbar.tsx';
import { userApi } from '../lib/auth.server.ts';
import { guarded } from '../lib/guards.server.ts';
import { useTranslation } from '../lib/i18n.ts';
import { pageMeta } from '../lib/page.ts';
import { useLocalePath } from '../lib/use-locale.ts';
import type { Route } from './+types/admin-catalogue';

// The back office's models (decision 041): search, status filter, sort, CSV; each opens its model page.

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(matches, location.pathname, 'admin_catalogue_title');

export const loader = guarded(['admin'], async ({ context, request }: Route.LoaderArgs) => {
  const query = modelsQuery(new URL(request.url));
  return userApi(context, request).call('getAdminCatalogueModels', { query });
});

type Row = Awaited<ReturnType<typeof loader>>['docs'][number];

export default function AdminCatalogue() {
  const { t } = useTranslation();
  const page = useLoaderData<typeof loader>();
  const localePath = useLocalePath();
  const columns: Column<Row>[] = [
    {
      key: 'name',
      label: t('admin_catalogue_model'),
      sortable: true,
      render: (row) => (
        <Link to={localePath(`/admin/catalogue/${row._id}`)} className="font-medium underline underline-offset-2">
          {t(row.nameKey)}
        </Link>
      ),
    },
    { key: 'id', label: t('admin_catalogue_slug'), render: (row) => <code className="text-xs">{row._id}</code> },
    {
      key: 'status',
      label: t('admin_catalogue_status'),
      sortable: true,
      render: (row) => t(MODEL_STATUS_KEYS[row.status]),
    },
    { key: 'options', label: t('admin_catalogue_options'), numeric: true, render: (row) => row.options },
    { key: 'sort', label: t('admin_catalogue_position'), sortable: true, numeric: true, render: (row) => row.sort },
  ];
  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold tracking-tight">{t('admin_catalogue_title')}</h1>
        <p className="text-neutral-700">{t('admin_catalogue_intro')}</p>
      </header>
      <ListToolbar searchLabel={t('admin_catalogue_search')} exportName="catalogue">
        <FilterSelect
          label={t('admin_catalogue_status')}
          name="status"
          options={MODEL_STATUSES.map((value) => ({ value, label: t(MODEL_STATUS_KEYS[value]) }))}
        />
      </ListToolbar>
      <DataTable
        caption={t('admin_catalogue_title')}
        columns={columns}
        rows={page.docs}
        rowKey={(row) => row._id}
        total={page.total}
        page={page.page}
        pageSize={page.pageSize}
        empty={t('admin_catalogue_empty')}
      />
    </div>
  );
}
