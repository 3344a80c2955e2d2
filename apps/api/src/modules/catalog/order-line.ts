// Builder edit mode for orders (spec sections 3 and 7; decision 050): a configuration priced for the order line it
// would replace — in the order's market, with the line's discount — and the line's `editedPrices`.
import type { BikeConfiguration, PricingInfo } from '@varg/contracts';
import { discountBp, priceAtDiscount } from '@varg/domain';
import { ApiError } from '../../lib/api-error.ts';

/** The order line being edited, as the orders module reads it for its owner or dealer (minor units). */
export interface OrderLineToEdit {
  country: string;
  currency: string;
  productId: string;
  /** The line's configuration: its hash, and its options (a line ordered before its hash was saved is priced by them). */
  hash: string;
  optionIds: string[];
  quantity: number;
  /** The catalogue's price the line's discount is measured from. */
  listPrice: number;
  /** The line's unit price on the order. */
  unitPrice: number;
}

/** Reads an order line for a caller; ORDER_NOT_FOUND for anybody but its owner and dealer. */
export type OrderLineLookup = (
  viewer: { userId: string; roles: readonly string[] },
  orderId: string,
  lineId: string,
) => Promise<OrderLineToEdit>;

const percent = (part: number, whole: number) => (whole > 0 ? Math.round((1 - part / whole) * 10_000) / 100 : 0);

/**
 * The pricing of a configuration as the line would have it: the line's own configuration (`own`) at the line's price;
 * another at its catalogue price less the line's discount (rounded so the discount never grows). `discountedPrice` is
 * that unit price and `discountPercentage` its discount off `totalPrice`.
 */
export function pricedForLine(pricing: PricingInfo, line: OrderLineToEdit, own: boolean): PricingInfo {
  if (pricing.currencyCode !== line.currency) throw new ApiError('PRICE_UNAVAILABLE');
  const price = own
    ? line.unitPrice
    : priceAtDiscount(pricing.discountedPrice, discountBp(line.listPrice, line.unitPrice));
  const vat = pricing.discountedPrice > 0 ? Math.round((pricing.discountedVat * price) / pricing.discountedPrice) : 0;
  return {
    ...pricing,
    discountedPrice: price,
    discountPercentage: percent(price, pricing.totalPrice),
    discountedVat: vat,
  };
}

/** The line's edited prices for a configuration priced by `pricedForLine` from the catalogue's `listed` pricing. */
export function editedPricesOf(
  listed: PricingInfo,
  priced: PricingInfo,
  line: OrderLineToEdit,
  own: boolean,
  optionsPrices: Record<string, number>,
): NonNullable<BikeConfiguration['editedPrices']> {
  const basePrice = own ? line.listPrice : listed.discountedPrice;
  return {
    basePrice,
    price: priced.discountedPrice,
    discountPercentage: discountBp(line.listPrice, line.unitPrice) / 100,
    isActive: line.unitPrice !== line.listPrice,
    optionsPrices,
  };
}
