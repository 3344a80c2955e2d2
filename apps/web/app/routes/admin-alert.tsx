import { localizedPath } from '@varg/domain';
import { data, Form, Link, redirect, useActionData, useLoaderData, useNavigation, useSubmit } from 'react-router';
import { AuditTrail } from '../features/admin/audit-trail.tsx';
import { BannerEditor, draftFromForm, draftOf } from '../features/admin/banner-editor.tsx';
import { bannerBodyOf } from '../features/admin/banner-form.ts';
import { useShell } from '../features/shell/providers.tsx';
import { isApiRequestError } from '../lib/api.ts';
import { userApi } from '../lib/auth.server.ts';
import { localeContext, servicesContext } from '../lib/context.ts';
import { guarded } from '../lib/guards.server.ts';
import { useTranslation } from '../lib/i18n.ts';
import { pageMeta } from '../lib/page.ts';
import { useLocalePath } from '../lib/use-locale.ts';
import { buttonClass } from '../ui/button.ts';
import { FormMessage } from '../ui/field.tsx';
import type { Route } from './+types/admin-alert';
import { StateBadge } from './admin-alerts.tsx';

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(matches, location.pathname, 'admin_nav_alerts');

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One site banner (or a new one, `/admin/alerts/new`), with its audit trail. */
export const loader = guarded(['admin'], async ({ context, request, params }: Route.LoaderArgs) => {
  if (params.id === 'new') return { banner: null, trail: [] };
  if (!UUID.test(params.id)) throw data({ message: 'error_not_found' }, { status: 404 });
  const api = userApi(context, request);
  const [banner, trail] = await Promise.all([
    api.call('getAdminBannersById', { path: { id: params.id } }),
    api.call('getAdminAuditByEntityTypeByEntityId', { path: { entityType: 'alert', entityId: params.id } }),
  ]);
  return { banner, trail: trail.docs };
});

export const action = guarded(['admin'], async ({ context, request, params }: Route.ActionArgs) => {
  const form = await request.formData();
  const api = userApi(context, request);
  const back = (path: string) => localizedPath(context.get(localeContext), path);
  // This process's cached pages and public API answers (the banners among them) are dropped after a change.
  const { invalidatePublic } = context.get(servicesContext);
  try {
    if (form.get('intent') === 'delete' && params.id !== 'new') {
      await api.call('deleteAdminBannersById', { path: { id: params.id } });
      invalidatePublic();
      return redirect(back('/admin/alerts'));
    }
    const parsed = bannerBodyOf(form);
    if (!parsed.ok)
      return data({ errors: parsed.errors, draft: draftFromForm(form), message: null, saved: false }, 400);
    if (params.id === 'new') {
      const created = await api.call('postAdminBanners', { body: parsed.body });
      invalidatePublic();
      return redirect(back(`/admin/alerts/${created.id}?saved=1`));
    }
    await api.call('putAdminBannersById', { path: { id: params.id }, body: parsed.body });
    invalidatePublic();
    return { errors: {}, draft: null, message: null, saved: true };
  } catch (error) {
    if (!isApiRequestError(error) || error.status >= 500) throw error;
    return data({ errors: {}, draft: draftFromForm(form), message: error.message, saved: false }, error.status);
  }
});

export default function AdminAlert() {
  const { t } = useTranslation();
  const { banner, trail } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const localePath = useLocalePath();
  const { confirm } = useShell();
  const submit = useSubmit();
  const navigation = useNavigation();
  const justCreated = typeof window !== 'undefined' && new URLSearchParams(window.location.search).has('saved');
  return (
    <div className="flex flex-col gap-6">
      <p>
        <Link to={localePath('/admin/alerts')} className="text-sm underline underline-offset-2">
          {t('admin_nav_alerts')}
        </Link>
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-bold tracking-tight">
          {banner ? t('admin_banner_edit_title') : t('admin_banner_new')}
        </h1>
        {banner && <StateBadge state={banner.state} />}
      </div>
      {result?.message && <FormMessage tone="error">{result.message}</FormMessage>}
      {result && Object.keys(result.errors).length > 0 && (
        <FormMessage tone="error">{t('admin_banner_fix_errors')}</FormMessage>
      )}
      {(result?.saved || justCreated) && <FormMessage tone="success">{t('admin_banner_saved')}</FormMessage>}
      <BannerEditor
        key={banner?.updatedAt ?? 'new'}
        draft={result?.draft ?? draftOf(banner)}
        errors={result?.errors ?? {}}
      />
      {banner && (
        <>
          <section aria-labelledby="banner-delete" className="flex flex-col gap-3 border-t border-neutral-200 pt-6">
            <h2 id="banner-delete" className="text-lg font-semibold">
              {t('admin_banner_delete_title')}
            </h2>
            <p className="text-neutral-700">{t('admin_banner_delete_text')}</p>
            <Form
              method="post"
              onSubmit={async (event) => {
                event.preventDefault();
                const form = event.currentTarget;
                if (await confirm({ title: t('admin_banner_delete_confirm'), description: banner.texts['en-us'] }))
                  await submit(form);
              }}
            >
              <input type="hidden" name="intent" value="delete" />
              <button type="submit" className={buttonClass.secondary} disabled={navigation.state !== 'idle'}>
                {t('admin_banner_delete')}
              </button>
            </Form>
          </section>
          <AuditTrail entries={trail} />
        </>
      )}
    </div>
  );
}
