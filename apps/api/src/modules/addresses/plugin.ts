import type { Api, Platform } from '../../plugins/platform.ts';
import type { GeocodingProvider } from '../../providers/geocoding/interface.ts';
import type { MarketsService } from '../markets/service.ts';
import { addressAdminRoutes } from './admin-routes.ts';
import { addressesRepo } from './repo.ts';
import { addressRoutes } from './routes.ts';
import { type AddressesService, addressesService } from './service.ts';

/** Saved addresses (v2) and their normalization (`AddressesService`). */
export async function addressesModule(
  app: Api,
  platform: Pick<Platform, 'database' | 'guards'>,
  needs: { markets: MarketsService; geocoding: GeocodingProvider },
): Promise<AddressesService> {
  const addresses = addressesService({ repo: addressesRepo(platform.database.db), ...needs });
  await app.register(addressRoutes, { prefix: '/v2', addresses, guards: platform.guards });
  await app.register(addressAdminRoutes, { prefix: '/v1', addresses, guards: platform.guards });
  return addresses;
}
