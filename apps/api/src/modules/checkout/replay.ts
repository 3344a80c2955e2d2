// A confirm of a cart that is ordered already (decision 062): a double click, a retry after a lost answer, a reload.
// The signed-in buyer gets the order back; a buyer without an account proves with the confirm key their browser sent
// the first time that they are that buyer, and gets the order and a fresh session, as the first answer would have
// given. Anybody else who holds the cart id gets neither: the order's buyer is e-mailed the link to pay it instead.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { ShipmentKind } from '@varg/domain';
import { ApiError } from '../../lib/api-error.ts';
import type { Auth, CheckoutDeps, ConfirmMeta } from './types.ts';

/** A confirm key is replayed for this long after the order was made; later the buyer uses the pay link or signs in. */
export const CONFIRM_REPLAY_MS = 24 * 3_600_000;

export const confirmKeyHash = (key: string) => createHash('sha256').update(key).digest('hex');

interface OrderedRow {
  id: string;
  number: number;
  type: string;
  total: number;
  currency: string;
  country: string;
  userId: string;
  contact: unknown;
  createdAt: Date;
}

export function confirmReplay(deps: Pick<CheckoutDeps, 'repo' | 'buyerSession' | 'sendPayLink' | 'now'>) {
  const now = deps.now ?? (() => new Date());

  async function provenBy(cartId: string, ordered: OrderedRow[], key: string | undefined, email: string | undefined) {
    if (!key || !deps.buyerSession) return false;
    const stored = await deps.repo.confirmKeyHashOf(cartId);
    if (!stored) return false;
    const given = Buffer.from(confirmKeyHash(key));
    if (given.length !== stored.length || !timingSafeEqual(given, Buffer.from(stored))) return false;
    if (ordered.some((o) => now().getTime() - o.createdAt.getTime() > CONFIRM_REPLAY_MS)) return false;
    // A confirm's retry carries the same contact; the resume of a page carries none.
    const contactEmail = (ordered[0]?.contact as { email?: string } | undefined)?.email;
    return email === undefined || email === contactEmail;
  }

  /** The answer to a confirm (or a resume) of a cart whose orders are `ordered`. */
  return async function replay(
    auth: Auth | null,
    cartId: string,
    ordered: OrderedRow[],
    proof: { key?: string | undefined; email?: string | undefined },
    meta: ConfirmMeta,
  ) {
    const buyer = ordered[0]?.userId;
    if (!buyer || ordered.some((o) => o.userId !== buyer)) throw new ApiError('SHOPPING_CART_NOT_FOUND');
    if (auth) {
      if (auth.userId !== buyer) throw new ApiError('SHOPPING_CART_NOT_FOUND');
      return { ...summaries(ordered), token: null, refresh_token: null, isNewUser: false };
    }
    if (await provenBy(cartId, ordered, proof.key, proof.email)) {
      const pair = await deps.buyerSession?.(buyer, meta);
      if (pair) return { ...summaries(ordered), token: pair.token, refresh_token: pair.refresh_token, isNewUser: true };
    }
    const payer = ordered.find((o) => o.type === 'vehicle') ?? ordered[0];
    if (payer) await deps.sendPayLink?.(payer.id).catch(() => undefined);
    throw new ApiError('CART_ALREADY_ORDERED');
  };
}

/** The spec's confirm answer: `order` (vehicle order) and `storeOrder` (parts); a mixed purchase has both. */
export function summaries(orders: Array<Parameters<typeof orderSummary>[0]>) {
  const vehicle = orders.find((o) => o.type === 'vehicle');
  const store = orders.find((o) => o.type === 'store');
  return { order: vehicle ? orderSummary(vehicle) : null, storeOrder: store ? orderSummary(store) : null };
}

function orderSummary(order: Pick<OrderedRow, 'id' | 'number' | 'type' | 'total' | 'currency' | 'country'>) {
  return {
    _id: order.id,
    number: order.number,
    // The orders table holds only these (the confirm writes one order per SHIPMENT_KINDS group).
    type: order.type as ShipmentKind,
    total: order.total,
    currency: order.currency,
    country: order.country,
  };
}
