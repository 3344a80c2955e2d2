import { isUuid, localizedPath } from '@varg/domain';
import { data, redirect } from 'react-router';
import { isApiRequestError } from '../lib/api.ts';
import { userApi } from '../lib/auth.server.ts';
import { localeContext, servicesContext } from '../lib/context.ts';
import { guarded } from '../lib/guards.server.ts';
import type { Route } from './+types/dealer-order-invoice-upload';

/** 10 MB of PDF plus the form's own bytes. */
const MAX_REQUEST_BYTES = 10 * 1024 * 1024 + 64 * 1024;

/**
 * The dealer's invoice upload (spec: PUT order/{id}/append-dealer-invoice): a multipart form with the PDF, sent on as
 * base64. The page's script asks for JSON (to show the upload's progress); a plain form post is sent back to the order.
 */
export const action = guarded(['dealer'], async ({ request, context, params }: Route.ActionArgs) => {
  if (!isUuid(params.orderId)) throw new Response(null, { status: 404 });
  const locale = context.get(localeContext);
  const wantsJson = (request.headers.get('accept') ?? '').includes('application/json');
  const orderPage = localizedPath(locale, `/orders/${params.orderId}`);
  const messages = context.get(servicesContext).messagesFor(locale);
  // Errors travel as catalog keys (never free text in a URL); the script gets the message itself.
  const answer = (ok: boolean, errorKey?: string, status = 200) =>
    wantsJson
      ? data({ ok, ...(errorKey ? { error: messages[errorKey] ?? messages.unknow_error } : {}) }, status)
      : redirect(ok ? `${orderPage}?uploaded=1` : `${orderPage}?uploadError=${encodeURIComponent(errorKey ?? '')}`);
  if (Number(request.headers.get('content-length') ?? 0) > MAX_REQUEST_BYTES) {
    return answer(false, 'error_invoice_too_large', 413);
  }
  const form = await request.formData().catch(() => null);
  const file = form?.get('invoice');
  if (!(file instanceof File) || file.size === 0) return answer(false, 'error_invoice_not_pdf', 415);
  try {
    const bytes = Buffer.from(await file.arrayBuffer());
    await userApi(context, request).call('putOrderByIdAppendDealerInvoice', {
      path: { id: params.orderId },
      body: {
        salesorder_type: 'BIKE',
        type: 'INVOICE',
        name: (file.name || 'invoice.pdf').slice(0, 120),
        invoice: bytes.toString('base64'),
      },
    });
    return answer(true);
  } catch (error) {
    if (!isApiRequestError(error) || error.status >= 500) throw error;
    return answer(false, error.tKey ?? 'unknow_error', error.status);
  }
});
