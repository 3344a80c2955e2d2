// What every part of the cart service shares: who calls, which cart a call is about, and which market a cart is in
// (docs/decisions/035-cart-and-checkout.md).
import type { Cart } from '@varg/contracts';
import type { CartMarket, CartMix } from '@varg/domain';
import { ApiError } from '../../lib/api-error.ts';
import type { CatalogService } from '../catalog/service.ts';
import { activeTaxMarket } from '../markets/active.ts';
import type { MarketsService } from '../markets/service.ts';
import type { StoreService } from '../store/service.ts';
import type { CartLines, CartRepo, CartRow, CartWriter } from './repo.ts';

/** Who calls: a signed-in user (validated token) or an anonymous visitor (null). */
export type Caller = { userId: string; roles: string[] } | null;

export type CartStatus = Cart['status'];
export type CustomerType = Cart['customerType'];
export type Market = CartMarket & { code: string };

export const isDealer = (caller: Caller) => !!caller?.roles.includes('dealer');
/** Spec section 6: dealers get the Dealer price customer type; B2B is chosen at checkout. */
export const customerTypeOf = (caller: Caller): CustomerType => (isDealer(caller) ? 'Dealer' : 'B2C');

/** An error of another module's service that means "this cannot be priced here", not a failure. */
export const unpriceable = (error: unknown) => error instanceof ApiError && error.statusCode < 500;

export interface CartDeps {
  repo: CartRepo;
  catalog: Pick<CatalogService, 'orderInfo' | 'stockBikeById' | 'optionLabels' | 'modelNameKeys'>;
  store: Pick<StoreService, 'variant' | 'variantCodesOfKind'>;
  markets: Pick<MarketsService, 'getCountry'>;
  /**
   * An approved dealer's terms, null for anybody else: its marketplace margin (percent; its stock bikes are at dealer
   * price, null without one) and its largest allowed discount off the list price (basis points; its own prices).
   */
  dealerTerms?(userId: string): Promise<{ margin: number | null; maxDiscountBp: number } | null>;
}

export function cartContext(deps: CartDeps) {
  const { repo, store, markets } = deps;

  /** An active market by its country code; 404 COUNTRY_NOT_FOUND otherwise. */
  const marketOf = (code: string): Promise<Market> => activeTaxMarket(markets, code);

  /**
   * Which market a cart is in (decision 035), the one place that says it: the country stored on the cart. Every read
   * (the cart, its checkout, a dealer price's check, a clone) prices it there, whatever page it is read from; only a
   * write moves it (an add in another country, `PUT cart`), and a move drops the dealer prices of the old currency.
   */
  const marketOfCart = (cart: Pick<CartRow, 'country'>) => marketOf(cart.country);

  /** A cart by id, if the caller may use it: anyone an anonymous cart, only its owner a user's cart. */
  async function accessible(caller: Caller, cartId: string): Promise<CartRow> {
    return mayUse(caller, await repo.find(cartId));
  }

  /** The same check on a cart row already read: 404 SHOPPING_CART_NOT_FOUND or 403 FORBIDDEN when it is not usable. */
  function mayUse<T extends CartRow>(caller: Caller, row: T | null | undefined): T {
    // A merged cart lives on in the user's cart.
    if (!row || row.status === 'merged') throw new ApiError('SHOPPING_CART_NOT_FOUND');
    if (row.userId && row.userId !== caller?.userId) throw new ApiError('FORBIDDEN');
    return row;
  }

  /** The cart a call is about: the one named, else the signed-in caller's open cart. */
  async function current(caller: Caller, cartId: string | undefined): Promise<CartRow> {
    if (cartId) return accessible(caller, cartId);
    const row = caller ? await repo.openCartOf(caller.userId) : null;
    if (!row) throw new ApiError('SHOPPING_CART_NOT_FOUND');
    return row;
  }

  /**
   * The variant codes of the extended warranties, for the mixing rule (`canJoinCart`). Read before a write's
   * transaction, never inside it: the store's queries do not run in that transaction, and on PGlite (one connection)
   * they would wait for it forever. The cart's lines themselves are read inside it, under the cart's lock.
   */
  const warrantyCodes = () => store.variantCodesOfKind('extended_warranty');

  /** What a cart holds as the mixing rule counts it: bike lines, and store lines that are extended warranties. */
  async function mixOf(w: CartWriter, cartId: string, warranties: ReadonlySet<string>): Promise<CartMix> {
    const { bikes, storeCodes } = await w.contents(cartId);
    return { bikes, warranties: storeCodes.filter((code) => warranties.has(code)).length };
  }

  /** The same count from lines already read under the cart's lock (an add reads them for its answer anyway). */
  function mixOfLines({ items, storeItems }: CartLines, warranties: ReadonlySet<string>): CartMix {
    return { bikes: items.length, warranties: storeItems.filter((l) => warranties.has(l.variantCode)).length };
  }

  return { deps, marketOf, marketOfCart, accessible, mayUse, current, warrantyCodes, mixOf, mixOfLines };
}
export type CartContext = ReturnType<typeof cartContext>;
