import { safeInternalLink } from '@varg/domain';
import { redirect } from 'react-router';
import { userApi } from '../lib/auth.server.ts';
import { guarded } from '../lib/guards.server.ts';
import type { Route } from './+types/admin-application-cv';

/** "Download CV": a fresh signed link from the API (administrators only), so the access token stays on the server. */
export const loader = guarded(['admin'], async ({ context, request, params }: Route.LoaderArgs) => {
  const { url } = await userApi(context, request).call('getAdminApplicationsByIdCvLink', { path: { id: params.id } });
  throw redirect(safeInternalLink(url, '/'), { headers: { 'Cache-Control': 'no-store' } });
});
