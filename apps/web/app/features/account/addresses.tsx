// The address book: a saved address with its edit and delete (confirmed), and the address form (US: state).
import type { Address } from '@varg/contracts';
import { addressLines, postalCodeExample } from '@varg/domain';
import { useId, useState } from 'react';
import { Form, useNavigation, useSubmit } from 'react-router';
import { type FieldError, fieldErrorText } from '../../lib/field-error.ts';
import type { FieldErrors } from '../../lib/forms.server.ts';
import { countryName, useTranslation } from '../../lib/i18n.ts';
import { useLocale, useRootData } from '../../lib/use-locale.ts';
import { SubmitButton } from '../../ui/account-fields.tsx';
import { AddressLookup } from '../../ui/address-lookup.tsx';
import { buttonClass } from '../../ui/button.ts';
import { Field } from '../../ui/field.tsx';
import { useShell } from '../shell/providers.tsx';

/** What the page's action answers. */
export type AddressesActionData = {
  intent: 'create' | 'delete';
  errors: FieldErrors;
  formError: string | null;
  saved: string | null;
  /** Changes on every successful add, so the form starts empty again. */
  formKey: string | null;
  /** What was typed, shown again after an error (also without JavaScript). */
  values: Record<string, string>;
};

export function AddressCard({ address }: { address: Address }) {
  const { t } = useTranslation();
  const { confirm } = useShell();
  const submit = useSubmit();
  const navigation = useNavigation();
  const deleting = navigation.state !== 'idle' && navigation.formData?.get('id') === address._id;
  const locale = useLocale();
  const lines = addressLines(
    {
      line1: address.line_1,
      line2: address.line_2,
      postalCode: address.postal_code,
      city: address.city,
      state: address.state,
      country: address.country,
    },
    countryName(address.country, locale, address.country),
  );
  // The address in the user's language (the stored formatted_address names the country in English).
  const oneLine = lines.join(', ');
  return (
    <li className="flex flex-col justify-between gap-4 rounded-xl border border-neutral-200 bg-white p-4">
      <address className="text-sm leading-6 not-italic text-neutral-800">
        {lines.map((line) => (
          <span key={line} className="block">
            {line}
          </span>
        ))}
      </address>
      <Form
        method="post"
        onSubmit={async (event) => {
          // With JavaScript, ask first (the shell's confirm modal); without it the form posts straight away.
          event.preventDefault();
          const form = event.currentTarget;
          const yes = await confirm({ title: t('addresses_delete_confirm'), description: oneLine });
          if (yes) await submit(form);
        }}
      >
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="id" value={address._id} />
        <button
          type="submit"
          className={`${buttonClass.secondary} w-full sm:w-auto`}
          disabled={deleting}
          aria-label={t('addresses_delete_label', { address: oneLine })}
        >
          {t('addresses_delete')}
        </button>
      </Form>
    </li>
  );
}

export function AddressForm({
  errors,
  values,
  busy,
}: {
  errors: Record<string, FieldError | undefined>;
  values: Record<string, string | undefined>;
  busy: boolean;
}) {
  const { t, tag } = useTranslation();
  const { countries } = useRootData();
  const locale = useLocale();
  const [country, setCountry] = useState(values.country || locale.country);
  const selectId = useId();
  const sorted = countries
    .map((c) => ({ code: c.code, name: countryName(c.code, locale, c.name) }))
    .sort((a, b) => a.name.localeCompare(b.name, locale.lang));
  const example = postalCodeExample(country);
  return (
    <Form method="post" className="flex flex-col gap-4" noValidate>
      <input type="hidden" name="intent" value="create" />
      <div className="flex flex-col gap-1.5">
        <label htmlFor={selectId} className="text-sm font-medium text-neutral-800">
          {t('address_country')}
        </label>
        <select
          id={selectId}
          name="country"
          value={country}
          onChange={(e) => setCountry(e.target.value)}
          autoComplete="country"
          aria-invalid={errors.country ? true : undefined}
          aria-describedby={errors.country ? `${selectId}-error` : undefined}
          className="rounded-lg border border-neutral-300 bg-white px-3 py-2.5 text-neutral-900 outline-none focus:border-neutral-900 focus:ring-2 focus:ring-neutral-900/20"
        >
          {sorted.map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
            </option>
          ))}
        </select>
        {errors.country && (
          <p id={`${selectId}-error`} className="text-sm text-red-700">
            {fieldErrorText(t, tag, errors.country)}
          </p>
        )}
      </div>
      <AddressLookup country={country} />
      <Field
        label={t('address_line_1')}
        name="line_1"
        defaultValue={values.line_1}
        autoComplete="address-line1"
        required
        maxLength={200}
        error={errors.line_1}
      />
      <Field
        label={t('address_line_2')}
        name="line_2"
        defaultValue={values.line_2}
        autoComplete="address-line2"
        maxLength={200}
        error={errors.line_2}
      />
      <div className="grid gap-4 sm:grid-cols-[10rem_1fr]">
        <Field
          label={t('address_postal_code')}
          name="postal_code"
          defaultValue={values.postal_code}
          autoComplete="postal-code"
          required
          maxLength={16}
          hint={example ? t('address_postal_code_hint', { example }) : undefined}
          error={errors.postal_code}
        />
        <Field
          label={t('address_city')}
          name="city"
          defaultValue={values.city}
          autoComplete="address-level2"
          required
          maxLength={100}
          error={errors.city}
        />
      </div>
      <Field
        label={t('address_state')}
        name="state"
        defaultValue={values.state}
        autoComplete="address-level1"
        required={country === 'US'}
        maxLength={100}
        hint={country === 'US' ? t('address_state_hint_us') : undefined}
        error={errors.state}
      />
      <div>
        <SubmitButton busy={busy} busyLabel={t('form_saving')}>
          {t('addresses_save')}
        </SubmitButton>
      </div>
    </Form>
  );
}
