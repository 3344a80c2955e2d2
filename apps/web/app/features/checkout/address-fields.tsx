// The checkout's shipping address: a saved address of this market or a new one (US: state and ZIP code), in the
// page's country. The tax service's postal-code error shows on the field once the buyer has typed one.
import { US_STATES } from '@varg/domain';
import { useState } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import { useLocale } from '../../lib/use-locale.ts';
import { AddressLookup } from '../../ui/address-lookup.tsx';
import { Field } from '../../ui/field.tsx';
import type { CheckoutData, SavedAddressView } from './types.ts';

export function AddressFields({
  addresses,
  country,
  us,
  taxes,
}: {
  addresses: SavedAddressView[];
  /** The page's country, by name. */
  country: string;
  us: boolean;
  taxes: CheckoutData['pricing']['taxes'];
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [addressId, setAddressId] = useState(addresses[0]?._id ?? 'new');
  // The tax service cannot place an empty ZIP code either; the field shows that only once the buyer has typed one.
  const [postalTyped, setPostalTyped] = useState(false);
  const postalError = postalTyped && taxes.errorCode === 'INVALID_POSTAL_CODE' ? (taxes.error ?? undefined) : undefined;
  return (
    <fieldset className="flex flex-col gap-4">
      <legend className="mb-2 text-lg font-semibold">{t('checkout_shipping_address')}</legend>
      <p className="text-sm text-neutral-600">{t('checkout_country_note', { country })}</p>
      {addresses.length ? (
        <div className="flex flex-col gap-2">
          {addresses.map((a) => (
            <label key={a._id} className="flex items-start gap-3 rounded-xl border border-neutral-200 p-3">
              <input
                type="radio"
                name="address_id"
                value={a._id}
                checked={addressId === a._id}
                onChange={() => setAddressId(a._id)}
                className="mt-1"
              />
              <span>{a.formatted_address || `${a.line_1}, ${a.postal_code} ${a.city}`}</span>
            </label>
          ))}
          <label className="flex items-center gap-3 rounded-xl border border-neutral-200 p-3">
            <input
              type="radio"
              name="address_id"
              value="new"
              checked={addressId === 'new'}
              onChange={() => setAddressId('new')}
            />
            {t('checkout_new_address')}
          </label>
        </div>
      ) : (
        <input type="hidden" name="address_id" value="new" />
      )}
      {addressId === 'new' ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <AddressLookup country={locale.country} />
          <Field
            label={t('checkout_address_line1')}
            name="line_1"
            autoComplete="address-line1"
            required
            className="sm:col-span-2"
          />
          <Field
            label={t('checkout_address_line2')}
            name="line_2"
            autoComplete="address-line2"
            className="sm:col-span-2"
          />
          <Field label={t('checkout_city')} name="city" autoComplete="address-level2" required />
          {us ? <StateSelect /> : null}
          <Field
            label={t(us ? 'checkout_zip_code' : 'checkout_postal_code')}
            name="postal_code"
            autoComplete="postal-code"
            required
            error={postalError}
            onInput={(e) => setPostalTyped(e.currentTarget.value.trim() !== '')}
            {...(us
              ? { inputMode: 'numeric' as const, pattern: '\\d{5}(-\\d{4})?', hint: t('checkout_zip_hint') }
              : {})}
          />
        </div>
      ) : null}
    </fieldset>
  );
}

/** US address format: the state by its USPS code. */
function StateSelect() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor="checkout-state" className="text-sm font-medium text-neutral-800">
        {t('checkout_state')}
      </label>
      <select
        id="checkout-state"
        name="state"
        required
        autoComplete="address-level1"
        defaultValue=""
        className="rounded-lg border border-neutral-300 bg-white px-3 py-2.5"
      >
        <option value="" disabled>
          {t('checkout_state_choose')}
        </option>
        {US_STATES.map((code) => (
          <option key={code} value={code}>
            {code}
          </option>
        ))}
      </select>
    </div>
  );
}
