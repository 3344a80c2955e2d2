import { isUuid, safeInternalLink } from '@varg/domain';
import { data, redirect } from 'react-router';
import { isApiRequestError } from '../lib/api.ts';
import { userApi } from '../lib/auth.server.ts';
import { localeContext } from '../lib/context.ts';
import { guarded } from '../lib/guards.server.ts';
import type { Route } from './+types/vehicle-certificate';

/**
 * The vehicle's warranty certificate: asks the API for a fresh signed link (minutes) and sends the browser to it, so
 * the access token never reaches the browser (as "Download invoice" does).
 */
export const loader = guarded(['auth'], async ({ context, request, params }: Route.LoaderArgs) => {
  if (!isUuid(params.id)) throw new Response(null, { status: 404 });
  try {
    const { downloadURL } = await userApi(context, request).call('getVehiclesByIdDocumentsWarrantyCertificateLink', {
      path: { id: params.id },
    });
    const { lang } = context.get(localeContext);
    throw redirect(safeInternalLink(`${downloadURL}&lang=${encodeURIComponent(lang)}`, '/'), {
      headers: { 'Cache-Control': 'no-store' },
    });
  } catch (error) {
    if (isApiRequestError(error) && error.status === 404) throw data({ message: error.message }, { status: 404 });
    throw error;
  }
});
