// The test-ride request form's parts: the model, the store (by distance once the visitor shares where they are) and
// the rider's dates, contact and consent.

import { localizedPath } from '@varg/domain';
import { useNavigate, useSearchParams } from 'react-router';
import type { Answer } from '../../lib/api-call.ts';
import { type FieldError, fieldErrorText } from '../../lib/field-error.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { useLocale } from '../../lib/use-locale.ts';
import { Field, TextArea } from '../../ui/field.tsx';

export const TEST_RIDE_MODELS = ['varg', 'varg-ex', 'varg-sm'] as const;

type Values = Record<string, string>;
type Dealers = Answer<'getReferralTestRideDealers'>['docs'];

export function ModelChoice({ value }: { value: string }) {
  const { t } = useTranslation();
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 text-sm font-medium text-neutral-800">{t('test_ride_model')}</legend>
      <div className="grid gap-2 sm:grid-cols-3">
        {TEST_RIDE_MODELS.map((model) => (
          <label key={model} className="flex items-center gap-2 rounded-lg border border-neutral-300 px-3 py-2.5">
            <input type="radio" name="model" value={model} defaultChecked={(value || 'varg-ex') === model} />
            {t(`model_${model.replace(/-/g, '_')}_name`)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export function DealerChoice({
  dealers,
  near,
  value,
  error,
}: {
  dealers: Dealers;
  near: boolean;
  value: string;
  error: FieldError | undefined;
}) {
  const { t, tag } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const nearMe = () =>
    navigator.geolocation?.getCurrentPosition((pos) => {
      const next = new URLSearchParams(params);
      next.set('lat', pos.coords.latitude.toFixed(3));
      next.set('lng', pos.coords.longitude.toFixed(3));
      navigate(`?${next}`, { replace: true, preventScrollReset: true });
    });
  return (
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
          defaultValue={value || dealers[0]?._id}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'test-ride-dealer-error' : undefined}
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
      {error && (
        <p id="test-ride-dealer-error" className="text-sm text-red-700">
          {fieldErrorText(t, tag, error)}
        </p>
      )}
    </div>
  );
}

export function RiderFields({ values, errors }: { values: Values; errors: Record<string, FieldError | undefined> }) {
  const { t } = useTranslation();
  const today = new Date().toISOString().slice(0, 10);
  return (
    <>
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
    </>
  );
}
