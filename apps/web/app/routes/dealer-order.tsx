import type { DealerOrderView, OrderEditResult } from '@varg/contracts';
import { isUuid, minorUnitsFromDecimal } from '@varg/domain';
import { interpolate } from '@varg/i18n';
import { ArrowLeft, FileText, Upload } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { data, Form, Link, useActionData, useNavigation, useRevalidator } from 'react-router';
import { Address, Line, Payments, Section, Totals } from '../features/orders/order-detail.tsx';
import { OrderStatusBadge } from '../features/orders/status.tsx';
import { isApiRequestError } from '../lib/api.ts';
import type { CallArgs } from '../lib/api-call.ts';
import { userApi } from '../lib/auth.server.ts';
import { localeContext, servicesContext } from '../lib/context.ts';
import { decimalOf, useFormat } from '../lib/format.ts';
import { guarded } from '../lib/guards.server.ts';
import { useTranslation } from '../lib/i18n.ts';
import { rootDataFrom, seoMeta } from '../lib/seo.ts';
import { useLocalePath } from '../lib/use-locale.ts';
import { SubmitButton } from '../ui/account-fields.tsx';
import { buttonClass } from '../ui/button.ts';
import { Field, FormMessage, Select } from '../ui/field.tsx';
import type { Route } from './+types/dealer-order';

// One order a dealer looks after (spec section 7 "Orders"; decision 025): its lines, totals and payments, and the
// edits — a line's price and quantity, a bike added by its configuration code, customer type and delivery — each
// answered with what the buyer owes now, and the dealer's invoice PDFs (uploaded with a progress bar).

export const meta: Route.MetaFunction = ({ matches, location, loaderData }) => {
  const m = rootDataFrom(matches)?.messages ?? {};
  const title = loaderData
    ? interpolate(m.order_number ?? '', { number: loaderData.order.number })
    : (m.text_error ?? '');
  return [...seoMeta(rootDataFrom(matches), location.pathname, title, title), { name: 'robots', content: 'noindex' }];
};

interface ShippingChoice {
  _id: string;
  name: string;
  nameKey: string;
  label?: string;
  price: { amount: number };
  extraFees: { warehouse: number };
}

export const loader = guarded(['dealer'], async ({ request, context, params }: Route.LoaderArgs) => {
  if (!isUuid(params.orderId)) throw new Response(null, { status: 404 });
  const api = userApi(context, request);
  let order: DealerOrderView;
  try {
    order = await api.call('getDealerOrdersById', { path: { id: params.orderId } });
  } catch (error) {
    if (isApiRequestError(error) && error.status === 404) throw data({ message: error.message }, { status: 404 });
    throw error;
  }
  const subtotal = order.lines.reduce((sum, l) => sum + l.unitPrice * l.quantity, 0);
  const methods = order.editable
    ? await api.call('getShippingConfigsAllowedMethods', {
        query: { country: order.country, kind: order.type, subtotal },
      })
    : [];
  const url = new URL(request.url);
  // A failed upload without JavaScript comes back with the error's catalog key; only a known key is shown.
  const key = url.searchParams.get('uploadError') ?? '';
  const messages = context.get(servicesContext).messagesFor(context.get(localeContext));
  const uploadError = /^[a-z0-9_]{1,80}$/.test(key) && messages[key] ? key : null;
  return { order, methods, uploaded: url.searchParams.get('uploaded') === '1', uploadError };
});

type ActionResult =
  | { ok: true; intent: string; settlement: OrderEditResult['settlement'] }
  | { ok: false; intent: string; lineId?: string; error: string };

