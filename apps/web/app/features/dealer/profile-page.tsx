// The dealer's own profile page: store (with its point on the map), invoicing and shipping, each section its own form
// showing what was typed when the API refused it.
import type { ReactNode } from 'react';
import { Form, useActionData, useNavigation } from 'react-router';
import type { Answer } from '../../lib/api-call.ts';
import { countryName, useTranslation } from '../../lib/i18n.ts';
import { useLocale, useRootData } from '../../lib/use-locale.ts';
import { SubmitButton } from '../../ui/account-fields.tsx';
import { AddressFields } from '../../ui/address-fields.tsx';
import { Field, FormMessage } from '../../ui/field.tsx';
import { LocationPicker } from './location-picker.tsx';
import type { Section, Values } from './profile.server.ts';

/** The dealer record the page edits (GET dealer/my). */
export type DealerView = NonNullable<Answer<'getDealerMy'>[number]>;

/** What the page's action answers for a section. */
export type DealerProfileActionData =
  | { ok: true; section: Section }
  | { ok: false; section: Section; error: string; values: Values };

type Json = Record<string, unknown>;
const str = (o: unknown, key: string) => {
  const v = (o as Json | undefined)?.[key];
  return typeof v === 'string' ? v : '';
};

function SectionForm({ section, title, children }: { section: Section; title: string; children: ReactNode }) {
  const { t } = useTranslation();
  const result = useActionData<DealerProfileActionData>();
  const navigation = useNavigation();
  const mine = result?.section === section;
  const busy = navigation.state === 'submitting' && navigation.formData?.get('section') === section;
  return (
    <section aria-labelledby={`${section}-title`} className="rounded-2xl border border-neutral-200 bg-white p-5">
      <h2 id={`${section}-title`} className="text-xl font-semibold">
        {title}
      </h2>
      <Form method="post" className="mt-4 flex flex-col gap-4" noValidate>
        <input type="hidden" name="section" value={section} />
        {mine && result.ok && <FormMessage tone="success">{t('dealer_saved')}</FormMessage>}
        {mine && !result.ok && <FormMessage tone="error">{t(result.error)}</FormMessage>}
        {children}
        <SubmitButton busy={busy} busyLabel={t('form_saving')}>
          {t('dealer_save')}
        </SubmitButton>
      </Form>
    </section>
  );
}

/** The profile's address fields, as its action reads them. */
const ADDRESS = {
  line1: 'line1',
  line2: 'line2',
  postalCode: 'postalCode',
  city: 'city',
  state: 'state',
  country: 'country',
};

/** The record's address (`street`, `additional`, …) as the form's fields. */
function fromAddress(raw: unknown, fallbackCountry: string): Values {
  return {
    line1: str(raw, 'street'),
    line2: str(raw, 'additional'),
    postalCode: str(raw, 'postalCode'),
    city: str(raw, 'city'),
    state: str(raw, 'state'),
    country: str(raw, 'country') || fallbackCountry,
  };
}

