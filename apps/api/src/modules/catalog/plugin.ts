import type { Api, Platform } from '../../plugins/platform.ts';
import type { DealerDirectory } from '../dealers/directory.ts';
import { catalogAdminRepo } from './admin-repo.ts';
import { catalogAdminRoutes } from './admin-routes.ts';
import { catalogAdminService } from './admin-service.ts';
import { type CatalogChanges, catalogChanges } from './changes.ts';
import { catalogImagesService } from './images.ts';
import { catalogImagesRepo } from './images-repo.ts';
import { catalogImageRoutes } from './images-routes.ts';
import type { OrderLineLookup } from './order-line.ts';
import { catalogRepo } from './repo.ts';
import { catalogRoutes } from './routes.ts';
import { type CatalogService, catalogService } from './service.ts';

/**
 * Bikes, options and prices (`CatalogService`); a dealer (any status) sees its own configurations. The back office
 * edits the catalogue (`/v1/admin/catalogue/…`); `changes` tells every process to drop what it keeps (decision 041).
 * Order lines in builder edit mode are read through the orders module (`useOrderLines`, decision 050).
 */
export async function catalogModule(
  app: Api,
  platform: Pick<Platform, 'config' | 'database' | 'guards' | 'audit' | 'storage'>,
  needs: {
    dealers: Pick<DealerDirectory, 'ofUser'>;
    /** A user's account by id (identity's people), for preorder access. */
    userById: (id: string) => Promise<{
      email: string;
      emailConfirmedAt: Date | null;
      whitelistedPresales: boolean;
    } | null>;
  },
): Promise<CatalogService & { changes: CatalogChanges; useOrderLines: (lookup: OrderLineLookup) => void }> {
  const { database, guards } = platform;
  const shop = catalogRepo(database.db);
  const catalog = catalogService(shop);
  const changes = await catalogChanges({
    database,
    redisUrl: platform.config.redisUrl,
    onError: (error) => app.log.warn({ err: error }, 'catalogue changes'),
  });
  changes.subscribe(() => catalog.invalidate());
  app.addHook('onClose', async () => changes.close());
  let orderLines: OrderLineLookup | null = null;
  await app.register(catalogRoutes, {
    prefix: '/v1',
    catalog,
    guards,
    dealerIdOf: async (userId) => (await needs.dealers.ofUser(userId))?.id ?? null,
    orderLines: () => orderLines,
    accountOf: async (userId) => {
      const user = await needs.userById(userId);
      return user
        ? { email: user.email, emailConfirmed: !!user.emailConfirmedAt, whitelistedPresales: user.whitelistedPresales }
        : null;
    },
    whitelistEmails: platform.config.whitelistEmails,
  });
  const adminRepo = catalogAdminRepo(database.db);
  const admin = catalogAdminService({ repo: adminRepo, shop, audit: platform.audit, changes });
  await app.register(catalogAdminRoutes, { prefix: '/v1', admin, guards });
  const images = catalogImagesService({
    repo: catalogImagesRepo(database.db),
    admin: adminRepo,
    storage: platform.storage,
    audit: platform.audit,
    changes,
  });
  await app.register(catalogImageRoutes, { prefix: '/v1', images, guards });
  return Object.assign(catalog, {
    changes,
    /** Builder edit mode's order lines (decision 050), bound once the orders module is built (it depends on this). */
    useOrderLines: (lookup: OrderLineLookup) => {
      orderLines = lookup;
    },
  });
}
