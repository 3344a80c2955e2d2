// What a market offers at checkout, as the back office sets it (issue 24, decision 054): the payment methods and
// kinds, the shipping methods and the shipping fees. A market without settings of its own offers what the fixed tables
// say (payment.ts, shipping.ts), so nothing changes until an administrator saves a market's settings.
import { type AllowedMethod, allowedMethods, type PaymentKindOption } from './payment.ts';
import {
  HQ_PICKUP,
  SHIPPING_METHOD_KINDS,
  type ShippingFees,
  type ShippingMethodKind,
  shippingFeesFor,
} from './shipping.ts';

/** The kinds a market may offer for a first payment: paying in full always, a deposit where bikes ask one. */
export const MARKET_PAYMENT_KINDS = ['full', 'deposit'] as const;
export type MarketPaymentKind = (typeof MARKET_PAYMENT_KINDS)[number];

export interface MarketSettings {
  /** The methods offered (the fixed rules' list is filtered by it); card is always among them. */
  paymentMethods: readonly string[];
  paymentKinds: readonly MarketPaymentKind[];
  shippingMethods: readonly ShippingMethodKind[];
  /** The fees, minor units in `currency`: only used while the market still sells in that currency. */
  fees: ShippingFees | null;
  currency: string;
}

/** Every method the fixed rules could offer in a market (to a dealer, for a bike, paid in full). */
export function marketPaymentMethods(country: string, currency: string): AllowedMethod['_id'][] {
  return allowedMethods({ country, currency, kind: 'full', orderType: 'vehicle', isDealer: true }).map((m) => m._id);
}

/** The shipping methods a market can have: pickup at the headquarters only where they are. */
export function marketShippingMethods(country: string): ShippingMethodKind[] {
  return SHIPPING_METHOD_KINDS.filter((m) => m !== 'hq_pickup' || country === HQ_PICKUP.country);
}

/** What a market offers by the fixed tables (the settings' starting point). */
export function defaultMarketSettings(country: string, currency: string): MarketSettings {
  return {
    paymentMethods: marketPaymentMethods(country, currency),
    paymentKinds: [...MARKET_PAYMENT_KINDS],
    shippingMethods: marketShippingMethods(country),
    fees: shippingFeesFor(country, currency),
    currency,
  };
}

/** The fixed rules' methods less those the market does not offer (a down payment is by card, always offered). */
export function offeredMethods(methods: AllowedMethod[], settings: MarketSettings | null): AllowedMethod[] {
  if (!settings) return methods;
  return methods.filter((m) => m._id === 'card' || settings.paymentMethods.includes(m._id));
}

/** The kinds less a deposit the market does not offer (the full payment becomes the only one). */
export function offeredKinds(kinds: PaymentKindOption[], settings: MarketSettings | null): PaymentKindOption[] {
  if (!settings || settings.paymentKinds.includes('deposit')) return kinds;
  return kinds.filter((k) => k.name !== 'deposit');
}

/** The market's fees in the currency it sells in: its own while that is the settings' currency, else the table's. */
export function marketFees(country: string, currency: string, settings: MarketSettings | null): ShippingFees | null {
  return settings?.fees && settings.currency === currency ? settings.fees : shippingFeesFor(country, currency);
}
