import { localizedPath, marketingHandover } from '@varg/domain';
import { data, Form, redirect, useActionData, useLoaderData, useNavigation, useSearchParams } from 'react-router';
import { z } from 'zod';
import { DealerChoice, ModelChoice, RiderFields, TEST_RIDE_MODELS } from '../features/leads/test-ride-fields.tsx';
import { isApiRequestError } from '../lib/api.ts';
import { userApi } from '../lib/auth.server.ts';
import { localeContext, servicesContext } from '../lib/context.ts';
import { captchaOf, type FieldErrors, parseForm } from '../lib/forms.server.ts';
import { useTranslation } from '../lib/i18n.ts';
import { pageMeta } from '../lib/page.ts';
import { SubmitButton } from '../ui/account-fields.tsx';
import { CaptchaField } from '../ui/captcha.tsx';
import { FormMessage } from '../ui/field.tsx';
import type { Route } from './+types/test-ride';

// Book a test ride (spec sections 1 and 7: POST referral/test-ride; decision 019): the visitor picks a model, a store
// and a date window; the request becomes a lead of that dealer. With MARKETING_SITE_URL set the marketing site has it.

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(matches, location.pathname, 'test_ride_title', { descriptionKey: 'test_ride_intro', index: true });

const FIELDS = [
  'dealerId',
  'model',
  'from',
  'to',
  'firstName',
  'lastName',
  'email',
  'phone',
  'message',
  'consent',
] as const;
const TestRideForm = z.object({
  dealerId: z.uuid(),
  model: z.enum(TEST_RIDE_MODELS),
  from: z.iso.date(),
  to: z.iso.date(),
  firstName: z.string().trim().min(1).max(80),
  lastName: z.string().trim().min(1).max(80),
  email: z.email().max(254),
  phone: z.string().trim().min(5).max(32),
  message: z.string().trim().max(1000).default(''),
  consent: z.literal('on'),
});

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const handover = marketingHandover(context.get(servicesContext).config.marketingSiteUrl, url.pathname, url.search);
  if (handover) throw redirect(handover, 302);
  const locale = context.get(localeContext);
  const lat = url.searchParams.get('lat');
  const lng = url.searchParams.get('lng');
  const near =
    lat && lng && Number.isFinite(Number(lat)) && Number.isFinite(Number(lng))
      ? { lat: Number(lat), lng: Number(lng) }
      : null;
  const { docs } = await userApi(context, request).call('getReferralTestRideDealers', {
    query: { country: locale.country, ...near },
  });
  return { dealers: docs, near: Boolean(near) };
}

type ActionResult = { errors: FieldErrors; error: string | null; values: Record<string, string> };

export async function action({ request, context }: Route.ActionArgs) {
  const locale = context.get(localeContext);
  const parsed = await parseForm(request, TestRideForm, FIELDS);
  const values = Object.fromEntries(FIELDS.map((f) => [f, String(parsed.form.get(f) ?? '')]));
  if (!parsed.ok) return data<ActionResult>({ errors: parsed.errors, error: null, values }, 400);
  try {
    await userApi(context, request).call('postReferralTestRide', {
      query: { country: locale.country },
      body: { ...parsed.data, consent: true, ...captchaOf(parsed.form) },
    });
  } catch (error) {
    if (!isApiRequestError(error) || error.status >= 500) throw error;
    const field =
      error.code === 'TEST_RIDE_DATES_INVALID' ? 'from' : error.code === 'DEALER_NOT_FOUND' ? 'dealerId' : null;
    return data<ActionResult>(
      { errors: field && error.tKey ? { [field]: error.tKey } : {}, error: field ? null : error.message, values },
      error.status,
    );
  }
  throw redirect(localizedPath(locale, '/test-ride?booked=1'));
}

export default function TestRide() {
  const { t } = useTranslation();
  const { dealers, near } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const values = result?.values ?? {};
  const errors = result?.errors ?? {};
  if (params.get('booked') === '1') {
    return (
      <main id="main" className="mx-auto flex w-full max-w-2xl flex-col gap-4 px-4 py-16">
        <h1 className="text-3xl font-bold tracking-tight">{t('test_ride_booked_title')}</h1>
        <FormMessage tone="success">{t('test_ride_booked_text')}</FormMessage>
      </main>
    );
  }
  const choice = (name: string) => values[name] ?? params.get(name === 'dealerId' ? 'dealer' : name) ?? '';
  return (
    <main id="main" className="mx-auto flex w-full max-w-2xl flex-col gap-8 px-4 py-12">
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold tracking-tight">{t('test_ride_title')}</h1>
        <p className="text-neutral-700">{t('test_ride_intro')}</p>
      </header>
      {result?.error && <FormMessage tone="error">{result.error}</FormMessage>}
      <Form method="post" className="flex flex-col gap-6" noValidate>
        <ModelChoice value={choice('model')} />
        <DealerChoice dealers={dealers} near={near} value={choice('dealerId')} error={errors.dealerId} />
        <RiderFields values={values} errors={errors} />
        <CaptchaField action="test_ride" />
        <div>
          <SubmitButton busy={navigation.state === 'submitting'} busyLabel={t('vehicle_transfer_sending')}>
            {t('test_ride_submit')}
          </SubmitButton>
        </div>
      </Form>
    </main>
  );
}
