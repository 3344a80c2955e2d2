import type { Address } from '@varg/contracts';
import { DEMO_PASSWORD } from '@varg/db';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, useApi, withoutRequestId } from '../../../test/helper.ts';
import { googleGeocoding } from '../../providers/geocoding/google.ts';
import { addressesRepo } from './repo.ts';
import { addressesService, MAX_ADDRESSES_PER_USER } from './service.ts';

const ctx = useApi();

let visitor = 0;
async function signIn(app: FastifyInstance, email: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/v1/user/sign-in',
    payload: { email, password: DEMO_PASSWORD },
    remoteAddress: `203.0.113.${++visitor % 250}`,
  });
  expect(res.statusCode, email).toBe(200);
  const token = (res.json() as { token: string }).token;
  const me = await app.inject({ url: '/v1/user/me', headers: bearer(token) });
  return { token, id: (me.json() as { _id: string })._id };
}

const berlin = {
  country: 'DE',
  line_1: 'Landsberger Str. 302',
  line_2: '',
  postal_code: '80687',
  city: 'München',
  state: '',
};

let laura: { token: string; id: string };
let julien: { token: string; id: string };
beforeAll(async () => {
  laura = await signIn(ctx.app, 'customer@demo.starkfuture.com');
  julien = await signIn(ctx.app, 'company@demo.starkfuture.com');
});

const post = (token: string, payload: object, lang = 'en') =>
  ctx.app.inject({ method: 'POST', url: '/v2/address', headers: { ...bearer(token), 'x-lang': lang }, payload });
const list = async (token: string) => {
  const res = await ctx.app.inject({ url: '/v2/address', headers: bearer(token) });
  expect(res.statusCode).toBe(200);
  return (res.json() as { addresses: Address[] }).addresses;
};
const remove = (token: string, id: string) =>
  ctx.app.inject({ method: 'DELETE', url: `/v2/address/${id}`, headers: bearer(token) });

