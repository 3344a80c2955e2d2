import { data, useLoaderData } from 'react-router';
import { readProfileSection } from '../features/dealer/profile.server.ts';
import { type DealerProfileActionData, DealerProfilePage } from '../features/dealer/profile-page.tsx';
import { isApiRequestError } from '../lib/api.ts';
import { userApi } from '../lib/auth.server.ts';
import { servicesContext } from '../lib/context.ts';
import { guarded } from '../lib/guards.server.ts';
import { pageMeta } from '../lib/page.ts';
import type { Route } from './+types/dealer';

// The dealer's own profile (spec sections 3 "Dealer" and 7 "PUT dealer/{id}/info"): store (with its point on the map),
// invoicing and shipping, each section its own form; what the API refuses comes back with what was typed.

export const meta: Route.MetaFunction = ({ matches, location }) => pageMeta(matches, location.pathname, 'dealer_title');

export const loader = guarded(['dealer'], async ({ request, context }: Route.LoaderArgs) => {
  const [dealer] = await userApi(context, request).call('getDealerMy');
  if (!dealer) throw new Response(null, { status: 404 });
  return { dealer, tileUrl: context.get(servicesContext).config.mapTileUrl };
});

export const action = guarded(['dealer'], async ({ request, context }: Route.ActionArgs) => {
  const read = readProfileSection(await request.formData());
  if (!read) throw new Response(null, { status: 400 });
  const { section, values, body } = read;
  const fail = (error: string, status: number) =>
    data<DealerProfileActionData>({ ok: false, section, error, values }, status);
  if (!body.ok) return fail('dealer_form_invalid', 400);
  const api = userApi(context, request);
  try {
    const [dealer] = await api.call('getDealerMy');
    if (!dealer) throw new Response(null, { status: 404 });
    await api.call('putV2DealerByIdInfo', { path: { id: dealer.id }, body: body.data });
    return data<DealerProfileActionData>({ ok: true, section });
  } catch (error) {
    if (!isApiRequestError(error) || error.status >= 500) throw error;
    return fail(error.code === 'VALIDATION_ERROR' ? 'dealer_form_invalid' : error.message, 400);
  }
});

export default function DealerProfile() {
  const { dealer, tileUrl } = useLoaderData<typeof loader>();
  return <DealerProfilePage dealer={dealer} tileUrl={tileUrl} />;
}
