import { localizedPath } from '@varg/domain';
import { data, redirect } from 'react-router';
import { isApiRequestError } from '../lib/api.ts';
import {
  ADMIN_REFRESH_COOKIE,
  ADMIN_TOKEN_COOKIE,
  authContext,
  bearerValue,
  parkedAdminCookies,
  signIn,
  signOut,
  userApi,
} from '../lib/auth.server.ts';
import { localeContext } from '../lib/context.ts';
import { readCookies } from '../lib/cookies.server.ts';
import { guarded } from '../lib/guards.server.ts';
import type { Route } from './+types/impersonation';

/**
 * `start` (administrators): the administrator's session is parked in its own cookies and the customer's takes its
 * place. `stop`: the customer's session ends on the API and the administrator's comes back.
 */
export const action = guarded(['auth'], async ({ request, context }: Route.ActionArgs) => {
  const form = await request.formData();
  const auth = context.get(authContext);
  const locale = context.get(localeContext);
  const api = userApi(context, request);
  if (form.get('intent') === 'start') {
    if (!auth.user?.isAdmin || auth.user.mode) throw data({ message: 'error_forbidden' }, { status: 403 });
    try {
      const parked = { token: auth.token, refreshToken: auth.refreshToken };
      const pair = await api.call('postAdminImpersonate', { body: { userId: String(form.get('userId') ?? '') } });
      auth.setCookies.push(...parkedAdminCookies(request, parked));
      signIn(context, request, pair);
      throw redirect(localizedPath(locale, '/'), 303);
    } catch (error) {
      if (isApiRequestError(error)) return data({ error: error.message }, { status: error.status });
      throw error;
    }
  }
  if (auth.user?.mode === 'demo_user' && auth.refreshToken) {
    await api.call('postAdminImpersonateStop', { body: { refresh_token: auth.refreshToken } }).catch(() => undefined);
  }
  const cookies = readCookies(request);
  const adminRefresh = cookies[ADMIN_REFRESH_COOKIE];
  signOut(context, request);
  auth.setCookies.push(...parkedAdminCookies(request, null));
  if (adminRefresh) {
    signIn(context, request, {
      token: bearerValue(cookies[ADMIN_TOKEN_COOKIE]) ?? '',
      refresh_token: adminRefresh,
      token_type: 'Bearer',
      expires_in: 0,
    });
  }
  throw redirect(localizedPath(locale, adminRefresh ? '/admin' : '/'), 303);
});