export const action = guarded(['dealer'], async ({ request, context, params }: Route.ActionArgs) => {
  if (!isUuid(params.orderId)) throw new Response(null, { status: 404 });
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  const api = userApi(context, request);
  const text = (name: string) => String(form.get(name) ?? '').trim();
  const fail = (error: string, status = 400, lineId?: string) =>
    data<ActionResult>({ ok: false, intent, error, ...(lineId ? { lineId } : {}) }, status);
  const price = text('price');
  const overwritePrice = price ? minorUnitsFromDecimal(price) : undefined;
  if (overwritePrice === null) return fail('dealer_order_price_invalid', 400, text('lineId') || undefined);
  const quantity = Number(text('quantity') || '1');
  try {
    let result: OrderEditResult;
    if (intent === 'edit-item') {
      result = await api.call('putOrderEditItem', {
        body: {
          orderId: params.orderId,
          lineId: text('lineId'),
          quantity,
          ...(overwritePrice !== undefined ? { overwritePrice } : {}),
        },
      });
    } else if (intent === 'add-item') {
      result = await api.call('postOrderAddItem', {
        body: {
          orderId: params.orderId,
          hash: text('hash').toLowerCase(),
          quantity,
          ...(overwritePrice !== undefined ? { overwritePrice } : {}),
        },
      });
    } else if (intent === 'update-prices') {
      result = await api.call('putOrderUpdatePricesById', {
        path: { id: params.orderId },
        // The form's values as typed: the API checks them (a 400 the page shows).
        body: {
          customerType: text('customerType'),
          deliveryMethod: text('deliveryMethod'),
        } as CallArgs<'putOrderUpdatePricesById'>['body'],
      });
    } else {
      return fail('error_bad_request');
    }
    return data<ActionResult>({ ok: true, intent, settlement: result.settlement });
  } catch (error) {
    if (!isApiRequestError(error) || error.status >= 500) throw error;
    const message = error.code === 'VALIDATION_ERROR' ? 'dealer_order_form_invalid' : error.message;
    return fail(message, error.status, intent === 'edit-item' ? text('lineId') : undefined);
  }
});

const inputClass =
  'w-full rounded-lg border border-neutral-300 bg-white px-3 py-2.5 text-neutral-900 focus:border-neutral-900 focus:ring-2 focus:ring-neutral-900/20 focus:outline-none';