describe('saved addresses (spec section 7, v2 address)', () => {
  it('needs a signed-in user for every call', async () => {
    for (const [method, url] of [
      ['GET', '/v2/address'],
      ['POST', '/v2/address'],
      ['DELETE', '/v2/address/00000000-0000-4000-8000-000000000000'],
      ['GET', '/v2/address/parse?google_place_id=abc'],
      ['GET', '/v2/address/suggest?country=DE&q=Landsberger'],
    ] as const) {
      const res = await ctx.app.inject({ method, url, ...(method === 'POST' ? { payload: berlin } : {}) });
      expect(res.statusCode, url).toBe(401);
      expect(res.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    }
  });

  it('saves an address and answers it in the spec’s received form', async () => {
    const res = await post(laura.token, { ...berlin, owner: laura.id, line_1: '  Landsberger   Str. 302 ' });
    expect(res.statusCode, res.body).toBe(201);
    const saved = res.json() as Address;
    expect(saved).toEqual({
      _id: saved.address_id,
      address_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      country: 'DE',
      line_1: 'Landsberger Str. 302',
      line_2: '',
      postal_code: '80687',
      city: 'München',
      state: '',
      coordinates: null,
      formatted_address: 'Landsberger Str. 302, 80687 München, Germany',
    });
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect((await list(laura.token)).map((a) => a._id)).toContain(saved._id);
  });

  it('writes postal codes as the country does, and keeps coordinates when given', async () => {
    const nl = await post(laura.token, {
      country: 'nl',
      line_1: 'Damrak 1',
      postal_code: '1012lg',
      city: 'Amsterdam',
      coordinates: [4.8936, 52.3752],
    });
    expect(nl.statusCode, nl.body).toBe(201);
    expect(nl.json()).toMatchObject({
      country: 'NL',
      postal_code: '1012 LG',
      coordinates: [4.8936, 52.3752],
      formatted_address: 'Damrak 1, 1012 LG Amsterdam, Netherlands',
    });
    const gb = await post(laura.token, {
      country: 'GB',
      line_1: '10 Downing St',
      postal_code: 'sw1a2aa',
      city: 'London',
    });
    expect(gb.json()).toMatchObject({
      postal_code: 'SW1A 2AA',
      formatted_address: '10 Downing St, London, SW1A 2AA, United Kingdom',
    });
    const us = await post(laura.token, {
      country: 'US',
      line_1: '4501 S Congress Ave',
      postal_code: '787451234',
      city: 'Austin',
      state: 'tx',
    });
    expect(us.statusCode, us.body).toBe(201);
    expect(us.json()).toMatchObject({
      postal_code: '78745-1234',
      state: 'TX',
      formatted_address: '4501 S Congress Ave, Austin, TX 78745-1234, United States',
    });
  });

  it.each([
    ['a postal code of the wrong form', { postal_code: '8068' }, 400, 'INVALID_POSTAL_CODE'],
    ['letters in a German postal code', { postal_code: 'ABCDE' }, 400, 'INVALID_POSTAL_CODE'],
    ['a US address without a state', { country: 'US', postal_code: '78745', state: '' }, 400, 'INVALID_STATE'],
    ['a US state that is not one', { country: 'US', postal_code: '78745', state: 'Texas' }, 400, 'INVALID_STATE'],
    ['a ZIP code of another state', { country: 'US', postal_code: '90210', state: 'TX' }, 400, 'INVALID_POSTAL_CODE'],
    ['an unknown country', { country: 'XX' }, 404, 'COUNTRY_NOT_FOUND'],
    ['a country not sold to', { country: 'JP', postal_code: '100-0001' }, 404, 'COUNTRY_NOT_FOUND'],
    ['a three-letter country', { country: 'DEU' }, 400, 'VALIDATION_ERROR'],
    ['no street', { line_1: undefined }, 400, 'VALIDATION_ERROR'],
    ['a blank street', { line_1: '   ' }, 400, 'VALIDATION_ERROR'],
    ['a blank city', { city: ' ' }, 400, 'VALIDATION_ERROR'],
    ['no postal code', { postal_code: '' }, 400, 'VALIDATION_ERROR'],
    ['a street of 201 characters', { line_1: 'x'.repeat(201) }, 400, 'VALIDATION_ERROR'],
    ['a city of 101 characters', { city: 'x'.repeat(101) }, 400, 'VALIDATION_ERROR'],
    ['a control character', { line_2: 'Hof\u0000links' }, 400, 'VALIDATION_ERROR'],
    ['a number for the street', { line_1: 42 }, 400, 'VALIDATION_ERROR'],
    ['coordinates off the globe', { coordinates: [200, 10] }, 400, 'VALIDATION_ERROR'],
    ['somebody else as owner', { owner: '00000000-0000-4000-8000-000000000000' }, 403, 'FORBIDDEN'],
  ])('refuses %s and saves nothing', async (_, change, status, code) => {
    const before = (await list(laura.token)).length;
    const res = await post(laura.token, { ...berlin, ...change });
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json()).toMatchObject({ statusCode: status, code });
    expect((await list(laura.token)).length).toBe(before);
  });

  it('refuses another user’s id as owner', async () => {
    const res = await post(laura.token, { ...berlin, owner: julien.id });
    expect(res.statusCode).toBe(403);
  });

  it('says what is wrong in the user’s language', async () => {
    const de = await post(laura.token, { ...berlin, postal_code: '123' }, 'de');
    expect(de.json()).toMatchObject({
      code: 'INVALID_POSTAL_CODE',
      t_key: 'error_postal_code_invalid',
      message: 'Die Postleitzahl ist für dieses Land nicht gültig.',
    });
    const es = await post(laura.token, { ...berlin, country: 'US', postal_code: '78745', state: 'XX' }, 'es');
    expect(es.json()).toMatchObject({ code: 'INVALID_STATE', message: 'Introduce un estado válido.' });
  });

  it('refuses a body that is not JSON', async () => {
    const before = (await list(laura.token)).length;
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/v2/address',
      headers: { ...bearer(laura.token), 'content-type': 'text/plain' },
      payload: 'country=DE',
    });
    expect(res.statusCode).toBe(400);
    expect((await list(laura.token)).length).toBe(before);
  });

  it('shows each user only their own addresses, newest first', async () => {
    const first = (await post(julien.token, { ...berlin, country: 'FR', postal_code: '75001', city: 'Paris' })).json();
    const second = (await post(julien.token, { ...berlin, country: 'FR', postal_code: '69007', city: 'Lyon' })).json();
    const mine = await list(julien.token);
    expect(mine.map((a) => a._id)).toEqual([second._id, first._id]);
    const lauras = await list(laura.token);
    expect(lauras.some((a) => a._id === first._id || a._id === second._id)).toBe(false);
    expect(lauras.every((a) => a.country !== 'FR')).toBe(true);
  });

  it('deletes only the caller’s own address; another user’s id is a 404 like an unknown one', async () => {
    const saved = (await post(laura.token, { ...berlin, line_1: 'Zu löschen 1' })).json() as Address;
    const theirs = await remove(julien.token, saved._id);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toMatchObject({ code: 'ADDRESS_NOT_FOUND' });
    const unknown = await remove(julien.token, '00000000-0000-4000-8000-000000000000');
    expect(withoutRequestId(unknown.json())).toEqual(withoutRequestId(theirs.json()));
    expect((await list(laura.token)).some((a) => a._id === saved._id)).toBe(true);

    expect((await remove(laura.token, 'not-a-uuid')).statusCode).toBe(400);
    const mine = await remove(laura.token, saved._id);
    expect(mine.statusCode).toBe(204);
    expect(mine.body).toBe('');
    expect((await list(laura.token)).some((a) => a._id === saved._id)).toBe(false);
    expect((await remove(laura.token, saved._id)).statusCode).toBe(404);
  });

  it(`keeps at most ${MAX_ADDRESSES_PER_USER} addresses per account`, async () => {
    const { token } = await signIn(ctx.app, 'translator@demo.starkfuture.com');
    for (let i = (await list(token)).length; i < MAX_ADDRESSES_PER_USER; i++) {
      expect((await post(token, { ...berlin, line_1: `Straße ${i}` })).statusCode).toBe(201);
    }
    const over = await post(token, berlin);
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ code: 'ADDRESS_LIMIT_REACHED' });
  });

  it('says address lookup is off without a Google key, in the user’s language', async () => {
    const res = await ctx.app.inject({
      url: '/v2/address/parse?google_place_id=ChIJN1t_tDeuEmsRUsoyG83frY4',
      headers: { ...bearer(laura.token), 'x-lang': 'de' },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({
      code: 'GEOCODING_DISABLED',
      message: 'Die Adresssuche ist ausgeschaltet. Bitte geben Sie Ihre Adresse ein.',
    });
    const bad = await ctx.app.inject({
      url: '/v2/address/parse?google_place_id=%3Cscript%3E',
      headers: bearer(laura.token),
    });
    expect(bad.statusCode).toBe(400);
    expect((await ctx.app.inject({ url: '/v2/address/parse', headers: bearer(laura.token) })).statusCode).toBe(400);
  });

  it('says the address search is off too, whatever was typed, so the forms stay plain fields', async () => {
    for (const q of ['', 'Landsberger']) {
      const res = await ctx.app.inject({
        url: `/v2/address/suggest?country=DE&q=${q}`,
        headers: { ...bearer(laura.token), 'x-lang': 'de' },
      });
      expect(res.statusCode, q).toBe(503);
      expect(res.json()).toMatchObject({ code: 'GEOCODING_DISABLED' });
    }
  });
});

