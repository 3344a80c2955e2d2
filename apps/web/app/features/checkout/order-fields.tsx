// The checkout form's plain fieldsets: the buyer's contact, billing (a company and its VAT id, a customer tax id where
// the market asks one) and the shipping method.
import { useState } from 'react';
import { Link } from 'react-router';
import { money, useLocaleTag } from '../../lib/format.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { useLocalePath } from '../../lib/use-locale.ts';
import { Field } from '../../ui/field.tsx';
import type { CheckoutData } from './types.ts';

export function ContactFields({
  prefill,
  signedIn,
}: {
  prefill: { first_name: string; last_name: string; email: string; phone: string };
  signedIn: boolean;
}) {
  const { t } = useTranslation();
  const to = useLocalePath();
  return (
    <fieldset className="grid gap-4 sm:grid-cols-2">
      <legend className="mb-2 text-lg font-semibold">{t('checkout_contact')}</legend>
      <Field
        label={t('auth_first_name')}
        name="first_name"
        autoComplete="given-name"
        defaultValue={prefill.first_name}
        required
      />
      <Field
        label={t('auth_last_name')}
        name="last_name"
        autoComplete="family-name"
        defaultValue={prefill.last_name}
        required
      />
      <Field
        label={t('auth_email')}
        name="email"
        type="email"
        autoComplete="email"
        defaultValue={prefill.email}
        required
        readOnly={signedIn}
      />
      <Field
        label={t('checkout_phone')}
        name="phone"
        type="tel"
        autoComplete="tel"
        defaultValue={prefill.phone}
        required
      />
      {!signedIn ? (
        <p className="text-sm text-neutral-600 sm:col-span-2">
          {t('checkout_account_hint')}{' '}
          <Link to={`${to('/login')}?from=${encodeURIComponent('/checkout')}`} className="underline">
            {t('account_sign_in')}
          </Link>
        </p>
      ) : null}
    </fieldset>
  );
}

export function BillingFields({ setup }: { setup: CheckoutData }) {
  const { t } = useTranslation();
  const [company, setCompany] = useState(false);
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
      ) : null}
      {setup.pricing.customerTaxIdRequired ? (
        <Field label={t('checkout_customer_tax_id')} name="customer_tax_id" required />
      ) : null}
    </fieldset>
  );
}

export function ShippingMethods({ setup }: { setup: CheckoutData }) {
  const { t } = useTranslation();
  const tag = useLocaleTag();
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-2 text-lg font-semibold">{t('checkout_shipping_method')}</legend>
      {setup.shippingMethods.map((s) => (
        <label
          key={s._id}
          className="flex cursor-pointer items-start gap-3 rounded-xl border-2 border-neutral-200 p-4 has-checked:border-neutral-900"
        >
          <input
            type="radio"
            name="shipping_method"
            value={s._id}
            defaultChecked={s._id === setup.selectedShippingMethod}
            className="mt-1"
          />
          <span className="flex-1">
            <span className="block font-medium">{t(s.nameKey)}</span>
            {s.pickup ? <span className="block text-sm text-neutral-600">{s.pickup.label}</span> : null}
          </span>
          <span className="text-sm">
            {s.price.amount + s.extraFees.warehouse
              ? money(s.price.amount + s.extraFees.warehouse, s.price.currencyCode, tag)
              : t('checkout_free')}
          </span>
        </label>
      ))}
    </fieldset>
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
