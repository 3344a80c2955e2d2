import { data, useActionData, useLoaderData } from 'react-router';
import { FilterSelect, ListToolbar } from '../features/admin/list-toolbar.tsx';
import { ConfirmStep } from '../features/admin/staff/confirm-step.tsx';
import { InvitationList, InviteForm, type InviteValues } from '../features/admin/staff/invitations.tsx';
import { roleKey, rolesFromForm, STAFF_ROLES, type StaffRole, staffQuery } from '../features/admin/staff/roles.ts';
import { StaffTable } from '../features/admin/staff/staff-table.tsx';
import { isApiRequestError } from '../lib/api.ts';
import { userApi } from '../lib/auth.server.ts';
import { guarded } from '../lib/guards.server.ts';
import { useTranslation } from '../lib/i18n.ts';
import { pageMeta } from '../lib/page.ts';
import { FormMessage } from '../ui/field.tsx';
import type { Route } from './+types/admin-staff';

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(matches, location.pathname, 'admin_nav_staff');

/** Staff and roles (issue 24): the staff list, roles granted and revoked, invitations by e-mail. */
export const loader = guarded(['admin'], async ({ context, request }: Route.LoaderArgs) => {
  const api = userApi(context, request);
  const [staff, invitations] = await Promise.all([
    api.call('getAdminStaff', { query: staffQuery(new URL(request.url)) }),
    api.call('getAdminStaffInvitations'),
  ]);
  return { staff, invitations: invitations.docs };
});

type Result =
  | { intent: string; ok: true; message: string; email: string }
  | { intent: string; ok: false; error: string; values?: InviteValues }
  | {
      intent: string;
      confirm: {
        question: 'roles' | 'revoke';
        email: string;
        removed: string[];
        fields: Record<string, string | string[]>;
      };
    };

export const action = guarded(['admin'], async ({ context, request }: Route.ActionArgs) => {
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  const email = String(form.get('email') ?? '');
  const id = String(form.get('id') ?? '');
  const confirmed = form.get('confirmed') === '1';
  const api = userApi(context, request);
  const done = (message: string): Result => ({ intent, ok: true, message, email });
  try {
    if (intent === 'roles') {
      const userId = String(form.get('userId') ?? '');
      const roles = rolesFromForm(form);
      const held = STAFF_ROLES.filter((r) => form.getAll('held').includes(r));
      const removed = held.filter((r) => !roles.includes(r));
      // Taking a role away ends access at once: asked first.
      if (removed.length > 0 && !confirmed)
        return {
          intent,
          confirm: { question: 'roles', email, removed, fields: { intent, userId, email, roles, held } },
        } satisfies Result;
      await api.call('putAdminStaffByUserIdRoles', { path: { userId }, body: { roles } });
      return done('admin_staff_roles_saved');
    }
    if (intent === 'invite') {
      const roles = rolesFromForm(form);
      const values = { email: email.trim(), roles, lang: String(form.get('lang') ?? '') };
      if (roles.length === 0)
        return data({ intent, ok: false, error: 'admin_staff_roles_required', values } satisfies Result, 400);
      try {
        await api.call('postAdminStaffInvitations', { body: { email: values.email, roles, lang: values.lang } });
      } catch (error) {
        if (!isApiRequestError(error) || error.status >= 500) throw error;
        return data({ intent, ok: false, error: error.message, values } satisfies Result, error.status);
      }
      return done('admin_staff_invite_sent');
    }
    if (intent === 'resend') {
      await api.call('postAdminStaffInvitationsByIdResend', { path: { id } });
      return done('admin_staff_resent');
    }
    if (intent === 'revoke') {
      if (!confirmed)
        return {
          intent,
          confirm: { question: 'revoke', email, removed: [], fields: { intent, id, email } },
        } satisfies Result;
      await api.call('deleteAdminStaffInvitationsById', { path: { id } });
      return done('admin_staff_revoked');
    }
    return data({ intent, ok: false, error: 'error_bad_request' } satisfies Result, 400);
  } catch (error) {
    if (!isApiRequestError(error) || error.status >= 500) throw error;
    return data({ intent, ok: false, error: error.message } satisfies Result, error.status);
  }
});

export default function AdminStaff() {
  const { t } = useTranslation();
  const { staff, invitations } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as Result | undefined;
  const failed = result && 'ok' in result && !result.ok ? result : null;
  return (
    <div className="flex flex-col gap-8">
      <h1 className="text-3xl font-bold tracking-tight">{t('admin_nav_staff')}</h1>
      {result && 'confirm' in result && (
        <ConfirmStep
          question={
            result.confirm.question === 'roles'
              ? t('admin_staff_confirm_remove', {
                  email: result.confirm.email,
                  roles: result.confirm.removed.map((r) => t(roleKey(r))).join(', '),
                })
              : t('admin_staff_revoke_confirm', { email: result.confirm.email })
          }
          fields={result.confirm.fields}
          confirmLabel={t(result.confirm.question === 'roles' ? 'admin_staff_confirm_button' : 'admin_staff_revoke')}
          cancelLabel={t('admin_staff_cancel')}
        />
      )}
      {result && 'ok' in result && result.ok && (
        <FormMessage tone="success">{t(result.message, { email: result.email })}</FormMessage>
      )}
      {failed && failed.intent !== 'invite' && <FormMessage tone="error">{t(failed.error)}</FormMessage>}
      <section aria-labelledby="staff-list" className="flex flex-col gap-4">
        <h2 id="staff-list" className="sr-only">
          {t('admin_nav_staff')}
        </h2>
        <ListToolbar searchLabel={t('admin_staff_search')} exportName="staff">
          <FilterSelect
            label={t('admin_staff_col_roles')}
            name="role"
            options={STAFF_ROLES.map((role: StaffRole) => ({ value: role, label: t(roleKey(role)) }))}
          />
        </ListToolbar>
        <StaffTable {...staff} />
      </section>
      <div className="grid gap-8 lg:grid-cols-2">
        <InviteForm
          values={failed?.intent === 'invite' ? (failed.values ?? null) : null}
          error={failed?.intent === 'invite' ? failed.error : null}
        />
        <InvitationList invitations={invitations} />
      </div>
    </div>
  );
}