describe('the addresses service the checkout calls', () => {
  it('lists, gets and creates for one user; another user’s address is null', async () => {
    const { addresses } = ctx.app.services;
    const created = await addresses.create(laura.id, {
      country: 'ES',
      line_1: 'Carrer de Pallars 193',
      postal_code: '08005',
      city: 'Barcelona',
    });
    expect(created).toMatchObject({
      country: 'ES',
      line1: 'Carrer de Pallars 193',
      line2: '',
      postalCode: '08005',
      state: '',
      formattedAddress: 'Carrer de Pallars 193, 08005 Barcelona, Spain',
      coordinates: null,
    });
    expect(await addresses.get(laura.id, created.id)).toEqual(created);
    expect(await addresses.get(julien.id, created.id)).toBeNull();
    expect(await addresses.get(laura.id, 'nonsense')).toBeNull();
    expect((await addresses.list(laura.id))[0]?.id).toBe(created.id);
    await expect(
      addresses.create(laura.id, { country: 'ES', line_1: 'Calle 1', postal_code: '99999', city: 'Madrid' }),
    ).rejects.toMatchObject({ code: 'INVALID_POSTAL_CODE' });
    await expect(
      addresses.create(laura.id, { country: 'ES', line_1: '', postal_code: '08005', city: 'x' }),
    ).rejects.toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(
      await addresses.normalize({
        country: 'pl',
        line_1: 'ul. Marszałkowska 1',
        postal_code: '00950',
        city: 'Warszawa',
      }),
    ).toMatchObject({
      country: 'PL',
      postalCode: '00-950',
    });
  });
});

