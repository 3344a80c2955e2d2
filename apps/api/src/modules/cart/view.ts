// The cart priced (spec sections 3, 4): every line in the cart's market through the catalogue (bikes, stock bikes) and
// the store (variants), never a stored price (docs/decisions/012-commerce-data.md, 035).
import type { Cart, CartItem, CartLinePrice, CartStoreItem, PricingInfo, StoreKind } from '@varg/contracts';
import {
  ACTIVE_STATUS,
  type CartLineKind,
  type CartLinePriceInput,
  canCheckOut,
  cartTotals,
  type PricedCartLine,
  priceCartLine,
  storeUnitListPrice,
} from '@varg/domain';
import { ApiError } from '../../lib/api-error.ts';
import type { OptionLabels } from '../catalog/service.ts';
import { type CartContext, type CartStatus, type CustomerType, type Market, unpriceable } from './context.ts';
import type { CartItemRow, CartLines, CartRow } from './repo.ts';

/**
 * The dealer's price of a line, only where it was set: in the market's currency and for the line's configuration
 * (decision 027). Anything else is priced from the catalogue.
 */
export const dealerPriceOf = (row: CartItemRow, market: { currency: string }) =>
  row.overwritePrice !== null && row.overwriteCurrency === market.currency && row.overwriteHash === row.hash
    ? row.overwritePrice
    : null;

/** Most lines `pricedLine` keeps: one per distinct price, quantity and market; cleared when full. */
const PRICED_LINES_MAX = 2_000;
const pricedLines = new Map<string, PricedCartLine>();

/**
 * `priceCartLine`, kept by its inputs (all numbers and the market's three terms, so the same inputs always price
 * the same): a cart read or an add prices its lines without the decimal arithmetic again. Shared: read, never change.
 */
function pricedLine(line: CartLinePriceInput, market: Market): PricedCartLine {
  const key = `${line.quantity} ${line.unitListPrice} ${line.unitPrice} ${line.unitDeposit ?? 0} ${market.currency} ${market.taxDisplay} ${market.vatRateBp}`;
  const kept = pricedLines.get(key);
  if (kept) return kept;
  const priced = priceCartLine(line, market);
  if (pricedLines.size >= PRICED_LINES_MAX) pricedLines.clear();
  pricedLines.set(key, priced);
  return priced;
}

export function cartView(ctx: CartContext) {
  const { repo, catalog, store } = ctx.deps;

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
      vatMetadata: { ...priced.vat },
    };
  }

  async function priceBike(row: CartItemRow, market: Market): Promise<Priced> {
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
      priced: pricedLine(
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

  /** The cart priced in its market (`marketOfCart`, decision 035). */
  async function view(cartId: string): Promise<Cart> {
    const found = await repo.withLines(cartId);
    if (!found) throw new ApiError('SHOPPING_CART_NOT_FOUND');
    return render(found.cart, found);
  }

  /**
   * A cart row and its lines priced, as read (or as just written: an add answers from the rows its transaction
   * returned, without reading them again). The prices come from the catalogue's and the store's per-process caches.
   */
  async function render(row: CartRow, { items, storeItems }: CartLines): Promise<Cart> {
    const market = await ctx.marketOfCart(row);

    const productIds = [...new Set(items.map((i) => i.productId))];
    const [models, groups] = await Promise.all([
      productIds.length
        ? catalog.modelNameKeys({ countryLocation: market.code, category: 'bikes', status: ACTIVE_STATUS })
        : new Map<string, string>(),
      Promise.all(
        productIds.map(async (id) => [id, await catalog.optionLabels(id, market.code).catch(() => [])] as const),
      ).then((pairs) => new Map<string, readonly OptionLabels[]>(pairs)),
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
              ? pricedLine(
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

  return { view, render };
}
