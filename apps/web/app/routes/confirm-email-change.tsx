import { data, Form, Link, useActionData, useNavigation } from 'react-router';
import { isApiRequestError } from '../lib/api.ts';
import { localeContext, servicesContext } from '../lib/context.ts';
import { useTranslation } from '../lib/i18n.ts';
import { pageMeta } from '../lib/page.ts';
import { useLocalePath } from '../lib/use-locale.ts';
import { buttonClass } from '../ui/button.ts';
import { FormMessage } from '../ui/field.tsx';
import type { Route } from './+types/confirm-email-change';

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(matches, location.pathname, 'confirm_email_change_title');

/**
 * The link e-mailed to a new address (decision 028). Confirming takes a click (a POST), so mail scanners that open
 * links do not use the one-time token up. It signs nobody in: whoever is signed in here stays so.
 */
export async function action({ params, context }: Route.ActionArgs) {
  const { api } = context.get(servicesContext);
  const locale = context.get(localeContext);
  try {
    const done = await api.call('postUserEmailChangeByToken', { path: { token: params.token } }, { lang: locale.lang });
    return data({ done: done.message, failed: null });
  } catch (error) {
    if (!isApiRequestError(error)) throw error;
    // A bad link gets the page's own explanation; another refusal (the address was taken meanwhile) its message.
    return data({ done: null, failed: error.code === 'EMAIL_TAKEN' ? error.message : null }, { status: error.status });
  }
}

export default function ConfirmEmailChange() {
  const { t } = useTranslation();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  const localePath = useLocalePath();
  return (
    <main id="main" className="mx-auto w-full max-w-md px-4 py-12">
      <h1 className="text-3xl font-bold tracking-tight">{t('confirm_email_change_title')}</h1>
      <div className="mt-6 flex flex-col gap-4">
        {result?.done && (
          <>
            <FormMessage tone="success">{result.done}</FormMessage>
            <Link to={localePath('/login')} className={`${buttonClass.primary} w-full text-center`}>
              {t('confirm_email_change_to_login')}
            </Link>
          </>
        )}
        {result && !result.done && (
          <FormMessage tone="error">{result.failed ?? t('confirm_email_change_failed')}</FormMessage>
        )}
        {!result && (
          <Form method="post">
            <p className="mb-4 text-neutral-700">{t('confirm_email_change_intro')}</p>
            <button type="submit" className={`${buttonClass.primary} w-full`} disabled={busy}>
              {busy ? t('loading') : t('confirm_email_change_button')}
            </button>
          </Form>
        )}
      </div>
    </main>
  );
}
