import { DEMO_PASSWORD } from '@varg/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_GEOCODING_KEY, startFakeGeocoding } from '../../../../../e2e/fake-geocoding/server.ts';
import { bearer, useApi } from '../../../test/helper.ts';
import { googleGeocoding } from '../../providers/geocoding/google.ts';

// The address search with address lookup on (decision 053): the API's real google provider talks HTTP to the stand-in
// for Google Places the browser tests use (e2e/fake-geocoding/), as the payments tests do with the fake Stripe.

const fake = await startFakeGeocoding(0);
afterAll(() => new Promise<void>((resolve) => fake.server.close(() => resolve())));
const ctx = useApi({ config: { googleMapsApiKey: FAKE_GEOCODING_KEY, googlePlacesApiBase: fake.url } });

let token = '';
beforeAll(async () => {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/v1/user/sign-in',
    payload: { email: 'customer@demo.starkfuture.com', password: DEMO_PASSWORD },
  });
  token = (res.json() as { token: string }).token;
});

const suggest = (query: string, lang = 'en-us') =>
  ctx.app.inject({ url: `/v2/address/suggest?${query}`, headers: { ...bearer(token), 'x-lang': lang } });
const parse = (placeId: string) =>
  ctx.app.inject({ url: `/v2/address/parse?google_place_id=${placeId}`, headers: bearer(token) });

describe('address search through the google provider (a stand-in for Google Places over HTTP)', () => {
  it('suggests the addresses of the country that match, asking Google in the buyer’s language', async () => {
    const res = await suggest('country=DE&q=landsberger%20302', 'de');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.json()).toEqual({
      suggestions: [
        { placeId: 'fake_de_landsberger_302', label: 'Landsberger Straße 302, 80687 München, Deutschland' },
      ],
    });
    expect(fake.requests.at(-1)).toEqual({
      method: 'POST',
      path: '/v1/places:autocomplete',
      key: FAKE_GEOCODING_KEY,
      body: { input: 'landsberger 302', includedRegionCodes: ['de'], languageCode: 'de' },
    });
    const nl = await suggest('country=DE&q=Damrak');
    expect(nl.json()).toEqual({ suggestions: [] });
  });

  it('asks nothing for fewer than three characters', async () => {
    const before = fake.requests.length;
    for (const q of ['', 'La', '%20%20La%20']) {
      const res = await suggest(`country=DE&q=${q}`);
      expect(res.statusCode, q).toBe(200);
      expect(res.json()).toEqual({ suggestions: [] });
    }
    expect(fake.requests.length).toBe(before);
  });

  it.each([
    ['no country', 'q=Damrak', 400, 'VALIDATION_ERROR'],
    ['a three-letter country', 'country=DEU&q=Damrak', 400, 'VALIDATION_ERROR'],
    ['an unknown country', 'country=XX&q=Damrak', 404, 'COUNTRY_NOT_FOUND'],
    ['a country not sold to', 'country=JP&q=Tokyo', 404, 'COUNTRY_NOT_FOUND'],
    ['a search of 201 characters', `country=DE&q=${'x'.repeat(201)}`, 400, 'VALIDATION_ERROR'],
    ['a control character', 'country=DE&q=Dam%00rak', 400, 'VALIDATION_ERROR'],
  ])('refuses %s without asking Google', async (_, query, status, code) => {
    const before = fake.requests.length;
    const res = await suggest(query);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json()).toMatchObject({ code });
    expect(fake.requests.length).toBe(before);
  });

  it('says GEOCODING_FAILED when Google fails or refuses the key', async () => {
    const res = await suggest('country=DE&q=failure');
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({ code: 'GEOCODING_FAILED' });
    const wrongKey = googleGeocoding({ apiKey: 'not-the-key', apiBase: fake.url });
    await expect(wrongKey.suggest('Damrak', 'NL', 'nl')).rejects.toMatchObject({ code: 'GEOCODING_FAILED' });
    await expect(wrongKey.placeDetails('fake_nl_damrak_1', 'nl')).rejects.toMatchObject({ code: 'GEOCODING_FAILED' });
    const gone = googleGeocoding({ apiKey: FAKE_GEOCODING_KEY, apiBase: 'http://127.0.0.1:9', timeoutMs: 500 });
    await expect(gone.suggest('Damrak', 'NL', 'nl')).rejects.toMatchObject({ code: 'GEOCODING_FAILED' });
  });

  it('fills the form from a picked suggestion: parse answers fields that save as they are', async () => {
    const [picked] = (await suggest('country=US&q=congress%20austin')).json().suggestions;
    expect(picked.placeId).toBe('fake_us_congress_4501');
    const res = await parse(picked.placeId);
    expect(res.statusCode, res.body).toBe(200);
    const fields = res.json();
    expect(fields).toEqual({
      line_1: '4501 South Congress Avenue',
      line_2: '',
      postal_code: '78745',
      city: 'Austin',
      state: 'TX',
      country: 'US',
      coordinates: [-97.7806, 30.2195],
      formatted_address: '4501 S Congress Ave, Austin, TX 78745, USA',
    });
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'GET',
      path: '/v1/places/fake_us_congress_4501?languageCode=en',
    });
    const saved = await ctx.app.inject({ method: 'POST', url: '/v2/address', headers: bearer(token), payload: fields });
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json()).toMatchObject({ state: 'TX', postal_code: '78745', coordinates: [-97.7806, 30.2195] });
  });

  it('answers PLACE_NOT_FOUND for a place Google does not know', async () => {
    const res = await parse('fake_nowhere');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'PLACE_NOT_FOUND' });
  });
});
