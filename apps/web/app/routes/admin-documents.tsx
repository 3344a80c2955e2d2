import { Link, useLoaderData } from 'react-router';
import { type Column, DataTable } from '../features/admin/data-table.tsx';
import { listParams } from '../features/admin/list-params.ts';
import { ListToolbar } from '../features/admin/list-toolbar.tsx';
import { userApi } from '../lib/auth.server.ts';
import { guarded } from '../lib/guards.server.ts';
import { useTranslation } from '../lib/i18n.ts';
import { pageMeta } from '../lib/page.ts';
import { useLocalePath } from '../lib/use-locale.ts';
import { buttonClass } from '../ui/button.ts';
import type { Route } from './+types/admin-documents';

// The back office's technical documents (decision 060): search, sort, pages; a new one; each opens its page.

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(matches, location.pathname, 'admin_documents_title');

export const loader = guarded(['admin'], async ({ context, request }: Route.LoaderArgs) => {
  const { sort, ...rest } = listParams(new URL(request.url), []);
  const query = { ...rest, ...(sort === 'code' || sort === 'name' ? { sort: sort as 'code' | 'name' } : {}) };
  return userApi(context, request).call('getAdminTechnicalDocuments', { query });
});

type Row = Awaited<ReturnType<typeof loader>>['docs'][number];

export default function AdminDocuments() {
  const { t } = useTranslation();
  const page = useLoaderData<typeof loader>();
  const localePath = useLocalePath();
  const columns: Column<Row>[] = [
    {
      key: 'code',
      label: t('admin_documents_code'),
      sortable: true,
      render: (row) => (
        <Link to={localePath(`/admin/documents/${row.id}`)} className="font-mono text-xs underline underline-offset-2">
          {row.code}
        </Link>
      ),
    },
    {
      key: 'name',
      label: t('admin_parts_name'),
      sortable: true,
      render: (row) => (row.nameKey && t(row.nameKey) !== row.nameKey ? t(row.nameKey) : row.name),
    },
    {
      key: 'model',
      label: t('admin_parts_fits'),
      render: (row) => (row.model ? t(`model_${row.model.replace(/-/g, '_')}_name`) : t('admin_parts_fits_all')),
    },
    {
      key: 'file',
      label: t('admin_documents_file'),
      render: (row) =>
        row.retired
          ? t('admin_parts_retired')
          : row.upload
            ? t('admin_documents_file_pdf')
            : row.printable
              ? t('admin_documents_file_drawn')
              : '—',
    },
  ];
  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold tracking-tight">{t('admin_documents_title')}</h1>
        <p className="text-neutral-700">{t('admin_documents_intro')}</p>
        <p>
          <Link to={localePath('/admin/documents/new')} className={buttonClass.primary}>
            {t('admin_documents_new')}
          </Link>
        </p>
      </header>
      <ListToolbar searchLabel={t('admin_documents_search')} />
      <DataTable
        caption={t('admin_documents_title')}
        columns={columns}
        rows={page.docs}
        rowKey={(row) => row.id}
        total={page.total}
        page={page.page}
        pageSize={page.pageSize}
        empty={t('admin_parts_empty')}
      />
    </div>
  );
}
