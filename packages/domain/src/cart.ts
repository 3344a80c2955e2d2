import { add, allocate, type Dinero, dinero, multiply } from 'dinero.js';
import { type Currency, currencyOf, toMinor } from './currency.ts';

// Cart rules (spec sections 3, 4 and 5; docs/decisions/012-commerce-data.md): what may share a cart, how quantities
// move, and the cart's totals from lines priced in its country. Amounts are integer minor units.

const minor = toMinor;

/** The most of one line a cart holds; adding more keeps it there. */
export const CART_MAX_QUANTITY = 99;
/** A configured bike's quantity when it is added, and a stock bike's always (spec section 9). */
export const DEFAULT_BIKE_QUANTITY = 1;

/** `bike`: a configuration; `stock_bike`: one bike in stock (quantity 1); `store`: a part, accessory or warranty. */
export const CART_LINE_KINDS = ['bike', 'stock_bike', 'store'] as const;
export type CartLineKind = (typeof CART_LINE_KINDS)[number];

/** `open`: being filled; `ordered`: the checkout made its order(s); `merged`: folded into the user's cart at sign-in. */
export const CART_STATUSES = ['open', 'ordered', 'merged'] as const;
export type CartStatus = (typeof CART_STATUSES)[number];

/**
 * A line as the mixing rule sees it: a store line is `warranty` when it is an extended warranty (store category kind
 * `extended_warranty`), else `store` (a part, accessory or merchandise).
 */
export type CartJoinKind = 'bike' | 'stock_bike' | 'store' | 'warranty';

/** What the mixing rule counts in a cart: its bike lines (configured or in stock) and its extended warranties. */
export interface CartMix {
  bikes: number;
  warranties: number;
}

/**
 * Whether a line of `line` kind may join a cart that holds `existing` (400 CART-ERROR-003 otherwise). Bikes and store
 * items share a cart (checkout makes a vehicle order and a store order of it), except an extended warranty: it extends
 * the warranty of a bike the buyer already owns (it is added by link with that bike's VIN, spec section 4 "Add by
 * link"), while a new bike comes with its own warranty. So an extended warranty and bikes (configured or in
 * stock) never share a cart; parts, accessories and merchandise join any cart.
 */
export function canJoinCart(existing: CartMix, line: CartJoinKind): boolean {
  switch (line) {
    case 'bike':
    case 'stock_bike':
      return existing.warranties === 0;
    case 'warranty':
      return existing.bikes === 0;
    case 'store':
      return true;
  }
}

/**
 * Whether the lines of one cart may join another (merge, clone), by the rule of `canJoinCart`: the cart they make
 * never holds an extended warranty together with bikes.
 */
export function canJoinCartLines(existing: CartMix, incoming: CartMix): boolean {
  return existing.bikes + incoming.bikes === 0 || existing.warranties + incoming.warranties === 0;
}

export const QUANTITY_OPERATIONS = ['increment', 'decrement'] as const;
export type QuantityOperation = (typeof QUANTITY_OPERATIONS)[number];

/**
 * A line's quantity after a stepper click: one more up to CART_MAX_QUANTITY, one less down to 1 (never 0: removing
 * a line is its own call).
 */
export function nextQuantity(current: number, operation: QuantityOperation, max = CART_MAX_QUANTITY): number {
  const next = operation === 'increment' ? current + 1 : current - 1;
  return Math.min(max, Math.max(1, next));
}

/** A line's quantity after adding `added` more of it (capped at CART_MAX_QUANTITY). */
export function addedQuantity(current: number, added: number, max = CART_MAX_QUANTITY): number {
  return Math.min(max, Math.max(1, current + added));
}

export interface CartMarket {
  currency: string;
  /** 'including': prices contain VAT; 'excluding': they are before sales tax (US, CA, BR). */
  taxDisplay: 'including' | 'excluding';
  /** Standard VAT rate in basis points (1900 = 19 %). */
  vatRateBp: number;
}

export interface CartLinePriceInput {
  quantity: number;
  /** One unit as listed, before any discount (minor units). */
  unitListPrice: number;
  /** One unit as charged: after the discount, or a dealer's own price (minor units). */
  unitPrice: number;
  /** The deposit due for one unit (bikes); 0 for store items. */
  unitDeposit?: number;
}

export interface PricedCartLine {
  quantity: number;
  unitListPrice: number;
  unitPrice: number;
  /** unitListPrice × quantity. */
  listTotal: number;
  /** unitPrice × quantity: what the line costs. */
  total: number;
  /** unitDeposit × quantity. */
  deposit: number;
  vat: {
    /** The rate contained in the price, basis points; 0 where tax is added at checkout. */
    rateBp: number;
    /** The VAT contained in `total`, split so that net + VAT equal the total to the cent. */
    amount: number;
    /** Whether the prices contain VAT (false: sales tax is added at checkout). */
    included: boolean;
  };
}

