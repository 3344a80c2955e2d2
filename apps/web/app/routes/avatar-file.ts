import { isApiRequestError } from '../lib/api.ts';
import { authContext, userApi } from '../lib/auth.server.ts';
import { guarded } from '../lib/guards.server.ts';
import type { Route } from './+types/avatar-file';

const EXTENSIONS: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };

/**
 * The signed-in user's profile picture (decision 057). Its address names the content hash, so the browser may keep
 * it for a year (`immutable`); `private`: no shared cache stores it. Another user's address, or an old one, is a 404.
 */
export const loader = guarded(['auth'], async ({ request, context, params }: Route.LoaderArgs) => {
  // biome-ignore lint/style/noNonNullAssertion: the auth guard ran
  const me = context.get(authContext).user!;
  try {
    const file = await userApi(context, request).call('getUserAvatarById', { path: { id: me._id } });
    if (params.file !== `${file.hash}.${EXTENSIONS[file.contentType]}`) throw new Response(null, { status: 404 });
    return new Response(Buffer.from(file.image, 'base64'), {
      headers: {
        'content-type': file.contentType,
        'cache-control': 'private, max-age=31536000, immutable',
        'x-content-type-options': 'nosniff',
      },
    });
  } catch (error) {
    if (isApiRequestError(error) && error.status === 404) throw new Response(null, { status: 404 });
    throw error;
  }
});
