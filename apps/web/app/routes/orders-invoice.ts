import { safeInternalLink } from '@varg/domain';
import { redirect } from 'react-router';
import { invoiceLink } from '../features/orders/load.server.ts';
import { guarded } from '../lib/guards.server.ts';
import type { Route } from './+types/orders-invoice';

/**
 * "Download invoice": asks the API for a fresh signed link (GET order/document/{id}, valid minutes) and sends the
 * browser to it, so the link on the page never goes stale and the access token never reaches the browser.
 */
export const loader = guarded(['auth'], async (args: Route.LoaderArgs) => {
  const url = await invoiceLink(args, args.params.orderId);
  throw redirect(safeInternalLink(url, '/'), { headers: { 'Cache-Control': 'no-store' } });
});
