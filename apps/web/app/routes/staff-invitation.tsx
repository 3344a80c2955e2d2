import { StaffInvitationAcceptBody } from '@varg/contracts';
import { data, Form, Link, useActionData, useLoaderData, useNavigation, useParams } from 'react-router';
import { roleKey } from '../features/admin/staff/roles.ts';
import { isApiRequestError } from '../lib/api.ts';
import { authContext, signIn, userApi } from '../lib/auth.server.ts';
import { localeContext, servicesContext } from '../lib/context.ts';
import { type FieldErrors, parseForm } from '../lib/forms.server.ts';
import { useTranslation } from '../lib/i18n.ts';
import { pageMeta } from '../lib/page.ts';
import { useLocalePath } from '../lib/use-locale.ts';
import { NewPasswordField, SubmitButton } from '../ui/account-fields.tsx';
import { buttonClass } from '../ui/button.ts';
import { Field, FormMessage } from '../ui/field.tsx';
import type { Route } from './+types/staff-invitation';

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(matches, location.pathname, 'staff_invite_title');

/**
 * The link of a staff invitation (issue 24): what it offers; an existing account accepts while signed in as itself, a
 * new address chooses a name and a password and is signed in. Expired, used or unknown links say so.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { api } = context.get(servicesContext);
  const { lang } = context.get(localeContext);
  const current = context.get(authContext).user?.email ?? null;
  try {
    const invitation = await api.call('getStaffInvitationsByToken', { path: { token: params.token } }, { lang });
    return { invitation, current, error: null };
  } catch (error) {
    if (!isApiRequestError(error) || error.status >= 500) throw error;
    return data({ invitation: null, current, error: error.message }, error.status);
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const parsed = await parseForm(request, StaffInvitationAcceptBody, ['name', 'secondName', 'password']);
  const values = {
    name: String(parsed.form.get('name') ?? ''),
    secondName: String(parsed.form.get('secondName') ?? ''),
  };
  if (!parsed.ok) return data({ accepted: false, admin: false, errors: parsed.errors, formError: null, values }, 400);
  try {
    const api = userApi(context, request);
    const { roles } = await api.call('getStaffInvitationsByToken', { path: { token: params.token } });
    const { session } = await api.call('postStaffInvitationsByTokenAccept', {
      path: { token: params.token },
      body: parsed.data,
    });
    if (session) signIn(context, request, session);
    return { accepted: true, admin: roles.includes('admin'), errors: {} as FieldErrors, formError: null, values };
  } catch (error) {
    if (!isApiRequestError(error) || error.status >= 500) throw error;
    return data(
      { accepted: false, admin: false, errors: {} as FieldErrors, formError: error.message, values },
      error.status,
    );
  }
}

export default function StaffInvitationPage() {
  const { t } = useTranslation();
  const { invitation, current, error } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  const localePath = useLocalePath();
  const { token } = useParams();
  if (result?.accepted)
    return (
      <main id="main" className="mx-auto w-full max-w-md px-4 py-12">
        <h1 className="text-3xl font-bold tracking-tight">{t('staff_invite_title')}</h1>
        <div className="mt-6 flex flex-col gap-4">
          <FormMessage tone="success">{t('staff_invite_accepted')}</FormMessage>
          <Link to={localePath(result.admin ? '/admin' : '/account')} className={buttonClass.primary}>
            {t(result.admin ? 'staff_invite_open_admin' : 'account_title')}
          </Link>
        </div>
      </main>
    );
  return (
    <main id="main" className="mx-auto w-full max-w-md px-4 py-12">
      <h1 className="text-3xl font-bold tracking-tight">{t('staff_invite_title')}</h1>
      <div className="mt-6 flex flex-col gap-4">
        {error && <FormMessage tone="error">{error}</FormMessage>}
        {result?.formError && <FormMessage tone="error">{result.formError}</FormMessage>}
        {invitation && (
          <>
            <p className="text-neutral-700">
              {t('staff_invite_intro', {
                email: invitation.email,
                roles: invitation.roles.map((role) => t(roleKey(role))).join(', '),
              })}
            </p>
            {invitation.existingAccount && current !== invitation.email && (
              <>
                <p>
                  {current
                    ? t('staff_invite_other_account', { current, email: invitation.email })
                    : t('staff_invite_sign_in', { email: invitation.email })}
                </p>
                {!current && (
                  <Link
                    to={localePath(`/login?from=${encodeURIComponent(`/staff-invitation/${token}`)}`)}
                    className={`${buttonClass.primary} self-start`}
                  >
                    {t('auth_sign_in_button')}
                  </Link>
                )}
              </>
            )}
            {invitation.existingAccount && current === invitation.email && (
              <Form method="post">
                <SubmitButton busy={busy} wide>
                  {t('staff_invite_accept')}
                </SubmitButton>
              </Form>
            )}
            {!invitation.existingAccount && (
              <Form method="post" className="flex flex-col gap-4" noValidate>
                <h2 className="text-lg font-semibold">{t('staff_invite_create')}</h2>
                <div className="grid gap-4 sm:grid-cols-2">
                  <Field
                    label={t('auth_first_name')}
                    name="name"
                    autoComplete="given-name"
                    required
                    defaultValue={result?.values.name}
                    error={result?.errors.name}
                  />
                  <Field
                    label={t('auth_last_name')}
                    name="secondName"
                    autoComplete="family-name"
                    defaultValue={result?.values.secondName}
                    error={result?.errors.secondName}
                  />
                </div>
                <NewPasswordField error={result?.errors.password} />
                <SubmitButton busy={busy} wide>
                  {t('staff_invite_accept')}
                </SubmitButton>
              </Form>
            )}
          </>
        )}
      </div>
    </main>
  );
}
