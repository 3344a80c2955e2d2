import { type CurrentUser, PasswordChange, ProfileUpdate } from '@varg/contracts';
import { data, Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from 'react-router';
import { isApiRequestError } from '../lib/api.ts';
import { authContext, userApi } from '../lib/auth.server.ts';
import { type FieldErrors, parseForm } from '../lib/forms.server.ts';
import { guarded } from '../lib/guards.server.ts';
import { useTranslation } from '../lib/i18n.ts';
import { pageMeta } from '../lib/page.ts';
import { useLocalePath } from '../lib/use-locale.ts';
import { NewPasswordField, PersonFields, SubmitButton } from '../ui/account-fields.tsx';
import { Field, FormMessage } from '../ui/field.tsx';
import type { Route } from './+types/account';

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(matches, location.pathname, 'account_title');

export const loader = guarded(['auth'], async ({ context }: Route.LoaderArgs) => {
  // biome-ignore lint/style/noNonNullAssertion: the auth guard ran
  const user = context.get(authContext).user!;
  return {
    profile: {
      name: user.name,
      secondName: user.secondName,
      email: user.email,
      phone: user.phone,
      dateOfBirth: user.dateOfBirth ?? '',
    },
    emailConfirmed: user.emailConfirmed,
  };
});

const PROFILE_FIELDS = ['name', 'secondName', 'email', 'phone', 'dateOfBirth'] as const;

export const action = guarded(['auth'], async ({ request, context }: Route.ActionArgs) => {
  const api = userApi(context, request);
  // biome-ignore lint/style/noNonNullAssertion: the auth guard ran
  const me = context.get(authContext).user!;
  const form = await request.clone().formData();
  const intent = form.get('intent') === 'password' ? 'password' : 'profile';
  const parsed =
    intent === 'password'
      ? await parseForm(request, PasswordChange, ['currentPassword', 'newPassword'])
      : await parseForm(request, ProfileUpdate.required({ name: true, email: true }), PROFILE_FIELDS);
  if (!parsed.ok) return data({ intent, errors: parsed.errors, formError: null, saved: null }, { status: 400 });
  const body = intent === 'profile' ? { secondName: '', phone: '', dateOfBirth: null, ...parsed.data } : parsed.data;
  try {
    const updated = await api.send<CurrentUser>('PUT', `/v1/user/${me._id}`, body);
    const saved =
      intent === 'password'
        ? 'account_password_changed'
        : updated.emailConfirmed
          ? 'account_saved'
          : 'account_email_reconfirm';
    return data({ intent, errors: {} as FieldErrors, formError: null, saved });
  } catch (error) {
    if (!isApiRequestError(error)) throw error;
    return data({ intent, errors: {} as FieldErrors, formError: error.message, saved: null }, { status: error.status });
  }
});

export default function Account() {
  const { t } = useTranslation();
  const { profile } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const localePath = useLocalePath();
  const busy = (intent: string) => navigation.state === 'submitting' && navigation.formData?.get('intent') === intent;
  const errorsFor = (intent: string): Record<string, string | undefined> =>
    result?.intent === intent ? result.errors : {};
  const message = (intent: string) =>
    result?.intent === intent &&
    (result.formError ? (
      <FormMessage tone="error">{result.formError}</FormMessage>
    ) : result.saved ? (
      <FormMessage tone="success">{t(result.saved)}</FormMessage>
    ) : null);
  const pe = errorsFor('profile');
  const we = errorsFor('password');
  return (
    <div className="flex max-w-2xl flex-col gap-10">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">{t('account_title')}</h1>
        {params.get('welcome') && (
          <div className="mt-4">
            <FormMessage tone="success">{t('account_welcome')}</FormMessage>
          </div>
        )}
      </div>
      <Link
        to={localePath('/account/cards')}
        className="flex flex-col gap-1 rounded-xl border border-neutral-200 bg-white p-4 hover:bg-neutral-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-neutral-900"
      >
        <span className="font-semibold">{t('cards_nav')}</span>
        <span className="text-sm text-neutral-600">{t('cards_account_hint')}</span>
      </Link>
      <section aria-labelledby="personal" className="flex flex-col gap-4">
        <h2 id="personal" className="text-xl font-semibold">
          {t('account_personal')}
        </h2>
        {message('profile')}
        <Form method="post" className="flex flex-col gap-4" noValidate>
          <input type="hidden" name="intent" value="profile" />
          <PersonFields values={profile} errors={pe} />
          <Field
            label={t('account_birth_date')}
            name="dateOfBirth"
            type="date"
            autoComplete="bday"
            defaultValue={profile.dateOfBirth}
            error={pe.dateOfBirth}
          />
          <SubmitButton busy={busy('profile')} busyLabel={t('form_saving')}>
            {t('account_save')}
          </SubmitButton>
        </Form>
      </section>
      <section aria-labelledby="password" className="flex flex-col gap-4 border-t border-neutral-200 pt-8">
        <h2 id="password" className="text-xl font-semibold">
          {t('account_password_title')}
        </h2>
        {message('password')}
        <Form method="post" className="flex flex-col gap-4" noValidate>
          <input type="hidden" name="intent" value="password" />
          <Field
            label={t('account_current_password')}
            name="currentPassword"
            type="password"
            autoComplete="current-password"
            required
            error={we.currentPassword}
          />
          <NewPasswordField name="newPassword" label={t('auth_new_password')} error={we.newPassword} />
          <SubmitButton busy={busy('password')} busyLabel={t('form_saving')}>
            {t('account_password_title')}
          </SubmitButton>
        </Form>
      </section>
    </div>
  );
}
