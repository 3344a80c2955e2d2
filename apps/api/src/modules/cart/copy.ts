// Copying carts (spec section 3): a reorder from an ordered cart (clone) and the anonymous cart joining the user's at
// sign-in (merge). The copy stays in the source cart's market (decision 035).
import type { Cart } from '@varg/contracts';
import { canJoinCartLines } from '@varg/domain';
import { ApiError } from '../../lib/api-error.ts';
import { type Caller, type CartContext, customerTypeOf, isDealer } from './context.ts';
import type { CartItemRow, CartStoreItemRow, CartWriter } from './repo.ts';

export function cartCopies(ctx: CartContext, view: (cartId: string) => Promise<Cart>) {
  const { deps, accessible, warrantyCodes, mixOf } = ctx;
  const { repo } = deps;

  /** Copies lines into a cart (merge, clone): configurations add up, stock bikes stay one, store lines add up. */
  async function copyLines(
    w: CartWriter,
    cartId: string,
    lines: { items: CartItemRow[]; storeItems: CartStoreItemRow[] },
    keepDealerPrices: boolean,
  ) {
    for (const item of lines.items) {
      const line = {
        cartId,
        productId: item.productId,
        hash: item.hash,
        optionIds: item.optionIds,
        overwritePrice: keepDealerPrices ? item.overwritePrice : null,
        overwriteCurrency: keepDealerPrices && item.overwriteHash === item.hash ? item.overwriteCurrency : null,
      };
      if (item.stockBikeId) await w.insertStockBike({ ...line, stockBikeId: item.stockBikeId });
      else await w.upsertBike({ ...line, quantity: item.quantity });
    }
    for (const item of lines.storeItems) {
      await w.upsertStore({ cartId, variantCode: item.variantCode, vin: item.vin, quantity: item.quantity });
    }
    await w.recount(cartId);
  }

  return {
    /**
     * Copies a cart's lines that can still be bought (e.g. to reorder from an ordered cart) into the caller's open
     * cart, or a new anonymous cart. `didClone` is false, and the source is answered unchanged, when nothing could be
     * copied or the source is the caller's own open cart. Lines that would put an extended warranty and bikes in one
     * cart are 400 CART-ERROR-003, and nothing is copied.
     */
    async clone(caller: Caller, cartId: string): Promise<{ cart: Cart; didClone: boolean }> {
      const source = await accessible(caller, cartId);
      const priced = await view(source.id);
      if (caller && source.userId === caller.userId && source.status === 'open')
        return { cart: priced, didClone: false };
      const lines = await repo.lines(source.id);
      const availableItems = new Set(priced.items.filter((l) => l.available).map((l) => l._id));
      const availableStore = new Set(priced.storeItems.filter((l) => l.available).map((l) => l._id));
      const copy = {
        items: lines.items.filter((l) => availableItems.has(l.id)),
        storeItems: lines.storeItems.filter((l) => availableStore.has(l.id)),
      };
      if (!copy.items.length && !copy.storeItems.length) return { cart: priced, didClone: false };
      const warranties = await warrantyCodes();
      const incoming = {
        bikes: copy.items.length,
        warranties: copy.storeItems.filter((l) => warranties.has(l.variantCode)).length,
      };
      const id = await repo.write(async (w) => {
        const init = { country: source.country, customerType: customerTypeOf(caller) };
        const target = caller ? await w.openForUser(caller.userId, init) : await w.create(init);
        if (!canJoinCartLines(await mixOf(w, target.id, warranties), incoming)) throw new ApiError('CART-ERROR-003');
        // A dealer's prices come along into its own cart of the same market only (they are in that market's currency).
        const keepDealerPrices =
          isDealer(caller) && source.userId === caller?.userId && target.country === source.country;
        await copyLines(w, target.id, copy, keepDealerPrices);
        return target.id;
      });
      return { cart: await view(id), didClone: true };
    },

    /**
     * At sign-in: the anonymous cart's lines join the user's open cart (quantities add up) and the anonymous cart is
     * marked merged, in one transaction. Merging again, or a cart that is not an open anonymous one, changes nothing.
     * When the two carts would put an extended warranty and bikes together: 400 CART-ERROR-003, both stay as they were.
     */
    async merge(caller: NonNullable<Caller>, cartId: string): Promise<{ cart: Cart | null; didMerge: boolean }> {
      const source = await repo.find(cartId);
      if (!source) throw new ApiError('SHOPPING_CART_NOT_FOUND');
      if (source.userId && source.userId !== caller.userId) throw new ApiError('FORBIDDEN');
      const warranties = await warrantyCodes();
      const target = await repo.write(async (w) => {
        const anonymous = await w.markMerged(source.id);
        if (!anonymous) return null;
        const lines = await w.lines(anonymous.id);
        if (!lines.items.length && !lines.storeItems.length) return undefined;
        const cart = await w.openForUser(caller.userId, {
          country: anonymous.country,
          customerType: customerTypeOf(caller),
        });
        const incoming = {
          bikes: lines.items.length,
          warranties: lines.storeItems.filter((l) => warranties.has(l.variantCode)).length,
        };
        if (!canJoinCartLines(await mixOf(w, cart.id, warranties), incoming)) throw new ApiError('CART-ERROR-003');
        await copyLines(w, cart.id, lines, false);
        return cart.id;
      });
      if (typeof target === 'string') return { cart: await view(target), didMerge: true };
      const open = await repo.openCartOf(caller.userId);
      return { cart: open ? await view(open.id) : null, didMerge: target === undefined };
    },
  };
}
