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
): Promise<{ deliveredOf(orderId: string): Promise<number> }> {
  const { config, database, guards, mailer, signingKey, audit } = platform;
  const repo = vehiclesRepo(database.db);
  const vehicles = vehiclesService({
    repo,
    orders: needs.orders,
    people: needs.people,
    email: mailer,
    publicUrl: config.publicUrl,
    links: downloadLinks(signingKey),
    audit,
  });
  await app.register(vehicleRoutes, { prefix: '/v1', vehicles, guards });
  await app.register(vehicleAdminRoutes, { prefix: '/v1', vehicles, guards });
  return {
    /** How many bikes of an order were handed over as vehicles (an order's delivery is then no longer changed). */
    deliveredOf: async (orderId) => (await repo.deliveredCounts([orderId])).get(orderId) ?? 0,
  };
}
