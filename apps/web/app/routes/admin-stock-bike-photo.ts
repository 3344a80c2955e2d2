import { localizedPath } from '@varg/domain';
import { data, redirect } from 'react-router';
import { isApiRequestError } from '../lib/api.ts';
import { userApi } from '../lib/auth.server.ts';
import { localeContext, servicesContext } from '../lib/context.ts';
import { guarded } from '../lib/guards.server.ts';
import type { Route } from './+types/admin-stock-bike-photo';

/** 5 MB of image plus the form's own bytes. */
const MAX_REQUEST_BYTES = 5 * 1024 * 1024 + 64 * 1024;

/**
 * A stock bike's photo upload: a multipart form with the image, sent on to the API as base64 (which sniffs and stores
 * it). The page's script asks for JSON (to show the upload's progress); a plain form post returns to the bike's page.
 */
export const action = guarded(['admin'], async ({ request, context, params }: Route.ActionArgs) => {
  const locale = context.get(localeContext);
  const services = context.get(servicesContext);
  const messages = services.messagesFor(locale);
  const wantsJson = (request.headers.get('accept') ?? '').includes('application/json');
  const page = localizedPath(locale, `/admin/stock-bikes/${encodeURIComponent(params.id)}`);
  const answer = (ok: boolean, error?: string, status = 200) =>
    wantsJson
      ? data({ ok, ...(error ? { error } : {}) }, status)
      : redirect(ok ? `${page}?photo=1` : `${page}?photoError=1`);
  if (Number(request.headers.get('content-length') ?? 0) > MAX_REQUEST_BYTES) {
    return answer(false, messages.error_stock_bike_photo_too_large, 413);
  }
  const form = await request.formData().catch(() => null);
  const file = form?.get('photo');
  if (!(file instanceof File) || file.size === 0) return answer(false, messages.error_stock_bike_photo_type, 415);
  try {
    const image = Buffer.from(await file.arrayBuffer()).toString('base64');
    await userApi(context, request).call('postAdminStockBikesByIdPhotos', { path: { id: params.id }, body: { image } });
    services.invalidatePublic();
    return answer(true);
  } catch (error) {
    if (!isApiRequestError(error) || error.status >= 500) throw error;
    return answer(false, error.message, error.status);
  }
});
