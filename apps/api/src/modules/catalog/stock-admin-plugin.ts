import type { Api, Platform } from '../../plugins/platform.ts';
import { catalogRepo } from './repo.ts';
import type { CatalogService } from './service.ts';
import { stockAdminRepo } from './stock-admin-repo.ts';
import { stockAdminRoutes } from './stock-admin-routes.ts';
import { type ApprovedDealer, type StockHolds, stockAdminService } from './stock-admin-service.ts';
import { stockBikePhotoUrl } from './stock-photos.ts';

/**
 * The back office's stock bikes (decision 043): registered after the orders module, whose holds it shows and
 * releases. The stock bikes are read uncached; the web drops its page cache after an administrator's change.
 */
export async function stockAdminModule(
  app: Api,
  platform: Pick<Platform, 'database' | 'guards' | 'audit' | 'storage'>,
  needs: {
    catalog: Pick<CatalogService, 'checkConfiguration'>;
    holds: StockHolds;
    dealers: () => Promise<ApprovedDealer[]>;
  },
) {
  const { database, guards, audit, storage } = platform;
  const stock = stockAdminService({
    repo: stockAdminRepo(database.db),
    markets: catalogRepo(database.db),
    catalog: needs.catalog,
    dealers: needs.dealers,
    holds: needs.holds,
    audit,
    storage,
    photoUrl: stockBikePhotoUrl,
  });
  await app.register(stockAdminRoutes, { prefix: '/v1', stock, guards });
  return stock;
}
