// Address lookup behind `GET /v2/address/suggest` and `GET /v2/address/parse` (decisions 013, 053). `off` is the default: nothing is sent anywhere and the
// endpoint says address lookup is off; `google` reads Google Places (GOOGLE_MAPS_API_KEY).

/** An address found by the provider, in the fields of the spec's creation payload. */
export interface GeocodedAddress {
  line1: string;
  line2: string;
  postalCode: string;
  city: string;
  state: string;
  /** ISO 3166-1 alpha-2, upper case. */
  country: string;
  /** [longitude, latitude], or null when the provider has none. */
  coordinates: [number, number] | null;
  formattedAddress: string;
}

/** One autocomplete suggestion: the place id `placeDetails` takes, and the text the buyer picks it by. */
export interface AddressSuggestion {
  placeId: string;
  label: string;
}

export interface GeocodingProvider {
  readonly name: 'off' | 'google';
  /**
   * The address of a place. Null when the provider does not know the place; throws ApiError GEOCODING_DISABLED when
   * lookup is off and GEOCODING_FAILED when the provider cannot answer.
   */
  placeDetails(placeId: string, language: string): Promise<GeocodedAddress | null>;
  /**
   * Addresses matching what the buyer typed, in one country (ISO alpha-2), at most five; same errors as
   * `placeDetails`.
   */
  suggest(query: string, country: string, language: string): Promise<AddressSuggestion[]>;
}
