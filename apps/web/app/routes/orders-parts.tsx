import { loadOrders } from '../features/orders/load.server.ts';
import { EmptyOrders, OrderList, OrdersHeader } from '../features/orders/order-list.tsx';
import { guarded } from '../lib/guards.server.ts';
import { useTranslation } from '../lib/i18n.ts';
import { pageMeta } from '../lib/page.ts';
import type { Route } from './+types/orders-parts';

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(matches, location.pathname, 'account_parts_orders');

/** The signed-in user's store orders: parts, accessories, warranties (spec section 2: /orders/parts). */
export const loader = guarded(['auth'], (args: Route.LoaderArgs) => loadOrders(args, 'store'));

export default function PartsOrders({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-8">
      <OrdersHeader title={t('account_parts_orders')} intro={t('orders_parts_intro')} />
      <OrderList
        page={loaderData.orders}
        payable
        label={t('account_parts_orders')}
        empty={
          <EmptyOrders
            text={t('orders_empty_parts')}
            links={[
              { label: t('orders_empty_parts_cta'), to: '/parts-and-accessories/spare-parts' },
              { label: t('orders_empty_store_cta'), to: '/store' },
            ]}
          />
        }
      />
    </div>
  );
}
