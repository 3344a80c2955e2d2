import type { Api, Platform } from '../../plugins/platform.ts';
import type { CatalogChanges } from '../catalog/changes.ts';
import { marketsAdminRepo } from './admin-repo.ts';
import { marketsAdminRoutes } from './admin-routes.ts';
import { type MarketUse, marketsAdminService } from './admin-service.ts';
import { marketSettingsAdmin, marketSettingsRoutes } from './admin-settings.ts';
import type { MarketsService } from './service.ts';
import type { MarketSettingsStore } from './settings.ts';

/**
 * The back office's markets (decision 043): registered after the cart and orders modules, which say whether a
 * currency change would re-price something in flight. A change is announced to every process on the catalogue's
 * channel (decision 041), whose caches (markets, catalogue, web pages) drop.
 */
export async function marketsAdminModule(
  app: Api,
  platform: Pick<Platform, 'database' | 'guards' | 'audit'>,
  needs: {
    markets: Pick<MarketsService, 'invalidate'>;
    use: MarketUse;
    changes: Pick<CatalogChanges, 'changed' | 'subscribe'>;
    settings: MarketSettingsStore;
  },
) {
  // Every process drops its markets' read cache and reads the checkout settings again when any process changes a
  // market (or the catalogue).
  needs.changes.subscribe(() => {
    needs.markets.invalidate();
    void needs.settings.load();
  });
  const admin = marketsAdminService({
    repo: marketsAdminRepo(platform.database.db),
    audit: platform.audit,
    use: needs.use,
    changed: (code) => needs.changes.changed(`market:${code}`),
  });
  await app.register(marketsAdminRoutes, { prefix: '/v1', admin, guards: platform.guards });
  const settings = marketSettingsAdmin({
    db: platform.database.db,
    audit: platform.audit,
    store: needs.settings,
    changed: (code) => needs.changes.changed(`market:${code}`),
  });
  await app.register(marketSettingsRoutes, { prefix: '/v1', admin: settings, guards: platform.guards });
}
