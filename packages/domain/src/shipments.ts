// Parcels of a store order (back office, decision 042): the carriers we ship with and the tracking link of each.

/** Carriers a parts order can go out with; `other` takes its own tracking link. */
export const SHIPMENT_CARRIERS = [
  'dhl',
  'ups',
  'fedex',
  'gls',
  'dpd',
  'usps',
  'seur',
  'correos',
  'postnl',
  'other',
] as const;
export type ShipmentCarrier = (typeof SHIPMENT_CARRIERS)[number];

/** The carrier's tracking page for a number; `{n}` is replaced by the URL-encoded tracking number. */
const TRACKING_PAGES: Record<Exclude<ShipmentCarrier, 'other'>, string> = {
  dhl: 'https://www.dhl.com/global-en/home/tracking/tracking-parcel.html?tracking-id={n}',
  ups: 'https://www.ups.com/track?tracknum={n}',
  fedex: 'https://www.fedex.com/fedextrack/?trknbr={n}',
  gls: 'https://gls-group.com/track/{n}',
  dpd: 'https://tracking.dpd.de/status/en_US/parcel/{n}',
  usps: 'https://tools.usps.com/go/TrackConfirmAction?tLabels={n}',
  seur: 'https://www.seur.com/livetracking/?segOnlineIdentificador={n}',
  correos: 'https://www.correos.es/es/en/tools/tracker/items/details?tracking-number={n}',
  postnl: 'https://postnl.nl/tracktrace/?B={n}',
};

/** What a tracking number may be: letters, digits and dashes, 4 to 40 of them (spaces are taken out first). */
export const TRACKING_NUMBER = /^[A-Za-z0-9-]{4,40}$/;

/** A tracking number as typed, without spaces and in capitals (carriers print them grouped). */
export function normalTrackingNumber(typed: string): string {
  return typed.replace(/\s+/g, '').toUpperCase();
}

/**
 * The link the buyer follows for a parcel: the carrier's tracking page, or for `other` the given link, which must be
 * an https address. Null when there is none (an `other` carrier without a valid https link).
 */
export function trackingLink(carrier: ShipmentCarrier, trackingNumber: string, own?: string | null): string | null {
  if (carrier === 'other') {
    if (!own) return null;
    try {
      const url = new URL(own);
      return url.protocol === 'https:' ? url.toString() : null;
    } catch {
      return null;
    }
  }
  return TRACKING_PAGES[carrier].replace('{n}', encodeURIComponent(trackingNumber));
}

/** How carriers are printed (brands, the same in every language); `other` is a translated phrase. */
export const CARRIER_NAMES: Record<Exclude<ShipmentCarrier, 'other'>, string> = {
  dhl: 'DHL',
  ups: 'UPS',
  fedex: 'FedEx',
  gls: 'GLS',
  dpd: 'DPD',
  usps: 'USPS',
  seur: 'SEUR',
  correos: 'Correos',
  postnl: 'PostNL',
};