describe('address lookup through Google Places (the service with the google provider, a fake fetch)', () => {
  const calls: Array<{ url: string; headers: Record<string, string> }> = [];
  const service = () =>
    addressesService({
      repo: addressesRepo(ctx.database.db),
      markets: ctx.app.services.markets,
      geocoding: googleGeocoding({
        apiKey: 'test-key',
        fetch: async (url, init) => {
          calls.push({ url, headers: init.headers as Record<string, string> });
          if (url.includes('unknown')) return new Response('{"error":{"code":404}}', { status: 404 });
          if (url.includes('broken')) return new Response('oops', { status: 500 });
          return Response.json({
            formattedAddress: 'Landsberger Str. 302, 80687 München, Deutschland',
            location: { latitude: 48.1413, longitude: 11.4931 },
            addressComponents: [
              { longText: '302', shortText: '302', types: ['street_number'] },
              { longText: 'Landsberger Straße', shortText: 'Landsberger Str.', types: ['route'] },
              { longText: 'München', shortText: 'München', types: ['locality', 'political'] },
              { longText: 'Bayern', shortText: 'BY', types: ['administrative_area_level_1', 'political'] },
              { longText: 'Deutschland', shortText: 'DE', types: ['country', 'political'] },
              { longText: '80687', shortText: '80687', types: ['postal_code'] },
            ],
          });
        },
      }),
    });

  it('answers the place’s address in the creation payload’s fields, which save as they are', async () => {
    const parsed = await service().parse('ChIJ2eUgeAK6j4ARbn5u_wAGqWA', 'de');
    expect(parsed).toEqual({
      line_1: 'Landsberger Straße 302',
      line_2: '',
      postal_code: '80687',
      city: 'München',
      state: 'Bayern',
      country: 'DE',
      coordinates: [11.4931, 48.1413],
      formatted_address: 'Landsberger Str. 302, 80687 München, Deutschland',
    });
    expect(calls[0]?.url).toBe('https://places.googleapis.com/v1/places/ChIJ2eUgeAK6j4ARbn5u_wAGqWA?languageCode=de');
    expect(calls[0]?.headers['X-Goog-Api-Key']).toBe('test-key');
    const res = await post(laura.token, parsed);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ coordinates: [11.4931, 48.1413], state: 'Bayern' });
  });

  it('answers PLACE_NOT_FOUND for an unknown place and GEOCODING_FAILED when Google fails', async () => {
    await expect(service().parse('unknown', 'en-us')).rejects.toMatchObject({
      code: 'PLACE_NOT_FOUND',
      statusCode: 404,
    });
    await expect(service().parse('broken', 'en-us')).rejects.toMatchObject({
      code: 'GEOCODING_FAILED',
      statusCode: 502,
    });
  });
});
