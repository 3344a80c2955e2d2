import { SignInBody } from '@varg/contracts';
import { data, Form, Link, redirect, useActionData, useNavigation, useSearchParams } from 'react-router';
import { isApiRequestError } from '../lib/api.ts';
import { signIn } from '../lib/auth.server.ts';
import { mergeAnonymousCart } from '../lib/cart.server.ts';
import { localeContext, servicesContext } from '../lib/context.ts';
import { type FieldErrors, parseForm } from '../lib/forms.server.ts';
import { guarded } from '../lib/guards.server.ts';
import { useTranslation } from '../lib/i18n.ts';
import { afterSignIn, pageMeta } from '../lib/page.ts';
import { useLocalePath } from '../lib/use-locale.ts';
import { EmailField, SubmitButton } from '../ui/account-fields.tsx';
import { buttonClass } from '../ui/button.ts';
import { Field, FormMessage } from '../ui/field.tsx';
import type { Route } from './+types/login';

/** Guest-only: a signed-in visitor goes home. */
export const loader = guarded(['guest'], () => null);

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(matches, location.pathname, 'auth_sign_in_title');

export async function action({ request, context }: Route.ActionArgs) {
  const { api } = context.get(servicesContext);
  const locale = context.get(localeContext);
  const parsed = await parseForm(request, SignInBody, ['email', 'password']);
  const email = String(parsed.form.get('email') ?? '');
  if (parsed.form.get('intent') === 'resend') {
    const sent = await api
      .call('postUserConfirmEmailResend', { body: { email } }, { lang: locale.lang })
      .catch((e: unknown) => ({ message: isApiRequestError(e) ? e.message : '' }));
    return data({ email, errors: {} as FieldErrors, formError: null, code: null, notice: sent.message });
  }
  if (!parsed.ok)
    return data({ email, errors: parsed.errors, formError: null, code: null, notice: null }, { status: 400 });
  try {
    const pair = await api.call('postUserSignIn', { body: parsed.data }, { lang: locale.lang });
    signIn(context, request, pair);
    // The visitor's anonymous cart joins their account's cart; a failure never blocks signing in.
    await mergeAnonymousCart(context, request, pair.token);
    throw redirect(afterSignIn({ locale }, new URL(request.url).searchParams.get('from')));
  } catch (error) {
    if (!isApiRequestError(error)) throw error;
    return data(
      { email, errors: {} as FieldErrors, formError: error.message, code: error.code, notice: null },
      { status: error.status },
    );
  }
}

export default function Login() {
  const { t } = useTranslation();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const localePath = useLocalePath();
  const [params] = useSearchParams();
  const busy = navigation.state === 'submitting';
  const redirectTo = params.get('from');
  return (
    <main id="main" className="mx-auto w-full max-w-md px-4 py-12">
      <h1 className="text-3xl font-bold tracking-tight">{t('auth_sign_in_title')}</h1>
      <p className="mt-2 text-neutral-700">{t('auth_sign_in_intro')}</p>
      <div className="mt-6 flex flex-col gap-4">
        {result?.formError && <FormMessage tone="error">{result.formError}</FormMessage>}
        {result?.notice && <FormMessage tone="info">{result.notice}</FormMessage>}
        <Form method="post" className="flex flex-col gap-4" noValidate>
          <EmailField value={result?.email} error={result?.errors.email} />
          <Field
            label={t('auth_password')}
            name="password"
            type="password"
            autoComplete="current-password"
            required
            error={result?.errors.password}
          />
          <SubmitButton busy={busy} wide>
            {t('auth_sign_in_button')}
          </SubmitButton>
        </Form>
        {result?.code === 'EMAIL_NOT_CONFIRMED' && (
          <Form method="post">
            <input type="hidden" name="intent" value="resend" />
            <input type="hidden" name="email" value={result.email} />
            <button type="submit" className={`${buttonClass.secondary} w-full`}>
              {t('auth_resend_confirmation')}
            </button>
          </Form>
        )}
        <Link to={localePath('/reset-password')} className="text-sm font-medium underline underline-offset-2">
          {t('auth_forgot_password')}
        </Link>
        <p className="border-t border-neutral-200 pt-4 text-sm text-neutral-700">
          {t('auth_no_account')}{' '}
          <Link
            to={localePath(redirectTo ? `/create?from=${encodeURIComponent(redirectTo)}` : '/create')}
            className="font-semibold underline underline-offset-2"
          >
            {t('auth_create_account')}
          </Link>
        </p>
      </div>
    </main>
  );
}
