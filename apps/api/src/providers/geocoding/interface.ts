// Address lookup behind `GET /v2/address/parse` (decision 013). `off` is the default: nothing is sent anywhere and the
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

export interface GeocodingProvider {
  readonly name: 'off' | 'google';
  /**
   * The address of a place. Null when the provider does not know the place; throws ApiError GEOCODING_DISABLED when
   * lookup is off and GEOCODING_FAILED when the provider cannot answer.
   */
  placeDetails(placeId: string, language: string): Promise<GeocodedAddress | null>;
}
