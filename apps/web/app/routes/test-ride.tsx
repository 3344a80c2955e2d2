import { localizedPath, marketingHandover } from '@varg/domain';
import {
  data,
  Form,
  redirect,
  useActionData,
  useLoaderData,
  useNavigate,
  useNavigation,
  useSearchParams,
} from 'react-router';
import { z } from 'zod';
import { isApiRequestError } from '../lib/api.ts';
import { userApi } from '../lib/auth.server.ts';
import { localeContext, servicesContext } from '../lib/context.ts';
import { captchaOf, type FieldErrors, parseForm } from '../lib/forms.server.ts';
import { useTranslation } from '../lib/i18n.ts';
import { pageMeta } from '../lib/page.ts';
import { useLocale } from '../lib/use-locale.ts';
import { SubmitButton } from '../ui/account-fields.tsx';
import { CaptchaField } from '../ui/captcha.tsx';
import { Field, FormMessage, TextArea } from '../ui/field.tsx';
import type { Route } from './+types/test-ride';

// Book a test ride (spec sections 1 and 7: POST referral/test-ride; decision 019): the visitor picks a model, a store
// and a date window; the request becomes a lead of that dealer. With MARKETING_SITE_URL set the marketing site has it.

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(matches, location.pathname, 'test_ride_title', { descriptionKey: 'test_ride_intro', index: true });

const MODELS = ['varg', 'varg-ex', 'varg-sm'] as const;
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
  model: z.enum(MODELS),
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
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const values = result?.values ?? {};
  const errors = result?.errors ?? {};
  const locale = useLocale();
  const today = new Date().toISOString().slice(0, 10);
  if (params.get('booked') === '1') {
    return (
      <main id="main" className="mx-auto flex w-full max-w-2xl flex-col gap-4 px-4 py-16">
        <h1 className="text-3xl font-bold tracking-tight">{t('test_ride_booked_title')}</h1>
        <FormMessage tone="success">{t('test_ride_booked_text')}</FormMessage>
      </main>
    );
  }
  const nearMe = () =>
    navigator.geolocation?.getCurrentPosition((pos) => {
      const next = new URLSearchParams(params);
      next.set('lat', pos.coords.latitude.toFixed(3));
      next.set('lng', pos.coords.longitude.toFixed(3));
      navigate(`?${next}`, { replace: true, preventScrollReset: true });
    });
  const choice = (name: string) => values[name] ?? params.get(name === 'dealerId' ? 'dealer' : name) ?? '';
  return (
    <main id="main" className="mx-auto flex w-full max-w-2xl flex-col gap-8 px-4 py-12">
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold tracking-tight">{t('test_ride_title')}</h1>
        <p className="text-neutral-700">{t('test_ride_intro')}</p>
      </header>
      {result?.error && <FormMessage tone="error">{result.error}</FormMessage>}
      <Form method="post" className="flex flex-col gap-6" noValidate>
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-2 text-sm font-medium text-neutral-800">{t('test_ride_model')}</legend>
          <div className="grid gap-2 sm:grid-cols-3">
            {MODELS.map((model) => (
              <label key={model} className="flex items-center gap-2 rounded-lg border border-neutral-300 px-3 py-2.5">
                <input
                  type="radio"
                  name="model"
                  value={model}
                  defaultChecked={(choice('model') || 'varg-ex') === model}
                />
                {t(`model_${model.replace(/-/g, '_')}_name`)}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="flex flex-col gap-1.5">
          <div className="flex flex-wrap items-end justify-between gap-2">
            <label htmlFor="test-ride-dealer" className="text-sm font-medium text-neutral-800">
              {t('test_ride_dealer')}
            </label>
            <span className="flex gap-4">
              <a href={localizedPath(locale, '/stores')} className="text-sm underline underline-offset-4">
                {t('test_ride_store_map')}
              </a>
              <button type="button" onClick={nearMe} className="text-sm underline underline-offset-4">
                {t('test_ride_near_me')}
              </button>
            </span>
          </div>
          {dealers.length === 0 ? (
            <p className="text-neutral-700">{t('test_ride_no_dealers')}</p>
          ) : (
            <select
              id="test-ride-dealer"
              name="dealerId"
              defaultValue={choice('dealerId') || dealers[0]?._id}
              aria-invalid={errors.dealerId ? true : undefined}
              aria-describedby={errors.dealerId ? 'test-ride-dealer-error' : undefined}
              className="rounded-lg border border-neutral-300 bg-white px-3 py-2.5"
            >
              {dealers.map((d) => (
                <option key={d._id} value={d._id}>
                  {d.name} — {d.address}
                  {near && d.distance ? ` (${d.distance.value} ${d.distance.unit})` : ''}
                </option>
              ))}
            </select>
          )}
          {errors.dealerId && (
            <p id="test-ride-dealer-error" className="text-sm text-red-700">
              {t(errors.dealerId)}
            </p>
          )}
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label={t('test_ride_from')}
            name="from"
            type="date"
            min={today}
            required
            defaultValue={values.from}
            error={errors.from}
          />
          <Field
            label={t('test_ride_to')}
            name="to"
            type="date"
            min={today}
            required
            defaultValue={values.to}
            error={errors.to}
          />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label={t('test_ride_first_name')}
            name="firstName"
            autoComplete="given-name"
            required
            maxLength={80}
            defaultValue={values.firstName}
            error={errors.firstName}
          />
          <Field
            label={t('test_ride_last_name')}
            name="lastName"
            autoComplete="family-name"
            required
            maxLength={80}
            defaultValue={values.lastName}
            error={errors.lastName}
          />
          <Field
            label={t('test_ride_email')}
            name="email"
            type="email"
            autoComplete="email"
            required
            maxLength={254}
            defaultValue={values.email}
            error={errors.email}
          />
          <Field
            label={t('test_ride_phone')}
            name="phone"
            type="tel"
            autoComplete="tel"
            required
            maxLength={32}
            defaultValue={values.phone}
            error={errors.phone}
          />
        </div>
        <TextArea
          label={t('test_ride_message')}
          name="message"
          rows={3}
          maxLength={1000}
          defaultValue={values.message}
          error={errors.message}
        />
        <div className="flex flex-col gap-1">
          <label className="flex items-start gap-3 text-sm">
            <input
              type="checkbox"
              name="consent"
              className="mt-1"
              aria-invalid={errors.consent ? true : undefined}
              aria-describedby={errors.consent ? 'test-ride-consent-error' : undefined}
            />
            <span>{t('test_ride_consent')}</span>
          </label>
          {errors.consent && (
            <p id="test-ride-consent-error" className="text-sm text-red-700">
              {t('test_ride_consent_required')}
            </p>
          )}
        </div>
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
