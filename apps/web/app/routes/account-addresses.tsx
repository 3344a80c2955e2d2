import { AddressCreate } from '@varg/contracts';
import { useState } from 'react';
import { data, useActionData, useLoaderData, useNavigation } from 'react-router';
import { AddressCard, type AddressesActionData, AddressForm } from '../features/account/addresses.tsx';
import { isApiRequestError } from '../lib/api.ts';
import { userApi } from '../lib/auth.server.ts';
import { parseForm } from '../lib/forms.server.ts';
import { guarded } from '../lib/guards.server.ts';
import { useTranslation } from '../lib/i18n.ts';
import { pageMeta } from '../lib/page.ts';
import { FormMessage } from '../ui/field.tsx';
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

export const action = guarded(['auth'], async ({ request, context }: Route.ActionArgs) => {
  const api = userApi(context, request);
  const form = await request.clone().formData();
  const result = (r: Partial<AddressesActionData> & Pick<AddressesActionData, 'intent'>, status = 200) =>
    data<AddressesActionData>(
      { errors: {}, formError: null, saved: null, formKey: null, values: {}, ...r },
      { status },
    );

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
  const message = (intent: AddressesActionData['intent']) =>
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
