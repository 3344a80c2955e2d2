// The checkout's billing (spec section 3, "billing info"; decision 048): a company with its name, VAT id and billing
// address, or a private buyer billed as the contact or to another name and address; the billing address is the
// delivery address, one of the buyer's saved addresses (any country) or a new one.
import { useState } from 'react';
import { countryName, useTranslation } from '../../lib/i18n.ts';
import { useLocale, useRootData } from '../../lib/use-locale.ts';
import { Field, Select } from '../../ui/field.tsx';
import type { CheckoutData, SavedAddressView } from './types.ts';

export function BillingFields({ setup, addresses }: { setup: CheckoutData; addresses: SavedAddressView[] }) {
  const { t } = useTranslation();
  const [company, setCompany] = useState(false);
  const [other, setOther] = useState(false);
  return (
    <fieldset className="flex flex-col gap-4">
      <legend className="mb-2 text-lg font-semibold">{t('checkout_billing')}</legend>
      <label className="flex items-center gap-3">
        <input type="checkbox" name="company" checked={company} onChange={(e) => setCompany(e.target.checked)} />
        {t('checkout_buying_for_company')}
      </label>
      {company ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={t('checkout_company_name')} name="company_name" autoComplete="organization" required />
          <Field label={t('checkout_vat_id')} name="vat_id" required hint={t(vatHint(setup.vat))} />
        </div>
      ) : (
        <label className="flex items-center gap-3">
          <input type="checkbox" name="billing_other" checked={other} onChange={(e) => setOther(e.target.checked)} />
          {t('checkout_bill_other')}
        </label>
      )}
      {!company && other ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label={t('checkout_billing_first_name')}
            name="billing_first_name"
            autoComplete="billing given-name"
            required
          />
          <Field
            label={t('checkout_billing_last_name')}
            name="billing_last_name"
            autoComplete="billing family-name"
            required
          />
        </div>
      ) : null}
      {company || other ? <BillingAddress addresses={addresses} /> : null}
      {setup.pricing.customerTaxIdRequired ? (
        <Field label={t('checkout_customer_tax_id')} name="customer_tax_id" required />
      ) : null}
    </fieldset>
  );
}

/** Where the invoice goes: the delivery address, a saved address, or a new one in any country the store sells in. */
function BillingAddress({ addresses }: { addresses: SavedAddressView[] }) {
  const { t } = useTranslation();
  const [where, setWhere] = useState('shipping');
  const choices = [
    { value: 'shipping', label: t('checkout_billing_same_address') },
    ...addresses.map((a) => ({
      value: a._id,
      label: a.formatted_address || `${a.line_1}, ${a.postal_code} ${a.city}`,
    })),
    { value: 'new', label: t('checkout_new_address') },
  ];
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 font-semibold">{t('order_billing_address')}</legend>
      {choices.map((c) => (
        <label key={c.value} className="flex items-start gap-3 rounded-xl border border-neutral-200 p-3">
          <input
            type="radio"
            name="billing_address"
            value={c.value}
            checked={where === c.value}
            onChange={() => setWhere(c.value)}
            className="mt-1"
          />
          <span>{c.label}</span>
        </label>
      ))}
      {where === 'new' ? <NewBillingAddress /> : null}
    </fieldset>
  );
}

function NewBillingAddress() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { countries } = useRootData();
  const named = countries
    .map((c) => ({ code: c.code, name: countryName(c.code, locale, c.name) }))
    .sort((a, b) => a.name.localeCompare(b.name, locale.lang));
  return (
    <div className="mt-2 grid gap-4 sm:grid-cols-2">
      <Select
        label={t('address_country')}
        name="billing_country"
        defaultValue={locale.country}
        autoComplete="billing country"
        className="sm:col-span-2"
      >
        {named.map((c) => (
          <option key={c.code} value={c.code}>
            {c.name}
          </option>
        ))}
      </Select>
      <Field
        label={t('checkout_address_line1')}
        name="billing_line_1"
        autoComplete="billing address-line1"
        required
        className="sm:col-span-2"
      />
      <Field
        label={t('checkout_address_line2')}
        name="billing_line_2"
        autoComplete="billing address-line2"
        className="sm:col-span-2"
      />
      <Field label={t('checkout_postal_code')} name="billing_postal_code" autoComplete="billing postal-code" />
      <Field label={t('checkout_city')} name="billing_city" autoComplete="billing address-level2" required />
      <Field label={t('checkout_state')} name="billing_state" autoComplete="billing address-level1" />
    </div>
  );
}

/**
 * What the checkout says of a company's VAT id: valid, not valid, or valid-looking but not confirmed by VIES (VIES
 * down, or a format check only, in production), when VAT is charged (decision 027).
 */
function vatHint(vat: CheckoutData['vat']): string {
  if (!vat.id) return 'checkout_vat_id_hint';
  if (vat.check === 'unavailable') return 'checkout_vat_id_unavailable';
  if (vat.check === 'format_only') return 'checkout_vat_id_unconfirmed';
  return vat.valid ? 'checkout_vat_id_valid' : 'checkout_vat_id_invalid';
}
