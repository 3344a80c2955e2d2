import { isUuid, safeInternalLink } from '@varg/domain';
import { data, redirect } from 'react-router';
import { isApiRequestError } from '../lib/api.ts';
import { userApi } from '../lib/auth.server.ts';
import { guarded } from '../lib/guards.server.ts';
import type { Route } from './+types/invoices-pdf';

/**
 * A ledger entry's PDF (decision 024): asks the API for a fresh signed link (GET dealer-ledger/invoice/link/{id},
 * valid minutes) and sends the browser to it, so the access token never reaches the browser. An entry the dealer may
 * not read is a 404, as an unknown one is.
 */
export const loader = guarded(['dealer'], async ({ context, request, params }: Route.LoaderArgs) => {
  if (!isUuid(params.id)) throw data({ message: 'error_not_found' }, { status: 404 });
  try {
    const { downloadURL } = await userApi(context, request).call('getDealerLedgerInvoiceLinkById', {
      path: { id: params.id },
    });
    throw redirect(safeInternalLink(downloadURL, '/'), { headers: { 'Cache-Control': 'no-store' } });
  } catch (error) {
    if (isApiRequestError(error) && (error.status === 404 || error.status === 403)) {
      throw data({ message: error.message }, { status: error.status });
    }
    throw error;
  }
});
