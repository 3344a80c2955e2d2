import { loadOrders } from '../features/orders/load.server.ts';
import { EmptyOrders, OrderList, OrdersHeader } from '../features/orders/order-list.tsx';
import { guarded } from '../lib/guards.server.ts';
import { useTranslation } from '../lib/i18n.ts';
import { pageMeta } from '../lib/page.ts';
import type { Route } from './+types/orders';

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(matches, location.pathname, 'orders_dealer_title');

/**
 * The dealers' orders list (spec sections 2 and 5: others go to /orders/my). Dealers see their own orders, bikes and
 * parts together, until orders record the dealer who sold them (docs/decisions/014-orders-and-invoices.md).
 */
export const loader = guarded(['dealer-orders'], (args: Route.LoaderArgs) => loadOrders(args));

export default function DealerOrders({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-8">
      <OrdersHeader title={t('orders_dealer_title')} intro={t('orders_dealer_intro')} />
      <OrderList
        page={loaderData.orders}
        label={t('orders_list_label')}
        showType
        empty={
          <EmptyOrders
            text={t('orders_empty_dealer')}
            links={[
              { label: t('orders_empty_vehicle_cta'), to: '/varg/configurator' },
              { label: t('orders_empty_parts_cta'), to: '/parts-and-accessories/spare-parts' },
            ]}
          />
        }
      />
    </div>
  );
}
