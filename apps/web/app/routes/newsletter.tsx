import { localizedPath, marketingHandover } from '@varg/domain';
import { data, Form, redirect, useActionData, useLoaderData, useNavigation } from 'react-router';
import { z } from 'zod';
import { isApiRequestError } from '../lib/api.ts';
import { userApi } from '../lib/auth.server.ts';
import { localeContext, servicesContext } from '../lib/context.ts';
import { captchaOf } from '../lib/forms.server.ts';
import { useTranslation } from '../lib/i18n.ts';
import { pageMeta } from '../lib/page.ts';
import { SubmitButton } from '../ui/account-fields.tsx';
import { CaptchaField } from '../ui/captcha.tsx';
import { Field, FormMessage } from '../ui/field.tsx';
import type { Route } from './+types/newsletter';

// Newsletter (spec section 2 route name "newsletter"; decision 022): sign-up with double opt-in, the confirmation
// link (?confirm=), and unsubscribing (?unsubscribe=, confirmed by a button: link scanners only GET).

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(matches, location.pathname, 'newsletter_title', { descriptionKey: 'newsletter_intro', index: true });

const Token = z.string().regex(/^[\w-]{16,100}$/);

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const handover = marketingHandover(context.get(servicesContext).config.marketingSiteUrl, url.pathname, url.search);
  if (handover) throw redirect(handover, 302);
  const confirm = url.searchParams.get('confirm');
  if (confirm !== null) {
    const token = Token.safeParse(confirm);
    if (!token.success) return { state: 'invalid' as const, token: null };
    try {
      await userApi(context, request).call('postNewsletterConfirm', { body: { token: token.data } });
      return { state: 'confirmed' as const, token: null };
    } catch (error) {
      if (!isApiRequestError(error) || error.status >= 500) throw error;
      return { state: 'invalid' as const, token: null };
    }
  }
  const unsubscribe = url.searchParams.get('unsubscribe');
  if (unsubscribe !== null) {
    const token = Token.safeParse(unsubscribe);
    return token.success
      ? { state: 'unsubscribe' as const, token: token.data }
      : { state: 'invalid' as const, token: null };
  }
  if (url.searchParams.get('sent') === '1') return { state: 'sent' as const, token: null };
  if (url.searchParams.get('unsubscribed') === '1') return { state: 'unsubscribed' as const, token: null };
  return { state: 'form' as const, token: null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const locale = context.get(localeContext);
  const form = await request.formData();
  const api = userApi(context, request);
  try {
    if (form.get('intent') === 'unsubscribe') {
      const token = Token.safeParse(form.get('token'));
      if (!token.success) return data({ error: 'error_newsletter_link_invalid', email: '' }, 400);
      await api.call('postNewsletterUnsubscribe', { query: { token: token.data } });
      throw redirect(localizedPath(locale, '/newsletter?unsubscribed=1'));
    }
    const email = z
      .email()
      .max(254)
      .safeParse(String(form.get('email') ?? '').trim());
    if (!email.success) return data({ error: 'form_email_invalid', email: String(form.get('email') ?? '') }, 400);
    await api.call('postNewsletter', {
      query: { country: locale.country },
      body: { email: email.data, ...captchaOf(form) },
    });
  } catch (error) {
    if (!isApiRequestError(error) || error.status >= 500) throw error;
    return data({ error: error.tKey ?? 'error_bad_request', email: String(form.get('email') ?? '') }, error.status);
  }
  throw redirect(localizedPath(locale, '/newsletter?sent=1'));
}

export default function Newsletter() {
  const { t } = useTranslation();
  const { state, token } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const message = {
    confirmed: ['success', 'newsletter_confirmed'],
    invalid: ['error', 'error_newsletter_link_invalid'],
    sent: ['success', 'newsletter_sent'],
    unsubscribed: ['success', 'newsletter_unsubscribed'],
  } as const;
  return (
    <main id="main" className="mx-auto flex w-full max-w-2xl flex-col gap-6 px-4 py-12">
      <h1 className="text-3xl font-bold tracking-tight">{t('newsletter_title')}</h1>
      {state in message && (
        <div>
          <FormMessage tone={message[state as keyof typeof message][0]}>
            {t(message[state as keyof typeof message][1])}
          </FormMessage>
        </div>
      )}
      {result?.error && <FormMessage tone="error">{t(result.error)}</FormMessage>}
      {state === 'unsubscribe' && token ? (
        <Form method="post" className="flex flex-col gap-4">
          <p className="text-neutral-700">{t('newsletter_unsubscribe_intro')}</p>
          <input type="hidden" name="intent" value="unsubscribe" />
          <input type="hidden" name="token" value={token} />
          <div>
            <SubmitButton busy={busy} busyLabel={t('vehicle_transfer_sending')}>
              {t('newsletter_unsubscribe')}
            </SubmitButton>
          </div>
        </Form>
      ) : (
        state === 'form' && (
          <Form method="post" className="flex flex-col gap-4" noValidate>
            <p className="text-neutral-700">{t('newsletter_intro')}</p>
            <Field
              label={t('test_ride_email')}
              name="email"
              type="email"
              autoComplete="email"
              required
              maxLength={254}
              defaultValue={result?.email}
            />
            <p className="text-sm text-neutral-600">{t('newsletter_consent')}</p>
            <CaptchaField action="newsletter" />
            <div>
              <SubmitButton busy={busy} busyLabel={t('vehicle_transfer_sending')}>
                {t('newsletter_subscribe')}
              </SubmitButton>
            </div>
          </Form>
        )
      )}
    </main>
  );
}
