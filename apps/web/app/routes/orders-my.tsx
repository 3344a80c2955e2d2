import { loadOrders } from '../features/orders/load.server.ts';
import { EmptyOrders, OrderList, OrdersHeader } from '../features/orders/order-list.tsx';
import { guarded } from '../lib/guards.server.ts';
import { useTranslation } from '../lib/i18n.ts';
import { pageMeta } from '../lib/page.ts';
import type { Route } from './+types/orders-my';

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(matches, location.pathname, 'account_my_orders');

/** The signed-in user's vehicle orders (spec section 2: /orders/my), newest first, 10 a page. */
export const loader = guarded(['auth'], (args: Route.LoaderArgs) => loadOrders(args, 'vehicle'));

export default function MyOrders({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-8">
      <OrdersHeader title={t('account_my_orders')} intro={t('orders_my_intro')} />
      <OrderList
        page={loaderData.orders}
        payable
        label={t('account_my_orders')}
        empty={
          <EmptyOrders
            text={t('orders_empty_vehicle')}
            links={[{ label: t('orders_empty_vehicle_cta'), to: '/varg/configurator' }]}
          />
        }
      />
    </div>
  );
}
