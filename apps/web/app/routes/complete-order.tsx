import { localizedPath } from '@varg/domain';
import { useActionData, useLoaderData } from 'react-router';
import { followPayLink, loadCompleteOrder, payCompleteOrder } from '../features/checkout/complete-order.server.ts';
import { CompleteOrderForm } from '../features/checkout/complete-order-form.tsx';
import { localeContext } from '../lib/context.ts';
import { guarded } from '../lib/guards.server.ts';
import { pageMeta } from '../lib/page.ts';
import type { Route } from './+types/complete-order';

// Spec: /complete-order/{orderId} — paying an order placed before; the same page as /checkout?orderId=… (decision 048).

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(matches, location.pathname, 'complete_order_title');

const payPage = guarded(['auth'], (args: Route.LoaderArgs) => {
  const locale = args.context.get(localeContext);
  const id = encodeURIComponent(args.params.orderId);
  return loadCompleteOrder(args, args.params.orderId, (country) =>
    localizedPath({ ...locale, country }, `/complete-order/${id}`),
  );
});

/** An e-mailed pay link signs a buyer without a password in first (decision 062). */
export async function loader(args: Route.LoaderArgs) {
  await followPayLink(args, args.params.orderId);
  return payPage(args);
}

export const action = guarded(['auth'], (args: Route.ActionArgs) => payCompleteOrder(args, args.params.orderId));

export default function CompleteOrder() {
  return <CompleteOrderForm page={useLoaderData<typeof loader>()} actionData={useActionData<typeof action>()} />;
}
