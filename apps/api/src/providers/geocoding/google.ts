import { ApiError } from '../../lib/api-error.ts';
import type { GeocodedAddress, GeocodingProvider } from './interface.ts';

// Google Places API (New), Place Details: GET https://places.googleapis.com/v1/places/{placeId}, the key in the
// X-Goog-Api-Key header and only the address fields asked for (X-Goog-FieldMask), which keeps the call in the
// cheapest billing tier. https://developers.google.com/maps/documentation/places/web-service/place-details

export const PLACES_BASE_URL = 'https://places.googleapis.com/v1/places/';
export const PLACES_FIELD_MASK = 'addressComponents,formattedAddress,location';

type Fetch = (url: string, init: RequestInit) => Promise<Response>;

export interface GoogleGeocodingOptions {
  apiKey: string;
  fetch?: Fetch;
  timeoutMs?: number;
}

/** The request for one place, in the buyer's language (Google's language codes are BCP 47: `de`, `en-US`). */
export function placeDetailsRequest(
  placeId: string,
  language: string,
  apiKey: string,
): { url: string; init: RequestInit } {
  const languageCode = language === 'en-us' ? 'en' : language;
  return {
    url: `${PLACES_BASE_URL}${encodeURIComponent(placeId)}?languageCode=${encodeURIComponent(languageCode)}`,
    init: {
      method: 'GET',
      headers: { 'X-Goog-Api-Key': apiKey, 'X-Goog-FieldMask': PLACES_FIELD_MASK, accept: 'application/json' },
    },
  };
}

interface PlaceComponent {
  longText?: string;
  shortText?: string;
  types?: string[];
}

interface Place {
  formattedAddress?: string;
  addressComponents?: PlaceComponent[];
  location?: { latitude?: number; longitude?: number };
}

/** Countries that write the house number after the street name (`Hauptstraße 5`), unlike the US, GB, FR (`5 Main St`). */
const NUMBER_FIRST = new Set(['US', 'CA', 'GB', 'IE', 'FR', 'LU', 'AU', 'NZ', 'ZA', 'MT']);

/** Maps a Place's address components to the creation payload's fields. */
export function toGeocodedAddress(place: Place): GeocodedAddress | null {
  const parts = place.addressComponents ?? [];
  const find = (type: string, short = false) => {
    const c = parts.find((p) => p.types?.includes(type));
    return (short ? (c?.shortText ?? c?.longText) : (c?.longText ?? c?.shortText)) ?? '';
  };
  const country = find('country', true).toUpperCase();
  if (!/^[A-Z]{2}$/.test(country)) return null;
  const route = find('route');
  const number = find('street_number');
  const line1 = !number ? route : NUMBER_FIRST.has(country) ? `${number} ${route}` : `${route} ${number}`;
  const lat = place.location?.latitude;
  const lng = place.location?.longitude;
  return {
    line1: line1.trim(),
    line2: find('subpremise'),
    postalCode: find('postal_code'),
    city: find('locality') || find('postal_town') || find('administrative_area_level_2'),
    // US, CA, AU: the code (TX); elsewhere the region's name.
    state: ['US', 'CA', 'AU'].includes(country)
      ? find('administrative_area_level_1', true)
      : find('administrative_area_level_1'),
    country,
    coordinates: typeof lat === 'number' && typeof lng === 'number' ? [lng, lat] : null,
    formattedAddress: place.formattedAddress ?? '',
  };
}

export function googleGeocoding(options: GoogleGeocodingOptions): GeocodingProvider {
  const doFetch: Fetch = options.fetch ?? ((url, init) => fetch(url, init));
  const timeoutMs = options.timeoutMs ?? 5_000;
  return {
    name: 'google',
    async placeDetails(placeId, language) {
      const { url, init } = placeDetailsRequest(placeId, language, options.apiKey);
      let res: Response;
      try {
        res = await doFetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
      } catch {
        throw new ApiError('GEOCODING_FAILED');
      }
      // 404 NOT_FOUND: no such place; 400 INVALID_ARGUMENT: not a place id Google issued.
      if (res.status === 404 || res.status === 400) return null;
      if (!res.ok) throw new ApiError('GEOCODING_FAILED');
      return toGeocodedAddress((await res.json()) as Place);
    },
  };
}
