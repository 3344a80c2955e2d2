import type {
  AddItemBody,
  AddStockBikeBody,
  AddStoreItemBody,
  Cart,
  CartItem,
  CartLinePrice,
  CartStoreItem,
  CartSummary,
  ComponentGroup,
  PricingInfo,
  StoreKind,
} from '@varg/contracts';
import {
  ACTIVE_STATUS,
  CART_MAX_QUANTITY,
  type CartJoinKind,
  type CartLineKind,
  type CartMarket,
  type CartMix,
  canCheckOut,
  canJoinCart,
  canJoinCartLines,
  cartTotals,
  DEFAULT_BIKE_QUANTITY,
  dealerPurchasePrice,
  overwritePriceProblem,
  type PricedCartLine,
  priceCartLine,
  type QuantityOperation,
  storeUnitListPrice,
} from '@varg/domain';
import { sql } from 'drizzle-orm';
import { ApiError } from '../../lib/api-error.ts';
import type { CatalogService } from '../catalog/service.ts';
import type { MarketsService } from '../markets/service.ts';
import type { StoreService } from '../store/service.ts';
import type { CartItemRow, CartRepo, CartRow, CartStoreItemRow, CartWriter } from './repo.ts';

/** Who calls: a signed-in user (validated token) or an anonymous visitor (null). */
export type Caller = { userId: string; roles: string[] } | null;

type CartStatus = Cart['status'];
type CustomerType = Cart['customerType'];

const isDealer = (caller: Caller) => !!caller?.roles.includes('dealer');
/** Spec section 6: dealers get the Dealer price customer type; B2B is chosen at checkout. */
const customerTypeOf = (caller: Caller): CustomerType => (isDealer(caller) ? 'Dealer' : 'B2C');

/** An error of another module's service that means "this cannot be priced here", not a failure. */
const unpriceable = (error: unknown) => error instanceof ApiError && error.statusCode < 500;

export interface CartDeps {
  repo: CartRepo;
  catalog: Pick<CatalogService, 'orderInfo' | 'stockBikeById' | 'components' | 'productList'>;
  store: Pick<StoreService, 'variant' | 'variantCodesOfKind'>;
  markets: Pick<MarketsService, 'getCountry'>;
  /**
   * An approved dealer's terms, null for anybody else: its marketplace margin (percent; its stock bikes are at dealer
   * price, null without one) and its largest allowed discount off the list price (basis points; its own prices).
   */
  dealerTerms?(userId: string): Promise<{ margin: number | null; maxDiscountBp: number } | null>;
}

/**
 * The cart (spec sections 3, 4, 7; docs/decisions/012-commerce-data.md). Prices are never stored: every answer prices
 * the lines in the cart's market through the catalogue (bikes, stock bikes) and the store (variants). An anonymous
 * cart is reachable by its id; a user's cart only with that user's token.
 */
