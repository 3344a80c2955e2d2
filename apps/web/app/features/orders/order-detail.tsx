import type {
  BankDetails,
  OrderAddress,
  OrderAttachment,
  OrderBilling,
  OrderLine,
  OrderView,
  Address as SavedAddress,
} from '@varg/contracts';
import { ArrowLeft, CalendarCheck, FileDown, FileText } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useFormat } from '../../lib/format.ts';
import { countryName, useTranslation } from '../../lib/i18n.ts';
import { useLocale, useLocalePath } from '../../lib/use-locale.ts';
import { BikeIllustration } from '../../ui/bike-illustration.tsx';
import { buttonClass } from '../../ui/button.ts';
import { bikeColor } from '../bike/colors.ts';
import type { ShippingChoice } from '../dealer-orders/editors.tsx';
import { DeliveryEdit, DeliverySaved } from './delivery-edit.tsx';
import type { DeliveryEditData } from './delivery-fields.ts';
import { invoicePath, ORDER_LIST_PATH } from './paths.ts';
import { BankTransfer, Payments, ReservationNotice } from './payments.tsx';
import { OrderShipments } from './shipments.tsx';
import { OrderStatusBadge } from './status.tsx';

export function Section({
  id,
  title,
  className = '',
  children,
}: {
  id: string;
  title: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={`rounded-2xl border border-neutral-200 bg-white p-5 ${className}`}>
      <h2 id={id} className="text-lg font-bold">
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

/** Who the invoice is made out to (decision 048): the company or person, the address and the company's VAT id. */
export function Billing({ billing }: { billing: OrderBilling }) {
  const { t } = useTranslation();
  if (!billing.address) return null;
  return (
    <div data-testid="order-billing">
      <h3 className="font-semibold">{t('order_billing_address')}</h3>
      <p className="text-sm">
        {billing.companyName && <span className="block">{billing.companyName}</span>}
        {[billing.firstName, billing.lastName].filter(Boolean).join(' ')}
      </p>
      <Address address={billing.address} />
      {billing.companyId && <p className="text-sm">{t('invoice_vat_id', { id: billing.companyId })}</p>}
    </div>
  );
}

export function Address({ address }: { address: OrderAddress }) {
  const locale = useLocale();
  return (
    <address className="text-sm leading-6 not-italic">
      {[
        address.line1,
        address.line2,
        [address.postalCode, address.city].filter(Boolean).join(' '),
        address.state,
        countryName(address.country, locale, address.country),
      ]
        .filter(Boolean)
        .map((line) => (
          <span key={line} className="block">
            {line}
          </span>
        ))}
    </address>
  );
}

export function Line({ line, currency, children }: { line: OrderLine; currency: string; children?: ReactNode }) {
  const { t } = useTranslation();
  const format = useFormat();
  const isBike = line.type !== 'store';
  return (
    <li className="flex flex-col gap-4 py-4 first:pt-0 last:pb-0 sm:flex-row">
      {isBike && (
        <div className="w-full max-w-48 shrink-0 self-start rounded-xl bg-neutral-100 px-3 pt-3 text-neutral-700 sm:w-40">
          <BikeIllustration
            color={bikeColor(line.options.map((o) => o.id))}
            title={t('bike_illustration', { model: line.name })}
            className="w-full"
          />
        </div>
      )}
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-baseline justify-between gap-x-4">
          <h3 className="font-semibold">{line.name}</h3>
          <p className="font-semibold tabular-nums">{format.money(line.amount, currency)}</p>
        </div>
        <p className="text-sm text-neutral-600">
          {t('order_quantity', { count: line.quantity })}
          {line.quantity > 1 && (
            <>
              {' · '}
              {t('order_unit_price')}: {format.money(line.unitAmount, currency)}
            </>
          )}
          {line.variantCode && <> · {t('order_item_number', { code: line.variantCode })}</>}
          {line.vin && <> · {t('order_vin', { vin: line.vin })}</>}
        </p>
        {line.options.length > 0 && (
          <details className="mt-2 text-sm" open>
            <summary className="cursor-pointer font-medium">{t('order_configuration')}</summary>
            <dl className="mt-2 divide-y divide-neutral-100 hyphens-auto">
              {line.options.map((option) => (
                <div key={option.id} className="flex justify-between gap-4 py-1.5">
                  <dt className="min-w-0 text-neutral-600 [overflow-wrap:anywhere]">
                    {option.groupNameKey ? t(option.groupNameKey) : ''}
                  </dt>
                  <dd className="min-w-0 text-right font-medium [overflow-wrap:anywhere]">{option.name}</dd>
                </div>
              ))}
            </dl>
          </details>
        )}
        {children}
      </div>
    </li>
  );
}

export function Totals({ order }: { order: OrderView }) {
  const { t } = useTranslation();
  const format = useFormat();
  const money = (amount: number) => format.money(amount, order.currency);
  const reverse = order.taxPresentation === 'reverse_charge';
  // Under reverse charge everything is listed net, as charged: the lines, and shipping as the rest of the total.
  const subtotal = reverse ? order.lines.reduce((sum, l) => sum + l.amount, 0) : order.subtotal;
  const shipping = reverse && order.shipping ? order.total - subtotal - order.fees : order.shipping;
  const rows: Array<[string, string, boolean?]> = [
    [t('order_subtotal'), money(subtotal)],
    [t('order_shipping'), money(shipping)],
    ...(order.fees ? [[t('order_fees'), money(order.fees)] as [string, string]] : []),
    ...(order.taxPresentation === 'added' ? [[t('order_tax'), money(order.tax)] as [string, string]] : []),
    ...(reverse ? [[t('invoice_reverse_charge_deduction'), money(0)] as [string, string]] : []),
    [t('order_total'), money(order.total), true],
  ];
  return (
    <dl className="text-sm">
      {rows.map(([label, value, strong]) => (
        <div key={label} className={`flex justify-between gap-4 py-1 ${strong ? 'text-base font-bold' : ''}`}>
          <dt>{label}</dt>
          <dd className="tabular-nums">{value}</dd>
        </div>
      ))}
      {order.taxPresentation === 'included' && order.tax > 0 && (
        <div className="flex justify-between gap-4 pb-1 text-neutral-600">
          <dt>{t('order_vat_included')}</dt>
          <dd className="tabular-nums">{money(order.tax)}</dd>
        </div>
      )}
      <div className="mt-2 flex justify-between gap-4 border-t border-neutral-200 pt-2">
        <dt>{t('order_paid')}</dt>
        <dd className="tabular-nums">{money(order.paid)}</dd>
      </div>
      <div className="flex justify-between gap-4 py-1 text-base font-bold">
        <dt>{t('order_to_pay')}</dt>
        <dd className="tabular-nums">{money(order.toPay)}</dd>
      </div>
    </dl>
  );
}

export function OrderDetail({
  order,
  bank,
  backLabel,
  dealerInvoices = [],
  delivery = null,
  result,
}: {
  order: OrderView;
  bank: BankDetails | null;
  backLabel: string;
  /** Invoices the dealer who sold the order attached (decision 025). */
  dealerInvoices?: OrderAttachment[];
  /** While the buyer may still change delivery and contact (decision 049): the methods and saved addresses. */
  delivery?: {
    methods: Array<ShippingChoice & { pickup?: { label: string } | undefined }>;
    addresses: SavedAddress[];
  } | null;
  /** What the last change of delivery did. */
  result?: DeliveryEditData | undefined;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const localePath = useLocalePath();
  return (
    <div className="flex flex-col gap-6">
      <Link
        to={localePath(ORDER_LIST_PATH[order.type])}
        className="inline-flex items-center gap-2 self-start rounded-full text-sm font-semibold underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-neutral-900"
      >
        <ArrowLeft size={16} aria-hidden="true" />
        {backLabel}
      </Link>

      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-3xl font-bold tracking-tight">{t('order_number', { number: order.number })}</h1>
            <OrderStatusBadge status={order.status} />
          </div>
          <p className="mt-1 text-neutral-600">{t('order_placed_on', { date: format.day(order.createdAt) })}</p>
        </div>
        {/* A document download, not a page: the browser follows the redirect to the signed PDF link. */}
        <a href={localePath(invoicePath(order))} className={buttonClass.secondary} download>
          <FileDown size={18} aria-hidden="true" />
          {t('order_download_invoice')}
        </a>
      </div>

      {result?.ok && <DeliverySaved settlement={result.settlement} currency={order.currency} />}
      <ReservationNotice order={order} />
      {bank && <BankTransfer bank={bank} />}

      {/*
        On a phone one column: items, summary, payments, delivery (the column wrappers are `display: contents`, so
        `order` places their sections). On a wide screen, items and payments beside summary and delivery.
      */}
      <div className="flex flex-col gap-6 lg:grid lg:grid-cols-[1fr_20rem] lg:items-start">
        <div className="contents lg:flex lg:flex-col lg:gap-6">
          <Section id="items-title" title={t('order_items')} className="order-1 lg:order-none">
            <ul className="divide-y divide-neutral-200">
              {order.lines.map((line) => (
                <Line key={line.id} line={line} currency={order.currency} />
              ))}
            </ul>
          </Section>
          <Section id="payments-title" title={t('order_payments')} className="order-3 lg:order-none">
            <Payments order={order} />
          </Section>
        </div>
        <div className="contents lg:flex lg:flex-col lg:gap-6">
          <Section id="summary-title" title={t('order_summary')} className="order-2 lg:order-none">
            <Totals order={order} />
          </Section>
          {dealerInvoices.length > 0 && (
            <Section id="dealer-invoices-title" title={t('order_dealer_invoices')} className="order-4 lg:order-none">
              <ul className="flex flex-col gap-2 text-sm">
                {dealerInvoices.map((a) => (
                  <li key={a.id}>
                    <a
                      href={localePath(`/orders/${order.id}/dealer-invoices/${a.id}`)}
                      className="inline-flex items-center gap-2 font-medium underline-offset-4 hover:underline"
                      target="_blank"
                      rel="noopener"
                    >
                      <FileText size={16} aria-hidden="true" />
                      {a.name}
                    </a>
                  </li>
                ))}
              </ul>
            </Section>
          )}
          <OrderShipments shipments={order.shipments} className="order-4 lg:order-none" />
          <Section id="delivery-title" title={t('order_delivery')} className="order-4 lg:order-none">
            <div className="flex flex-col gap-4 text-sm">
              {order.deliveryDate && (
                <p className="flex items-center gap-2">
                  <CalendarCheck size={18} aria-hidden="true" className="shrink-0" />
                  <span>
                    {t('order_delivery_date')}: <strong>{format.date(order.deliveryDate)}</strong>
                  </span>
                </p>
              )}
              {order.shippingAddress && (
                <div>
                  <h3 className="font-semibold">{t('order_delivery_address')}</h3>
                  <Address address={order.shippingAddress} />
                </div>
              )}
              <Billing billing={order.billing} />
              {order.customerOrderReference && (
                <p>
                  {t('order_reference')}: {order.customerOrderReference}
                </p>
              )}
              {delivery && (
                <DeliveryEdit order={order} methods={delivery.methods} addresses={delivery.addresses} result={result} />
              )}
            </div>
          </Section>
        </div>
      </div>
    </div>
  );
}
