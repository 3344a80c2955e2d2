import { DealerApplicationBody } from '@varg/contracts';
import { data, Form, Link, useActionData, useLoaderData, useNavigation } from 'react-router';
import { isApiRequestError } from '../lib/api.ts';
import { userApi } from '../lib/auth.server.ts';
import { localeContext } from '../lib/context.ts';
import { captchaOf, parseBody } from '../lib/forms.server.ts';
import { guarded } from '../lib/guards.server.ts';
import { countryName, useTranslation } from '../lib/i18n.ts';
import { pageMeta } from '../lib/page.ts';
import { useLocale, useLocalePath, useRootData } from '../lib/use-locale.ts';
import { SubmitButton } from '../ui/account-fields.tsx';
import { AddressFields } from '../ui/address-fields.tsx';
import { buttonClass } from '../ui/button.ts';
import { CaptchaField } from '../ui/captcha.tsx';
import { Field, FormMessage } from '../ui/field.tsx';
import type { Route } from './+types/become-dealer';

// Become a dealer (spec sections 2, 4, 5 and 7: POST dealer; decision 020): signed-in users who are neither dealer nor
// lead dealer apply once; the page then shows the request's state.

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(matches, location.pathname, 'become_dealer_title', { descriptionKey: 'become_dealer_intro' });

export const loader = guarded(['auth'], async ({ context, request }: Route.LoaderArgs) => {
  return { state: await userApi(context, request).call('getV2DealerApplication') };
});

const FIELDS = [
  'companyName',
  'vatId',
  'country',
  'storeName',
  'line1',
  'line2',
  'postalCode',
  'city',
  'phone',
  'expectedYearlyVolume',
  'message',
] as const;

export const action = guarded(['auth'], async ({ context, request }: Route.ActionArgs) => {
  const form = await request.formData();
  const values = Object.fromEntries(FIELDS.map((f) => [f, String(form.get(f) ?? '').trim()]));
  const body = parseBody(DealerApplicationBody, {
    ...values,
    expectedYearlyVolume: Number(values.expectedYearlyVolume) || 0,
    country: values.country || context.get(localeContext).country,
    ...captchaOf(form),
  });
  if (!body.ok) return data({ ok: false as const, error: 'become_dealer_form_invalid', field: null, values }, 400);
  try {
    await userApi(context, request).call('postV2Dealer', { body: body.data });
    return { ok: true as const, error: null, field: null, values };
  } catch (error) {
    if (!isApiRequestError(error) || error.status >= 500) throw error;
    const field = error.code === 'VAT_ID_INVALID' ? 'vatId' : null;
    const message = error.code === 'VALIDATION_ERROR' ? 'become_dealer_form_invalid' : error.message;
    return data({ ok: false as const, error: message, field, values }, error.status);
  }
});

export default function BecomeDealer() {
  const { t } = useTranslation();
  const { state } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const locale = useLocale();
  const localePath = useLocalePath();
  const { countries } = useRootData();
  const values = result?.values ?? {};
  const sorted = countries
    .map((c) => ({ code: c.code, name: countryName(c.code, locale, c.name) }))
    .sort((a, b) => a.name.localeCompare(b.name, locale.lang));
  const fieldError = (name: string) =>
    result && !result.ok && result.field === name ? (result.error ?? undefined) : undefined;
  return (
    <main id="main" className="mx-auto flex w-full max-w-2xl flex-col gap-8 px-4 py-12">
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold tracking-tight">{t('become_dealer_title')}</h1>
        <p className="text-neutral-700">{t('become_dealer_intro')}</p>
      </header>
      {state.status !== 'none' ? (
        <section className="flex flex-col gap-4">
          <FormMessage tone={state.status === 'rejected' ? 'error' : state.status === 'approved' ? 'success' : 'info'}>
            {t(`become_dealer_state_${state.status}`, { store: state.storeName ?? '' })}
          </FormMessage>
          {state.rejectionReason && (
            <p className="text-neutral-700">
              {t('become_dealer_reason')}: {state.rejectionReason}
            </p>
          )}
          {state.status === 'approved' && (
            <Link to={localePath('/dealer')} className={`${buttonClass.primary} self-start`}>
              {t('dealer_title')}
            </Link>
          )}
        </section>
      ) : !state.allowed ? (
        <FormMessage tone="info">{t('error_dealer_application_not_allowed')}</FormMessage>
      ) : (
        <Form method="post" className="flex flex-col gap-4" noValidate>
          {result && !result.ok && !result.field && <FormMessage tone="error">{t(result.error ?? '')}</FormMessage>}
          <Field
            label={t('become_dealer_company')}
            name="companyName"
            required
            maxLength={120}
            autoComplete="organization"
            defaultValue={values.companyName}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              label={t('become_dealer_vat')}
              name="vatId"
              required
              maxLength={20}
              defaultValue={values.vatId}
              error={fieldError('vatId')}
              hint={t('become_dealer_vat_hint')}
            />
            <div className="flex flex-col gap-1.5">
              <label htmlFor="become-dealer-country" className="text-sm font-medium text-neutral-800">
                {t('address_country')}
              </label>
              <select
                id="become-dealer-country"
                name="country"
                defaultValue={values.country || locale.country}
                className="rounded-lg border border-neutral-300 bg-white px-3 py-2.5"
              >
                {sorted.map((c) => (
                  <option key={c.code} value={c.code}>
                    {c.name}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <Field
            label={t('become_dealer_store')}
            name="storeName"
            required
            maxLength={120}
            defaultValue={values.storeName}
          />
          <AddressFields
            names={{ line1: 'line1', line2: 'line2', postalCode: 'postalCode', city: 'city' }}
            values={values}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              label={t('test_ride_phone')}
              name="phone"
              type="tel"
              required
              maxLength={32}
              autoComplete="tel"
              defaultValue={values.phone}
            />
            <Field
              label={t('become_dealer_volume')}
              name="expectedYearlyVolume"
              type="number"
              min={1}
              max={10000}
              required
              defaultValue={values.expectedYearlyVolume}
            />
          </div>
          <div className="flex flex-col gap-1.5">
            <label htmlFor="become-dealer-message" className="text-sm font-medium text-neutral-800">
              {t('test_ride_message')}
            </label>
            <textarea
              id="become-dealer-message"
              name="message"
              rows={3}
              maxLength={2000}
              defaultValue={values.message}
              className="rounded-lg border border-neutral-300 px-3 py-2.5"
            />
          </div>
          <CaptchaField action="dealer_application" />
          <div>
            <SubmitButton busy={navigation.state === 'submitting'} busyLabel={t('vehicle_transfer_sending')}>
              {t('become_dealer_submit')}
            </SubmitButton>
          </div>
        </Form>
      )}
    </main>
  );
}
