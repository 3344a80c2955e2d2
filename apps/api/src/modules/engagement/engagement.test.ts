import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiCalls, type Json, useApi } from '../../../test/helper.ts';
import { engagementEmails } from './emails.ts';
import { addressParts, googlePlaces, storePlaces, TEXT_SEARCH_URL } from './places.ts';
import { boxAround } from './service.ts';

// Engagement through the API: the store finder, the OpenAPI document and the newsletter e-mail. Team applications
// (engagement-team) and the contact form and newsletter (engagement-contact) have their own files.

const ctx = useApi();
const { call, ok, refused } = apiCalls(ctx, 60);

describe('store finder', () => {
  it('finds the nearest Dutch store to a postal code, in km, from the index of approved dealers', async () => {
    const found = await ok(await call('GET', '/v1/stores?country=NL&q=3011%20AB'));
    expect(found.unit).toBe('km');
    expect(found.center).toMatchObject({ label: '3011 AB' });
    expect(found.docs[0]).toMatchObject({ name: 'Moto Stroom Rotterdam', country: 'NL' });
    expect(found.docs.map((s: Json) => s.name)).toContain('E-Moto Amsterdam');
    const utrecht = found.docs.find((s: Json) => s.name === 'Elektrisch Offroad Utrecht');
    expect(utrecht.distance).toEqual({ value: expect.any(Number), unit: 'km' });
    expect(utrecht.distance.value).toBeGreaterThan(40);
    expect(utrecht.distance.value).toBeLessThan(60);
    expect(found.docs[0].openingHours).toHaveLength(7);
    expect(found.docs[0].openingHours[6]).toBeNull();
    // A place name works as well.
    const byCity = await ok(await call('GET', '/v1/stores?country=NL&q=utrecht'));
    expect(byCity.docs[0].name).toBe('Elektrisch Offroad Utrecht');
  });

  it('answers in miles in the US, near a point, and within the radius only', async () => {
    const near = await ok(await call('GET', '/v1/stores?country=US&lat=32.72&lng=-117.16&radius=2000'));
    expect(near.unit).toBe('mi');
    expect(near.docs[0]).toMatchObject({ name: 'Pacific Electric Moto', distance: { unit: 'mi' } });
    expect(near.docs[1]).toMatchObject({ name: 'Hill Country Electric Moto' });
    expect(near.docs[1].distance.value).toBeGreaterThan(1000);
    const close = await ok(await call('GET', '/v1/stores?country=US&lat=32.72&lng=-117.16&radius=50'));
    expect(close.docs.map((s: Json) => s.name)).toEqual(['Pacific Electric Moto']);
  });

  it('lists the stores in a box, and never a pending or refused dealer', async () => {
    const box = await ok(await call('GET', '/v1/stores?country=NO&bbox=57,4,72,32'));
    // Fjord Elmoto's application is still pending (status 0): not a store yet.
    expect(box.docs.map((s: Json) => s.name)).not.toContain('Fjord Elmoto');
    const europe = await ok(await call('GET', '/v1/stores?country=DE&bbox=40,-10,60,20'));
    expect(europe.docs.map((s: Json) => s.name)).toEqual(
      expect.arrayContaining(['E-Offroad München', 'Moto Electric Barcelona', 'E-Moto Amsterdam']),
    );
    expect(europe.docs.every((s: Json) => s.distance === null)).toBe(true);
  });

  it('answers a box from the latitude/longitude index', async () => {
    const plan = await ctx.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const lat = sql`((store_info -> 'location' -> 'coordinates' ->> 1)::double precision)`;
      const lng = sql`((store_info -> 'location' -> 'coordinates' ->> 0)::double precision)`;
      return tx.execute(
        sql`explain select id from dealers where status = 1 and ${lat} between 50 and 53 and ${lng} between 3 and 6`,
      );
    });
    const rows = (Array.isArray(plan) ? plan : (plan as { rows: unknown[] }).rows) as Array<Record<string, string>>;
    expect(rows.map((r) => Object.values(r)[0]).join('\n')).toContain('dealers_store_lat_lng_idx');
  });

  it('refuses bad queries with a translated 4xx', async () => {
    await refused(await call('GET', '/v1/stores?country=NL&lat=52'), 400, 'VALIDATION_ERROR');
    await refused(await call('GET', '/v1/stores?country=NL&lat=95&lng=4'), 400, 'VALIDATION_ERROR');
    await refused(await call('GET', '/v1/stores?country=NL&bbox=60,4,50,6'), 400, 'VALIDATION_ERROR');
    await refused(await call('GET', '/v1/stores?country=NL&bbox=a,b,c,d'), 400, 'VALIDATION_ERROR');
    await refused(await call('GET', '/v1/stores?country=NLD'), 400, 'VALIDATION_ERROR');
    await refused(await call('GET', '/v1/stores?country=NL&q=3011&lat=1&lng=1'), 400, 'VALIDATION_ERROR');
    await refused(await call('GET', '/v1/stores?country=NL&q=Atlantis'), 404, 'STORE_PLACE_NOT_FOUND');
    await refused(await call('GET', '/v1/stores?country=NL&q=9'), 404, 'STORE_PLACE_NOT_FOUND');
  });

  it('places postal codes and names by the stores’ own addresses; boxes hold the radius', async () => {
    expect(addressParts('Weesperstraat 61, 1018 VN Amsterdam, Netherlands')).toEqual({
      postal: ['1018vn'],
      city: ['amsterdam', 'netherlands'],
    });
    expect(addressParts('3960 Morena Blvd, San Diego, CA 92117, USA').postal).toEqual(['92117']);
    const places = storePlaces(async () => []);
    expect(await places.find('1017', 'NL')).toBeNull();
    const box = boxAround(52, 5, 100);
    expect(box.north - box.south).toBeCloseTo(200 / 111.32, 3);
    expect(box.east - box.west).toBeGreaterThan(box.north - box.south);
    expect(boxAround(89.99, 0, 100)).toMatchObject({ west: -180, east: 180 });
  });

  it('asks Google Text Search for one place when a key is set, and falls back to the stores when Google fails', async () => {
    const calls: Array<{ url: string; init: RequestInit }> = [];
    const fallback = { name: 'stores', find: async () => ({ lat: 1, lng: 2, label: 'fallback' }) };
    const google = googlePlaces({
      apiKey: 'key-1',
      fallback,
      fetch: async (url, init) => {
        calls.push({ url, init });
        return Response.json({ places: [{ location: { latitude: 51.92, longitude: 4.48 }, formattedAddress: 'x' }] });
      },
    });
    expect(await google.find(' 3011 AB ', 'NL')).toEqual({ lat: 51.92, lng: 4.48, label: '3011 AB' });
    expect(calls[0]?.url).toBe(TEXT_SEARCH_URL);
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({ textQuery: ' 3011 AB ', regionCode: 'nl', pageSize: 1 });
    expect(calls[0]?.init.headers).toMatchObject({
      'X-Goog-Api-Key': 'key-1',
      'X-Goog-FieldMask': 'places.location,places.formattedAddress',
    });
    const down = googlePlaces({ apiKey: 'k', fallback, fetch: async () => new Response('quota', { status: 429 }) });
    expect(await down.find('x', 'NL')).toMatchObject({ label: 'fallback' });
    const unknown = googlePlaces({ apiKey: 'k', fallback, fetch: async () => Response.json({}) });
    expect(await unknown.find('Atlantis', 'NL')).toBeNull();
  });
});

