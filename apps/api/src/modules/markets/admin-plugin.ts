import type { Api, Platform } from '../../plugins/platform.ts';
import { marketsAdminRepo } from './admin-repo.ts';
import { marketsAdminRoutes } from './admin-routes.ts';
import { type MarketUse, marketsAdminService } from './admin-service.ts';
import type { MarketsService } from './service.ts';

/**
 * The back office's markets (decision 043): registered after the cart and orders modules, which say whether a
 * currency change would re-price something in flight.
 */
export async function marketsAdminModule(
  app: Api,
  platform: Pick<Platform, 'database' | 'guards' | 'audit'>,
  needs: { markets: Pick<MarketsService, 'invalidate'>; use: MarketUse },
) {
  const admin = marketsAdminService({
    repo: marketsAdminRepo(platform.database.db),
    audit: platform.audit,
    use: needs.use,
    changed: () => needs.markets.invalidate(),
  });
  await app.register(marketsAdminRoutes, { prefix: '/v1', admin, guards: platform.guards });
}
