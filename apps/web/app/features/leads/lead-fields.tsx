import type { Lead } from '@varg/contracts';
import type { FieldError } from '../../lib/field-error.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { Field } from '../../ui/field.tsx';

export const LEAD_FIELDS = ['firstName', 'lastName', 'email', 'phone', 'model', 'message'] as const;

/** The fields of a lead, for adding one and editing it. */
export function LeadFields({
  lead,
  values,
  errors,
}: {
  lead?: Lead | undefined;
  values: Record<string, string>;
  errors: Record<string, FieldError | undefined>;
}) {
  const { t } = useTranslation();
  const value = (name: (typeof LEAD_FIELDS)[number]) => values[name] ?? (lead ? String(lead[name] ?? '') : '');
  const id = lead?._id ?? 'new';
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field
        label={t('test_ride_first_name')}
        name="firstName"
        required
        maxLength={80}
        defaultValue={value('firstName')}
        error={errors.firstName}
      />
      <Field
        label={t('test_ride_last_name')}
        name="lastName"
        maxLength={80}
        defaultValue={value('lastName')}
        error={errors.lastName}
      />
      <Field
        label={t('test_ride_email')}
        name="email"
        type="email"
        maxLength={254}
        defaultValue={value('email')}
        error={errors.email}
      />
      <Field
        label={t('test_ride_phone')}
        name="phone"
        type="tel"
        maxLength={32}
        defaultValue={value('phone')}
        error={errors.phone}
      />
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`lead-model-${id}`} className="text-sm font-medium text-neutral-800">
          {t('test_ride_model')}
        </label>
        <select
          id={`lead-model-${id}`}
          name="model"
          defaultValue={value('model')}
          className="rounded-lg border border-neutral-300 bg-white px-3 py-2.5"
        >
          <option value="">{t('leads_model_none')}</option>
          {['varg', 'varg-ex', 'varg-sm'].map((m) => (
            <option key={m} value={m}>
              {t(`model_${m.replace(/-/g, '_')}_name`)}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-1.5 sm:col-span-2">
        <label htmlFor={`lead-message-${id}`} className="text-sm font-medium text-neutral-800">
          {t('test_ride_message')}
        </label>
        <textarea
          id={`lead-message-${id}`}
          name="message"
          rows={2}
          maxLength={2000}
          defaultValue={value('message')}
          className="rounded-lg border border-neutral-300 px-3 py-2.5"
        />
      </div>
    </div>
  );
}

/** The form's fields as the API wants them: empty strings kept (they clear a field), no model as null. */
export function leadBody(form: FormData): Record<string, string | null> {
  const body: Record<string, string | null> = {};
  for (const name of LEAD_FIELDS) {
    const v = form.get(name);
    if (typeof v === 'string') body[name] = name === 'model' ? v || null : v.trim();
  }
  return body;
}
