import { Form, Link, useActionData, useLoaderData, useNavigation } from 'react-router';
import { userApi } from '../lib/auth.server.ts';
import { guarded } from '../lib/guards.server.ts';
import { useTranslation } from '../lib/i18n.ts';
import { pageMeta } from '../lib/page.ts';
import { useLocalePath } from '../lib/use-locale.ts';
import { buttonClass } from '../ui/button.ts';
import { Field, FormMessage } from '../ui/field.tsx';
import type { Route } from './+types/admin';

export const meta: Route.MetaFunction = ({ matches, location }) => pageMeta(matches, location.pathname, 'admin_title');

/** Administration: find a customer to act as (impersonation), and the audit log. */
export const loader = guarded(['admin'], async ({ request, context }: Route.LoaderArgs) => {
  const api = userApi(context, request);
  const search = new URL(request.url).searchParams.get('search')?.trim() ?? '';
  const [found, log] = await Promise.all([
    search.length >= 2 ? api.call('getAdminUsers', { query: { search } }) : null,
    api.call('getAdminAuditLog', { query: { limit: 50 } }),
  ]);
  return { search, users: found?.docs ?? null, log: log.docs };
});

export default function Admin() {
  const { t } = useTranslation();
  const { search, users, log } = useLoaderData<typeof loader>();
  const failed = useActionData<{ error?: string }>();
  const navigation = useNavigation();
  const localePath = useLocalePath();
  return (
    <div className="flex flex-col gap-12">
      <h1 className="text-3xl font-bold tracking-tight">{t('admin_title')}</h1>
      <nav aria-label={t('admin_sections')} className="flex flex-wrap gap-3">
        <Link to={localePath('/admin/deliveries')} className={buttonClass.secondary}>
          {t('deliveries_title')}
        </Link>
        <Link to={localePath('/admin/dealer-applications')} className={buttonClass.secondary}>
          {t('dealer_applications_title')}
        </Link>
        <Link to={localePath('/admin/applications')} className={buttonClass.secondary}>
          {t('applications_title')}
        </Link>
      </nav>
      <section aria-labelledby="impersonate" className="flex flex-col gap-4">
        <h2 id="impersonate" className="text-xl font-semibold">
          {t('admin_impersonate_title')}
        </h2>
        <p className="text-neutral-700">{t('admin_impersonate_intro')}</p>
        {failed?.error && <FormMessage tone="error">{failed.error}</FormMessage>}
        <Form method="get" className="flex flex-wrap items-end gap-3">
          <Field
            label={t('admin_search')}
            name="search"
            type="search"
            defaultValue={search}
            minLength={2}
            className="min-w-64 flex-1"
          />
          <button type="submit" className={buttonClass.secondary}>
            {t('admin_search_button')}
          </button>
        </Form>
        {users && users.length === 0 && <p className="text-neutral-700">{t('admin_no_results')}</p>}
        {users && users.length > 0 && (
          <ul className="divide-y divide-neutral-200 rounded-xl border border-neutral-200">
            {users.map((user) => (
              <li key={user._id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
                <div>
                  <p className="font-medium">
                    {user.name} {user.secondName}
                  </p>
                  <p className="text-sm text-neutral-600">
                    {user.email} · {user.country} · {user.roles.join(', ')}
                  </p>
                </div>
                {/* Only a customer can be acted as (issue 22): not staff, not a dealer or dealer applicant. */}
                {user.actAs && (
                  <Form method="post" action="/impersonation">
                    <input type="hidden" name="intent" value="start" />
                    <input type="hidden" name="userId" value={user._id} />
                    <button
                      type="submit"
                      className={buttonClass.primary}
                      aria-label={`${t('admin_impersonate_button')}: ${user.email}`}
                      disabled={navigation.state === 'submitting'}
                    >
                      {t('admin_impersonate_button')}
                    </button>
                  </Form>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="audit" className="flex flex-col gap-4">
        <h2 id="audit" className="text-xl font-semibold">
          {t('admin_audit_title')}
        </h2>
        <div className="overflow-x-auto rounded-xl border border-neutral-200">
          <table className="w-full text-left text-sm">
            <thead className="bg-neutral-50 text-neutral-700">
              <tr>
                <th scope="col" className="px-4 py-2 font-medium">
                  {t('admin_audit_when')}
                </th>
                <th scope="col" className="px-4 py-2 font-medium">
                  {t('admin_audit_who')}
                </th>
                <th scope="col" className="px-4 py-2 font-medium">
                  {t('admin_audit_as')}
                </th>
                <th scope="col" className="px-4 py-2 font-medium">
                  {t('admin_audit_action')}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-neutral-200">
              {log.map((entry) => (
                <tr key={entry.id}>
                  <td className="px-4 py-2 whitespace-nowrap">
                    <time dateTime={entry.createdAt}>{entry.createdAt.replace('T', ' ').slice(0, 19)}</time>
                  </td>
                  <td className="px-4 py-2">{entry.actor?.email ?? '—'}</td>
                  <td className="px-4 py-2">{entry.subject?.email ?? '—'}</td>
                  <td className="px-4 py-2 font-mono text-xs">{entry.action}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </div>
  );
}
