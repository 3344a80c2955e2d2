import { isUuid, safeInternalLink } from '@varg/domain';
import { data, redirect } from 'react-router';
import { isApiRequestError } from '../lib/api.ts';
import { userApi } from '../lib/auth.server.ts';
import { guarded } from '../lib/guards.server.ts';
import type { Route } from './+types/dealer-order-invoice';

/**
 * Opens an invoice a dealer attached to an order: asks the API for a fresh signed link (valid minutes) and sends the
 * browser to it, so the access token never reaches the browser. The dealer, the buyer and administrators.
 */
export const loader = guarded(['auth'], async ({ request, context, params }: Route.LoaderArgs) => {
  if (!isUuid(params.orderId) || !isUuid(params.attachmentId)) throw new Response(null, { status: 404 });
  try {
    const { downloadURL } = await userApi(context, request).call('getOrderByIdDealerInvoicesByAttachmentIdLink', {
      path: { id: params.orderId, attachmentId: params.attachmentId },
    });
    throw redirect(safeInternalLink(downloadURL, '/'), { headers: { 'Cache-Control': 'no-store' } });
  } catch (error) {
    if (isApiRequestError(error) && error.status < 500) throw data({ message: error.message }, { status: 404 });
    throw error;
  }
});