/** What an edit did to the money: the new total and what the buyer owes now, or the credit given back. */
function Settlement({ settlement, currency }: { settlement: OrderEditResult['settlement']; currency: string }) {
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

/** The price and quantity of a bike line, within the dealer's allowed discount. */
function LineEditor({ order, lineId }: { order: DealerOrderView; lineId: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const navigation = useNavigation();
  const result = useActionData<typeof action>();
  const id = useId();
  const line = order.lines.find((l) => l.id === lineId);
  const editing = order.editing.find((e) => e.lineId === lineId);
  if (!line || !editing?.editable) return null;
  const busy = navigation.state === 'submitting' && navigation.formData?.get('lineId') === lineId;
  const error = result && !result.ok && result.lineId === lineId ? result.error : null;
  const decimal = decimalOf;
  return (
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
            min={decimal(editing.minPrice)}
            max={decimal(editing.listPrice)}
            defaultValue={decimal(line.unitPrice)}
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
  );
}

/** A bike added by the code the configurator shows. */
function AddBike({ order }: { order: DealerOrderView }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const result = useActionData<typeof action>();
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

function PricesForm({ order, methods }: { order: DealerOrderView; methods: ShippingChoice[] }) {
  const { t } = useTranslation();
  const format = useFormat();
  const navigation = useNavigation();
  const result = useActionData<typeof action>();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'update-prices';
  const error = result && !result.ok && result.intent === 'update-prices' ? result.error : null;
  const current =
    methods.find((m) => m.name === order.shippingMethod && m.name !== 'dealer_pickup')?._id ??
    methods.find((m) => m.name === order.shippingMethod)?._id ??
    methods[0]?._id;
  const types = order.own ? ['Dealer', 'B2B', 'B2C'] : order.billing.companyName ? ['B2C', 'B2B'] : ['B2C'];
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

/**
 * The dealer's invoice PDF: a plain multipart form (works without JavaScript); with it, sent with XMLHttpRequest so
 * the upload's progress shows, then the page's data is loaded again.
 */
function InvoiceUpload({ order }: { order: DealerOrderView }) {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  const revalidator = useRevalidator();
  const [progress, setProgress] = useState<number | null>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const action = localePath(`/orders/${order.id}/dealer-invoice`);

  function submit(event: FormEvent<HTMLFormElement>) {
    const file = fileRef.current?.files?.[0];
    if (!file || typeof XMLHttpRequest === 'undefined') return;
    event.preventDefault();
    if (file.size > 10 * 1024 * 1024) {
      setMessage({ tone: 'error', text: t('error_invoice_too_large') });
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', action);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) setProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      setProgress(null);
      let body: { ok?: boolean; error?: string } = {};
      try {
        body = JSON.parse(xhr.responseText) as typeof body;
      } catch {
        body = { ok: false };
      }
      if (xhr.status < 300 && body.ok) {
        setMessage({ tone: 'success', text: t('dealer_order_invoice_uploaded') });
        if (fileRef.current) fileRef.current.value = '';
        setChosen(null);
        revalidator.revalidate();
      } else {
        setMessage({ tone: 'error', text: body.error ?? t('unknow_error') });
      }
    };
    xhr.onerror = () => {
      setProgress(null);
      setMessage({ tone: 'error', text: t('unknow_error') });
    };
    setMessage(null);
    setProgress(0);
    xhr.send(new FormData(event.currentTarget));
  }

  return (
    <form method="post" action={action} encType="multipart/form-data" onSubmit={submit} className="flex flex-col gap-3">
      {message && <FormMessage tone={message.tone}>{message.text}</FormMessage>}
      <div className="flex flex-col gap-1.5">
        <label htmlFor="invoice-file" className="text-sm font-medium text-neutral-800">
          {t('dealer_order_invoice_file')}
        </label>
        {/* The browser's own file button speaks the browser's language: ours speaks the page's. */}
        <div className="flex flex-wrap items-center gap-3">
          <input
            ref={fileRef}
            id="invoice-file"
            name="invoice"
            type="file"
            accept="application/pdf,.pdf"
            required
            aria-describedby="invoice-file-hint"
            onChange={(e) => setChosen(e.currentTarget.files?.[0]?.name ?? null)}
            className="peer sr-only"
          />
          <label
            htmlFor="invoice-file"
            className={`${buttonClass.secondary} cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-neutral-900`}
          >
            <FileText size={16} aria-hidden="true" />
            {t('dealer_order_invoice_choose')}
          </label>
          <span className="text-sm text-neutral-700">{chosen ?? t('dealer_order_invoice_none_chosen')}</span>
        </div>
        <p id="invoice-file-hint" className="text-xs text-neutral-600">
          {t('dealer_order_invoice_hint')}
        </p>
      </div>
      {progress !== null && (
        <div className="flex items-center gap-3">
          <progress
            value={progress}
            max={100}
            aria-label={t('dealer_order_invoice_progress')}
            className="h-2 flex-1 accent-neutral-900"
          />
          <span className="text-sm tabular-nums" aria-live="polite">
            {progress} %
          </span>
        </div>
      )}
      <button type="submit" className={`${buttonClass.primary} self-start`} disabled={progress !== null}>
        <Upload size={16} aria-hidden="true" />
        {t('dealer_order_invoice_upload')}
      </button>
    </form>
  );
}

export default function DealerOrder({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { order, methods, uploaded, uploadError } = loaderData;
  const format = useFormat();
  const localePath = useLocalePath();
  const result = useActionData<typeof action>();
  const customer = [order.contact.firstName, order.contact.lastName].filter(Boolean).join(' ');
  return (
    <div className="flex flex-col gap-6">
      <Link to={localePath('/orders')} className="inline-flex items-center gap-2 text-sm font-medium hover:underline">
        <ArrowLeft size={16} aria-hidden="true" />
        {t('orders_dealer_title')}
      </Link>
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">{t('order_number', { number: order.number })}</h1>
          <p className="mt-1 text-neutral-600">
            {t('order_placed_on', { date: format.day(order.createdAt) })} · {t(`order_type_${order.type}`)} ·{' '}
            {order.own ? t('dealer_orders_own') : t('dealer_order_customer', { name: customer })}
          </p>
        </div>
        <OrderStatusBadge status={order.status} />
      </header>
      {result?.ok && <Settlement settlement={result.settlement} currency={order.currency} />}
      {uploaded && <FormMessage tone="success">{t('dealer_order_invoice_uploaded')}</FormMessage>}
      {uploadError && <FormMessage tone="error">{t(uploadError)}</FormMessage>}
      {!order.editable && <FormMessage tone="info">{t('dealer_order_read_only')}</FormMessage>}
      {/* On a phone one column: items, summary, then the edits, customer and payments (the column wrappers are
          `display: contents`, so `order` places their sections); on a wide screen the summary stays beside. */}
      <div className="flex flex-col gap-6 lg:grid lg:grid-cols-[1fr_22rem] lg:items-start">
        <div className="contents lg:flex lg:min-w-0 lg:flex-col lg:gap-6">
          <Section id="lines" title={t('order_items')} className="order-1 lg:order-none">
            <ul className="divide-y divide-neutral-200">
              {order.lines.map((line) => (
                <Line key={line.id} line={line} currency={order.currency}>
                  {order.editable && <LineEditor order={order} lineId={line.id} />}
                </Line>
              ))}
            </ul>
          </Section>
          {order.editable && order.type === 'vehicle' && (
            <Section id="add-bike" title={t('dealer_order_add_bike_title')} className="order-3 lg:order-none">
              <AddBike order={order} />
            </Section>
          )}
          {order.editable && methods.length > 0 && (
            <Section id="pricing" title={t('dealer_order_pricing_title')} className="order-4 lg:order-none">
              <PricesForm order={order} methods={methods} />
            </Section>
          )}
          <Section id="invoices" title={t('dealer_order_invoices_title')} className="order-5 lg:order-none">
            {order.attachments.length === 0 ? (
              <p className="mb-4 text-sm text-neutral-600">{t('dealer_order_invoices_none')}</p>
            ) : (
              <ul className="mb-4 divide-y divide-neutral-100 text-sm">
                {order.attachments.map((a) => (
                  <li key={a.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                    <a
                      href={localePath(`/orders/${order.id}/dealer-invoices/${a.id}`)}
                      className="inline-flex items-center gap-2 font-medium underline-offset-4 hover:underline"
                      target="_blank"
                      rel="noopener"
                    >
                      <FileText size={16} aria-hidden="true" />
                      {a.name}
                    </a>
                    <span className="text-neutral-600">
                      {format.day(a.createdAt)} · {Math.max(1, Math.round(a.size / 1024))} KB
                    </span>
                  </li>
                ))}
              </ul>
            )}
            {order.editable && <InvoiceUpload order={order} />}
          </Section>
        </div>
        <div className="contents lg:flex lg:flex-col lg:gap-6">
          <Section id="totals" title={t('order_summary')} className="order-2 lg:order-none">
            <Totals order={order} />
            <p className="mt-3 text-xs text-neutral-600">
              {t('dealer_order_discount_note', { discount: format.percentBp(order.maxDiscountBp) })}
            </p>
          </Section>
          <Section id="customer" title={t('dealer_order_customer_title')} className="order-6 lg:order-none">
            <p className="text-sm">
              {customer}
              <br />
              {order.contact.email}
              <br />
              {order.contact.phone}
            </p>
            {order.shippingAddress && (
              <div className="mt-3">
                <Address address={order.shippingAddress} />
              </div>
            )}
            <p className="mt-3 text-sm text-neutral-600">
              {t('dealer_order_customer_type')}: {t(`customer_type_${order.customerType.toLowerCase()}`)}
            </p>
          </Section>
          <Section id="payments" title={t('order_payments')} className="order-7 lg:order-none">
            <Payments order={order} payable={order.own} />
          </Section>
        </div>
      </div>
    </div>
  );
}
