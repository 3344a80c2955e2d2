import type { Api, Platform } from '../../plugins/platform.ts';
import type { CatalogChanges } from './changes.ts';
import { catalogRepo } from './repo.ts';
import type { CatalogService } from './service.ts';
import { stockAdminRepo } from './stock-admin-repo.ts';
import { stockAdminRoutes } from './stock-admin-routes.ts';
import { type ApprovedDealer, type StockHolds, stockAdminService } from './stock-admin-service.ts';
import { stockBikePhotoUrl } from './stock-photos.ts';

/**
 * The back office's stock bikes (decision 043): registered after the orders module, whose holds it shows and
 * releases. The stock bikes are read uncached; every process's web page cache drops after a change (`changes`).
 */
export async function stockAdminModule(
  app: Api,
  platform: Pick<Platform, 'database' | 'guards' | 'audit' | 'storage'>,
  needs: {
    catalog: Pick<CatalogService, 'checkConfiguration'> & { changes: Pick<CatalogChanges, 'changed'> };
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
    changes: needs.catalog.changes,
  });
  await app.register(stockAdminRoutes, { prefix: '/v1', stock, guards });
  return stock;
}
