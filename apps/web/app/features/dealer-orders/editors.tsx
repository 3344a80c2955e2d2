// The dealer's edits on an order page (decision 025): a bike line's price and quantity within the allowed discount, a
// bike added by its configuration code, customer type and delivery; and what an edit did to the money.
import type { DealerOrderView, OrderEditResult } from '@varg/contracts';
import type { CustomerType } from '@varg/domain';
import { Settings2 } from 'lucide-react';
import { useId } from 'react';
import { Form, Link, useActionData, useNavigation } from 'react-router';
import { decimalOf, useFormat } from '../../lib/format.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { useLocalePath } from '../../lib/use-locale.ts';
import { SubmitButton } from '../../ui/account-fields.tsx';
import { Field, FormMessage, Select } from '../../ui/field.tsx';
import type { DealerOrderActionData } from './edits.server.ts';

/** A delivery the order's country offers (getShippingConfigsAllowedMethods). */
export interface ShippingChoice {
  _id: string;
  name: string;
  nameKey: string;
  label?: string;
  price: { amount: number };
  extraFees: { warehouse: number };
}

/** The customer types a dealer may choose: any for their own order; a company's order may be B2B; else B2C. */
function customerTypesFor(order: DealerOrderView): CustomerType[] {
  if (order.own) return ['Dealer', 'B2B', 'B2C'];
  return order.billing.companyName ? ['B2C', 'B2B'] : ['B2C'];
}

const inputClass =
  'w-full rounded-lg border border-neutral-300 bg-white px-3 py-2.5 text-neutral-900 focus:border-neutral-900 focus:ring-2 focus:ring-neutral-900/20 focus:outline-none';

