import type { Api, Platform } from '../../plugins/platform.ts';
import { downloadLinks } from '../orders/download-link.ts';
import type { VehicleReads } from '../orders/vehicle-reads.ts';
import { vehicleAdminRoutes } from './admin-routes.ts';
import { vehiclesRepo } from './repo.ts';
import { vehicleRoutes } from './routes.ts';
import { type People, vehiclesService } from './service.ts';

/** Vehicles: the owner's garage, ownership transfer, deliveries and registration (mco). */
export async function vehiclesModule(
  app: Api,
  platform: Pick<Platform, 'config' | 'database' | 'guards' | 'mailer' | 'signingKey' | 'audit'>,
  needs: { orders: VehicleReads; people: People },
): Promise<void> {
  const { config, database, guards, mailer, signingKey, audit } = platform;
  const vehicles = vehiclesService({
    repo: vehiclesRepo(database.db),
    orders: needs.orders,
    people: needs.people,
    email: mailer,
    publicUrl: config.publicUrl,
    links: downloadLinks(signingKey),
    audit,
  });
  await app.register(vehicleRoutes, { prefix: '/v1', vehicles, guards });
  await app.register(vehicleAdminRoutes, { prefix: '/v1', vehicles, guards });
}
