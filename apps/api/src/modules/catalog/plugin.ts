import type { Api, Platform } from '../../plugins/platform.ts';
import type { DealerDirectory } from '../dealers/directory.ts';
import { catalogRepo } from './repo.ts';
import { catalogRoutes } from './routes.ts';
import { type CatalogService, catalogService } from './service.ts';

/** Bikes, options and prices (`CatalogService`); a dealer (any status) sees its own configurations. */
export async function catalogModule(
  app: Api,
  platform: Pick<Platform, 'database' | 'guards'>,
  needs: { dealers: Pick<DealerDirectory, 'ofUser'> },
): Promise<CatalogService> {
  const catalog = catalogService(catalogRepo(platform.database.db));
  await app.register(catalogRoutes, {
    prefix: '/v1',
    catalog,
    guards: platform.guards,
    dealerIdOf: async (userId) => (await needs.dealers.ofUser(userId))?.id ?? null,
  });
  return catalog;
}
