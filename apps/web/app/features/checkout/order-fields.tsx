// The checkout form's plain fieldsets: the buyer's contact and the shipping method (billing: billing-fields.tsx).
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
