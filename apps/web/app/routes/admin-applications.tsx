import { localizedPath } from '@varg/domain';
import { FileDown } from 'lucide-react';
import { useLoaderData } from 'react-router';
import { userApi } from '../lib/auth.server.ts';
import { guarded } from '../lib/guards.server.ts';
import { useTranslation } from '../lib/i18n.ts';
import { pageMeta } from '../lib/page.ts';
import { useLocale } from '../lib/use-locale.ts';
import type { Route } from './+types/admin-applications';

// Administrators read job applications and download their CVs (decision 022); the API refuses everyone else.

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(matches, location.pathname, 'applications_title');

export const loader = guarded(['admin'], async ({ context, request }: Route.LoaderArgs) => {
  const { docs, total } = await userApi(context, request).call('getAdminApplications', { query: { limit: 100 } });
  return { applications: docs, total };
});

export default function AdminApplications() {
  const { t } = useTranslation();
  const { applications } = useLoaderData<typeof loader>();
  const locale = useLocale();
  const size = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
  return (
    <div className="flex flex-col gap-8">
      <h1 className="text-3xl font-bold tracking-tight">{t('applications_title')}</h1>
      {applications.length === 0 ? (
        <p className="text-neutral-700">{t('applications_none')}</p>
      ) : (
        <ul className="divide-y divide-neutral-200 rounded-xl border border-neutral-200">
          {applications.map((a) => (
            <li key={a._id} className="flex flex-wrap items-start justify-between gap-3 px-4 py-4">
              <div className="flex flex-col gap-1">
                <p className="font-medium">
                  {a.name} · {a.position}
                </p>
                <p className="text-sm text-neutral-600">
                  {a.email} {a.phone && `· ${a.phone}`} ·{' '}
                  <time dateTime={a.createdAt}>{a.createdAt.replace('T', ' ').slice(0, 16)}</time>
                </p>
                {a.message && <p className="max-w-prose text-sm text-neutral-700">{a.message}</p>}
              </div>
              <a
                href={localizedPath(locale, `/admin/applications/${a._id}/cv`)}
                className="inline-flex items-center gap-2 rounded-full border border-neutral-300 px-4 py-2 text-sm font-semibold hover:border-neutral-900"
              >
                <FileDown size={16} aria-hidden="true" />
                {t('applications_download')}
                <span className="sr-only">
                  : {a.name}, {a.cv.name}
                </span>
                <span className="text-xs text-neutral-600">({size(a.cv.size)})</span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
