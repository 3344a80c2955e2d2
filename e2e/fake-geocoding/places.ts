// The places the fake Google Places knows (e2e/fake-geocoding.ts), in Google's answer format: the address search of
// the browser and API tests finds them by any part of their text.

export interface FakePlace {
  id: string;
  /** The suggestion's text. */
  text: string;
  formattedAddress: string;
  location: { latitude: number; longitude: number };
  addressComponents: Array<{ longText: string; shortText: string; types: string[] }>;
}

const c = (longText: string, types: string[], shortText = longText) => ({ longText, shortText, types });

export const FAKE_PLACES: FakePlace[] = [
  {
    id: 'fake_de_landsberger_302',
    text: 'Landsberger Straße 302, 80687 München, Deutschland',
    formattedAddress: 'Landsberger Str. 302, 80687 München, Deutschland',
    location: { latitude: 48.1413, longitude: 11.4931 },
    addressComponents: [
      c('302', ['street_number']),
      c('Landsberger Straße', ['route'], 'Landsberger Str.'),
      c('München', ['locality', 'political']),
      c('Bayern', ['administrative_area_level_1', 'political'], 'BY'),
      c('Deutschland', ['country', 'political'], 'DE'),
      c('80687', ['postal_code']),
    ],
  },
  {
    id: 'fake_de_unter_den_linden_77',
    text: 'Unter den Linden 77, 10117 Berlin, Deutschland',
    formattedAddress: 'Unter den Linden 77, 10117 Berlin, Deutschland',
    location: { latitude: 52.5163, longitude: 13.3806 },
    addressComponents: [
      c('77', ['street_number']),
      c('Unter den Linden', ['route']),
      c('Berlin', ['locality', 'political']),
      c('Berlin', ['administrative_area_level_1', 'political'], 'BE'),
      c('Deutschland', ['country', 'political'], 'DE'),
      c('10117', ['postal_code']),
    ],
  },
  {
    id: 'fake_nl_damrak_1',
    text: 'Damrak 1, 1012 LG Amsterdam, Nederland',
    formattedAddress: 'Damrak 1, 1012 LG Amsterdam, Nederland',
    location: { latitude: 52.3752, longitude: 4.8936 },
    addressComponents: [
      c('1', ['street_number']),
      c('Damrak', ['route']),
      c('Amsterdam', ['locality', 'political']),
      c('Noord-Holland', ['administrative_area_level_1', 'political'], 'NH'),
      c('Nederland', ['country', 'political'], 'NL'),
      c('1012 LG', ['postal_code']),
    ],
  },
  {
    id: 'fake_us_congress_4501',
    text: '4501 South Congress Avenue, Austin, TX, USA',
    formattedAddress: '4501 S Congress Ave, Austin, TX 78745, USA',
    location: { latitude: 30.2195, longitude: -97.7806 },
    addressComponents: [
      c('4501', ['street_number']),
      c('South Congress Avenue', ['route'], 'S Congress Ave'),
      c('Austin', ['locality', 'political']),
      c('Texas', ['administrative_area_level_1', 'political'], 'TX'),
      c('United States', ['country', 'political'], 'US'),
      c('78745', ['postal_code']),
    ],
  },
  {
    id: 'fake_fr_rivoli_99',
    text: '99 Rue de Rivoli, 75001 Paris, France',
    formattedAddress: '99 Rue de Rivoli, 75001 Paris, France',
    location: { latitude: 48.8606, longitude: 2.3376 },
    addressComponents: [
      c('99', ['street_number']),
      c('Rue de Rivoli', ['route']),
      c('Paris', ['locality', 'political']),
      c('Île-de-France', ['administrative_area_level_1', 'political'], 'IDF'),
      c('France', ['country', 'political'], 'FR'),
      c('75001', ['postal_code']),
    ],
  },
];

/** The country code of a place (its `country` component). */
export const countryOf = (place: FakePlace) =>
  place.addressComponents.find((p) => p.types.includes('country'))?.shortText ?? '';
