import { loadPresaleModel } from '../features/presale/load.server.ts';
import { PresaleModel } from '../features/presale/presale-model.tsx';
import { pageMeta } from '../lib/page.ts';
import type { Route } from './+types/presale';

// /presale/{model} (spec section 6, decision 052): the preorder model, for invited viewers only; everybody else gets
// the ordinary 404. The page differs by viewer, so no shared cache may keep it, and search engines never index it.

export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' });

export const meta: Route.MetaFunction = ({ matches, location, loaderData }) =>
  pageMeta(matches, location.pathname, loaderData?.bike.nameKey ?? 'presale_badge');

export const loader = (args: Route.LoaderArgs) => loadPresaleModel(args, args.params.model);

export default function Presale({ loaderData }: Route.ComponentProps) {
  return <PresaleModel bike={loaderData.bike} />;
}
