import type { PayableCarts } from '../payments/carts.ts';
import type { CheckoutService } from './service.ts';

/**
 * The checkout's side of the payments' `PayableCarts` (decision 033): a cart the caller may see, priced by the
 * checkout's setup (shipping, tax, deposit); null when it is not theirs or cannot be priced.
 */
export function payableCarts(checkout: Pick<CheckoutService, 'setup'>): PayableCarts {
  return {
    async cartFor(cartId, caller) {
      const auth = caller.userId ? { userId: caller.userId, roles: caller.roles } : null;
      const setup = await checkout.setup(cartId, auth, {}).catch(() => null);
      if (!setup) return null;
      return {
        id: setup.cartId,
        country: setup.country,
        currency: setup.currency,
        total: setup.pricing.total,
        deposit: setup.pricing.deposit,
        type: setup.lines.some((l) => l.kind !== 'store') ? 'vehicle' : 'store',
      };
    },
  };
}
