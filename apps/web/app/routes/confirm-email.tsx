import { EmailBody } from '@varg/contracts';
import { localizedPath } from '@varg/domain';
import { data, Form, useActionData, useNavigation, useParams } from 'react-router';
import { isApiRequestError } from '../lib/api.ts';
import { signIn } from '../lib/auth.server.ts';
import { mergeAnonymousCart } from '../lib/cart.server.ts';
import { localeContext, servicesContext } from '../lib/context.ts';
import { type FieldErrors, parseForm } from '../lib/forms.server.ts';
import { useTranslation } from '../lib/i18n.ts';
import { pageMeta } from '../lib/page.ts';
import { useLocalePath } from '../lib/use-locale.ts';
import { EmailField } from '../ui/account-fields.tsx';
import { buttonClass } from '../ui/button.ts';
import { FormMessage } from '../ui/field.tsx';
import type { Route } from './+types/confirm-email';

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(matches, location.pathname, 'auth_confirm_title');

/**
 * The link in the e-mail opens this page; confirming takes a click (a POST), so mail scanners that open links do not
 * use the one-time token up. Confirming signs the user in. Without a token, or with a spent one: ask for a new link.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { api } = context.get(servicesContext);
  const locale = context.get(localeContext);
  if (params.token) {
    try {
      const pair = await api.call(
        'postUserConfirmEmailByToken',
        { path: { token: params.token } },
        { lang: locale.lang },
      );
      signIn(context, request, pair);
      // The visitor's anonymous cart joins their account's cart; a failure never blocks signing in.
      await mergeAnonymousCart(context, request, pair.token);
      return new Response(null, { status: 303, headers: { location: localizedPath(locale, '/account?welcome=1') } });
    } catch (error) {
      if (!isApiRequestError(error)) throw error;
      return data(
        { errors: {} as FieldErrors, formError: error.message, sent: null, invalid: true },
        { status: error.status },
      );
    }
  }
  const parsed = await parseForm(request, EmailBody, ['email']);
  if (!parsed.ok) return data({ errors: parsed.errors, formError: null, sent: null, invalid: false }, { status: 400 });
  const sent = await api.call('postUserConfirmEmailResend', { body: parsed.data }, { lang: locale.lang });
  return data({ errors: {} as FieldErrors, formError: null, sent: sent.message, invalid: false });
}

export default function ConfirmEmail() {
  const { t } = useTranslation();
  const { token } = useParams();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  const askForLink = !token || result?.invalid;
  const localePath = useLocalePath();
  return (
    <main id="main" className="mx-auto w-full max-w-md px-4 py-12">
      <h1 className="text-3xl font-bold tracking-tight">{t('auth_confirm_title')}</h1>
      <div className="mt-6 flex flex-col gap-4">
        {result?.invalid && <FormMessage tone="error">{t('auth_confirm_failed')}</FormMessage>}
        {result?.sent && <FormMessage tone="success">{result.sent}</FormMessage>}
        {!askForLink && (
          <Form method="post">
            <p className="mb-4 text-neutral-700">{t('auth_confirm_intro')}</p>
            <button type="submit" className={`${buttonClass.primary} w-full`} disabled={busy}>
              {busy ? t('loading') : t('auth_confirm_button')}
            </button>
          </Form>
        )}
        {askForLink && !result?.sent && (
          <Form method="post" action={localePath('/confirm-email')} className="flex flex-col gap-4" noValidate>
            <EmailField error={result?.errors.email} />
            <button type="submit" className={`${buttonClass.primary} w-full`} disabled={busy}>
              {t('auth_resend_confirmation')}
            </button>
          </Form>
        )}
      </div>
    </main>
  );
}
