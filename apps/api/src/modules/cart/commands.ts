// The cart's commands (spec sections 3, 4, 7): adding bikes, stock bikes and store items, and changing or removing
// lines. Each write runs in one transaction under the cart's lock and answers the cart priced (./view.ts).
import type { AddItemBody, AddStockBikeBody, AddStoreItemBody, Cart, CartSummary } from '@varg/contracts';
import {
  CART_MAX_QUANTITY,
  type CartJoinKind,
  canJoinCart,
  DEFAULT_BIKE_QUANTITY,
  dealerPurchasePrice,
  overwritePriceProblem,
  type QuantityOperation,
} from '@varg/domain';
import { sql } from 'drizzle-orm';
import { ApiError } from '../../lib/api-error.ts';
import type { CatalogService } from '../catalog/service.ts';
import type { NewLine } from './add-line.ts';
import { type Caller, type CartContext, type CartStatus, customerTypeOf, isDealer } from './context.ts';
import type { CartItemRow, CartLines, CartRow, CartStoreItemRow, CartWriter } from './repo.ts';

export function cartCommands(
  ctx: CartContext,
  view: (cartId: string) => Promise<Cart>,
  render: (cart: CartRow, lines: CartLines) => Promise<Cart>,
) {
  const { deps, marketOf, accessible, current, warrantyCodes, mixOfLines } = ctx;
  const { repo, catalog, store } = deps;

  /** Changes the lines of an open cart in one transaction; a cart that was ordered takes no more changes. */
  async function change(
    caller: Caller,
    cartId: string | undefined,
    fn: (w: CartWriter, cart: CartRow) => Promise<void>,
  ) {
    const row = await current(caller, cartId);
    await repo.write(async (w) => {
      const locked = await w.lockOpen(row.id);
      if (!locked) throw new ApiError('SHOPPING_CART_NOT_FOUND');
      await fn(w, locked);
      await w.recount(locked.id);
    });
    return view(row.id);
  }

  /**
   * Adds to the named cart, or to the caller's open cart, or to a new anonymous cart; the cart takes the country of
   * the add. The callers validate first (nothing is created when that fails); `insert` runs after the mixing rule
   * (an extended warranty and bikes never share a cart: 400 CART-ERROR-003) and returns the line it wrote (null when
   * nothing changed). The answer is priced from the rows the transaction read under the cart's lock and the line it
   * wrote, without reading the cart again (decision 035, "Add-to-cart at the limit"). With `quick` (the line, when
   * nothing about it depends on the cart), an add to an existing cart is first tried as one statement (`addLine`);
   * the transaction is the path when that does not apply (a new cart, a move to another market, a refusal).
   */
  async function add<L extends { id: string }>(
    caller: Caller,
    query: { cartId?: string | undefined; country: string },
    kind: CartJoinKind,
    insert: (w: CartWriter, cart: CartRow) => Promise<{ line: L; before: CartLines } | null>,
    into: (lines: CartLines, line: L) => void,
    quick?: NewLine,
  ): Promise<{ cart: CartRow; lines: CartLines }> {
    if (quick && (query.cartId || caller)) {
      const target = query.cartId ? { cartId: query.cartId } : { ownerId: (caller as NonNullable<Caller>).userId };
      const who = { callerId: caller?.userId ?? null, country: query.country };
      const done = await repo.addLine(target, who, quick);
      if (done) {
        if (done.line) into(done.before, done.line as unknown as L);
        return { cart: done.cart, lines: done.before };
      }
    }
    const warranties = await warrantyCodes();
    const written = await repo.write(async (w) => {
      let cart: CartRow | null;
      if (query.cartId) {
        cart = await w.lockOpen(query.cartId, query.country);
        // Not open (or unknown): decided after the transaction, where the cart can be read (403 or 404).
        if (!cart) return null;
        // A user's cart answers only to that user (the touch above is rolled back).
        if (cart.userId && cart.userId !== caller?.userId) throw new ApiError('FORBIDDEN');
      } else if (caller) {
        cart = await w.openForUser(
          caller.userId,
          { country: query.country, customerType: customerTypeOf(caller) },
          query.country,
        );
      } else cart = await w.create({ country: query.country, customerType: customerTypeOf(caller) });
      // The write comes back with the lines as they were before it, read under the cart's lock: the mixing rule is
      // checked on them afterwards, and a refusal rolls the write back with the rest.
      const added = await insert(w, cart);
      const lines = added?.before ?? (await w.lines(cart.id));
      if (!canJoinCart(mixOfLines(lines, warranties), kind)) throw new ApiError('CART-ERROR-003');
      if (added) {
        into(lines, added.line);
        await w.recount(cart.id);
      }
      return { cart, lines };
    });
    if (!written) {
      await accessible(caller, query.cartId as string);
      throw new ApiError('SHOPPING_CART_NOT_FOUND');
    }
    return written;
  }
  /** A new anonymous cart with one configured bike: one statement, nothing to lock or check (`createWithBike`). */
  async function firstAdd(country: string, pricing: { productId: string; hash: string; componentIds: string[] }) {
    const { cart, line } = await repo.createWithBike(
      { country, customerType: customerTypeOf(null) },
      {
        productId: pricing.productId,
        hash: pricing.hash,
        optionIds: pricing.componentIds,
        quantity: DEFAULT_BIKE_QUANTITY,
      },
    );
    return { cart, lines: { items: [line], storeItems: [] } };
  }
  const priced = ({ cart, lines }: { cart: CartRow; lines: CartLines }) => render(cart, lines);

  /** Lines and units of a cart just written, without pricing (`answer=summary`; the shape of GET cart/summary). */
  function summaryOf({ cart, lines }: { cart: CartRow; lines: CartLines }): CartSummary {
    const units = [...lines.items, ...lines.storeItems].reduce((n, l) => n + l.quantity, 0);
    return {
      _id: cart.id,
      status: cart.status as CartStatus,
      count: units,
      lines: lines.items.length + lines.storeItems.length,
      kind: lines.items.length ? 'bikes' : lines.storeItems.length ? 'store' : null,
    };
  }

  /** The written line in place of the one it changed, or after the others (the lines go in the order added). */
  const replace = <T extends { id: string }>(list: T[], line: T) => {
    const at = list.findIndex((l) => l.id === line.id);
    if (at >= 0) list[at] = line;
    else list.push(line);
  };
  const bikeLine = (lines: CartLines, line: CartItemRow) => replace(lines.items, line);
  const storeLine = (lines: CartLines, line: CartStoreItemRow) => replace(lines.storeItems, line);

  const step = (operation: QuantityOperation, column: 'quantity') =>
    operation === 'increment'
      ? sql`least(${sql.identifier(column)} + 1, ${sql.raw(String(CART_MAX_QUANTITY))})`
      : sql`greatest(${sql.identifier(column)} - 1, 1)`;

  return {
    /**
     * A configured bike. The configuration is priced first (an unknown or incompatible option is the catalogue's
     * 400); the line of the same hash gets one more, in one atomic statement.
     */
    async addItem(
      caller: Caller,
      query: { cartId?: string | undefined; country: string; answer?: 'cart' | 'summary' | undefined },
      body: AddItemBody,
    ): Promise<Cart | CartSummary> {
      const market = await marketOf(query.country);
      if (body.overwritePrice !== undefined && !isDealer(caller)) throw new ApiError('FORBIDDEN');
      const pricing = await catalog.orderInfo(body.productId, query.country, body.componentIds);
      const terms =
        body.overwritePrice !== undefined && caller && deps.dealerTerms ? await deps.dealerTerms(caller.userId) : null;
      const line = {
        productId: pricing.productId,
        hash: pricing.hash,
        optionIds: pricing.componentIds,
        quantity: DEFAULT_BIKE_QUANTITY,
        overwritePrice: body.overwritePrice,
      };
      // The first add of an anonymous visitor: the cart and its line in one statement.
      const written =
        !query.cartId && !caller
          ? await firstAdd(query.country, pricing)
          : await add(
              caller,
              query,
              'bike',
              async (w, cart) => {
                if (body.overwritePrice !== undefined) {
                  // A dealer's price belongs in the dealer's own cart, never in one that others can open by its id, and lies
                  // between the list price less the dealer's allowed discount and the list price, as in an order's edit
                  // (decision 025).
                  if (cart.userId !== caller?.userId || !terms) throw new ApiError('FORBIDDEN');
                  const problem = overwritePriceProblem(
                    pricing.discountedPrice,
                    body.overwritePrice,
                    terms.maxDiscountBp,
                  );
                  if (problem === 'ABOVE_LIST_PRICE') throw new ApiError('PRICE_ABOVE_LIST');
                  if (problem) throw new ApiError('PRICE_BELOW_ALLOWED_DISCOUNT');
                }
                return w.upsertBike({ ...line, cartId: cart.id, overwriteCurrency: market.currency });
              },
              bikeLine,
              // A dealer's price depends on whose cart it is: checked in the transaction.
              body.overwritePrice === undefined ? { kind: 'bike', ...line } : undefined,
            );
      return query.answer === 'summary' ? summaryOf(written) : priced(written);
    },

    /** A bike in stock in the cart's market: one line of quantity 1. */
    async addStockBike(
      caller: Caller,
      query: { cartId?: string | undefined; country: string },
      body: AddStockBikeBody,
    ) {
      const market = await marketOf(query.country);
      let bike: Awaited<ReturnType<CatalogService['stockBikeById']>>;
      try {
        bike = await catalog.stockBikeById(body.stockBikeId, query.country);
      } catch (error) {
        if (error instanceof ApiError && error.code === 'NOT_FOUND') throw new ApiError('STOCK_BIKE_NOT_FOUND');
        throw error;
      }
      if (bike.country !== query.country) throw new ApiError('STOCK_BIKE_NOT_FOUND');
      if (body.product !== undefined && body.product !== bike.productId) throw new ApiError('BAD_REQUEST');
      // A dealer buys a stock bike (for a customer, or for its store) at its dealer price: the list price less its
      // marketplace margin, in its own cart (decision 025).
      const margin =
        isDealer(caller) && caller && deps.dealerTerms
          ? ((await deps.dealerTerms(caller.userId))?.margin ?? null)
          : null;
      return priced(
        await add(
          caller,
          query,
          'stock_bike',
          async (w, cart) =>
            w.insertStockBike({
              cartId: cart.id,
              productId: bike.productId,
              hash: bike.hash,
              optionIds: bike.componentIds,
              stockBikeId: bike._id,
              overwritePrice:
                margin && cart.userId === caller?.userId
                  ? dealerPurchasePrice(bike.pricing.discountedPrice, margin)
                  : null,
              overwriteCurrency: market.currency,
            }),
          bikeLine,
          // A dealer's purchase price depends on whose cart it is: checked in the transaction.
          margin
            ? undefined
            : {
                kind: 'stock_bike',
                productId: bike.productId,
                hash: bike.hash,
                optionIds: bike.componentIds,
                stockBikeId: bike._id,
              },
        ),
      );
    },

    /**
     * A part, accessory, merchandise or warranty variant that can be ordered in the market. An extended warranty
     * does not join a cart that holds bikes (400 CART-ERROR-003); the other kinds join any cart.
     */
    async addStoreItem(
      caller: Caller,
      query: { cartId?: string | undefined; country: string },
      body: AddStoreItemBody,
    ) {
      await marketOf(query.country);
      const variant = await store.variant(body.variant_code, query.country);
      if (!variant.price || variant.availability === 'NOT_AVAILABLE') throw new ApiError('CART_ITEM_UNAVAILABLE');
      const kind = variant.article.category.kind === 'extended_warranty' ? 'warranty' : 'store';
      return priced(
        await add(
          caller,
          query,
          kind,
          (w, cart) =>
            w.upsertStore({
              cartId: cart.id,
              variantCode: variant.variant_code,
              vin: body.vin ?? '',
              quantity: body.quantity,
            }),
          storeLine,
          { kind, variantCode: variant.variant_code, vin: body.vin ?? '', quantity: body.quantity },
        ),
      );
    },

    /**
     * Builder edit mode (spec section 4): the configuration of a bike line is replaced, keeping its quantity (added to
     * the line that already has the new configuration, if any). A dealer's price was set for the old configuration and
     * is dropped (decision 027).
     */
    async updateItem(
      caller: Caller,
      query: { cartId?: string | undefined; country?: string | undefined },
      body: { itemId: string; componentIds: string[] },
    ) {
      const row = await current(caller, query.cartId);
      const item = await repo.item(row.id, body.itemId);
      if (!item) throw new ApiError('CART_ITEM_NOT_FOUND');
      if (item.stockBikeId) throw new ApiError('STOCK_BIKE_LINE_FIXED');
      const pricing = await catalog.orderInfo(item.productId, row.country, body.componentIds);
      return change(caller, row.id, async (w, cart) => {
        const removed = await w.removeItem(cart.id, item.id);
        if (!removed) throw new ApiError('CART_ITEM_NOT_FOUND');
        await w.upsertBike({
          cartId: cart.id,
          productId: removed.productId,
          hash: pricing.hash,
          optionIds: pricing.componentIds,
          quantity: removed.quantity,
          overwritePrice: null,
        });
      });
    },

    /** One more or one less of a bike line (never below 1; a stock bike stays 1). */
    async updateQuantity(caller: Caller, cartId: string | undefined, itemId: string, operation: QuantityOperation) {
      return change(caller, cartId, async (w, cart) => {
        const updated = await w.setItemQuantity(cart.id, itemId, step(operation, 'quantity'));
        if (updated) return;
        const existing = await w.item(cart.id, itemId);
        throw new ApiError(existing?.stockBikeId ? 'STOCK_BIKE_LINE_FIXED' : 'CART_ITEM_NOT_FOUND');
      });
    },

    async updateStoreQuantity(caller: Caller, cartId: string | undefined, id: string, operation: QuantityOperation) {
      return change(caller, cartId, async (w, cart) => {
        if (!(await w.setStoreQuantity(cart.id, id, step(operation, 'quantity'))))
          throw new ApiError('CART_ITEM_NOT_FOUND');
      });
    },

    async removeItem(caller: Caller, cartId: string | undefined, itemId: string) {
      return change(caller, cartId, async (w, cart) => {
        if (!(await w.removeItem(cart.id, itemId))) throw new ApiError('CART_ITEM_NOT_FOUND');
      });
    },

    async removeStoreItem(caller: Caller, cartId: string | undefined, id: string) {
      return change(caller, cartId, async (w, cart) => {
        if (!(await w.removeStoreItem(cart.id, id))) throw new ApiError('CART_ITEM_NOT_FOUND');
      });
    },

    /** Empties the cart (the cart itself stays, with its id). */
    async clean(caller: Caller, cartId: string | undefined) {
      return change(caller, cartId, (w, cart) => w.clear(cart.id));
    },
  };
}
