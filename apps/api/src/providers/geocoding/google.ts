import { ApiError } from '../../lib/api-error.ts';
import type { AddressSuggestion, GeocodedAddress, GeocodingProvider } from './interface.ts';

// Google Places API (New), Place Details: GET https://places.googleapis.com/v1/places/{placeId}, the key in the
// X-Goog-Api-Key header and only the address fields asked for (X-Goog-FieldMask), which keeps the call in the
// cheapest billing tier. https://developers.google.com/maps/documentation/places/web-service/place-details
// Autocomplete (New): POST https://places.googleapis.com/v1/places:autocomplete with the typed text, limited to the
// buyer's country (decision 053). https://developers.google.com/maps/documentation/places/web-service/place-autocomplete
// The browser tests point both at a stand-in (`apiBase`, GOOGLE_PLACES_API_BASE; e2e/fake-geocoding.ts).

export const PLACES_API_BASE = 'https://places.googleapis.com';
export const PLACES_BASE_URL = `${PLACES_API_BASE}/v1/places/`;
export const PLACES_FIELD_MASK = 'addressComponents,formattedAddress,location';
export const AUTOCOMPLETE_FIELD_MASK = 'suggestions.placePrediction.placeId,suggestions.placePrediction.text';
/** The most suggestions shown under the field. */
export const MAX_SUGGESTIONS = 5;

type Fetch = (url: string, init: RequestInit) => Promise<Response>;

export interface GoogleGeocodingOptions {
  apiKey: string;
  /** Google's address (the default) or a stand-in's, such as `http://127.0.0.1:3169`. */
  apiBase?: string | undefined;
  fetch?: Fetch;
  timeoutMs?: number;
}

/** The request for one place, in the buyer's language (Google's language codes are BCP 47: `de`, `en-US`). */
export function placeDetailsRequest(
  placeId: string,
  language: string,
  apiKey: string,
  apiBase = PLACES_API_BASE,
): { url: string; init: RequestInit } {
  return {
    url: `${apiBase}/v1/places/${encodeURIComponent(placeId)}?languageCode=${encodeURIComponent(languageCode(language))}`,
    init: {
      method: 'GET',
      headers: { 'X-Goog-Api-Key': apiKey, 'X-Goog-FieldMask': PLACES_FIELD_MASK, accept: 'application/json' },
    },
  };
}

const languageCode = (language: string) => (language === 'en-us' ? 'en' : language);

/** The autocomplete request for what the buyer typed, in one country. */
export function autocompleteRequest(
  query: string,
  country: string,
  language: string,
  apiKey: string,
  apiBase = PLACES_API_BASE,
): { url: string; init: RequestInit } {
  return {
    url: `${apiBase}/v1/places:autocomplete`,
    init: {
      method: 'POST',
      headers: {
        'X-Goog-Api-Key': apiKey,
        'X-Goog-FieldMask': AUTOCOMPLETE_FIELD_MASK,
        accept: 'application/json',
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        input: query,
        includedRegionCodes: [country.toLowerCase()],
        languageCode: languageCode(language),
      }),
    },
  };
}

interface Autocomplete {
  suggestions?: Array<{ placePrediction?: { placeId?: string; text?: { text?: string } } }>;
}

/** The place predictions of an autocomplete answer (query predictions have no place id and are left out). */
export function toSuggestions(answer: Autocomplete): AddressSuggestion[] {
  return (answer.suggestions ?? [])
    .flatMap(({ placePrediction: p }) =>
      p?.placeId && p.text?.text && /^[A-Za-z0-9_-]{1,512}$/.test(p.placeId)
        ? [{ placeId: p.placeId, label: p.text.text }]
        : [],
    )
    .slice(0, MAX_SUGGESTIONS);
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
  const apiBase = options.apiBase ?? PLACES_API_BASE;
  const send = async ({ url, init }: { url: string; init: RequestInit }) => {
    try {
      return await doFetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    } catch {
      throw new ApiError('GEOCODING_FAILED');
    }
  };
  const json = async <T>(res: Response): Promise<T> => {
    try {
      return (await res.json()) as T;
    } catch {
      throw new ApiError('GEOCODING_FAILED');
    }
  };
  return {
    name: 'google',
    async placeDetails(placeId, language) {
      const res = await send(placeDetailsRequest(placeId, language, options.apiKey, apiBase));
      // 404 NOT_FOUND: no such place; 400 INVALID_ARGUMENT: not a place id Google issued.
      if (res.status === 404 || res.status === 400) return null;
      if (!res.ok) throw new ApiError('GEOCODING_FAILED');
      return toGeocodedAddress(await json<Place>(res));
    },
    async suggest(query, country, language) {
      const res = await send(autocompleteRequest(query, country, language, options.apiKey, apiBase));
      if (!res.ok) throw new ApiError('GEOCODING_FAILED');
      return toSuggestions(await json<Autocomplete>(res));
    },
  };
}
