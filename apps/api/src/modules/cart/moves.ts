// Market moves (decision 035): a cart is in the market stored on it; `PUT cart` (or an add in another country) moves
// it, and before checkout its dealer prices are checked again in that market (decision 027).
import type { Cart } from '@varg/contracts';
import { dealerPurchasePrice, overwritePriceProblem } from '@varg/domain';
import { ApiError } from '../../lib/api-error.ts';
import { type Caller, type CartContext, unpriceable } from './context.ts';
import { dealerPriceOf } from './view.ts';

export function cartMoves(ctx: CartContext, view: (cartId: string) => Promise<Cart>) {
  const { deps, marketOf, marketOfCart, current } = ctx;
  const { repo, catalog } = deps;

  return {
    /**
     * Moves the cart to another market: its lines are priced there from now on. A dealer's prices were set in the old
     * market's currency, so they are dropped (the dealer sets them again, or takes the stock bike again).
     */
    async setCountry(caller: Caller, cartId: string | undefined, country: string) {
      await marketOf(country);
      const row = await current(caller, cartId);
      await repo.write(async (w) => {
        // `lockOpen` drops the dealer's prices when the country changes.
        if (!(await w.lockOpen(row.id, country))) throw new ApiError('SHOPPING_CART_NOT_FOUND');
      });
      return view(row.id);
    },

    /**
     * Before checkout (setup and confirm): the dealer's prices of an open cart checked again against today's list
     * price and the dealer's terms now (decision 027). A configured bike's price that is no longer allowed (the dealer
     * is no longer approved, its allowed discount shrank, the list price fell below it, it is not the dealer's own
     * cart) is dropped; a stock bike's dealer price becomes today's (list less margin), or is dropped without a
     * margin. Answers how many lines changed: the confirm refuses to order then (409 DEALER_PRICE_CHANGED), so the
     * dealer sees the new total first.
     */
    async recheckDealerPrices(cartId: string): Promise<number> {
      const row = await repo.find(cartId);
      if (row?.status !== 'open') return 0;
      const { items } = await repo.lines(row.id);
      const priced = items.filter((i) => i.overwritePrice !== null);
      if (!priced.length) return 0;
      const market = await marketOfCart(row);
      const terms = row.userId && deps.dealerTerms ? await deps.dealerTerms(row.userId) : null;
      const changes: Array<{ id: string; price: { amount: number; currency: string; hash: string } | null }> = [];
      for (const item of priced) {
        let now: number | null = null;
        try {
          if (item.stockBikeId) {
            const bike = await catalog.stockBikeById(item.stockBikeId, market.code);
            now = terms?.margin ? dealerPurchasePrice(bike.pricing.discountedPrice, terms.margin) : null;
          } else if (terms && dealerPriceOf(item, market) !== null) {
            const pricing = await catalog.orderInfo(item.productId, market.code, item.optionIds);
            const allowed =
              pricing.hash === item.hash &&
              overwritePriceProblem(pricing.discountedPrice, item.overwritePrice as number, terms.maxDiscountBp) ===
                null;
            now = allowed ? item.overwritePrice : null;
          }
        } catch (error) {
          if (!unpriceable(error)) throw error;
          now = null;
        }
        const same =
          now === item.overwritePrice && item.overwriteCurrency === market.currency && item.overwriteHash === item.hash;
        if (!same) {
          changes.push({
            id: item.id,
            price: now === null ? null : { amount: now, currency: market.currency, hash: item.hash },
          });
        }
      }
      if (changes.length) {
        await repo.write(async (w) => {
          if (!(await w.lockOpen(row.id))) return;
          for (const change of changes) await w.setDealerPrice(change.id, change.price);
        });
      }
      return changes.length;
    },
  };
}