function assertMinor(name: string, value: number) {
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be non-negative minor units`);
}

/** VAT contained in `amount`, split in the ratio 10000 : rate, so net and VAT add up to the amount. */
function containedVat(amount: number, currency: Currency, vatRateBp: number): number {
  if (vatRateBp <= 0 || amount === 0) return 0;
  const [, vatPart] = allocate(dinero({ amount, currency }), [10_000, vatRateBp]);
  return minor(vatPart as Dinero<number>);
}

/** One cart line priced in the cart's market: line totals and the VAT the line total contains. */
export function priceCartLine(line: CartLinePriceInput, market: CartMarket): PricedCartLine {
  if (!Number.isInteger(line.quantity) || line.quantity < 1) throw new Error('quantity must be a positive integer');
  assertMinor('unitListPrice', line.unitListPrice);
  assertMinor('unitPrice', line.unitPrice);
  assertMinor('unitDeposit', line.unitDeposit ?? 0);
  const currency = currencyOf(market.currency);
  const times = (amount: number) => minor(multiply(dinero({ amount, currency }), line.quantity));
  const total = times(line.unitPrice);
  const included = market.taxDisplay === 'including' && market.vatRateBp > 0;
  const rateBp = included ? market.vatRateBp : 0;
  return {
    quantity: line.quantity,
    unitListPrice: line.unitListPrice,
    unitPrice: line.unitPrice,
    listTotal: times(line.unitListPrice),
    total,
    deposit: times(line.unitDeposit ?? 0),
    vat: { rateBp, amount: containedVat(total, currency, rateBp), included },
  };
}

/**
 * The listed unit price (before discount) of a store item priced in a market (`priceStoreItem`): the total without
 * a discount; else the net list price with the VAT it contains put back, to the cent.
 */
export function storeUnitListPrice(price: {
  currency: string;
  subtotal: number;
  total: number;
  discount_percentage: number;
  vat_percentage: number;
}): number {
  if (price.discount_percentage === 0) return price.total;
  if (price.vat_percentage === 0) return price.subtotal;
  const currency = currencyOf(price.currency);
  const rateBp = Math.round(price.vat_percentage * 100);
  const discountBp = Math.round(price.discount_percentage * 100);
  const discounted = (amount: number) =>
    minor(multiply(dinero({ amount, currency }), { amount: 10_000 - discountBp, scale: 4 }));
  const guess = Math.round((price.subtotal * (10_000 + rateBp)) / 10_000);
  const candidates = [guess, guess - 1, guess + 1, guess - 2, guess + 2];
  const fits = (c: number) => c - containedVat(c, currency, rateBp) === price.subtotal;
  return candidates.find((c) => fits(c) && discounted(c) === price.total) ?? candidates.find((c) => fits(c)) ?? guess;
}

export interface CartTotals {
  currency: string;
  /** The available lines at their list prices, before discounts. */
  price: number;
  /** The available lines as charged (after discounts and dealer prices): the cart's subtotal. */
  priceWithDiscount: number;
  /** The VAT rate the prices contain, percent (19, 25.5); 0 where tax is added at checkout (spec section 5). */
  vat: number;
  /** The VAT contained in priceWithDiscount: the sum of the lines' VAT (minor units). */
  vatAmount: number;
  /** The store items' share of priceWithDiscount. */
  totalStoreItems: number;
  /** Deposits due for the bikes. */
  deposit: number;
}

/**
 * The cart's totals from its lines priced in its market. Lines without a price there (`priced: null`) are
 * unavailable and count for nothing.
 */
export function cartTotals(
  lines: ReadonlyArray<{ kind: CartLineKind; priced: PricedCartLine | null }>,
  market: CartMarket,
): CartTotals {
  const currency = currencyOf(market.currency);
  const zero = dinero({ amount: 0, currency });
  const sum = (pick: (line: PricedCartLine) => number, only?: CartLineKind) =>
    minor(
      lines.reduce(
        (acc, l) =>
          l.priced && (!only || l.kind === only) ? add(acc, dinero({ amount: pick(l.priced), currency })) : acc,
        zero,
      ),
    );
  const included = market.taxDisplay === 'including' && market.vatRateBp > 0;
  return {
    currency: market.currency,
    price: sum((l) => l.listTotal),
    priceWithDiscount: sum((l) => l.total),
    vat: included ? market.vatRateBp / 100 : 0,
    vatAmount: sum((l) => l.vat.amount),
    totalStoreItems: sum((l) => l.total, 'store'),
    deposit: sum((l) => l.deposit),
  };
}

/**
 * Whether a cart can go to checkout: it has lines and every one of them can be bought in its market (an unavailable
 * line must be removed first). Otherwise checkout answers CART-ERROR-001.
 */
export function canCheckOut(lines: ReadonlyArray<{ available: boolean }>): boolean {
  return lines.length > 0 && lines.every((l) => l.available);
}

/** A vehicle identification number: 17 characters of the VIN alphabet (digits and capitals without I, O and Q). */
export const VIN_PATTERN = /^[A-HJ-NPR-Z0-9]{17}$/;

export function isVin(value: string): boolean {
  return VIN_PATTERN.test(value);
}
