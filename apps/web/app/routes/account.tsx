import { EmailChangeBody, PasswordChange, ProfileUpdate } from '@varg/contracts';
import { data, Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from 'react-router';
import { AccountAvatar } from '../features/account/avatar.tsx';
import { isApiRequestError } from '../lib/api.ts';
import { authContext, userApi } from '../lib/auth.server.ts';
import { type FieldError, type FieldErrors, parseForm } from '../lib/forms.server.ts';
import { guarded } from '../lib/guards.server.ts';
import { useTranslation } from '../lib/i18n.ts';
import { pageMeta } from '../lib/page.ts';
import { useLocalePath } from '../lib/use-locale.ts';
import { NewPasswordField, PersonFields, SubmitButton } from '../ui/account-fields.tsx';
import { buttonClass } from '../ui/button.ts';
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
      phone: user.phone,
      dateOfBirth: user.dateOfBirth ?? '',
    },
    email: user.email,
    pendingEmail: user.pendingEmail,
    emailConfirmed: user.emailConfirmed,
    // An administrator acting as the user cannot change the address or the password (the API refuses it too).
    impersonating: user.mode === 'demo_user',
    avatar: user.customer?.avatar ?? null,
  };
});

const PROFILE_FIELDS = ['name', 'secondName', 'phone', 'dateOfBirth'] as const;
type Intent = 'profile' | 'password' | 'email' | 'cancel-email' | 'avatar-saved' | 'avatar-remove';
const INTENTS: readonly Intent[] = ['profile', 'password', 'email', 'cancel-email', 'avatar-saved', 'avatar-remove'];

export const action = guarded(['auth'], async ({ request, context }: Route.ActionArgs) => {
  const api = userApi(context, request);
  // biome-ignore lint/style/noNonNullAssertion: the auth guard ran
  const me = context.get(authContext).user!;
  const form = await request.clone().formData();
  const posted = String(form.get('intent') ?? '');
  const intent: Intent = INTENTS.find((i) => i === posted) ?? 'profile';
  const answer = (saved: string) => data({ intent, errors: {} as FieldErrors, formError: null, saved });
  try {
    // The picture itself is posted to account/avatar; this tells the page (and the header) it changed.
    if (intent === 'avatar-saved') return answer('account_avatar_saved');
    if (intent === 'avatar-remove') {
      await api.call('deleteUserAvatarById', { path: { id: me._id } });
      return answer('account_avatar_removed');
    }
    if (intent === 'cancel-email') {
      await api.call('deleteUserEmailChange');
      return answer('account_email_change_cancelled');
    }
    if (intent === 'email') {
      const parsed = await parseForm(request, EmailChangeBody, ['email', 'currentPassword']);
      if (!parsed.ok) return data({ intent, errors: parsed.errors, formError: null, saved: null }, { status: 400 });
      await api.call('postUserEmailChange', { body: parsed.data });
      return answer('account_email_change_sent');
    }
    const parsed =
      intent === 'password'
        ? await parseForm(request, PasswordChange, ['currentPassword', 'newPassword'])
        : await parseForm(request, ProfileUpdate.required({ name: true }), PROFILE_FIELDS);
    if (!parsed.ok) return data({ intent, errors: parsed.errors, formError: null, saved: null }, { status: 400 });
    const body = intent === 'profile' ? { secondName: '', phone: '', dateOfBirth: null, ...parsed.data } : parsed.data;
    await api.call('putUserById', { path: { id: me._id }, body });
    return answer(intent === 'password' ? 'account_password_changed' : 'account_saved');
  } catch (error) {
    if (!isApiRequestError(error)) throw error;
    return data({ intent, errors: {} as FieldErrors, formError: error.message, saved: null }, { status: error.status });
  }
});

export default function Account() {
  const { t } = useTranslation();
  const { profile, email, pendingEmail, impersonating, avatar } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const localePath = useLocalePath();
  const busy = (intent: string) => navigation.state === 'submitting' && navigation.formData?.get('intent') === intent;
  const errorsFor = (intent: string): Record<string, FieldError | undefined> =>
    result?.intent === intent ? result.errors : {};
  const message = (...intents: string[]) =>
    result &&
    intents.includes(result.intent) &&
    (result.formError ? (
      <FormMessage tone="error">{result.formError}</FormMessage>
    ) : result.saved ? (
      <FormMessage tone="success">{t(result.saved)}</FormMessage>
    ) : null);
  const pe = errorsFor('profile');
  const we = errorsFor('password');
  const ee = errorsFor('email');
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
      <AccountAvatar
        avatar={avatar}
        impersonating={impersonating}
        message={message('avatar-saved', 'avatar-remove')}
        failed={params.has('avatarError')}
        saved={params.get('avatar') === 'saved'}
      />
      <section aria-labelledby="personal" className="flex flex-col gap-4 border-t border-neutral-200 pt-8">
        <h2 id="personal" className="text-xl font-semibold">
          {t('account_personal')}
        </h2>
        {message('profile')}
        <Form method="post" className="flex flex-col gap-4" noValidate>
          <input type="hidden" name="intent" value="profile" />
          <PersonFields values={profile} errors={pe} email={false} />
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
      <section aria-labelledby="email-address" className="flex flex-col gap-4 border-t border-neutral-200 pt-8">
        <h2 id="email-address" className="text-xl font-semibold">
          {t('account_email_title')}
        </h2>
        <p className="text-neutral-700">{t('account_email_current', { email })}</p>
        {message('email', 'cancel-email')}
        {impersonating ? (
          <FormMessage tone="info">{t('error_impersonation_not_allowed')}</FormMessage>
        ) : (
          <>
            {pendingEmail && (
              <div
                className="flex flex-col gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4"
                data-testid="pending-email"
              >
                <p className="text-neutral-900">{t('account_email_pending', { email: pendingEmail })}</p>
                <Form method="post">
                  <input type="hidden" name="intent" value="cancel-email" />
                  <button type="submit" className={buttonClass.secondary} disabled={busy('cancel-email')}>
                    {busy('cancel-email') ? t('loading') : t('account_email_cancel')}
                  </button>
                </Form>
              </div>
            )}
            <Form method="post" className="flex flex-col gap-4" noValidate>
              <input type="hidden" name="intent" value="email" />
              <Field
                label={t('account_email_new')}
                name="email"
                type="email"
                autoComplete="email"
                required
                error={ee.email}
              />
              <Field
                label={t('account_current_password')}
                name="currentPassword"
                type="password"
                autoComplete="current-password"
                required
                error={ee.currentPassword}
              />
              <SubmitButton busy={busy('email')} busyLabel={t('form_saving')}>
                {t('account_email_change_button')}
              </SubmitButton>
            </Form>
          </>
        )}
      </section>
      <section aria-labelledby="password" className="flex flex-col gap-4 border-t border-neutral-200 pt-8">
        <h2 id="password" className="text-xl font-semibold">
          {t('account_password_title')}
        </h2>
        {message('password')}
        {impersonating ? (
          <FormMessage tone="info">{t('error_impersonation_not_allowed')}</FormMessage>
        ) : (
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
        )}
      </section>
    </div>
  );
}
