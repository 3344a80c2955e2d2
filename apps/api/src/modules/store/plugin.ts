import type { Api, Platform } from '../../plugins/platform.ts';
import type { CatalogChanges } from '../catalog/changes.ts';
import type { MarketsService } from '../markets/service.ts';
import { partsAdmin } from './admin.ts';
import { articlesAdmin } from './admin-articles.ts';
import { articlesAdminRoutes } from './admin-articles-routes.ts';
import { partsAdminRoutes } from './admin-routes.ts';
import { documentsAdmin } from './documents-admin.ts';
import { documentsAdminRoutes } from './documents-admin-routes.ts';
import { storeRepo } from './repo.ts';
import { storeRoutes } from './routes.ts';
import { type StoreService, storeService } from './service.ts';
import { type PartsStock, partsStock } from './stock.ts';

/**
 * Spare parts, accessories, merchandise, warranties and documents (`StoreService`); the back office's parts
 * (`/v1/admin/parts`), whose changes are announced through the catalogue's `changes` (decision 041).
 */
export async function storeModule(
  app: Api,
  platform: Pick<Platform, 'database' | 'guards' | 'audit' | 'storage'>,
  needs: { markets: MarketsService; changes: Pick<CatalogChanges, 'changed'> },
): Promise<StoreService & Pick<PartsStock, 'takeForOrder' | 'returnForOrder'>> {
  const store = storeService(storeRepo(platform.database.db), needs.markets, undefined, platform.storage);
  await app.register(storeRoutes, { prefix: '/v1', store });
  const parts = partsAdmin({ db: platform.database.db, audit: platform.audit, changed: needs.changes.changed });
  await app.register(partsAdminRoutes, { prefix: '/v1', parts, guards: platform.guards });
  const articles = articlesAdmin({
    db: platform.database.db,
    audit: platform.audit,
    changed: needs.changes.changed,
    parts,
    currencies: async () =>
      new Set(
        (await needs.markets.listCountries({ limit: 300, page: 1, sort: 'code' })).docs.map((c) => c.currency.code),
      ),
  });
  const stock = partsStock({ db: platform.database.db, audit: platform.audit, changed: needs.changes.changed, parts });
  await app.register(articlesAdminRoutes, { prefix: '/v1', articles, stock, guards: platform.guards });
  const documents = documentsAdmin({ db: platform.database.db, audit: platform.audit, storage: platform.storage });
  await app.register(documentsAdminRoutes, { prefix: '/v1', documents, guards: platform.guards });
  return { ...store, takeForOrder: stock.takeForOrder, returnForOrder: stock.returnForOrder };
}
