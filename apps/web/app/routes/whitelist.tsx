import { PRESALE_MODEL } from '../features/presale/load.server.ts';
import { WhitelistPage } from '../features/presale/whitelist-page.tsx';
import { guarded } from '../lib/guards.server.ts';
import { pageMeta } from '../lib/page.ts';
import type { Route } from './+types/whitelist';

// /whitelist (spec section 5): the internal test page; anybody not on WHITELIST_EMAILS goes home (the `whitelist`
// guard). It differs by viewer, so it is never kept by a shared cache.

export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' });

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(matches, location.pathname, 'whitelist_title');

export const loader = guarded(['whitelist'], () => ({ presaleModel: PRESALE_MODEL }));

export default function Whitelist({ loaderData }: Route.ComponentProps) {
  return <WhitelistPage presaleModel={loaderData.presaleModel} />;
}
