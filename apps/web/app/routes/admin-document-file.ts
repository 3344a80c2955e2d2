import { localizedPath } from '@varg/domain';
import { data, redirect } from 'react-router';
import { isApiRequestError } from '../lib/api.ts';
import { userApi } from '../lib/auth.server.ts';
import { localeContext, servicesContext } from '../lib/context.ts';
import { guarded } from '../lib/guards.server.ts';
import type { Route } from './+types/admin-document-file';

/** 10 MB of PDF plus the form's own bytes. */
const MAX_REQUEST_BYTES = 10 * 1024 * 1024 + 64 * 1024;

/**
 * A technical document's PDF upload (decision 060): a multipart form sent on to the API as base64 (which checks and
 * stores it). The page's script asks for JSON (to show the progress); a plain form post returns to the page.
 */
export const action = guarded(['admin'], async ({ request, context, params }: Route.ActionArgs) => {
  const locale = context.get(localeContext);
  const services = context.get(servicesContext);
  const messages = services.messagesFor(locale);
  const wantsJson = (request.headers.get('accept') ?? '').includes('application/json');
  const page = localizedPath(locale, `/admin/documents/${encodeURIComponent(params.id)}`);
  const answer = (ok: boolean, error?: string, status = 200) =>
    wantsJson
      ? data({ ok, ...(error ? { error } : {}) }, status)
      : redirect(ok ? `${page}?uploaded=1` : `${page}?uploadError=1`);
  if (Number(request.headers.get('content-length') ?? 0) > MAX_REQUEST_BYTES) {
    return answer(false, messages.error_document_too_large, 413);
  }
  const form = await request.formData().catch(() => null);
  const pdf = form?.get('pdf');
  if (!(pdf instanceof File) || pdf.size === 0) return answer(false, messages.error_document_not_pdf, 415);
  try {
    const file = Buffer.from(await pdf.arrayBuffer()).toString('base64');
    await userApi(context, request).call('putAdminTechnicalDocumentsByIdFile', {
      path: { id: params.id },
      body: { file },
    });
    services.invalidatePublic();
    return answer(true);
  } catch (error) {
    if (!isApiRequestError(error) || error.status >= 500) throw error;
    return answer(false, error.message, error.status);
  }
});
