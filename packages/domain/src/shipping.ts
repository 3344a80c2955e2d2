// Shipping methods and their fees (spec section 3, "shippingMethods"; docs/decisions/013-tax-and-addresses.md).
// Amounts are minor units in the market's currency, as listed: with VAT where the market shows prices with VAT.

/** What an order (and a shipment) holds: bikes, or store items. The order's `type`. */
export const SHIPMENT_KINDS = ['vehicle', 'store'] as const;
export type ShipmentKind = (typeof SHIPMENT_KINDS)[number];

/** How an order reaches the buyer (stored on the order; a dealer pickup's method id adds `:<dealerId>`). */
export const SHIPPING_METHOD_KINDS = ['home_delivery', 'hq_pickup', 'dealer_pickup'] as const;
export type ShippingMethodKind = (typeof SHIPPING_METHOD_KINDS)[number];

export interface ShippingFees {
  /** Home delivery of a bike (a van with two people, unpacked and handed over). */
  vehicleDelivery: number;
  /** A parcel of parts, accessories or merchandise. */
  parcel: number;
  /** A store order with a subtotal from this amount ships free. */
  freeParcelFrom: number;
}

/**
 * Fees per currency, from the EUR and USD fees at the catalogue's demo rates (decision 009), rounded as a price list
 * would be. A country may differ from its currency's fees (`COUNTRY_SHIPPING_FEES`).
 */
export const SHIPPING_FEES: Readonly<Record<string, ShippingFees>> = {
  EUR: { vehicleDelivery: 29_900, parcel: 990, freeParcelFrom: 15_000 },
  USD: { vehicleDelivery: 39_900, parcel: 1_290, freeParcelFrom: 15_000 },
  GBP: { vehicleDelivery: 25_900, parcel: 850, freeParcelFrom: 13_000 },
  CHF: { vehicleDelivery: 28_900, parcel: 950, freeParcelFrom: 14_000 },
  NOK: { vehicleDelivery: 349_000, parcel: 11_900, freeParcelFrom: 175_000 },
  SEK: { vehicleDelivery: 339_000, parcel: 10_900, freeParcelFrom: 170_000 },
  DKK: { vehicleDelivery: 224_000, parcel: 7_500, freeParcelFrom: 112_000 },
  PLN: { vehicleDelivery: 129_000, parcel: 4_300, freeParcelFrom: 65_000 },
  CZK: { vehicleDelivery: 749_000, parcel: 24_900, freeParcelFrom: 375_000 },
  HUF: { vehicleDelivery: 11_990_000, parcel: 399_000, freeParcelFrom: 6_000_000 },
  RON: { vehicleDelivery: 149_000, parcel: 4_900, freeParcelFrom: 75_000 },
  TRY: { vehicleDelivery: 1_199_000, parcel: 39_900, freeParcelFrom: 600_000 },
  CAD: { vehicleDelivery: 54_900, parcel: 1_790, freeParcelFrom: 21_000 },
  MXN: { vehicleDelivery: 719_000, parcel: 22_900, freeParcelFrom: 270_000 },
  BRL: { vehicleDelivery: 215_000, parcel: 6_900, freeParcelFrom: 81_000 },
  ARS: { vehicleDelivery: 39_900_000, parcel: 1_290_000, freeParcelFrom: 15_000_000 },
  AUD: { vehicleDelivery: 60_900, parcel: 1_990, freeParcelFrom: 23_000 },
  NZD: { vehicleDelivery: 66_900, parcel: 2_190, freeParcelFrom: 25_000 },
  ZAR: { vehicleDelivery: 739_000, parcel: 23_900, freeParcelFrom: 280_000 },
};

/** Markets whose fees differ from their currency's: Spain is delivered from the Barcelona headquarters. */
export const COUNTRY_SHIPPING_FEES: Readonly<Record<string, Partial<ShippingFees>>> = {
  ES: { vehicleDelivery: 14_900, parcel: 490, freeParcelFrom: 10_000 },
};

