// A stand-in for Google Places in the browser tests (there is no network), like e2e/fake-stripe.ts for Stripe: the
// API's google geocoding provider talks to it over HTTP (GOOGLE_PLACES_API_BASE points the provider here, with
// GOOGLE_MAPS_API_KEY=fake-google-maps-key). Its places are in e2e/fake-geocoding/places.ts; the API tests start the
// same server in-process (apps/api/src/modules/addresses/suggest.test.ts).
//
// Run: node e2e/fake-geocoding.ts (playwright.config.ts starts it). FAKE_GEOCODING_PORT (3198).
import { startFakeGeocoding } from './fake-geocoding/server.ts';

await startFakeGeocoding(Number(process.env.FAKE_GEOCODING_PORT ?? 3198));
