import { localizedPath } from '@varg/domain';
import { data, redirect } from 'react-router';
import { isApiRequestError } from '../lib/api.ts';
import { authContext, userApi } from '../lib/auth.server.ts';
import { localeContext, servicesContext } from '../lib/context.ts';
import { guarded } from '../lib/guards.server.ts';
import type { Route } from './+types/account-avatar';

/** 5 MB of image plus the form's own bytes. */
const MAX_REQUEST_BYTES = 5 * 1024 * 1024 + 64 * 1024;

/**
 * The profile picture's upload (decision 057): a multipart form with the image, sent on to the API as base64 (which
 * sniffs, checks and stores it). The account page's script asks for JSON (to show the upload's progress); a plain
 * form post returns to the account page.
 */
export const action = guarded(['auth'], async ({ request, context }: Route.ActionArgs) => {
  const locale = context.get(localeContext);
  const messages = context.get(servicesContext).messagesFor(locale);
  // biome-ignore lint/style/noNonNullAssertion: the auth guard ran
  const me = context.get(authContext).user!;
  const wantsJson = (request.headers.get('accept') ?? '').includes('application/json');
  const page = localizedPath(locale, '/account');
  const answer = (ok: boolean, error?: string, status = 200) =>
    wantsJson
      ? data({ ok, ...(error ? { error } : {}) }, status)
      : redirect(ok ? `${page}?avatar=saved` : `${page}?avatarError=1`, 303);
  if (Number(request.headers.get('content-length') ?? 0) > MAX_REQUEST_BYTES) {
    return answer(false, messages.error_avatar_too_large, 413);
  }
  const form = await request.formData().catch(() => null);
  const file = form?.get('avatar');
  if (!(file instanceof File) || file.size === 0) return answer(false, messages.error_avatar_type, 415);
  try {
    const image = Buffer.from(await file.arrayBuffer()).toString('base64');
    const name = file.name.trim().slice(0, 200) || 'avatar';
    await userApi(context, request).call('putUserAvatarById', { path: { id: me._id }, body: { image, name } });
    return answer(true);
  } catch (error) {
    if (!isApiRequestError(error) || error.status >= 500) throw error;
    return answer(false, error.message, error.status);
  }
});
