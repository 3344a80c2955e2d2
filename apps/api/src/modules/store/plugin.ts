import type { Api, Platform } from '../../plugins/platform.ts';
import type { MarketsService } from '../markets/service.ts';
import { storeRepo } from './repo.ts';
import { storeRoutes } from './routes.ts';
import { type StoreService, storeService } from './service.ts';

/** Spare parts, accessories, merchandise, warranties and documents (`StoreService`). */
export async function storeModule(
  app: Api,
  platform: Pick<Platform, 'database'>,
  needs: { markets: MarketsService },
): Promise<StoreService> {
  const store = storeService(storeRepo(platform.database.db), needs.markets);
  await app.register(storeRoutes, { prefix: '/v1', store });
  return store;
}