/** The headquarters, where Spanish buyers may collect their order (Stark Future S.L., Barcelona). */
export const HQ_PICKUP = {
  country: 'ES',
  label: 'Stark Future HQ, Barcelona',
  address: 'Carrer de Pallars 99, 08018 Barcelona, Spain',
  /** [longitude, latitude], GeoJSON order like the dealers' store locations. */
  coordinates: [2.1925, 41.4005] as [number, number],
};

export function shippingFeesFor(country: string, currency: string): ShippingFees | null {
  const base = SHIPPING_FEES[currency];
  if (!base) return null;
  return { ...base, ...COUNTRY_SHIPPING_FEES[country] };
}

export interface PickupPoint {
  dealerId: string;
  label: string;
  address: string;
  coordinates: [number, number];
}

export interface ShippingMethod {
  /** Unique among the methods offered: `home_delivery`, `hq_pickup`, `dealer_pickup:<dealerId>`. */
  _id: string;
  /** home_delivery · hq_pickup · dealer_pickup (stored on the order). */
  name: ShippingMethodKind;
  nameKey: string;
  default: boolean;
  price: { amount: number; currencyCode: string };
  /** Extra fees on top of the price; `warehouse` (handling at the warehouse) is 0 in the built-in table. */
  extraFees: { warehouse: number };
  /** The order ships to the pickup point: the shipping address is the dealer's (or HQ's), not the buyer's. */
  forceDealerDefaultAddress: boolean;
  pickup?: PickupPoint;
}

export interface ShippingInput {
  country: string;
  currency: string;
  kind: ShipmentKind;
  /** The order's subtotal as listed, minor units (decides free parcel shipping). */
  subtotal: number;
  /** Active dealers in the country, for pickup. */
  dealers: readonly PickupPoint[];
  /** The market's own fees (back office, decision 054); without them the table's. */
  fees?: ShippingFees | null;
  /** The methods the market offers (back office); without them every method that applies. */
  methods?: readonly ShippingMethodKind[];
}

/**
 * The methods a buyer may choose, home delivery first and default: bikes by van (a fee per market), store items by
 * parcel (free from a threshold); pickup at any active dealer in the country and, in Spain, at the headquarters, free.
 */
export function allowedShippingMethods(input: ShippingInput): ShippingMethod[] {
  const fees = input.fees !== undefined ? input.fees : shippingFeesFor(input.country, input.currency);
  const price = (amount: number) => ({ amount, currencyCode: input.currency });
  const methods: ShippingMethod[] = [];
  if (fees) {
    const amount =
      input.kind === 'vehicle' ? fees.vehicleDelivery : input.subtotal >= fees.freeParcelFrom ? 0 : fees.parcel;
    methods.push({
      _id: 'home_delivery',
      name: 'home_delivery',
      nameKey: input.kind === 'vehicle' ? 'shipping_home_delivery_vehicle' : 'shipping_home_delivery_parcel',
      default: true,
      price: price(amount),
      extraFees: { warehouse: 0 },
      forceDealerDefaultAddress: false,
    });
  }
  if (input.country === HQ_PICKUP.country) {
    methods.push({
      _id: 'hq_pickup',
      name: 'hq_pickup',
      nameKey: 'shipping_hq_pickup',
      default: methods.length === 0,
      price: price(0),
      extraFees: { warehouse: 0 },
      forceDealerDefaultAddress: true,
      pickup: {
        dealerId: 'hq',
        label: HQ_PICKUP.label,
        address: HQ_PICKUP.address,
        coordinates: HQ_PICKUP.coordinates,
      },
    });
  }
  for (const dealer of input.dealers) {
    methods.push({
      _id: `dealer_pickup:${dealer.dealerId}`,
      name: 'dealer_pickup',
      nameKey: 'shipping_dealer_pickup',
      default: methods.length === 0,
      price: price(0),
      extraFees: { warehouse: 0 },
      forceDealerDefaultAddress: true,
      pickup: dealer,
    });
  }
  // The first method left is the default.
  const offered = input.methods;
  if (!offered) return methods;
  return methods.filter((m) => offered.includes(m.name)).map((m, i) => ({ ...m, default: i === 0 }));
}
