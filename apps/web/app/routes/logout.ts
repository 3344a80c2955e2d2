import { localizedPath } from '@varg/domain';
import { redirect } from 'react-router';
import { authContext, signOut } from '../lib/auth.server.ts';
import { localeContext, servicesContext } from '../lib/context.ts';
import type { Route } from './+types/logout';

/** Ends the session on the API and in the browser, then goes home (spec section 4: logout goes to /). */
export async function action({ request, context }: Route.ActionArgs) {
  const { refreshToken } = context.get(authContext);
  if (refreshToken) {
    await context
      .get(servicesContext)
      .api.call('postUserLogout', { body: { refresh_token: refreshToken } })
      .catch(() => undefined);
  }
  signOut(context, request);
  throw redirect(localizedPath(context.get(localeContext), '/'), 303);
}

export function loader({ context }: Route.LoaderArgs) {
  throw redirect(localizedPath(context.get(localeContext), '/'));
}
