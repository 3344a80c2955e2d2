import { contactMessages, jobApplications, newsletterSubscriptions } from '@varg/db';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiCalls, DEMO_ACCOUNTS, type Json, lastMail, useApi } from '../../../test/helper.ts';
import { engagementEmails } from './emails.ts';
import { addressParts, googlePlaces, storePlaces, TEXT_SEARCH_URL } from './places.ts';
import { boxAround } from './service.ts';

const ctx = useApi();
const { call, ok, refused, signIn } = apiCalls(ctx, 60);
const { ADMIN, CUSTOMER } = DEMO_ACCOUNTS;

/** A minimal valid PDF of about `size` bytes. */
function pdf(size = 2000): Buffer {
  const head = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\n');
  const tail = Buffer.from('\ntrailer<</Root 1 0 R>>\n%%EOF\n');
  return Buffer.concat([head, Buffer.alloc(Math.max(0, size - head.length - tail.length), 0x20), tail]);
}
const EXE = Buffer.concat([
  Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff', 'latin1'),
  Buffer.alloc(600),
]);

let ip = 0;
function upload(
  fields: Record<string, string>,
  file: { name: string; body: Buffer; type?: string } | null,
  headers: Record<string, string> = {},
) {
  const boundary = '----vargtest';
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="cv"; filename="${file.name}"\r\ncontent-type: ${file.type ?? 'application/pdf'}\r\n\r\n`,
      ),
      file.body,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return ctx.app.inject({
    method: 'POST',
    url: '/v1/team/cv',
    remoteAddress: `203.0.113.${++ip}`,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-lang': 'en', ...headers },
    payload: Buffer.concat(chunks),
  });
}
const applicant = (over: Record<string, string> = {}) => ({
  positionId: 'service-technician',
  name: 'Noor Visser',
  email: 'noor@example.com',
  phone: '+31 6 1234 5678',
  message: 'I repair electric motorbikes.',
  ...over,
});

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

describe('team: applications with a CV', () => {
  it('lists open positions in the request’s language', async () => {
    const en = await ok(await call('GET', '/v1/team/positions'));
    expect(en.docs).toHaveLength(3);
    const nl = await ok(await call('GET', '/v1/team/positions?lang=nl'));
    expect(nl.docs[0].title).not.toBe(en.docs[0].title);
  });

  it('stores a PDF sniffed by content; an admin lists it and downloads it, nobody else', async () => {
    const body = pdf(3 * 1024 * 1024);
    const res = await upload(applicant(), { name: 'Noor CV.pdf', body, type: 'application/octet-stream' });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json()._id as string;
    const [row] = await ctx.database.db.select().from(jobApplications).where(eq(jobApplications.id, id));
    expect(row).toMatchObject({ cvType: 'application/pdf', cvName: 'Noor CV.pdf', cvSize: body.length });

    const admin = await signIn(ADMIN);
    const list = await ok(await call('GET', '/v1/admin/applications', admin));
    expect(list.docs[0]).toMatchObject({ _id: id, name: 'Noor Visser', cv: { type: 'application/pdf' } });
    const file = await call('GET', `/v1/admin/applications/${id}/cv`, admin);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toContain('attachment');
    expect(file.rawPayload.equals(body)).toBe(true);
    const { url } = await ok(await call('GET', `/v1/admin/applications/${id}/cv-link`, admin));
    const signed = await call('GET', url);
    expect(signed.statusCode).toBe(200);
    expect(signed.rawPayload.length).toBe(body.length);

    const customer = await signIn(CUSTOMER);
    await refused(await call('GET', '/v1/admin/applications', customer), 403, 'FORBIDDEN');
    await refused(await call('GET', `/v1/admin/applications/${id}/cv`, customer), 403, 'FORBIDDEN');
    await refused(await call('GET', `/v1/admin/applications/${id}/cv-link`, customer), 403, 'FORBIDDEN');
    await refused(await call('GET', `/v1/admin/applications/${id}/cv`), 401, 'UNAUTHORIZED');
    await refused(await call('GET', '/v1/admin/applications/not-a-uuid/cv', admin), 400, 'VALIDATION_ERROR');
    await refused(await call('GET', '/v1/admin/applications?limit=0', admin), 400, 'VALIDATION_ERROR');
    await refused(await call('GET', `/v1/team/cv/${id}/file`), 400, 'VALIDATION_ERROR');
    await refused(await call('GET', `/v1/team/cv/${id}/file?token=1.${'x'.repeat(43)}`), 403, 'FORBIDDEN');
    await refused(
      await call('GET', '/v1/admin/applications/00000000-0000-4000-8000-000000000000/cv', admin),
      404,
      'JOB_APPLICATION_NOT_FOUND',
    );
  });

  it('refuses a file over 10 MB, a renamed executable, an empty file, no file and bad fields; stores nothing', async () => {
    const before = (await ctx.database.db.select().from(jobApplications)).length;
    const big = await upload(applicant(), { name: 'big.pdf', body: pdf(20 * 1024 * 1024) });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ code: 'CV_FILE_TOO_LARGE', t_key: 'error_cv_too_large' });
    const exe = await upload(applicant(), { name: 'cv.pdf', body: EXE });
    expect(exe.statusCode).toBe(415);
    expect(exe.json().code).toBe('CV_FILE_TYPE');
    // The old binary Word format (an OLE compound file, which carries macros) is refused: PDF and DOCX only.
    const ole = Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(4096, 0)]);
    const doc = await upload(applicant(), { name: 'cv.doc', body: ole, type: 'application/msword' });
    expect(doc.statusCode).toBe(415);
    expect(doc.json()).toMatchObject({ code: 'CV_FILE_TYPE', t_key: 'error_cv_type' });
    expect(doc.json().message).toMatch(/PDF or DOCX/);
    const text = await upload(applicant(), { name: 'cv.docx', body: Buffer.from('just some text, not a document') });
    expect(text.json().code).toBe('CV_FILE_TYPE');
    const empty = await upload(applicant(), { name: 'cv.pdf', body: Buffer.alloc(0) });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().code).toBe('CV_FILE_MISSING');
    expect((await upload(applicant(), null)).json().code).toBe('CV_FILE_MISSING');
    expect((await upload(applicant({ email: 'nope' }), { name: 'a.pdf', body: pdf() })).json().code).toBe(
      'VALIDATION_ERROR',
    );
    expect((await upload(applicant({ positionId: 'astronaut' }), { name: 'a.pdf', body: pdf() })).json().code).toBe(
      'JOB_POSITION_NOT_FOUND',
    );
    const json = await call('POST', '/v1/team/cv', null, applicant());
    expect(json.statusCode).toBe(400);
    const german = await upload(applicant(), { name: 'cv.pdf', body: EXE }, { 'x-lang': 'de' });
    expect(german.json().message).not.toBe(exe.json().message);
    expect((await ctx.database.db.select().from(jobApplications)).length).toBe(before);
  });

  it('answers a plain form post with a redirect back to the page', async () => {
    const done = await upload(
      { ...applicant(), returnTo: '/nl-NL/team' },
      { name: 'cv.pdf', body: pdf() },
      { accept: 'text/html' },
    );
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe('/nl-NL/team?applied=1');
    const wrong = await upload(
      { ...applicant(), returnTo: '/nl-NL/team' },
      { name: 'cv.pdf', body: EXE },
      { accept: 'text/html' },
    );
    expect(wrong.headers.location).toBe('/nl-NL/team?error=CV_FILE_TYPE');
    // Only app paths: an outside address is bad input, not followed.
    const outside = await upload(
      { ...applicant(), returnTo: '//evil.example' },
      { name: 'cv.pdf', body: pdf() },
      { accept: 'text/html' },
    );
    expect(outside.statusCode).toBe(400);
    expect(outside.json().code).toBe('VALIDATION_ERROR');
  });
});

describe('contact form', () => {
  it('e-mails the topic’s queue and confirms to the sender in their language', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/v1/contact?country=NL&lang=nl',
      remoteAddress: '203.0.113.200',
      payload: {
        topic: 'service',
        orderReference: 'SO-1234',
        name: 'Eva Smit',
        email: 'Eva@Example.com',
        message: 'My VARG EX needs its first service.',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const queue = await lastMail(ctx.app, 'service@starkfuture.com');
    expect(queue?.text).toContain('SO-1234');
    expect(queue?.text).toContain('My VARG EX needs its first service.');
    const confirmation = await lastMail(ctx.app, 'eva@example.com');
    expect(confirmation?.lang).toBe('nl');
    const [row] = await ctx.database.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.email, 'eva@example.com'));
    expect(row).toMatchObject({ topic: 'service', queue: 'service@starkfuture.com', country: 'NL' });
  });

  it('sends the unverified sender nothing they typed: the topic and a reference only', async () => {
    // Anyone can type someone else's address: the acknowledgement must not carry their text to that inbox.
    const spam = 'Claim your prize at https://spam.example/win';
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/v1/contact?country=DE&lang=de',
      remoteAddress: '203.0.113.202',
      payload: {
        topic: 'product',
        orderReference: 'spam.example/ref',
        name: 'Visit spam.example today',
        email: 'victim@example.com',
        message: spam,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const confirmation = await ctx.app.inject('/v1/dev/mailbox?to=victim%40example.com');
    const mail = confirmation.json().docs[0] as { subject: string; text: string; html?: string };
    expect(JSON.stringify(mail)).not.toContain('spam.example');
    expect(mail.text).toContain('„Motorräder und Kauf“');
    const reference = /Ihre Referenz: ([0-9A-F]{8})/.exec(mail.text)?.[1];
    expect(reference).toBeTruthy();
    // The team's copy has everything, under the same reference.
    const queue = await lastMail(ctx.app, 'sales@starkfuture.com');
    expect(queue?.subject).toContain(`[${reference}]`);
    expect(queue?.text).toContain(spam);
  });

  it('refuses bad input', async () => {
    const good = { topic: 'other', name: 'A', email: 'a@example.com', message: 'Long enough message.' };
    await refused(await call('POST', '/v1/contact', null, { ...good, topic: 'spam' }), 400, 'VALIDATION_ERROR');
    await refused(await call('POST', '/v1/contact', null, { ...good, email: 'x' }), 400, 'VALIDATION_ERROR');
    await refused(await call('POST', '/v1/contact', null, { ...good, message: 'short' }), 400, 'VALIDATION_ERROR');
    await refused(await call('POST', '/v1/contact', null, { ...good, name: ' ' }), 400, 'VALIDATION_ERROR');
    await refused(
      await call('POST', '/v1/contact', null, { ...good, orderReference: 'x'.repeat(41) }),
      400,
      'VALIDATION_ERROR',
    );
  });

  it('limits one address to 5 messages in 10 minutes', async () => {
    const send = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/v1/contact',
        remoteAddress: '203.0.113.201',
        payload: { topic: 'other', name: 'B', email: 'b@example.com', message: 'Hello there, team.' },
      });
    for (let i = 0; i < 5; i += 1) expect((await send()).statusCode).toBe(201);
    expect((await send()).statusCode).toBe(429);
  });
});

describe('newsletter', () => {
  it('subscribes only after the e-mailed link; unsubscribes in one click', async () => {
    const address = 'fan@example.com';
    await ok(await call('POST', '/v1/newsletter?country=NL&lang=nl', null, { email: 'Fan@Example.com' }), 202);
    const row = async () =>
      (
        await ctx.database.db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, address))
      )[0];
    expect((await row())?.status).toBe('pending');
    const mail = await lastMail(ctx.app, address);
    expect(mail?.lang).toBe('nl');
    const confirm = /newsletter\?confirm=([\w-]+)/.exec(mail?.text ?? '')?.[1] as string;
    const unsubscribe = /newsletter\?unsubscribe=([\w-]+)/.exec(mail?.text ?? '')?.[1] as string;
    expect(mail?.text).toContain('/nl-NL/newsletter?confirm=');
    await ok(await call('POST', '/v1/newsletter/confirm', null, { token: confirm }));
    expect((await row())?.status).toBe('confirmed');
    // The link works once.
    await refused(
      await call('POST', '/v1/newsletter/confirm', null, { token: confirm }),
      404,
      'NEWSLETTER_LINK_INVALID',
    );
    // Signing up again sends nothing to a confirmed address and says the same.
    await ok(await call('POST', '/v1/newsletter', null, { email: address }), 202);
    expect((await lastMail(ctx.app, address))?.text).toBe(mail?.text);
    // One click, as a mail client does it (List-Unsubscribe-Post).
    const out = await ctx.app.inject({
      method: 'POST',
      url: `/v1/newsletter/unsubscribe?token=${unsubscribe}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(out.statusCode, out.body).toBe(200);
    expect((await row())?.status).toBe('unsubscribed');
  });

  it('limits one address to 5 sign-ups in 10 minutes', async () => {
    const send = (i: number) =>
      ctx.app.inject({
        method: 'POST',
        url: '/v1/newsletter',
        remoteAddress: '203.0.113.202',
        payload: { email: `many-${i}@example.com` },
      });
    for (let i = 0; i < 5; i += 1) expect((await send(i)).statusCode).toBe(202);
    expect((await send(5)).statusCode).toBe(429);
  });

  it('refuses bad input and unknown links', async () => {
    await refused(await call('POST', '/v1/newsletter', null, { email: 'not-an-address' }), 400, 'VALIDATION_ERROR');
    await refused(await call('POST', '/v1/newsletter', null, {}), 400, 'VALIDATION_ERROR');
    await refused(await call('POST', '/v1/newsletter/confirm', null, { token: 'short' }), 400, 'VALIDATION_ERROR');
    await refused(
      await call('POST', '/v1/newsletter/confirm', null, { token: 'x'.repeat(32) }),
      404,
      'NEWSLETTER_LINK_INVALID',
    );
    await refused(await call('POST', '/v1/newsletter/unsubscribe', null, {}), 400, 'VALIDATION_ERROR');
    await refused(
      await call('POST', `/v1/newsletter/unsubscribe?token=${'y'.repeat(32)}`),
      404,
      'NEWSLETTER_LINK_INVALID',
    );
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
