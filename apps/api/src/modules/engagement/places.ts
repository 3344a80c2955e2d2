// Place search of the store finder (decision 022): a place name or postal code to a point on the map. The default
// provider knows only the stores' own cities and postal codes (from their addresses in the database), so it works
// offline and sends nothing anywhere; a provider backed by a geocoding service implements the same interface.
import type { StoreRow } from './repo.ts';

export interface FoundPlace {
  lat: number;
  lng: number;
  /** What was found: the city or postal code of the matching store's address. */
  label: string;
}

export interface PlaceSearch {
  readonly name: string;
  /** The place of `query` in `country` (ISO alpha-2), or null when it is not known. */
  find(query: string, country: string): Promise<FoundPlace | null>;
}

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
const compact = (s: string) => fold(s).replace(/ /g, '');

/** A store address's postal code (a token group that starts with a digit) and its city words. */
export function addressParts(formatted: string): { postal: string[]; city: string[] } {
  const parts = formatted.split(',').map((p) => p.trim());
  const postal: string[] = [];
  const city: string[] = [];
  // The part after the street: "1018 VN Amsterdam", "80687 München", "San Diego", "CA 92117".
  for (const part of parts.slice(1)) {
    const code = /\b(\d{4}\s?[A-Za-z]{2}|\d{3,5}(?:-\d{4})?)\b/.exec(part);
    if (code?.[1]) postal.push(compact(code[1]));
    const words = fold(part.replace(/\b\d[\w-]*\b/g, '').replace(/\b[A-Z]{2}\b/g, ''));
    if (words) city.push(words);
  }
  return { postal, city };
}

const commonPrefix = (a: string, b: string) => {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i += 1;
  return i;
};

/**
 * The default provider: a postal code is placed at the store whose postal code shares the longest beginning with it
 * (at least two characters: "3011" finds Rotterdam's 3062); a name at the store in that city.
 */
export function storePlaces(stores: (country: string) => Promise<StoreRow[]>): PlaceSearch {
  return {
    name: 'stores',
    async find(query, country) {
      const q = compact(query);
      if (!q) return null;
      const candidates = await stores(country);
      let best: { row: StoreRow; score: number; label: string } | null = null;
      for (const row of candidates) {
        const info = row.storeInfo as { formattedAddress?: string; location?: { coordinates?: number[] } };
        const { postal, city } = addressParts(info.formattedAddress ?? '');
        if (/\d/.test(q)) {
          for (const code of postal) {
            const score = commonPrefix(q, code);
            if (score >= 2 && (!best || score > best.score)) best = { row, score, label: query.trim() };
          }
        } else {
          const words = fold(query);
          for (const c of city) {
            if (c.includes(words) || words.includes(c)) {
              const score = words === c ? 100 : 50;
              if (!best || score > best.score) best = { row, score, label: query.trim() };
            }
          }
        }
      }
      const coordinates = (best?.row.storeInfo as { location?: { coordinates?: number[] } } | undefined)?.location
        ?.coordinates;
      if (!best || !coordinates || coordinates.length < 2) return null;
      return { lng: Number(coordinates[0]), lat: Number(coordinates[1]), label: best.label };
    },
  };
}

type Fetch = (url: string, init: RequestInit) => Promise<Response>;

export const TEXT_SEARCH_URL = 'https://places.googleapis.com/v1/places:searchText';

/** Google Places API (New) Text Search for one place in a country, asking for its location and address only. */
export function textSearchRequest(
  query: string,
  country: string,
  apiKey: string,
  /** A stand-in's address instead of Google's (GOOGLE_PLACES_API_BASE, the browser tests). */
  apiBase?: string,
): { url: string; init: RequestInit } {
  return {
    url: apiBase ? `${apiBase}/v1/places:searchText` : TEXT_SEARCH_URL,
    init: {
      method: 'POST',
      headers: {
        'X-Goog-Api-Key': apiKey,
        'X-Goog-FieldMask': 'places.location,places.formattedAddress',
        'content-type': 'application/json',
      },
      body: JSON.stringify({ textQuery: query, regionCode: country.toLowerCase(), pageSize: 1 }),
    },
  };
}

/**
 * Place search by Google (GOOGLE_MAPS_API_KEY, the key the address lookup uses): the searched point is the place
 * itself, so distances are from it. When Google cannot answer (network, quota), `fallback` (the stores' own
 * addresses) answers instead, so the finder keeps working.
 */
export function googlePlaces(options: {
  apiKey: string;
  apiBase?: string | undefined;
  fallback: PlaceSearch;
  fetch?: Fetch;
  timeoutMs?: number;
}): PlaceSearch {
  const doFetch: Fetch = options.fetch ?? ((url, init) => fetch(url, init));
  return {
    name: 'google',
    async find(query, country) {
      const { url, init } = textSearchRequest(query, country, options.apiKey, options.apiBase);
      try {
        const res = await doFetch(url, { ...init, signal: AbortSignal.timeout(options.timeoutMs ?? 5_000) });
        if (!res.ok) return options.fallback.find(query, country);
        const body = (await res.json()) as {
          places?: Array<{ location?: { latitude?: number; longitude?: number }; formattedAddress?: string }>;
        };
        const place = body.places?.[0];
        const lat = place?.location?.latitude;
        const lng = place?.location?.longitude;
        if (typeof lat !== 'number' || typeof lng !== 'number') return null;
        return { lat, lng, label: query.trim() };
      } catch {
        return options.fallback.find(query, country);
      }
    },
  };
}
