import type { DealerOrderView } from '@varg/contracts';
import { isUuid, localizedPath } from '@varg/domain';
import { interpolate } from '@varg/i18n';
import { ArrowLeft } from 'lucide-react';
import { data, Link, redirect, useActionData } from 'react-router';
import { AddBike, LineEditor, PricesForm, Settlement } from '../features/dealer-orders/editors.tsx';
import { type DealerOrderActionData, readDealerOrderEdit, reorder } from '../features/dealer-orders/edits.server.ts';
import { DealerInvoices } from '../features/dealer-orders/invoices.tsx';
import { ReorderButton } from '../features/dealer-orders/reorder.tsx';
import { Address, Billing, Line, Section, Totals } from '../features/orders/order-detail.tsx';
import { Payments } from '../features/orders/payments.tsx';
import { OrderStatusBadge } from '../features/orders/status.tsx';
import { isApiRequestError } from '../lib/api.ts';
import { userApi } from '../lib/auth.server.ts';
import { localeContext, servicesContext } from '../lib/context.ts';
import { useFormat } from '../lib/format.ts';
import { guarded } from '../lib/guards.server.ts';
import { useTranslation } from '../lib/i18n.ts';
import { messagesOf } from '../lib/messages.ts';
import { rootDataFrom, seoMeta } from '../lib/seo.ts';
import { useLocalePath } from '../lib/use-locale.ts';
import { FormMessage } from '../ui/field.tsx';
import type { Route } from './+types/dealer-order';

// One order a dealer looks after (spec section 7 "Orders"; decision 025): its lines, totals and payments, and the
// edits — a line's price and quantity, a bike added by its configuration code, customer type and delivery — each
// answered with what the buyer owes now, and the dealer's invoice PDFs (uploaded with a progress bar).

export const meta: Route.MetaFunction = ({ matches, location, loaderData }) => {
  const m = messagesOf(rootDataFrom(matches)) ?? {};
  const title = loaderData
    ? interpolate(m.order_number ?? '', { number: loaderData.order.number })
    : (m.text_error ?? '');
  return [...seoMeta(rootDataFrom(matches), location.pathname, title, title), { name: 'robots', content: 'noindex' }];
};

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

export const action = guarded(['dealer'], async ({ request, context, params }: Route.ActionArgs) => {
  if (!isUuid(params.orderId)) throw new Response(null, { status: 404 });
  const form = await request.formData();
  if (form.get('intent') === 'reorder') {
    const failed = await reorder(userApi(context, request), String(form.get('cartId') ?? ''));
    if (failed)
      return data<DealerOrderActionData>({ ok: false, intent: 'reorder', error: failed.error }, failed.status);
    throw redirect(localizedPath(context.get(localeContext), '/checkout'));
  }
  const edit = readDealerOrderEdit(form, params.orderId);
  if (!edit.ok) return data<DealerOrderActionData>(edit, 400);
  const { intent, lineId } = edit;
  try {
    const result = await edit.send(userApi(context, request));
    return data<DealerOrderActionData>({ ok: true, intent, settlement: result.settlement });
  } catch (error) {
    if (!isApiRequestError(error) || error.status >= 500) throw error;
    const message = error.code === 'VALIDATION_ERROR' ? 'dealer_order_form_invalid' : error.message;
    return data<DealerOrderActionData>(
      { ok: false, intent, error: message, ...(lineId ? { lineId } : {}) },
      error.status,
    );
  }
});

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
        <div className="flex flex-wrap items-center gap-3">
          <OrderStatusBadge status={order.status} />
          {order.cartId && <ReorderButton cartId={order.cartId} />}
        </div>
      </header>
      {result && !result.ok && result.intent === 'reorder' && <FormMessage tone="error">{t(result.error)}</FormMessage>}
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
            <DealerInvoices order={order} />
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
            <div className="mt-3">
              <Billing billing={order.billing} />
            </div>
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