export function cartService(deps: CartDeps) {
  const { repo, catalog, store, markets } = deps;
  async function marketOf(code: string): Promise<CartMarket & { code: string }> {
    const country = await markets.getCountry(code);
    if (country.status !== ACTIVE_STATUS) throw new ApiError('COUNTRY_NOT_FOUND');
    return {
      code: country.code,
      currency: country.currency.code,
      taxDisplay: country.taxDisplay,
      vatRateBp: Math.round(country.vatPercentage * 100),
    };
  }

  /** A cart by id, if the caller may use it: anyone an anonymous cart, only its owner a user's cart. */
  async function accessible(caller: Caller, cartId: string): Promise<CartRow> {
    const row = await repo.find(cartId);
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
    });
    return view(row.id);
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

  /**
   * Adds to the named cart, or to the caller's open cart, or to a new anonymous cart; the cart takes the country of
   * the add. The callers validate first (nothing is created when that fails); `insert` runs after the mixing rule
   * (an extended warranty and bikes never share a cart: 400 CART-ERROR-003).
   */
  async function add(
    caller: Caller,
    query: { cartId?: string | undefined; country: string },
    kind: CartJoinKind,
    insert: (w: CartWriter, cart: CartRow) => Promise<void>,
  ): Promise<Cart> {
    const known = query.cartId ? await accessible(caller, query.cartId) : null;
    const warranties = await warrantyCodes();
    const id = await repo.write(async (w) => {
      let cart: CartRow | null;
      if (known) cart = await w.lockOpen(known.id, query.country);
      else if (caller) {
        cart = await w.openForUser(
          caller.userId,
          { country: query.country, customerType: customerTypeOf(caller) },
          query.country,
        );
      } else cart = await w.create({ country: query.country, customerType: customerTypeOf(caller) });
      if (!cart) throw new ApiError('SHOPPING_CART_NOT_FOUND');
      if (!canJoinCart(await mixOf(w, cart.id, warranties), kind)) throw new ApiError('CART-ERROR-003');
      await insert(w, cart);
      return cart.id;
    });
    return view(id);
  }

  // — pricing —

  interface Priced {
    priced: PricedCartLine | null;
    /** One unit at the catalogue's price, before a dealer's price. */
    catalogPrice?: number;
    deliveryDate: string | null;
  }

  function linePrice(priced: PricedCartLine, currency: string): CartLinePrice {
    return {
      price: priced.total,
      unitPrice: priced.unitPrice,
      listPrice: priced.unitListPrice,
      deposit: priced.deposit,
      symbol: currency,
      vatMetadata: priced.vat,
    };
  }

  /**
   * The dealer's price of a line, only where it was set: in the market's currency and for the line's configuration
   * (decision 027). Anything else is priced from the catalogue.
   */
  const dealerPriceOf = (row: CartItemRow, market: { currency: string }) =>
    row.overwritePrice !== null && row.overwriteCurrency === market.currency && row.overwriteHash === row.hash
      ? row.overwritePrice
      : null;

  async function priceBike(row: CartItemRow, market: CartMarket & { code: string }): Promise<Priced> {
    let pricing: PricingInfo;
    try {
      if (row.stockBikeId) {
        const bike = await catalog.stockBikeById(row.stockBikeId, market.code);
        // A stock bike is sold in the market it stands in.
        if (bike.country !== market.code) return { priced: null, deliveryDate: null };
        pricing = bike.pricing;
      } else {
        pricing = await catalog.orderInfo(row.productId, market.code, row.optionIds);
      }
    } catch (error) {
      if (unpriceable(error)) return { priced: null, deliveryDate: null };
      throw error;
    }
    return {
      priced: priceCartLine(
        {
          quantity: row.quantity,
          unitListPrice: pricing.price.amount,
          unitPrice: dealerPriceOf(row, market) ?? pricing.discountedPrice,
          unitDeposit: pricing.deposit.amount,
        },
        market,
      ),
      deliveryDate: pricing.stockBikeDeliveryDate ?? pricing.deliveryDate,
      catalogPrice: pricing.discountedPrice,
    };
  }

  async function view(cartId: string, country?: string): Promise<Cart> {
    const row = await repo.find(cartId);
    if (!row) throw new ApiError('SHOPPING_CART_NOT_FOUND');
    const market = await marketOf(country ?? row.country);
    const { items, storeItems } = await repo.lines(row.id);

    const productIds = [...new Set(items.map((i) => i.productId))];
    const [models, groups] = await Promise.all([
      productIds.length
        ? catalog
            .productList({ countryLocation: market.code, category: 'bikes', status: ACTIVE_STATUS })
            .then((list) => new Map(list.docs.map((d) => [d._id, d.nameKey])))
        : new Map<string, string>(),
      Promise.all(
        productIds.map(async (id) => [id, await catalog.components(id, market.code).catch(() => [])] as const),
      ).then((pairs) => new Map<string, ComponentGroup[]>(pairs)),
    ]);

    const bikeLines = await Promise.all(
      items.map(async (row): Promise<CartItem & { priced: PricedCartLine | null }> => {
        const { priced, deliveryDate, catalogPrice } = await priceBike(row, market);
        const options = (groups.get(row.productId) ?? []).flatMap((g) =>
          g.options
            .filter((o) => row.optionIds.includes(o.id))
            .map((o) => ({ id: o.id, group: g.group, groupNameKey: g.nameKey, nameKey: o.nameKey })),
        );
        return {
          _id: row.id,
          productId: row.productId,
          nameKey: models.get(row.productId) ?? `model_${row.productId.replace(/-/g, '_')}_name`,
          hash: row.hash,
          componentIds: row.optionIds,
          options,
          quantity: row.quantity,
          stock: row.stockBikeId !== null,
          stockBikeId: row.stockBikeId,
          overwritePrice: dealerPriceOf(row, market),
          catalogPrice: priced ? (catalogPrice ?? null) : null,
          available: priced !== null,
          deliveryDate: priced ? deliveryDate : null,
          subTotal: priced ? linePrice(priced, market.currency) : null,
          createdAt: row.createdAt.toISOString(),
          priced,
        };
      }),
    );

    const storeLines = await Promise.all(
      storeItems.map(async (row): Promise<CartStoreItem & { priced: PricedCartLine | null }> => {
        const base = {
          _id: row.id,
          variant_code: row.variantCode,
          quantity: row.quantity,
          vin: row.vin || null,
          createdAt: row.createdAt.toISOString(),
        };
        try {
          const variant = await store.variant(row.variantCode, market.code);
          const orderable = variant.price !== null && variant.availability !== 'NOT_AVAILABLE';
          const priced =
            orderable && variant.price
              ? priceCartLine(
                  {
                    quantity: row.quantity,
                    unitListPrice: storeUnitListPrice(variant.price),
                    unitPrice: variant.price.total,
                  },
                  market,
                )
              : null;
          return {
            ...base,
            articleId: variant.article.id,
            name: variant.article.name,
            nameKey: variant.article.nameKey,
            kind: variant.article.category.kind as StoreKind,
            attributes: variant.attributes,
            availability: variant.availability,
            available: priced !== null,
            subTotal: priced ? linePrice(priced, market.currency) : null,
            priced,
          };
        } catch (error) {
          if (!unpriceable(error)) throw error;
          return {
            ...base,
            articleId: null,
            name: row.variantCode,
            nameKey: null,
            kind: null,
            attributes: {},
            availability: null,
            available: false,
            subTotal: null,
            priced: null,
          };
        }
      }),
    );

    const totals = cartTotals(
      [
        ...bikeLines.map((l) => ({ kind: (l.stock ? 'stock_bike' : 'bike') as CartLineKind, priced: l.priced })),
        ...storeLines.map((l) => ({ kind: 'store' as const, priced: l.priced })),
      ],
      market,
    );
    const dates = bikeLines.map((l) => l.deliveryDate).filter((d): d is string => !!d);
    const all = [...bikeLines, ...storeLines];
    return {
      _id: row.id,
      status: row.status as CartStatus,
      country: market.code,
      currency: market.currency,
      taxDisplay: market.taxDisplay,
      customerType: row.customerType as CustomerType,
      deliveryMethod: row.deliveryMethod,
      user: row.userId,
      subTotal: {
        price: totals.price,
        priceWithDiscount: totals.priceWithDiscount,
        vat: totals.vat,
        vatAmount: totals.vatAmount,
        totalStoreItems: totals.totalStoreItems,
        deposit: totals.deposit,
      },
      items: bikeLines.map(({ priced: _, ...line }) => line),
      storeItems: storeLines.map(({ priced: _, ...line }) => line),
      count: all.reduce((n, l) => n + l.quantity, 0),
      checkoutable: canCheckOut(all),
      deliveryDate: dates.length ? (dates.sort().at(-1) ?? null) : null,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  }

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
  }

  const step = (operation: QuantityOperation, column: 'quantity') =>
    operation === 'increment'
      ? sql`least(${sql.identifier(column)} + 1, ${sql.raw(String(CART_MAX_QUANTITY))})`
      : sql`greatest(${sql.identifier(column)} - 1, 1)`;

  return {
    /** The cart priced in `country` (the visitor's market), else in its own country. */
    async get(caller: Caller, cartId: string | undefined, country?: string): Promise<Cart> {
      const row = await current(caller, cartId);
      return view(row.id, country);
    },

    /** Lines and units without pricing: what the header's badge shows. */
    async summary(caller: Caller, cartId: string | undefined): Promise<CartSummary> {
      const row = await current(caller, cartId);
      const { bikes, store: storeCounts } = await repo.counts(row.id);
      return {
        _id: row.id,
        status: row.status as CartStatus,
        count: bikes.units + storeCounts.units,
        lines: bikes.lines + storeCounts.lines,
        kind: bikes.lines ? 'bikes' : storeCounts.lines ? 'store' : null,
      };
    },

    /**
     * A configured bike. The configuration is priced first (an unknown or incompatible option is the catalogue's
     * 400); the line of the same hash gets one more, in one atomic statement.
     */
    async addItem(caller: Caller, query: { cartId?: string | undefined; country: string }, body: AddItemBody) {
      const market = await marketOf(query.country);
      if (body.overwritePrice !== undefined && !isDealer(caller)) throw new ApiError('FORBIDDEN');
      const pricing = await catalog.orderInfo(body.productId, query.country, body.componentIds);
      const terms =
        body.overwritePrice !== undefined && caller && deps.dealerTerms ? await deps.dealerTerms(caller.userId) : null;
      return add(caller, query, 'bike', async (w, cart) => {
        if (body.overwritePrice !== undefined) {
          // A dealer's price belongs in the dealer's own cart, never in one that others can open by its id, and lies
          // between the list price less the dealer's allowed discount and the list price, as in an order's edit
          // (decision 025).
          if (cart.userId !== caller?.userId || !terms) throw new ApiError('FORBIDDEN');
          const problem = overwritePriceProblem(pricing.discountedPrice, body.overwritePrice, terms.maxDiscountBp);
          if (problem === 'ABOVE_LIST_PRICE') throw new ApiError('PRICE_ABOVE_LIST');
          if (problem) throw new ApiError('PRICE_BELOW_ALLOWED_DISCOUNT');
        }
        await w.upsertBike({
          cartId: cart.id,
          productId: pricing.productId,
          hash: pricing.hash,
          optionIds: pricing.componentIds,
          quantity: DEFAULT_BIKE_QUANTITY,
          overwritePrice: body.overwritePrice,
          overwriteCurrency: market.currency,
        });
      });
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
      return add(caller, query, 'stock_bike', async (w, cart) => {
        await w.insertStockBike({
          cartId: cart.id,
          productId: bike.productId,
          hash: bike.hash,
          optionIds: bike.componentIds,
          stockBikeId: bike._id,
          overwritePrice:
            margin && cart.userId === caller?.userId ? dealerPurchasePrice(bike.pricing.discountedPrice, margin) : null,
          overwriteCurrency: market.currency,
        });
      });
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
      return add(caller, query, kind, async (w, cart) => {
        await w.upsertStore({
          cartId: cart.id,
          variantCode: variant.variant_code,
          vin: body.vin ?? '',
          quantity: body.quantity,
        });
      });
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
      const pricing = await catalog.orderInfo(item.productId, query.country ?? row.country, body.componentIds);
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
      const market = await marketOf(row.country);
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

    /**
     * For checkout: the caller's cart, open, priced, with every line available; otherwise 404
     * SHOPPING_CART_NOT_FOUND or 400 CART-ERROR-001.
     */
    async forCheckout(caller: Caller, cartId: string | undefined): Promise<Cart> {
      const row = await current(caller, cartId);
      if (row.status !== 'open') throw new ApiError('SHOPPING_CART_NOT_FOUND');
      const cart = await view(row.id);
      if (!cart.checkoutable) throw new ApiError('CART-ERROR-001');
      return cart;
    },
  };
}
export type CartService = ReturnType<typeof cartService>;
