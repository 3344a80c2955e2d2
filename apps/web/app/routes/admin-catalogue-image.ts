import { localizedPath } from '@varg/domain';
import { data, redirect } from 'react-router';
import { isApiRequestError } from '../lib/api.ts';
import { userApi } from '../lib/auth.server.ts';
import { localeContext, servicesContext } from '../lib/context.ts';
import { guarded } from '../lib/guards.server.ts';
import type { Route } from './+types/admin-catalogue-image';

/** 8 MB of image plus the form's own bytes. */
const MAX_REQUEST_BYTES = 8 * 1024 * 1024 + 64 * 1024;
const OPTION_ID = /^varg_option_[a-z0-9_]{1,52}$/;

/**
 * A model's gallery image or an option's image (decision 059): a multipart form with the image (and `optionId` for an
 * option's), sent on to the API as base64, which checks, re-encodes and stores it. The page's script asks for JSON (to
 * show the upload's progress); a plain form post returns to the model's or the option's page.
 */
export const action = guarded(['admin'], async ({ request, context, params }: Route.ActionArgs) => {
  const locale = context.get(localeContext);
  const services = context.get(servicesContext);
  const messages = services.messagesFor(locale);
  const wantsJson = (request.headers.get('accept') ?? '').includes('application/json');
  const model = `/admin/catalogue/${encodeURIComponent(params.productId)}`;
  let page = localizedPath(locale, model);
  const answer = (ok: boolean, error?: string, status = 200) =>
    wantsJson
      ? data({ ok, ...(error ? { error } : {}) }, status)
      : redirect(ok ? `${page}?image=1` : `${page}?imageError=1`);
  if (Number(request.headers.get('content-length') ?? 0) > MAX_REQUEST_BYTES) {
    return answer(false, messages.error_catalog_image_too_large, 413);
  }
  const form = await request.formData().catch(() => null);
  const file = form?.get('image');
  const optionId = String(form?.get('optionId') ?? '');
  if (optionId && OPTION_ID.test(optionId)) page = localizedPath(locale, `${model}/options/${optionId}`);
  if (!(file instanceof File) || file.size === 0) return answer(false, messages.error_stock_bike_photo_type, 415);
  try {
    const image = Buffer.from(await file.arrayBuffer()).toString('base64');
    const api = userApi(context, request);
    const path = { productId: params.productId };
    if (optionId) {
      await api.call('putAdminCatalogueModelsByProductIdOptionsByOptionIdImage', {
        path: { ...path, optionId },
        body: { image },
      });
    } else {
      await api.call('postAdminCatalogueModelsByProductIdImages', { path, body: { image } });
    }
    services.invalidatePublic();
    return answer(true);
  } catch (error) {
    if (!isApiRequestError(error) || error.status >= 500) throw error;
    return answer(false, error.message, error.status);
  }
});
