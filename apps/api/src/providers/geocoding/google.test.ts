import { describe, expect, it } from 'vitest';
import { googleGeocoding, PLACES_FIELD_MASK, placeDetailsRequest, toGeocodedAddress } from './google.ts';
import { geocodingOff } from './off.ts';

describe('Google Places adapter (request building and mapping; Google itself is not called here)', () => {
  it('asks Place Details for the address fields only, with the key in a header and the buyer’s language', () => {
    const { url, init } = placeDetailsRequest('ChIJ/abc 1', 'en-us', 'key-1');
    expect(url).toBe('https://places.googleapis.com/v1/places/ChIJ%2Fabc%201?languageCode=en');
    expect(init).toEqual({
      method: 'GET',
      headers: { 'X-Goog-Api-Key': 'key-1', 'X-Goog-FieldMask': PLACES_FIELD_MASK, accept: 'application/json' },
    });
    expect(PLACES_FIELD_MASK).toBe('addressComponents,formattedAddress,location');
    expect(placeDetailsRequest('x', 'de', 'k').url).toMatch(/languageCode=de$/);
    expect(url).not.toContain('key-1');
  });

  it('writes the house number where the country puts it, and the state as a code in the US', () => {
    const us = toGeocodedAddress({
      formattedAddress: '4501 S Congress Ave, Austin, TX 78745, USA',
      addressComponents: [
        { longText: '4501', types: ['street_number'] },
        { longText: 'South Congress Avenue', shortText: 'S Congress Ave', types: ['route'] },
        { longText: 'Suite 2', types: ['subpremise'] },
        { longText: 'Austin', types: ['locality'] },
        { longText: 'Texas', shortText: 'TX', types: ['administrative_area_level_1'] },
        { longText: 'United States', shortText: 'US', types: ['country'] },
        { longText: '78745', types: ['postal_code'] },
      ],
      location: { latitude: 30.2195, longitude: -97.7806 },
    });
    expect(us).toEqual({
      line1: '4501 South Congress Avenue',
      line2: 'Suite 2',
      postalCode: '78745',
      city: 'Austin',
      state: 'TX',
      country: 'US',
      coordinates: [-97.7806, 30.2195],
      formattedAddress: '4501 S Congress Ave, Austin, TX 78745, USA',
    });
    const gb = toGeocodedAddress({
      addressComponents: [
        { longText: 'Downing Street', types: ['route'] },
        { longText: '10', types: ['street_number'] },
        { longText: 'London', types: ['postal_town'] },
        { longText: 'GB', shortText: 'gb', types: ['country'] },
      ],
    });
    expect(gb).toMatchObject({ line1: '10 Downing Street', city: 'London', country: 'GB', coordinates: null });
    expect(toGeocodedAddress({ addressComponents: [] })).toBeNull();
  });

  it('turns a network failure into GEOCODING_FAILED, and the off provider says lookup is off', async () => {
    const google = googleGeocoding({
      apiKey: 'k',
      fetch: async () => {
        throw new TypeError('fetch failed');
      },
    });
    await expect(google.placeDetails('x', 'de')).rejects.toMatchObject({ code: 'GEOCODING_FAILED' });
    await expect(geocodingOff().placeDetails('x', 'de')).rejects.toMatchObject({
      code: 'GEOCODING_DISABLED',
      statusCode: 503,
    });
  });
});
