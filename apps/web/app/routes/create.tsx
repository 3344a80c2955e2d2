import { SignUpBody } from '@varg/contracts';
import { data, Form, Link, useActionData, useNavigation, useSearchParams } from 'react-router';
import { isApiRequestError } from '../lib/api.ts';
import { localeContext, servicesContext } from '../lib/context.ts';
import { type FieldError, type FieldErrors, parseForm } from '../lib/forms.server.ts';
import { guarded } from '../lib/guards.server.ts';
import { useTranslation } from '../lib/i18n.ts';
import { pageMeta } from '../lib/page.ts';
import { useLocalePath } from '../lib/use-locale.ts';
import { NewPasswordField, PersonFields, SubmitButton } from '../ui/account-fields.tsx';
import { buttonClass } from '../ui/button.ts';
import { FormMessage } from '../ui/field.tsx';
import type { Route } from './+types/create';

/** Guest-only: a signed-in visitor goes home. */
export const loader = guarded(['guest'], () => null);

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(matches, location.pathname, 'auth_create_title');

// `referralCode` comes from a referrer's link (`?ref=`, decision 051), carried in a hidden field.
const FIELDS = ['name', 'secondName', 'email', 'phone', 'password', 'referralCode'] as const;

export async function action({ request, context }: Route.ActionArgs) {
  const { api } = context.get(servicesContext);
  const locale = context.get(localeContext);
  const parsed = await parseForm(request, SignUpBody, FIELDS);
  const values = Object.fromEntries(
    FIELDS.filter((f) => f !== 'password').map((f) => [f, String(parsed.form.get(f) ?? '')]),
  );
  if (!parsed.ok) return data({ values, errors: parsed.errors, formError: null, sent: null }, { status: 400 });
  try {
    const sent = await api.call(
      'postUserSignUp',
      { query: { lang: locale.lang, country: locale.country }, body: parsed.data },
      { lang: locale.lang },
    );
    return data({ values, errors: {} as FieldErrors, formError: null, sent: sent.message });
  } catch (error) {
    if (!isApiRequestError(error)) throw error;
    return data({ values, errors: {} as FieldErrors, formError: error.message, sent: null }, { status: error.status });
  }
}

export default function Create() {
  const { t } = useTranslation();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  const localePath = useLocalePath();
  const [params] = useSearchParams();
  if (result?.sent) {
    return (
      <main id="main" className="mx-auto w-full max-w-md px-4 py-12">
        <h1 className="text-3xl font-bold tracking-tight">{t('auth_check_email_title')}</h1>
        <div className="mt-6">
          <FormMessage tone="success">{result.sent}</FormMessage>
        </div>
        <Link to={localePath('/login')} className={`${buttonClass.secondary} mt-6`}>
          {t('auth_back_to_sign_in')}
        </Link>
      </main>
    );
  }
  const v = result?.values ?? {};
  const e: Record<string, FieldError | undefined> = result?.errors ?? {};
  const referralCode = (v.referralCode || params.get('ref') || '').slice(0, 32);
  return (
    <main id="main" className="mx-auto w-full max-w-md px-4 py-12">
      <h1 className="text-3xl font-bold tracking-tight">{t('auth_create_title')}</h1>
      <p className="mt-2 text-neutral-700">{t('auth_create_intro')}</p>
      <div className="mt-6 flex flex-col gap-4">
        {result?.formError && <FormMessage tone="error">{result.formError}</FormMessage>}
        <Form method="post" className="flex flex-col gap-4" noValidate>
          {referralCode && (
            <>
              <input type="hidden" name="referralCode" value={referralCode} />
              <FormMessage tone="info">{t('wallet_referral_signup_note', { code: referralCode })}</FormMessage>
            </>
          )}
          <PersonFields values={v} errors={e} />
          <NewPasswordField error={e.password} />
          <SubmitButton busy={busy} wide>
            {t('auth_create_button')}
          </SubmitButton>
        </Form>
        <p className="border-t border-neutral-200 pt-4 text-sm text-neutral-700">
          {t('auth_have_account')}{' '}
          <Link to={localePath('/login')} className="font-semibold underline underline-offset-2">
            {t('auth_sign_in_button')}
          </Link>
        </p>
      </div>
    </main>
  );
}
