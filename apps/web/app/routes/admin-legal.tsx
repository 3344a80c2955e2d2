import type { LegalDocumentView } from '@varg/contracts';
import { localeTag } from '@varg/domain';
import { Link, useActionData, useLoaderData } from 'react-router';
import { type Column, DataTable } from '../features/admin/data-table.tsx';
import { LegalForm } from '../features/admin/legal-form.tsx';
import { publishLegal } from '../features/admin/legal-publish.server.ts';
import { userApi } from '../lib/auth.server.ts';
import { formatUtcDateTime } from '../lib/format.ts';
import { guarded } from '../lib/guards.server.ts';
import { useTranslation } from '../lib/i18n.ts';
import { pageMeta } from '../lib/page.ts';
import { useLocale, useLocalePath } from '../lib/use-locale.ts';
import { FormMessage } from '../ui/field.tsx';
import type { Route } from './+types/admin-legal';

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(matches, location.pathname, 'admin_nav_legal');

/** Legal documents (decision 047): the newest version of each, and a first version for another market or language. */
export const loader = guarded(['admin'], async ({ context, request }: Route.LoaderArgs) =>
  userApi(context, request).call('getAdminLegal'),
);

export const action = guarded(['admin'], ({ context, request }: Route.ActionArgs) => publishLegal(context, request));

export default function AdminLegal() {
  const { t } = useTranslation();
  const { docs } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const localePath = useLocalePath();
  const tag = localeTag(useLocale());
  const columns: Column<LegalDocumentView>[] = [
    {
      key: 'title',
      label: t('admin_legal_title'),
      render: (d) => (
        <Link to={localePath(`/admin/legal/${d.id}`)} className="font-medium underline-offset-2 hover:underline">
          {d.title}
        </Link>
      ),
    },
    { key: 'kind', label: t('admin_legal_kind'), render: (d) => t(`legal_${d.kind}_title`) },
    {
      key: 'country',
      label: t('admin_legal_market'),
      render: (d) => (d.country === '*' ? t('admin_legal_every_market') : d.country),
    },
    { key: 'lang', label: t('admin_legal_language'), render: (d) => d.lang },
    { key: 'version', label: t('admin_legal_version'), numeric: true, render: (d) => d.version },
    { key: 'publishedAt', label: t('admin_legal_published'), render: (d) => formatUtcDateTime(d.publishedAt, tag) },
  ];
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-3xl font-bold tracking-tight">{t('admin_nav_legal')}</h1>
      <p className="max-w-3xl text-neutral-700">{t('admin_legal_intro')}</p>
      <DataTable
        caption={t('admin_nav_legal')}
        columns={columns}
        rows={docs}
        rowKey={(d) => d.id}
        total={docs.length}
        page={1}
        pageSize={Math.max(docs.length, 1)}
        empty={t('admin_legal_empty')}
      />
      <section aria-labelledby="legal-new" className="flex flex-col gap-4 border-t border-neutral-200 pt-6">
        <h2 id="legal-new" className="text-xl font-semibold">
          {t('admin_legal_new')}
        </h2>
        <p className="max-w-3xl text-neutral-700">{t('admin_legal_new_intro')}</p>
        {result?.message && <FormMessage tone="error">{result.message}</FormMessage>}
        <LegalForm
          fixed={false}
          draft={result?.draft ?? { kind: 'sale', country: '*', lang: 'en-us', title: '', body: '' }}
          errors={result?.errors ?? {}}
        />
      </section>
    </div>
  );
}
