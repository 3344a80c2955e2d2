import { type Address, AddressCreate } from '@varg/contracts';
import { addressLines, postalCodeExample } from '@varg/domain';
import { useId, useState } from 'react';
import { data, Form, useActionData, useLoaderData, useNavigation, useSubmit } from 'react-router';
import { useShell } from '../features/shell/providers.tsx';
import { isApiRequestError } from '../lib/api.ts';
import { userApi } from '../lib/auth.server.ts';
import { type FieldErrors, parseForm } from '../lib/forms.server.ts';
import { guarded } from '../lib/guards.server.ts';
import { countryName, useTranslation } from '../lib/i18n.ts';
import { pageMeta } from '../lib/page.ts';
import { useLocale, useRootData } from '../lib/use-locale.ts';
import { SubmitButton } from '../ui/account-fields.tsx';
import { buttonClass } from '../ui/button.ts';
import { Field, FormMessage } from '../ui/field.tsx';
import type { Route } from './+types/account-addresses';

// The account's saved addresses (spec sections 3 "Address" and 7; decision 013): list, add, delete after a confirm.

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(matches, location.pathname, 'addresses_title');

export const loader = guarded(['auth'], async ({ context, request }: Route.LoaderArgs) => {
  const { addresses } = await userApi(context, request).call('getV2Address');
  return { addresses };
});

const FIELDS = ['country', 'line_1', 'line_2', 'postal_code', 'city', 'state'] as const;

/** API error codes that belong to one field of the form. */
const FIELD_OF_CODE: Record<string, string> = {
  INVALID_POSTAL_CODE: 'postal_code',
  INVALID_STATE: 'state',
  COUNTRY_NOT_FOUND: 'country',
};

type ActionResult = {
  intent: 'create' | 'delete';
  errors: FieldErrors;
  formError: string | null;
  saved: string | null;
  /** Changes on every successful add, so the form starts empty again. */
  formKey: string | null;
  /** What was typed, shown again after an error (also without JavaScript). */
  values: Record<string, string>;
};

export const action = guarded(['auth'], async ({ request, context }: Route.ActionArgs) => {
  const api = userApi(context, request);
  const form = await request.clone().formData();
  const result = (r: Partial<ActionResult> & Pick<ActionResult, 'intent'>, status = 200) =>
    data<ActionResult>({ errors: {}, formError: null, saved: null, formKey: null, values: {}, ...r }, { status });

  if (form.get('intent') === 'delete') {
    try {
      await api.call('deleteV2AddressById', { path: { id: String(form.get('id') ?? '') } });
      return result({ intent: 'delete', saved: 'addresses_deleted' });
    } catch (error) {
      if (!isApiRequestError(error)) throw error;
      return result({ intent: 'delete', formError: error.message }, error.status);
    }
  }

  const parsed = await parseForm(request, AddressCreate, FIELDS);
  const values = Object.fromEntries(FIELDS.map((name) => [name, String(parsed.form.get(name) ?? '')]));
  if (!parsed.ok) return result({ intent: 'create', errors: parsed.errors, values }, 400);
  try {
    const saved = await api.call('postV2Address', { body: parsed.data });
    return result({ intent: 'create', saved: 'addresses_saved', formKey: saved._id });
  } catch (error) {
    if (!isApiRequestError(error)) throw error;
    const field = FIELD_OF_CODE[error.code];
    if (field && error.tKey) {
      return result({ intent: 'create', errors: { [field]: error.tKey }, values }, error.status);
    }
    return result({ intent: 'create', formError: error.message, values }, error.status);
  }
});

export default function AccountAddresses() {
  const { t } = useTranslation();
  const { addresses } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'create';
  // A new, empty form after each address saved; after an error the form stays as typed.
  const [formKey, setFormKey] = useState('new');
  if (result?.formKey && result.formKey !== formKey) setFormKey(result.formKey);
  const message = (intent: ActionResult['intent']) =>
    result?.intent === intent &&
    (result.formError ? (
      <FormMessage tone="error">{result.formError}</FormMessage>
    ) : result.saved ? (
      <FormMessage tone="success">{t(result.saved)}</FormMessage>
    ) : null);

  return (
    <div className="flex max-w-3xl flex-col gap-10">
      <h1 className="text-3xl font-bold tracking-tight">{t('addresses_title')}</h1>
      <section aria-labelledby="saved-addresses" className="flex flex-col gap-4">
        <h2 id="saved-addresses" className="text-xl font-semibold">
          {t('addresses_list_title')}
        </h2>
        {message('delete')}
        {addresses.length === 0 ? (
          <p className="text-neutral-600">{t('addresses_empty')}</p>
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2">
            {addresses.map((address) => (
              <AddressCard key={address._id} address={address} />
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="add-address" className="flex flex-col gap-4 border-t border-neutral-200 pt-8">
        <h2 id="add-address" className="text-xl font-semibold">
          {t('addresses_add_title')}
        </h2>
        {message('create')}
        <AddressForm
          key={formKey}
          errors={result?.intent === 'create' ? result.errors : {}}
          values={result?.intent === 'create' ? result.values : {}}
          busy={busy}
        />
      </section>
    </div>
  );
}

function AddressCard({ address }: { address: Address }) {
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

function AddressForm({
  errors,
  values,
  busy,
}: {
  errors: Record<string, string | undefined>;
  values: Record<string, string | undefined>;
  busy: boolean;
}) {
  const { t } = useTranslation();
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
            {t(errors.country)}
          </p>
        )}
      </div>
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
