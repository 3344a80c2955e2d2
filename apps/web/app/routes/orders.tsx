import type { DealerOrderPage } from '@varg/contracts';
import { ORDER_STATUSES as STATUSES, ORDER_TYPES as TYPES } from '@varg/domain';
import { Form, useNavigation } from 'react-router';
import { EmptyOrders, OrderList, OrdersHeader } from '../features/orders/order-list.tsx';
import { pageParam } from '../features/store/pagination.tsx';
import { userApi } from '../lib/auth.server.ts';
import { guarded } from '../lib/guards.server.ts';
import { useTranslation } from '../lib/i18n.ts';
import { pageMeta } from '../lib/page.ts';
import { buttonClass } from '../ui/button.ts';
import { Field, Select } from '../ui/field.tsx';
import type { Route } from './+types/orders';

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(matches, location.pathname, 'orders_dealer_title');

/**
 * The dealers' orders list (spec sections 2 and 5: others go to /orders/my): the orders the dealer looks after — its
 * customers' (sold by it, or picked up at its store) — and its own, with search, status and type in the URL
 * (docs/decisions/025-dealer-orders.md).
 */
export const loader = guarded(['dealer-orders'], async ({ request, context }: Route.LoaderArgs) => {
  const url = new URL(request.url);
  const search = url.searchParams.get('search')?.trim().slice(0, 100) ?? '';
  const status = url.searchParams.get('status') ?? '';
  const type = url.searchParams.get('type') ?? '';
  const query = new URLSearchParams({ page: String(pageParam(url)), limit: '10' });
  if (search) query.set('search', search);
  if ((STATUSES as readonly string[]).includes(status)) query.set('status', status);
  if ((TYPES as readonly string[]).includes(type)) query.set('type', type);
  const orders = await userApi(context, request).call('getDealerOrders', { query: Object.fromEntries(query) });
  return { orders, search, status, type };
});

export default function DealerOrders({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { orders, search, status, type } = loaderData;
  const navigation = useNavigation();
  const filtered = Boolean(search || status || type);
  return (
    <div className="flex flex-col gap-8">
      <OrdersHeader title={t('orders_dealer_title')} intro={t('orders_dealer_intro')} />
      <Form
        method="get"
        className="flex flex-wrap items-end gap-3"
        role="search"
        aria-label={t('dealer_orders_filter')}
      >
        <Field
          label={t('dealer_orders_search')}
          name="search"
          type="search"
          defaultValue={search}
          maxLength={100}
          className="min-w-56 flex-1"
        />
        <Select label={t('dealer_orders_status')} name="status" defaultValue={status}>
          <option value="">{t('dealer_orders_all')}</option>
          {STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`order_status_${s}`)}
            </option>
          ))}
        </Select>
        <Select label={t('dealer_orders_type')} name="type" defaultValue={type}>
          <option value="">{t('dealer_orders_all')}</option>
          {TYPES.map((s) => (
            <option key={s} value={s}>
              {t(`order_type_${s}`)}
            </option>
          ))}
        </Select>
        <button type="submit" className={buttonClass.secondary} aria-busy={navigation.state === 'loading'}>
          {t('dealer_orders_apply')}
        </button>
      </Form>
      <p className="text-sm text-neutral-600" role="status">
        {t('dealer_orders_count', { count: orders.totalDocs })}
      </p>
      <OrderList
        page={orders}
        label={t('orders_list_label')}
        showType
        hrefOf={(order) => `/orders/${order.id}`}
        customerOf={(order) =>
          (order as DealerOrderPage['docs'][number]).own
            ? t('dealer_orders_own')
            : [order.contact.firstName, order.contact.lastName].filter(Boolean).join(' ')
        }
        empty={
          filtered ? (
            <p className="rounded-2xl border border-dashed border-neutral-300 p-8 text-neutral-700">
              {t('dealer_orders_none_found')}
            </p>
          ) : (
            <EmptyOrders
              text={t('orders_empty_dealer')}
              links={[
                { label: t('dealer_orders_stock_cta'), to: '/varg/stock-bikes' },
                { label: t('orders_empty_vehicle_cta'), to: '/varg/configurator' },
              ]}
            />
          )
        }
      />
    </div>
  );
}
