import { EmailBody, ResetPasswordBody } from '@varg/contracts';
import { data, Form, Link, useActionData, useNavigation, useParams } from 'react-router';
import { isApiRequestError } from '../lib/api.ts';
import { localeContext, servicesContext } from '../lib/context.ts';
import { type FieldErrors, readForm } from '../lib/forms.server.ts';
import { useTranslation } from '../lib/i18n.ts';
import { pageMeta } from '../lib/page.ts';
import { useLocalePath } from '../lib/use-locale.ts';
import { EmailField, NewPasswordField, SubmitButton } from '../ui/account-fields.tsx';
import { buttonClass } from '../ui/button.ts';
import { FormMessage } from '../ui/field.tsx';
import type { Route } from './+types/reset-password';

export const meta: Route.MetaFunction = ({ matches, location, params }) =>
  pageMeta(matches, location.pathname, params.token ? 'auth_new_password_title' : 'auth_reset_title');

/** Without a token: e-mail a reset link. With the token from that e-mail: set the new password. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { api } = context.get(servicesContext);
  const { lang } = context.get(localeContext);
  const form = await request.formData();
  const email = String(form.get('email') ?? '');
  const token = params.token;
  // Each form through its operation's own schema: the new password with the mailed token, or the e-mail to send it to.
  const withToken = token ? readForm(form, ResetPasswordBody, ['password']) : null;
  const withEmail = token ? null : readForm(form, EmailBody, ['email']);
  const invalid = withToken && !withToken.ok ? withToken : withEmail && !withEmail.ok ? withEmail : null;
  if (invalid)
    return data({ email, errors: invalid.errors, formError: null, done: null, invalidLink: false }, { status: 400 });
  try {
    const done =
      token && withToken?.ok
        ? await api.call('postUserPasswordResetByToken', { path: { token }, body: withToken.data }, { lang })
        : withEmail?.ok
          ? await api.call('postUserPasswordReset', { body: withEmail.data }, { lang })
          : null;
    if (!done) throw new Response(null, { status: 400 });
    return data({ email, errors: {} as FieldErrors, formError: null, done: done.message, invalidLink: false });
  } catch (error) {
    if (!isApiRequestError(error)) throw error;
    const invalidLink = error.code === 'INVALID_TOKEN' || (error.code === 'VALIDATION_ERROR' && !!params.token);
    return data(
      { email, errors: {} as FieldErrors, formError: error.message, done: null, invalidLink },
      { status: error.status },
    );
  }
}

export default function ResetPassword() {
  const { t } = useTranslation();
  const { token } = useParams();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  const localePath = useLocalePath();
  return (
    <main id="main" className="mx-auto w-full max-w-md px-4 py-12">
      <h1 className="text-3xl font-bold tracking-tight">{t(token ? 'auth_new_password_title' : 'auth_reset_title')}</h1>
      {!token && <p className="mt-2 text-neutral-700">{t('auth_reset_intro')}</p>}
      <div className="mt-6 flex flex-col gap-4">
        {result?.formError && <FormMessage tone="error">{result.formError}</FormMessage>}
        {result?.done ? (
          <FormMessage tone="success">{result.done}</FormMessage>
        ) : result?.invalidLink ? (
          <Link to={localePath('/reset-password')} className={buttonClass.primary}>
            {t('auth_reset_button')}
          </Link>
        ) : (
          <Form method="post" className="flex flex-col gap-4" noValidate>
            {token ? (
              <NewPasswordField label={t('auth_new_password')} error={result?.errors.password} />
            ) : (
              <EmailField value={result?.email} error={result?.errors.email} />
            )}
            <SubmitButton busy={busy} wide>
              {t(token ? 'auth_new_password_button' : 'auth_reset_button')}
            </SubmitButton>
          </Form>
        )}
        <Link to={localePath('/login')} className="text-sm font-medium underline underline-offset-2">
          {t('auth_back_to_sign_in')}
        </Link>
      </div>
    </main>
  );
}
