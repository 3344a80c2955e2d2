import type { PayableCart, PaymentCaller } from './service.ts';

/**
 * What payments ask of the checkout (decision 033): the caller's cart priced as the checkout would, for attempts
 * started before the order exists. Owned by payments; the checkout module implements it, so payments never import
 * the checkout (the checkout imports payments, one way).
 */
export interface PayableCarts {
  cartFor(cartId: string, caller: PaymentCaller): Promise<PayableCart | null>;
}

/** A `PayableCarts` bound once the checkout exists (it is built after payments, which it uses). */
export function lateCarts() {
  let bound: PayableCarts | null = null;
  return {
    carts: {
      cartFor(cartId, caller) {
        if (!bound) throw new Error('payments: the checkout has not bound its carts');
        return bound.cartFor(cartId, caller);
      },
    } satisfies PayableCarts,
    bind(carts: PayableCarts) {
      bound = carts;
    },
  };
}
