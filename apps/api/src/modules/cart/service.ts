import type { Cart, CartSummary } from '@varg/contracts';
import { cartCommands } from './commands.ts';
import { type Caller, type CartDeps, type CartStatus, cartContext } from './context.ts';
import { cartCopies } from './copy.ts';
import type { CartRow } from './lines-json.ts';
import { cartMoves } from './moves.ts';
import type { CartLines } from './repo.ts';
import { cartView } from './view.ts';

export type { Caller, CartDeps } from './context.ts';

/**
 * The cart (spec sections 3, 4, 7; docs/decisions/012-commerce-data.md, 035). Prices are never stored: every answer
 * prices the lines in the cart's market (`marketOfCart`, ./context.ts) through the catalogue (bikes, stock bikes) and
 * the store (variants). An anonymous cart is reachable by its id; a user's cart only with that user's token. The parts:
 * ./view.ts (pricing), ./commands.ts (adds and line changes), ./moves.ts (market moves, dealer prices before
 * checkout), ./copy.ts (clone, merge).
 */
export function cartService(deps: CartDeps) {
  const ctx = cartContext(deps);
  const { view, render } = cartView(ctx);

  async function summaryOf(row: Pick<CartRow, 'id' | 'status'>): Promise<CartSummary> {
    const { bikes, store: storeCounts } = await deps.repo.counts(row.id);
    return {
      _id: row.id,
      status: row.status as CartStatus,
      count: bikes.units + storeCounts.units,
      lines: bikes.lines + storeCounts.lines,
      kind: bikes.lines ? 'bikes' : storeCounts.lines ? 'store' : null,
    };
  }

  return {
    /**
     * The cart priced in its own market (decision 035). `country` is the page's market: it does not change where
     * the cart is priced (a read never moves a cart); the answer's `country` says which market that is.
     */
    async get(caller: Caller, cartId: string | undefined, _country?: string): Promise<Cart> {
      if (!cartId) return view((await ctx.current(caller, cartId)).id);
      // One query for the cart and its lines; who may read it is checked on the row read.
      const found = await deps.repo.withLines(cartId);
      return render(ctx.mayUse(caller, found?.cart), found as CartLines);
    },

    /** Lines and units without pricing: what the header's badge shows. */
    summary: async (caller: Caller, cartId: string | undefined): Promise<CartSummary> =>
      summaryOf(await ctx.current(caller, cartId)),

    /** The same of the user's open cart (null: none), for `user/me?include=cart`. */
    async summaryOfUser(userId: string): Promise<CartSummary | null> {
      const row = await deps.repo.openCartOf(userId);
      return row ? summaryOf(row) : null;
    },

    /** How many open carts with lines a market has (changed within the cart cookie's 30 days). */
    openCartsIn: (country: string) => deps.repo.openCartsIn(country, 30),

    ...cartCommands(ctx, view, render),
    ...cartMoves(ctx, view),
    ...cartCopies(ctx, view),
  };
}
export type CartService = ReturnType<typeof cartService>;
