import type { Api } from '../../plugins/platform.ts';
import type { MarketsService } from '../markets/service.ts';
import { shippingRoutes } from './routes.ts';
import { type ShippingService, shippingService } from './service.ts';

/** Shipping methods of a market: delivery, and pickup at its approved dealers (`ShippingService`). */
export async function shippingModule(
  app: Api,
  needs: Parameters<typeof shippingService>[0] & { markets: MarketsService },
): Promise<ShippingService> {
  const shipping = shippingService(needs);
  await app.register(shippingRoutes, { prefix: '/v1', shipping });
  return shipping;
}
