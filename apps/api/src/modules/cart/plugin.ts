import type { Api, Platform } from '../../plugins/platform.ts';
import type { DealerDirectory } from '../dealers/directory.ts';
import { cartRepo } from './repo.ts';
import { cartRoutes } from './routes.ts';
import { type CartDeps, type CartService, cartService } from './service.ts';

/** The cart, priced on every read (`CartService`); a dealer's terms come from the dealers' directory. */
export async function cartModule(
  app: Api,
  platform: Pick<Platform, 'database' | 'guards'>,
  needs: Pick<CartDeps, 'catalog' | 'store' | 'markets'> & { dealers: Pick<DealerDirectory, 'termsOf'> },
): Promise<CartService> {
  const cart = cartService({
    repo: cartRepo(platform.database.db),
    catalog: needs.catalog,
    store: needs.store,
    markets: needs.markets,
    dealerTerms: (userId) => needs.dealers.termsOf(userId),
  });
  await app.register(cartRoutes, { prefix: '/v1', cart, guards: platform.guards });
  return cart;
}