export function DealerProfilePage({ dealer, tileUrl }: { dealer: DealerView; tileUrl: string }) {
  const { t } = useTranslation();
  const result = useActionData<DealerProfileActionData>();
  const locale = useLocale();
  // The markets we sell in (the root's list), and whatever the record already has.
  const markets = useRootData().countries;
  const typed = (section: Section): Values | null =>
    result && !result.ok && result.section === section ? result.values : null;
  const active = dealer.status === 1;
  const [lng, lat] = dealer.storeInfo.location.coordinates;
  const home = locale.country;
  const invoicingAddress = fromAddress(dealer.invoicing.address, home);
  const shippingAddress = fromAddress(dealer.shipping.address, home);
  const countryOptions = [
    ...new Set(
      [home, invoicingAddress.country, shippingAddress.country, ...markets.map((c) => c.code)].filter(
        (c): c is string => !!c,
      ),
    ),
  ].map((code) => ({ code, name: countryName(code, locale, code) }));
  const store = typed('store') ?? {
    storeName: dealer.storeInfo.name,
    formattedAddress: dealer.storeInfo.address,
    phone: dealer.storeInfo.phone,
    supportEmail: dealer.storeInfo.email,
  };
  const invoicing = typed('invoicing') ?? {
    companyName: str(dealer.invoicing, 'company'),
    companyId: str(dealer.invoicing, 'id'),
    companyOwnerName: str(dealer.invoicing, 'owner'),
    phone: str(dealer.invoicing, 'phone'),
    email: str(dealer.invoicing, 'email'),
    ...invoicingAddress,
  };
  const shipping = typed('shipping') ?? {
    firstName: str(dealer.shipping, 'firstName'),
    lastName: str(dealer.shipping, 'lastName'),
    phone: str(dealer.shipping, 'phone'),
    email: str(dealer.shipping, 'email'),
    ...shippingAddress,
  };
  return (
    <div className="flex max-w-3xl flex-col gap-8">
      <header className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-3xl font-bold tracking-tight">{t('dealer_title')}</h1>
          <span
            className={`rounded-full px-3 py-1 text-sm font-semibold ${active ? 'bg-emerald-100 text-emerald-900' : 'bg-amber-100 text-amber-900'}`}
          >
            {t(active ? 'dealer_status_active' : 'dealer_status_pending')}
          </span>
        </div>
        <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm text-neutral-700">
          <div className="flex gap-1">
            <dt>{t('dealer_group')}:</dt>
            <dd className="font-medium">{dealer.group.name || '—'}</dd>
          </div>
          <div className="flex gap-1">
            <dt>{t('dealer_currency')}:</dt>
            <dd className="font-medium">{dealer.currency}</dd>
          </div>
        </dl>
      </header>

      <SectionForm section="store" title={t('dealer_store')}>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={t('dealer_store_name')} name="storeName" defaultValue={store.storeName} required />
          <Field
            label={t('dealer_phone')}
            name="phone"
            type="tel"
            defaultValue={store.phone}
            required
            autoComplete="tel"
          />
          <Field
            label={t('dealer_email')}
            name="supportEmail"
            type="email"
            defaultValue={store.supportEmail}
            required
            autoComplete="email"
          />
          <Field label={t('dealer_address')} name="formattedAddress" defaultValue={store.formattedAddress} required />
        </div>
        <LocationPicker
          lat={Number(typed('store')?.lat ?? lat)}
          lng={Number(typed('store')?.lng ?? lng)}
          tileUrl={tileUrl}
        />
      </SectionForm>

      <SectionForm section="invoicing" title={t('dealer_invoicing')}>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={t('dealer_company_name')} name="companyName" defaultValue={invoicing.companyName} required />
          <Field
            label={t('dealer_company_id')}
            name="companyId"
            defaultValue={invoicing.companyId}
            required
            hint={t('dealer_company_id_hint')}
          />
          <Field
            label={t('dealer_company_owner')}
            name="companyOwnerName"
            defaultValue={invoicing.companyOwnerName}
            required
          />
          <Field label={t('dealer_phone')} name="phone" type="tel" defaultValue={invoicing.phone} required />
          <Field
            label={t('dealer_invoice_emails')}
            name="email"
            defaultValue={invoicing.email}
            required
            hint={t('dealer_invoice_emails_hint')}
            className="sm:col-span-2"
          />
        </div>
        <AddressFields names={ADDRESS} values={invoicing} countries={countryOptions} lookup />
      </SectionForm>

      <SectionForm section="shipping" title={t('dealer_shipping')}>
        <p className="text-sm text-neutral-600">{t('dealer_shipping_intro')}</p>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={t('auth_first_name')} name="firstName" defaultValue={shipping.firstName} required />
          <Field label={t('auth_last_name')} name="lastName" defaultValue={shipping.lastName} required />
          <Field label={t('dealer_phone')} name="phone" type="tel" defaultValue={shipping.phone} required />
          <Field label={t('auth_email')} name="email" type="email" defaultValue={shipping.email} required />
        </div>
        <AddressFields names={ADDRESS} values={shipping} countries={countryOptions} lookup />
      </SectionForm>
    </div>
  );
}