/** What an edit did to the money: the new total and what the buyer owes now, or the credit given back. */
export function Settlement({ settlement, currency }: { settlement: OrderEditResult['settlement']; currency: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const money = (amount: number) => format.money(amount, currency);
  return (
    <FormMessage tone="success">
      <p className="font-semibold">{t('dealer_order_saved')}</p>
      <p>
        {t('dealer_order_saved_total', { before: money(settlement.previousTotal), after: money(settlement.total) })}{' '}
        {t('dealer_order_saved_to_pay', { amount: money(settlement.toPay) })}
      </p>
      {settlement.credited > 0 && <p>{t('dealer_order_saved_credited', { amount: money(settlement.credited) })}</p>}
    </FormMessage>
  );
}

/** The price and quantity of a bike line, within the dealer's allowed discount; a link to change its configuration. */
export function LineEditor({ order, lineId }: { order: DealerOrderView; lineId: string }) {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  const format = useFormat();
  const navigation = useNavigation();
  const result = useActionData<DealerOrderActionData>();
  const id = useId();
  const line = order.lines.find((l) => l.id === lineId);
  const editing = order.editing.find((e) => e.lineId === lineId);
  if (!line || !editing?.editable) return null;
  const busy = navigation.state === 'submitting' && navigation.formData?.get('lineId') === lineId;
  const error = result && !result.ok && result.lineId === lineId ? result.error : null;
  // A bike line's configuration is changed in the configurator (builder edit mode, decision 050).
  const edit = new URLSearchParams({ hash: line.hash ?? '', edit: 'order', order: order.id, line: line.id });
  return (
    <>
      {line.type === 'bike' && line.hash && line.productId ? (
        <Link
          to={`${localePath(`/${line.productId}/configurator`)}?${edit}`}
          className="mt-3 inline-flex items-center gap-2 text-sm font-semibold underline underline-offset-4"
        >
          <Settings2 size={16} aria-hidden="true" />
          {t('dealer_order_change_configuration')}
        </Link>
      ) : null}
      <details className="mt-3 rounded-xl border border-neutral-200 p-4" open={Boolean(error)}>
        <summary className="cursor-pointer text-sm font-semibold">{t('dealer_order_edit_line')}</summary>
        <Form method="post" className="mt-3 grid gap-3 sm:grid-cols-[8rem_1fr_auto] sm:items-end" noValidate>
          <input type="hidden" name="intent" value="edit-item" />
          <input type="hidden" name="lineId" value={line.id} />
          <div className="flex flex-col gap-1.5">
            <label htmlFor={`${id}-qty`} className="text-sm font-medium text-neutral-800">
              {t('dealer_order_quantity')}
            </label>
            <input
              id={`${id}-qty`}
              name="quantity"
              type="number"
              min={1}
              max={line.type === 'stock_bike' ? 1 : 99}
              defaultValue={line.quantity}
              readOnly={line.type === 'stock_bike'}
              className={inputClass}
            />
          </div>
          <div className="flex flex-col gap-1.5">
            <label htmlFor={`${id}-price`} className="text-sm font-medium text-neutral-800">
              {t('dealer_order_unit_price', { currency: order.currency })}
            </label>
            <input
              id={`${id}-price`}
              name="price"
              type="number"
              inputMode="decimal"
              step="0.01"
              min={decimalOf(editing.minPrice)}
              max={decimalOf(editing.listPrice)}
              defaultValue={decimalOf(line.unitPrice)}
              aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
              aria-invalid={error ? true : undefined}
              className={inputClass}
            />
          </div>
          <SubmitButton busy={busy} busyLabel={t('form_saving')}>
            {t('dealer_order_save_line')}
          </SubmitButton>
          <p id={`${id}-hint`} className="text-xs text-neutral-600 sm:col-span-3">
            {t('dealer_order_price_hint', {
              min: format.money(editing.minPrice, order.currency),
              max: format.money(editing.listPrice, order.currency),
              discount: format.percentBp(order.maxDiscountBp),
            })}
          </p>
          {error && (
            <p id={`${id}-error`} role="alert" className="text-sm text-red-700 sm:col-span-3">
              {t(error)}
            </p>
          )}
        </Form>
      </details>
    </>
  );
}

/** A bike added by the code the configurator shows. */
export function AddBike({ order }: { order: DealerOrderView }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const result = useActionData<DealerOrderActionData>();
  const localePath = useLocalePath();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'add-item';
  const error = result && !result.ok && result.intent === 'add-item' ? result.error : null;
  return (
    <Form method="post" className="flex flex-col gap-3" noValidate>
      <input type="hidden" name="intent" value="add-item" />
      {error && <FormMessage tone="error">{t(error)}</FormMessage>}
      <div className="grid gap-3 sm:grid-cols-[1fr_7rem_10rem]">
        <Field
          label={t('dealer_order_code')}
          name="hash"
          required
          maxLength={16}
          autoComplete="off"
          hint={t('dealer_order_code_hint')}
        />
        <Field label={t('dealer_order_quantity')} name="quantity" type="number" min={1} max={99} defaultValue={1} />
        <Field
          label={t('dealer_order_unit_price', { currency: order.currency })}
          name="price"
          type="number"
          inputMode="decimal"
          step="0.01"
          min={0}
          hint={t('dealer_order_price_optional')}
        />
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <SubmitButton busy={busy} busyLabel={t('form_saving')}>
          {t('dealer_order_add_bike')}
        </SubmitButton>
        <Link to={localePath('/varg/configurator')} className="text-sm underline underline-offset-4">
          {t('dealer_order_open_configurator')}
        </Link>
      </div>
    </Form>
  );
}

export function PricesForm({ order, methods }: { order: DealerOrderView; methods: ShippingChoice[] }) {
  const { t } = useTranslation();
  const format = useFormat();
  const navigation = useNavigation();
  const result = useActionData<DealerOrderActionData>();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'update-prices';
  const error = result && !result.ok && result.intent === 'update-prices' ? result.error : null;
  const current =
    methods.find((m) => m.name === order.shippingMethod && m.name !== 'dealer_pickup')?._id ??
    methods.find((m) => m.name === order.shippingMethod)?._id ??
    methods[0]?._id;
  const types = customerTypesFor(order);
  return (
    <Form method="post" className="flex flex-col gap-3" noValidate>
      <input type="hidden" name="intent" value="update-prices" />
      {error && <FormMessage tone="error">{t(error)}</FormMessage>}
      <div className="grid gap-3 sm:grid-cols-2">
        <Select label={t('dealer_order_customer_type')} name="customerType" defaultValue={order.customerType}>
          {types.map((type) => (
            <option key={type} value={type}>
              {t(`customer_type_${type.toLowerCase()}`)}
            </option>
          ))}
        </Select>
        <Select label={t('dealer_order_delivery')} name="deliveryMethod" defaultValue={current}>
          {methods.map((m) => (
            <option key={m._id} value={m._id}>
              {t(m.nameKey)}
              {m.label ? ` · ${m.label}` : ''} · {format.money(m.price.amount + m.extraFees.warehouse, order.currency)}
            </option>
          ))}
        </Select>
      </div>
      <SubmitButton busy={busy} busyLabel={t('form_saving')}>
        {t('dealer_order_reprice')}
      </SubmitButton>
    </Form>
  );
}
