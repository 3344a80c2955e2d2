import { marketingHandover } from '@varg/domain';
import { data, Form, redirect, useActionData, useLoaderData, useNavigation } from 'react-router';
import { isApiRequestError } from '../lib/api.ts';
import { userApi } from '../lib/auth.server.ts';
import { servicesContext } from '../lib/context.ts';
import { useTranslation } from '../lib/i18n.ts';
import { pageMeta } from '../lib/page.ts';
import { SubmitButton } from '../ui/account-fields.tsx';
import { FormMessage } from '../ui/field.tsx';
import type { Route } from './+types/test-ride-feedback';

// Feedback after a test ride (spec: POST referral/test-ride/feedback?token): reached from the e-mailed link, once.

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(matches, location.pathname, 'test_ride_feedback_title', { index: false });

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const handover = marketingHandover(context.get(servicesContext).config.marketingSiteUrl, url.pathname, url.search);
  if (handover) throw redirect(handover, 302);
  const token = url.searchParams.get('token') ?? '';
  try {
    const state = await userApi(context, request).call('getReferralTestRideFeedback', { query: { token } });
    return { state, error: null };
  } catch (error) {
    if (!isApiRequestError(error) || error.status >= 500) throw error;
    return data({ state: null, error: error.code === 'VALIDATION_ERROR' ? null : error.message }, 404);
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  const form = await request.formData();
  const rating = Number(form.get('rating'));
  const wouldBuy = form.get('wouldBuy');
  if (!(rating >= 1 && rating <= 5) || (wouldBuy !== 'yes' && wouldBuy !== 'no')) {
    return data({ sent: false, error: null, missing: true }, 400);
  }
  try {
    await userApi(context, request).call('postReferralTestRideFeedback', {
      query: { token },
      body: { rating, comments: String(form.get('comments') ?? '').slice(0, 2000), wouldBuy: wouldBuy === 'yes' },
    });
    return { sent: true, error: null, missing: false };
  } catch (error) {
    if (!isApiRequestError(error) || error.status >= 500) throw error;
    return data({ sent: false, error: error.message, missing: false }, error.status);
  }
}

export default function TestRideFeedback() {
  const { t } = useTranslation();
  const { state, error } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  return (
    <main id="main" className="mx-auto flex w-full max-w-2xl flex-col gap-6 px-4 py-12">
      <h1 className="text-3xl font-bold tracking-tight">{t('test_ride_feedback_title')}</h1>
      {!state ? (
        <FormMessage tone="error">{error ?? t('error_feedback_link_invalid')}</FormMessage>
      ) : result?.sent ? (
        <FormMessage tone="success">{t('test_ride_feedback_thanks')}</FormMessage>
      ) : state.answered ? (
        <FormMessage tone="info">{t('error_feedback_already_given')}</FormMessage>
      ) : (
        <Form method="post" className="flex flex-col gap-6">
          <p className="text-neutral-700">
            {t('test_ride_feedback_intro', { model: state.model, dealer: state.dealer })}
          </p>
          {result?.error && <FormMessage tone="error">{result.error}</FormMessage>}
          {result?.missing && <FormMessage tone="error">{t('test_ride_feedback_missing')}</FormMessage>}
          <fieldset>
            <legend className="mb-2 text-sm font-medium text-neutral-800">{t('test_ride_feedback_rating')}</legend>
            <div className="flex flex-wrap gap-2">
              {[1, 2, 3, 4, 5].map((n) => (
                <label key={n} className="flex items-center gap-2 rounded-lg border border-neutral-300 px-3 py-2">
                  <input type="radio" name="rating" value={n} required />
                  {t('test_ride_feedback_stars', { count: n })}
                </label>
              ))}
            </div>
          </fieldset>
          <fieldset>
            <legend className="mb-2 text-sm font-medium text-neutral-800">{t('test_ride_feedback_would_buy')}</legend>
            <div className="flex gap-2">
              {(['yes', 'no'] as const).map((v) => (
                <label key={v} className="flex items-center gap-2 rounded-lg border border-neutral-300 px-3 py-2">
                  <input type="radio" name="wouldBuy" value={v} required />
                  {t(v === 'yes' ? 'modal_yes' : 'modal_no')}
                </label>
              ))}
            </div>
          </fieldset>
          <div className="flex flex-col gap-1.5">
            <label htmlFor="feedback-comments" className="text-sm font-medium text-neutral-800">
              {t('test_ride_feedback_comments')}
            </label>
            <textarea
              id="feedback-comments"
              name="comments"
              rows={4}
              maxLength={2000}
              className="rounded-lg border border-neutral-300 px-3 py-2.5"
            />
          </div>
          <div>
            <SubmitButton busy={navigation.state === 'submitting'} busyLabel={t('vehicle_transfer_sending')}>
              {t('test_ride_feedback_submit')}
            </SubmitButton>
          </div>
        </Form>
      )}
    </main>
  );
}
