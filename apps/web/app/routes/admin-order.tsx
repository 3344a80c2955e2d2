import type { AuditTrailEntry } from '@varg/contracts';
import { isUuid, localeTag } from '@varg/domain';
import { data, Link, useActionData, useLoaderData } from 'react-router';
import { AuditTrail } from '../features/admin/audit-trail.tsx';
import { orderAction } from '../features/admin/orders/actions.server.ts';
import { CancelOrder } from '../features/admin/orders/cancel.tsx';
import { Documents } from '../features/admin/orders/documents.tsx';
import { Fulfilment } from '../features/admin/orders/fulfilment.tsx';
import { Ledger } from '../features/admin/orders/ledger.tsx';
import { ActionMessage } from '../features/admin/orders/message.tsx';
import { Line, Section, Totals } from '../features/orders/order-detail.tsx';
import { OrderStatusBadge } from '../features/orders/status.tsx';
import { isApiRequestError } from '../lib/api.ts';
import { userApi } from '../lib/auth.server.ts';
import { formatUtcDateTime } from '../lib/format.ts';
import { guarded } from '../lib/guards.server.ts';
import { countryName, useTranslation } from '../lib/i18n.ts';
import { pageMeta } from '../lib/page.ts';
import { useLocale, useLocalePath } from '../lib/use-locale.ts';
import type { Route } from './+types/admin-order';

// One order in the back office (issue 24 item 5, decision 042): its lines, payment ledger, documents, the e-mails its
// buyer was sent, its parcels and its audit trail (the order's and its payments'), and the administrators' actions.

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(matches, location.pathname, 'admin_nav_orders');

export const loader = guarded(['admin'], async ({ context, request, params }: Route.LoaderArgs) => {
  if (!isUuid(params.id)) throw data({ message: 'error_not_found' }, { status: 404 });
  const api = userApi(context, request);
  try {
    const detail = await api.call('getAdminOrdersById', { path: { id: params.id } });
    const trails = await Promise.all([
      api.call('getAdminAuditByEntityTypeByEntityId', { path: { entityType: 'order', entityId: params.id } }),
      ...detail.ledger.map((p) =>
        api.call('getAdminAuditByEntityTypeByEntityId', { path: { entityType: 'payment', entityId: p.id } }),
      ),
    ]);
    const trail: AuditTrailEntry[] = trails
      .flatMap((t) => t.docs)
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    return { detail, trail };
  } catch (error) {
    if (isApiRequestError(error) && error.status === 404) throw data({ message: error.message }, { status: 404 });
    throw error;
  }
});

export const action = guarded(['admin'], (args: Route.ActionArgs) => orderAction(args));

export default function AdminOrder() {
  const { t } = useTranslation();
  const { detail, trail } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const locale = useLocale();
  const localePath = useLocalePath();
  const { order } = detail;
  const tag = localeTag(locale);
  const facts: Array<[string, string]> = [
    [t('admin_orders_kind'), t(`order_type_${order.type}`)],
    [t('admin_orders_placed'), formatUtcDateTime(order.createdAt, tag)],
    [t('admin_orders_market'), countryName(order.country, locale, order.country)],
    [
      t('admin_orders_buyer'),
      `${[order.contact.firstName, order.contact.lastName].filter(Boolean).join(' ')} · ${order.contact.email}`,
    ],
    [t('admin_orders_language'), order.language],
    [t('admin_orders_dealer'), detail.dealer?.name || '—'],
    ...(detail.paymentDeadline
      ? [[t('admin_orders_deadline'), formatUtcDateTime(detail.paymentDeadline, tag)] as [string, string]]
      : []),
    ...(detail.stockBikes.length
      ? [[t('admin_nav_stock_bikes'), detail.stockBikes.join(', ')] as [string, string]]
      : []),
  ];
  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-2">
        <Link to={localePath('/admin/orders')} className="self-start text-sm underline underline-offset-4">
          {t('admin_orders_view_all')}
        </Link>
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-3xl font-bold tracking-tight">
            {t('admin_orders_order_title', { number: order.number })}
          </h1>
          <OrderStatusBadge status={order.status} />
        </div>
      </header>
      <ActionMessage result={result} />
      <div className="grid gap-6 xl:grid-cols-[1fr_22rem] xl:items-start">
        <div className="flex min-w-0 flex-col gap-6">
          <Section id="admin-order-summary" title={t('admin_orders_summary')}>
            <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
              {facts.map(([label, value]) => (
                <div key={label} className="contents">
                  <dt className="font-medium text-neutral-700">{label}</dt>
                  <dd className="[overflow-wrap:anywhere]">{value}</dd>
                </div>
              ))}
            </dl>
            {order.type === 'vehicle' && (
              <Link
                to={localePath('/admin/deliveries')}
                className="mt-3 inline-block text-sm underline underline-offset-4"
              >
                {t('admin_orders_deliveries_link')}
              </Link>
            )}
          </Section>
          <Section id="admin-order-lines" title={t('admin_orders_lines')}>
            <ul className="divide-y divide-neutral-200">
              {order.lines.map((line) => (
                <Line key={line.id} line={line} currency={order.currency} />
              ))}
            </ul>
            <div className="mt-4 border-t border-neutral-200 pt-4">
              <Totals order={order} />
            </div>
          </Section>
          <Ledger detail={detail} result={result} />
          <Documents detail={detail} />
        </div>
        <div className="flex min-w-0 flex-col gap-6">
          {order.type === 'store' && <Fulfilment detail={detail} result={result} />}
          {order.status !== 'cancelled' && <CancelOrder detail={detail} result={result} />}
          <AuditTrail entries={trail} headingId="admin-order-trail" />
        </div>
      </div>
    </div>
  );
}
