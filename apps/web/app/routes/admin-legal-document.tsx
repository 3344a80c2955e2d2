import { localeTag } from '@varg/domain';
import { data, Link, useActionData, useLoaderData, useSearchParams } from 'react-router';
import { AuditTrail } from '../features/admin/audit-trail.tsx';
import { LegalForm } from '../features/admin/legal-form.tsx';
import { publishLegal } from '../features/admin/legal-publish.server.ts';
import { LegalBody } from '../features/legal/document.tsx';
import { userApi } from '../lib/auth.server.ts';
import { formatUtcDateTime } from '../lib/format.ts';
import { guarded } from '../lib/guards.server.ts';
import { useTranslation } from '../lib/i18n.ts';
import { pageMeta } from '../lib/page.ts';
import { useLocale, useLocalePath } from '../lib/use-locale.ts';
import { FormMessage } from '../ui/field.tsx';
import type { Route } from './+types/admin-legal-document';

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(matches, location.pathname, 'admin_nav_legal');

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One version of a legal document: its text, every version, the form for the next one, and its history. */
export const loader = guarded(['admin'], async ({ context, request, params }: Route.LoaderArgs) => {
  if (!UUID.test(params.id)) throw data({ message: 'error_not_found' }, { status: 404 });
  const api = userApi(context, request);
  const { document, versions } = await api.call('getAdminLegalById', { path: { id: params.id } });
  const trail = await api.call('getAdminAuditByEntityTypeByEntityId', {
    path: { entityType: 'legal', entityId: `${document.kind}/${document.country}/${document.lang}` },
  });
  return { document, versions, trail: trail.docs };
});

export const action = guarded(['admin'], ({ context, request }: Route.ActionArgs) => publishLegal(context, request));

export default function AdminLegalDocument() {
  const { t } = useTranslation();
  const { document, versions, trail } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const [search] = useSearchParams();
  const localePath = useLocalePath();
  const tag = localeTag(useLocale());
  const newest = versions[0]?.id === document.id;
  const market = document.country === '*' ? t('admin_legal_every_market') : document.country;
  return (
    <div className="flex flex-col gap-6">
      <p>
        <Link to={localePath('/admin/legal')} className="text-sm underline underline-offset-2">
          {t('admin_nav_legal')}
        </Link>
      </p>
      <h1 className="text-3xl font-bold tracking-tight">{document.title}</h1>
      <p className="text-neutral-700">
        {t(`legal_${document.kind}_title`)} · {market} · {document.lang} ·{' '}
        {t('legal_version', { version: document.version, date: formatUtcDateTime(document.publishedAt, tag) })}
      </p>
      {search.has('published') && <FormMessage tone="success">{t('admin_legal_published_note')}</FormMessage>}
      {!newest && <FormMessage tone="info">{t('admin_legal_old_version')}</FormMessage>}
      <section aria-labelledby="legal-versions" className="flex flex-col gap-2">
        <h2 id="legal-versions" className="text-lg font-semibold">
          {t('admin_legal_versions')}
        </h2>
        <ol className="flex flex-wrap gap-2 text-sm">
          {versions.map((v) => (
            <li key={v.id}>
              <Link
                to={localePath(`/admin/legal/${v.id}`)}
                aria-current={v.id === document.id ? 'page' : undefined}
                className={`block rounded-full border px-3 py-1 ${v.id === document.id ? 'border-neutral-900 bg-neutral-900 text-white' : 'border-neutral-300 hover:bg-neutral-50'}`}
              >
                {t('admin_legal_version_n', { version: v.version })}
              </Link>
            </li>
          ))}
        </ol>
      </section>
      <details className="rounded-xl border border-neutral-200 p-4">
        <summary className="cursor-pointer font-medium">{t('admin_legal_preview')}</summary>
        <div className="mt-4">
          <LegalBody body={document.body} />
        </div>
      </details>
      <section aria-labelledby="legal-next" className="flex flex-col gap-4 border-t border-neutral-200 pt-6">
        <h2 id="legal-next" className="text-xl font-semibold">
          {t('admin_legal_next')}
        </h2>
        <p className="max-w-3xl text-neutral-700">{t('admin_legal_next_intro')}</p>
        {result?.message && <FormMessage tone="error">{result.message}</FormMessage>}
        <LegalForm key={document.id} fixed draft={result?.draft ?? document} errors={result?.errors ?? {}} />
      </section>
      <AuditTrail entries={trail} />
    </div>
  );
}
