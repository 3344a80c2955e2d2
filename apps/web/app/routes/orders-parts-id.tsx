import { interpolate } from '@varg/i18n';
import { useActionData } from 'react-router';
import { loadOrder, orderAction } from '../features/orders/load.server.ts';
import { OrderDetail } from '../features/orders/order-detail.tsx';
import { guarded } from '../lib/guards.server.ts';
import { useTranslation } from '../lib/i18n.ts';
import { messagesOf } from '../lib/messages.ts';
import { rootDataFrom, seoMeta } from '../lib/seo.ts';
import type { Route } from './+types/orders-parts-id';

export const meta: Route.MetaFunction = ({ matches, location, loaderData }) => {
  const m = messagesOf(rootDataFrom(matches)) ?? {};
  const title = loaderData
    ? interpolate(m.order_number ?? '', { number: loaderData.order.number })
    : (m.text_error ?? '');
  return [...seoMeta(rootDataFrom(matches), location.pathname, title, title), { name: 'robots', content: 'noindex' }];
};

/** One store order of the signed-in user (spec section 2: /orders/parts/{order}); anybody else's is a 404. */
export const loader = guarded(['auth'], (args: Route.LoaderArgs) => loadOrder(args, 'store', args.params.order));

/** The buyer's change of delivery method, address and contact (decision 049). */
export const action = guarded(['auth'], (args: Route.ActionArgs) => orderAction(args, 'store', args.params.order));

export default function PartsOrder({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const result = useActionData<typeof action>();
  return (
    <OrderDetail
      order={loaderData.order}
      bank={loaderData.bank}
      dealerInvoices={loaderData.dealerInvoices}
      delivery={loaderData.delivery}
      result={result}
      backLabel={t('account_parts_orders')}
    />
  );
}