describe('OpenAPI', () => {
  it('documents every engagement endpoint with its tag and summary', async () => {
    const doc = (await ctx.app.inject('/docs/json')).json();
    const paths = [
      ['/v1/stores', 'get'],
      ['/v1/team/positions', 'get'],
      ['/v1/team/cv', 'post'],
      ['/v1/admin/applications', 'get'],
      ['/v1/admin/applications/{id}/cv-link', 'get'],
      ['/v1/admin/applications/{id}/cv', 'get'],
      ['/v1/team/cv/{id}/file', 'get'],
      ['/v1/contact', 'post'],
      ['/v1/newsletter', 'post'],
      ['/v1/newsletter/confirm', 'post'],
      ['/v1/newsletter/unsubscribe', 'post'],
    ] as const;
    for (const [path, method] of paths) {
      expect(doc.paths[path]?.[method], path).toMatchObject({ tags: ['engagement'], summary: expect.any(String) });
    }
  });
});

describe('newsletter e-mail', () => {
  it('carries the one-click List-Unsubscribe headers', () => {
    const mail = engagementEmails.newsletterConfirm('nl', 'a@example.com', {
      confirm: 'http://shop.test/nl-NL/newsletter?confirm=c',
      unsubscribe: 'http://shop.test/nl-NL/newsletter?unsubscribe=u',
      oneClick: 'http://shop.test/v1/newsletter/unsubscribe?token=u',
    });
    expect(mail.headers).toEqual({
      'List-Unsubscribe': '<http://shop.test/v1/newsletter/unsubscribe?token=u>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(mail.html).toContain('<a href="http://shop.test/nl-NL/newsletter?confirm=c">');
  });
});
