import type { OrderSettlement, OrderView, Address as SavedAddress } from '@varg/contracts';
import { useEffect, useRef } from 'react';
import { Form, Link, useLocation, useNavigation } from 'react-router';
import { useFormat } from '../../lib/format.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { SubmitButton } from '../../ui/account-fields.tsx';
import { AddressFields } from '../../ui/address-fields.tsx';
import { buttonClass } from '../../ui/button.ts';
import { Field, FormMessage, Select } from '../../ui/field.tsx';
import type { ShippingChoice } from '../dealer-orders/editors.tsx';
import { DELIVERY_FIELDS, type DeliveryEditData } from './delivery-fields.ts';

// The buyer's "Edit delivery details" on the order page (decision 049): delivery method, address (kept, saved or
// typed) and contact; a new total is shown for confirmation before it is saved.

function Confirmation({
  settlement,
  currency,
  fields,
}: {
  settlement: OrderSettlement;
  currency: string;
  fields: Record<string, string>;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const location = useLocation();
  const navigation = useNavigation();
  const heading = useRef<HTMLHeadingElement>(null);
  const money = (amount: number) => format.money(amount, currency);
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'delivery';
  // The question takes the focus: it replaced the form the buyer was in.
  useEffect(() => heading.current?.focus(), []);
  return (
    <div
      role="alertdialog"
      aria-labelledby="delivery-confirm-title"
      className="flex flex-col gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm"
    >
      <h3
        id="delivery-confirm-title"
        ref={heading}
        tabIndex={-1}
        className="text-base font-semibold focus:outline-none"
      >
        {t('order_edit_confirm_title')}
      </h3>
      <p>
        {t('order_edit_confirm_total', { before: money(settlement.previousTotal), after: money(settlement.total) })}
      </p>
      {settlement.credited > 0 ? (
        <p>{t('order_edit_confirm_credit', { amount: money(settlement.credited) })}</p>
      ) : (
        <p>{t('order_edit_confirm_to_pay', { amount: money(settlement.toPay) })}</p>
      )}
      <Form method="post" className="flex flex-wrap items-center gap-3">
        <input type="hidden" name="intent" value="delivery" />
        <input type="hidden" name="expectedTotal" value={settlement.total} />
        {DELIVERY_FIELDS.map((name) => (
          <input key={name} type="hidden" name={name} value={fields[name] ?? ''} />
        ))}
        <SubmitButton busy={busy} busyLabel={t('form_saving')}>
          {t('order_edit_confirm_button')}
        </SubmitButton>
        <Link to={location.pathname} className={buttonClass.secondary} preventScrollReset>
          {t('cards_delete_cancel')}
        </Link>
      </Form>
    </div>
  );
}

/** The contact's fields: name (key), label, input type, length, autofill. */
const CONTACT_FIELDS = [
  { name: 'firstName', label: 'auth_first_name', type: 'text', max: 100, autoComplete: 'given-name' },
  { name: 'lastName', label: 'auth_last_name', type: 'text', max: 100, autoComplete: 'family-name' },
  { name: 'email', label: 'auth_email', type: 'email', max: 254, autoComplete: 'email' },
  { name: 'phone', label: 'checkout_phone', type: 'tel', max: 40, autoComplete: 'tel' },
] as const;

export function DeliveryEdit({
  order,
  methods,
  addresses,
  result,
}: {
  order: OrderView;
  /** The pickups name the store (`pickup.label`). */
  methods: Array<ShippingChoice & { pickup?: { label: string } | undefined }>;
  addresses: SavedAddress[];
  result: DeliveryEditData | undefined;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'delivery';
  const typed = result && !result.ok ? result.fields : undefined;
  const values: Record<string, string | undefined> = typed ?? {
    firstName: order.contact.firstName,
    lastName: order.contact.lastName,
    email: order.contact.email,
    phone: order.contact.phone,
  };
  const choice = values.address || 'keep';
  const error = result && !result.ok && 'error' in result ? result.error : null;
  return (
    <details className="group" open={Boolean(result && !result.ok)}>
      <summary className={`${buttonClass.secondary} cursor-pointer list-none`}>
        {t('order_edit_delivery_title')}
      </summary>
      <div className="mt-4 flex flex-col gap-4">
        <p className="text-sm text-neutral-600">{t('order_edit_delivery_intro')}</p>
        {error && <FormMessage tone="error">{t(error)}</FormMessage>}
        {result && !result.ok && 'confirm' in result ? (
          <Confirmation settlement={result.confirm} currency={order.currency} fields={result.fields} />
        ) : (
          <Form method="post" className="flex flex-col gap-4" noValidate>
            <input type="hidden" name="intent" value="delivery" />
            <Select
              label={t('checkout_shipping_method')}
              name="deliveryMethod"
              defaultValue={values.deliveryMethod ?? ''}
            >
              <option value="">{t('order_edit_method_keep')}</option>
              {methods.map((m) => (
                <option key={m._id} value={m._id}>
                  {t(m.nameKey)}
                  {m.pickup?.label ? ` · ${m.pickup.label}` : ''} ·{' '}
                  {format.money(m.price.amount + m.extraFees.warehouse, order.currency)}
                </option>
              ))}
            </Select>
            <fieldset className="flex flex-col gap-2">
              <legend className="mb-1 text-sm font-semibold">{t('checkout_shipping_address')}</legend>
              {[
                { value: 'keep', label: t('order_edit_address_keep') },
                ...addresses.map((a) => ({ value: `saved:${a._id}`, label: a.formatted_address })),
                { value: 'new', label: t('order_edit_address_new') },
              ].map((option) => (
                <label key={option.value} className="flex items-start gap-2 text-sm">
                  <input
                    type="radio"
                    name="address"
                    value={option.value}
                    defaultChecked={choice === option.value}
                    className="mt-1"
                  />
                  <span>{option.label}</span>
                </label>
              ))}
              <div className="mt-2 flex flex-col gap-4 rounded-xl border border-neutral-200 p-4">
                <AddressFields
                  names={{ line1: 'line_1', line2: 'line_2', postalCode: 'postal_code', city: 'city', state: 'state' }}
                  values={values}
                />
              </div>
            </fieldset>
            <fieldset className="grid gap-4 sm:grid-cols-2">
              <legend className="mb-1 text-sm font-semibold">{t('checkout_contact')}</legend>
              {CONTACT_FIELDS.map((f) => (
                <Field
                  key={f.name}
                  label={t(f.label)}
                  name={f.name}
                  type={f.type}
                  required
                  maxLength={f.max}
                  autoComplete={f.autoComplete}
                  defaultValue={values[f.name]}
                />
              ))}
            </fieldset>
            <SubmitButton busy={busy} busyLabel={t('form_saving')}>
              {t('order_edit_save')}
            </SubmitButton>
          </Form>
        )}
      </div>
    </details>
  );
}

/** What the last change did: saved, with the new total, what is owed and any store credit. */
export function DeliverySaved({ settlement, currency }: { settlement: OrderSettlement; currency: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const money = (amount: number) => format.money(amount, currency);
  return (
    <FormMessage tone="success">
      <p className="font-semibold">{t('order_edit_saved')}</p>
      {settlement.total !== settlement.previousTotal && (
        <p>
          {t('order_edit_confirm_total', { before: money(settlement.previousTotal), after: money(settlement.total) })}
        </p>
      )}
      {settlement.credited > 0 && <p>{t('order_edit_saved_credit', { amount: money(settlement.credited) })}</p>}
    </FormMessage>
  );
}
