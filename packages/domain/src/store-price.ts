import { allocate, type Dinero, dinero, multiply } from 'dinero.js';
import { type Currency, currencyOf, toMinor } from './currency.ts';
import type { TaxDisplay } from './tax.ts';

// The price of a store item (part, accessory, warranty) in one country, as the parts API answers it (DATA.md):
// `{subtotal, vat_percentage, discount_percentage, total}`, in integer minor units.

const minor = toMinor;

/** The store's kinds of item: its categories' kinds. */
export const STORE_KINDS = ['spare_parts', 'accessories', 'merchandise', 'extended_warranty'] as const;
export type StoreKind = (typeof STORE_KINDS)[number];
/** Whether a store item can be bought: in stock, at the headquarters only, or not at all. */
export const AVAILABILITIES = ['AVAILABLE', 'AVAILABLE_HQ', 'NOT_AVAILABLE'] as const;
export type Availability = (typeof AVAILABILITIES)[number];

export interface StorePriceMarket {
  currency: string;
  /** 'including': list prices contain VAT; 'excluding': they are before sales tax (US, CA, BR). */
  taxDisplay: TaxDisplay;
  /** Standard VAT rate in basis points (1900 = 19 %). */
  vatRateBp: number;
}

export interface StorePrice {
  currency: string;
  /** The net list price, before discount and VAT. */
  subtotal: number;
  /** VAT rate contained in `total`, percent (19, 25.5); 0 where tax is added at checkout. */
  vat_percentage: number;
  discount_percentage: number;
  /** What the buyer pays, as shown: after the discount, with VAT where the market shows it. */
  total: number;
  /** The VAT contained in `total`, minor units. */
  vat: number;
}

/** VAT contained in a price that includes it, split in the ratio 10000 : rate so net + VAT equal the price. */
function containedVat(amount: number, currency: Currency, vatRateBp: number): number {
  if (vatRateBp <= 0 || amount === 0) return 0;
  const [, vatPart] = allocate(dinero({ amount, currency }), [10_000, vatRateBp]);
  return minor(vatPart as Dinero<number>);
}

/**
 * Prices a variant's list price (as listed in the currency's markets) in one market: the discount is applied to the
 * listed price, then the VAT it contains is split out where the market shows prices with VAT.
 */
export function priceStoreItem(item: { listPrice: number; discountBp?: number }, market: StorePriceMarket): StorePrice {
  if (!Number.isInteger(item.listPrice) || item.listPrice < 0) throw new Error('listPrice must be minor units');
  const currency = currencyOf(market.currency);
  const discountBp = Math.min(10_000, Math.max(0, Math.round(item.discountBp ?? 0)));
  const total = minor(
    multiply(dinero({ amount: item.listPrice, currency }), { amount: 10_000 - discountBp, scale: 4 }),
  );
  const including = market.taxDisplay === 'including' && market.vatRateBp > 0;
  const vatRateBp = including ? market.vatRateBp : 0;
  return {
    currency: market.currency,
    subtotal: item.listPrice - containedVat(item.listPrice, currency, vatRateBp),
    vat_percentage: vatRateBp / 100,
    discount_percentage: discountBp / 100,
    total,
    vat: containedVat(total, currency, vatRateBp),
  };
}
