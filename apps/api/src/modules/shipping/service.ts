// Shipping methods (spec section 3 "Checkout data", shippingMethods; section 7 `shipping-configs/allowed_methods`;
// decision 013). Fees come from the table in packages/domain/src/shipping.ts; pickup points are the active dealers of
// the country (identity's dealers) and, in Spain, the Barcelona headquarters.
import type { Dealer } from '@varg/contracts';
import {
  ACTIVE_STATUS,
  allowedShippingMethods,
  type MarketSettings,
  marketFees,
  type ShipmentKind,
  type ShippingMethod,
} from '@varg/domain';
import { ApiError } from '../../lib/api-error.ts';
import type { MarketsService } from '../markets/service.ts';

export interface ShippingRequest {
  country: string;
  kind: ShipmentKind;
  /** The order's subtotal as listed, minor units in the country's currency. */
  subtotal: number;
}

export function shippingService(deps: {
  markets: MarketsService;
  /** Approved dealers in a country (the identity service's `activeDealersIn`). */
  dealersIn(country: string): Promise<Dealer[]>;
  /** The market's own shipping methods and fees (back office, decision 054); none: the table's. */
  settings?: (country: string) => MarketSettings | null;
}) {
  async function allowedMethods(request: ShippingRequest): Promise<ShippingMethod[]> {
    const code = request.country.toUpperCase();
    const country = await deps.markets.getCountry(code);
    if (country.status !== ACTIVE_STATUS) throw new ApiError('COUNTRY_NOT_FOUND');
    const dealers = (await deps.dealersIn(code)).map((d) => ({
      dealerId: d.id,
      label: d.storeInfo.name,
      address: d.storeInfo.address,
      coordinates: d.storeInfo.location.coordinates as [number, number],
    }));
    const settings = deps.settings?.(code) ?? null;
    return allowedShippingMethods({
      country: code,
      currency: country.currency.code,
      fees: marketFees(code, country.currency.code, settings),
      ...(settings ? { methods: settings.shippingMethods } : {}),
      kind: request.kind,
      subtotal: request.subtotal,
      dealers,
    });
  }

  return {
    /** The methods a buyer may choose, home delivery first and default. COUNTRY_NOT_FOUND for an inactive country. */
    allowedMethods,
    /** The method with this `_id` (`home_delivery`, `hq_pickup`, `dealer_pickup:<dealerId>`), or null if not offered. */
    async find(request: ShippingRequest, id: string): Promise<ShippingMethod | null> {
      return (await allowedMethods(request)).find((m) => m._id === id) ?? null;
    },
  };
}
export type ShippingService = ReturnType<typeof shippingService>;
