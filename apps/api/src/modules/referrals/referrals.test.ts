import { leads, testRideFeedback } from '@varg/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiCalls, DEMO_ACCOUNTS, type Json, lastMail, useApi } from '../../../test/helper.ts';

const ctx = useApi();
const { DEALER, LYON, CUSTOMER, LEAD_DEALER, PENDING } = DEMO_ACCOUNTS;
const UNKNOWN = '1ead0000-0000-4000-8000-0000000000ff';

const { call, ok, refused, signIn } = apiCalls(ctx);
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const barcelona = async () => {
  const { docs } = await ok(await call('GET', '/v1/referral/test-ride/dealers?country=ES&lat=41.39&lng=2.17'));
  return docs[0] as Json;
};
let riders = 0;
const ride = (dealerId: string, over: Json = {}) => ({
  dealerId,
  model: 'varg-ex',
  from: day(3),
  to: day(10),
  firstName: 'Marta',
  lastName: 'Vidal',
  email: `marta-${Date.now()}-${++riders}@example.com`,
  phone: '+34 600 112 233',
  consent: true,
  ...over,
});

describe('leads of a dealer', () => {
  it('creates (source WEB), lists with search and status, adds notes, edits and deletes its own leads', async () => {
    const token = await signIn(DEALER);
    const created = await ok(
      await call('POST', '/v1/referral/addReferral', token, {
        firstName: 'Álex',
        lastName: 'Prats',
        phone: '+34 699 000 111',
        model: 'varg',
      }),
      201,
    );
    expect(created).toMatchObject({ source: 'WEB', status: 'new', firstName: 'Álex', model: 'varg', notes: [] });
    const found = await ok(await call('GET', '/v1/referral/refer?search=prats', token));
    expect(found.docs.map((l: Json) => l._id)).toEqual([created._id]);
    const page = await ok(await call('GET', '/v1/referral/refer?limit=2&page=1', token));
    expect(page).toMatchObject({ limit: 2, page: 1, hasNextPage: true });
    expect(page.docs).toHaveLength(2);
    const byStatus = await ok(await call('GET', '/v1/referral/refer?status=contacted', token));
    expect(byStatus.docs.every((l: Json) => l.status === 'contacted')).toBe(true);

    await ok(
      await call('POST', '/v1/referral/addNotes', token, { leadId: created._id, text: 'Called, no answer.' }),
      201,
    );
    const noted = await ok(
      await call('POST', '/v1/referral/addNotes', token, { leadId: created._id, text: 'Ride on Saturday.' }),
      201,
    );
    expect(noted.notes.map((n: Json) => n.text)).toEqual(['Called, no answer.', 'Ride on Saturday.']);
    expect(noted.notes[0].author).toBe('Marc Puig');
    // The full view carries them; a list's view leaves notes, feedback and message out, and keeps the rest.
    const full = await ok(await call('GET', '/v1/referral/refer?search=prats', token));
    expect(full.docs[0]).toMatchObject({
      _id: created._id,
      notes: [{}, {}],
      feedback: null,
      message: expect.any(String),
    });
    const listed = await ok(await call('GET', '/v1/referral/refer?search=prats&view=list', token));
    expect(listed).toMatchObject({ totalDocs: 1, page: 1 });
    expect(listed.docs[0]).toMatchObject({ _id: created._id, firstName: 'Álex', lastName: 'Prats', model: 'varg' });
    expect(Object.keys(listed.docs[0]).sort()).toEqual(
      Object.keys(full.docs[0])
        .filter((key) => !['notes', 'feedback', 'message'].includes(key))
        .sort(),
    );
    await refused(await call('GET', '/v1/referral/refer?view=brief', token), 400, 'VALIDATION_ERROR');

    const edited = await ok(
      await call('PUT', `/v1/referral/edit/${created._id}`, token, { status: 'contacted', email: 'ALEX@example.com' }),
    );
    expect(edited).toMatchObject({ status: 'contacted', email: 'alex@example.com' });
    // Moving it along the pipeline changes nothing else.
    const moved = await ok(await call('PUT', `/v1/referral/edit/${created._id}`, token, { status: 'won' }));
    expect(moved).toMatchObject({
      status: 'won',
      email: 'alex@example.com',
      phone: '+34 699 000 111',
      lastName: 'Prats',
      model: 'varg',
    });
    await ok(await call('DELETE', `/v1/referral/delete/${created._id}`, token), 204);
    await refused(await call('GET', `/v1/referral/${created._id}`, token), 404, 'LEAD_NOT_FOUND');
  });

  it('refuses bad input and changes nothing', async () => {
    const token = await signIn(DEALER);
    const before = (await ok(await call('GET', '/v1/referral/refer', token))).totalDocs;
    await refused(
      await call('POST', '/v1/referral/addReferral', token, { firstName: 'No contact' }),
      400,
      'VALIDATION_ERROR',
    );
    await refused(
      await call('POST', '/v1/referral/addReferral', token, { firstName: '', phone: '1' }),
      400,
      'VALIDATION_ERROR',
    );
    await refused(
      await call('POST', '/v1/referral/addReferral', token, { firstName: 'X', email: 'nope' }),
      400,
      'VALIDATION_ERROR',
    );
    await refused(
      await call('POST', '/v1/referral/addReferral', token, { firstName: 'X', phone: '1', model: 'moped' }),
      400,
      'VALIDATION_ERROR',
    );
    await refused(await call('GET', '/v1/referral/refer?status=maybe', token), 400, 'VALIDATION_ERROR');
    await refused(await call('GET', '/v1/referral/refer?limit=1000', token), 400, 'VALIDATION_ERROR');
    const lead = (await ok(await call('GET', '/v1/referral/refer?search=Jordi', token))).docs[0] as Json;
    await refused(
      await call('PUT', `/v1/referral/edit/${lead._id}`, token, { status: 'sold' }),
      400,
      'VALIDATION_ERROR',
    );
    await refused(
      await call('PUT', `/v1/referral/edit/${lead._id}`, token, { email: '', phone: '' }),
      400,
      'LEAD_CONTACT_REQUIRED',
    );
    await refused(
      await call('POST', '/v1/referral/addNotes', token, { leadId: lead._id, text: '   ' }),
      400,
      'VALIDATION_ERROR',
    );
    await refused(await call('PUT', '/v1/referral/edit/not-a-uuid', token, {}), 400, 'VALIDATION_ERROR');
    expect((await ok(await call('GET', '/v1/referral/refer', token))).totalDocs).toBe(before);
    expect((await ok(await call('GET', `/v1/referral/${lead._id}`, token))).email).toBe('jordi.serra@example.com');
  });

  it('never shows or changes another dealer’s lead; customers and unapproved dealers have none', async () => {
    const mine = (await ok(await call('GET', '/v1/referral/refer', await signIn(DEALER)))).docs[0] as Json;
    const other = await signIn(LYON);
    expect((await ok(await call('GET', '/v1/referral/refer', other))).docs.some((l: Json) => l._id === mine._id)).toBe(
      false,
    );
    await refused(await call('GET', `/v1/referral/${mine._id}`, other), 404, 'LEAD_NOT_FOUND');
    await refused(await call('PUT', `/v1/referral/edit/${mine._id}`, other, { status: 'lost' }), 404, 'LEAD_NOT_FOUND');
    await refused(
      await call('POST', '/v1/referral/addNotes', other, { leadId: mine._id, text: 'x' }),
      404,
      'LEAD_NOT_FOUND',
    );
    await refused(await call('DELETE', `/v1/referral/delete/${mine._id}`, other), 404, 'LEAD_NOT_FOUND');
    await refused(await call('DELETE', `/v1/referral/delete/${UNKNOWN}`, other), 404, 'LEAD_NOT_FOUND');
    for (const who of [CUSTOMER, PENDING]) {
      await refused(await call('GET', '/v1/referral/refer', await signIn(who)), 403, 'FORBIDDEN');
      await refused(
        await call('POST', '/v1/referral/addReferral', await signIn(who), { firstName: 'X', phone: '123' }),
        403,
        'FORBIDDEN',
      );
    }
    await refused(await call('GET', '/v1/referral/refer'), 401, 'UNAUTHORIZED');
    // The lead dealer sees its own leads only, not those of the dealers of its group.
    const lead = await ok(await call('GET', '/v1/referral/refer', await signIn(LEAD_DEALER)));
    expect(lead.docs.some((l: Json) => l._id === mine._id)).toBe(false);
    expect((await ok(await call('GET', `/v1/referral/${mine._id}`, await signIn(DEALER)))).status).toBe(mine.status);
  });
});

describe('test rides', () => {
  it('lists stores of the country first, with distances in the market’s unit', async () => {
    const es = await ok(await call('GET', '/v1/referral/test-ride/dealers?country=ES&lat=41.39&lng=2.17'));
    expect(es.docs[0]).toMatchObject({ name: 'Moto Electric Barcelona', country: 'ES', distance: { unit: 'km' } });
    expect(es.docs[0].distance.value).toBeLessThan(5);
    const us = await ok(await call('GET', '/v1/referral/test-ride/dealers?country=us&lat=30.27&lng=-97.74'));
    expect(us.docs[0]).toMatchObject({ country: 'US', distance: { unit: 'mi' } });
    expect(es.docs.map((d: Json) => d.name)).not.toContain('');
    await refused(await call('GET', '/v1/referral/test-ride/dealers?country=ESP'), 400, 'VALIDATION_ERROR');
  });

  it('books a ride as a lead of the dealer, mails both, then asks for feedback once after the ride', async () => {
    const store = await barcelona();
    const body = ride(store._id);
    const booked = await ok(await call('POST', '/v1/referral/test-ride?country=ES&lang=es', null, body), 201);
    const confirmation = await lastMail(ctx.app, body.email);
    expect(confirmation?.subject).toContain('VARG EX');
    expect(confirmation?.lang).toBe('es');
    expect((await lastMail(ctx.app, 'taller@motoelectric.example'))?.text).toContain(`/leads/${booked._id}`);

    const dealer = await signIn(DEALER);
    const lead = await ok(await call('GET', `/v1/referral/${booked._id}`, dealer));
    expect(lead).toMatchObject({
      source: 'TEST_RIDE',
      status: 'test_ride_booked',
      preferredFrom: body.from,
      model: 'varg-ex',
      lang: 'es',
    });

    await ok(await call('PUT', `/v1/referral/edit/${booked._id}`, dealer, { status: 'test_ride_done' }));
    const mail = await lastMail(ctx.app, body.email);
    const token = /feedback\?token=([\w-]+)/.exec(mail?.text ?? '')?.[1] ?? '';
    expect(token.length).toBeGreaterThan(20);
    // Moving it back and forth sends no second link.
    await ok(await call('PUT', `/v1/referral/edit/${booked._id}`, dealer, { status: 'won' }));
    await ok(await call('PUT', `/v1/referral/edit/${booked._id}`, dealer, { status: 'test_ride_done' }));
    expect(
      await ctx.database.db.select().from(testRideFeedback).where(eq(testRideFeedback.leadId, booked._id)),
    ).toHaveLength(1);

    expect(await ok(await call('GET', `/v1/referral/test-ride/feedback?token=${token}`))).toMatchObject({
      model: 'VARG EX',
      dealer: 'Moto Electric Barcelona',
      answered: false,
    });
    await refused(
      await call('POST', `/v1/referral/test-ride/feedback?token=${token}`, null, { rating: 6, wouldBuy: true }),
      400,
      'VALIDATION_ERROR',
    );
    // A boolean is not a rating (z.coerce took `true` as 1 and stored the feedback).
    await refused(
      await call('POST', `/v1/referral/test-ride/feedback?token=${token}`, null, { rating: true, wouldBuy: true }),
      400,
      'VALIDATION_ERROR',
    );
    await ok(
      await call('POST', `/v1/referral/test-ride/feedback?token=${token}`, null, {
        rating: 5,
        comments: 'Brutal.',
        wouldBuy: true,
      }),
      201,
    );
    await refused(
      await call('POST', `/v1/referral/test-ride/feedback?token=${token}`, null, { rating: 1, wouldBuy: false }),
      409,
      'FEEDBACK_ALREADY_GIVEN',
    );
    expect((await ok(await call('GET', `/v1/referral/${booked._id}`, dealer))).feedback).toMatchObject({
      rating: 5,
      comments: 'Brutal.',
      wouldBuy: true,
    });
    expect((await ok(await call('GET', `/v1/referral/test-ride/feedback?token=${token}`))).answered).toBe(true);
    await refused(
      await call('GET', `/v1/referral/test-ride/feedback?token=${'x'.repeat(32)}`),
      404,
      'FEEDBACK_LINK_INVALID',
    );
    await refused(
      await call('POST', `/v1/referral/test-ride/feedback?token=${'x'.repeat(32)}`, null, {
        rating: 3,
        wouldBuy: true,
      }),
      404,
      'FEEDBACK_LINK_INVALID',
    );
  });

  it('refuses a ride without consent, with bad dates, at an unknown or unapproved dealer, and stores nothing', async () => {
    const store = await barcelona();
    const count = async () => (await ctx.database.db.select().from(leads)).length;
    const before = await count();
    await refused(
      await call('POST', '/v1/referral/test-ride', null, ride(store._id, { consent: false })),
      400,
      'VALIDATION_ERROR',
    );
    await refused(
      await call('POST', '/v1/referral/test-ride', null, ride(store._id, { from: day(-1) })),
      400,
      'TEST_RIDE_DATES_INVALID',
    );
    await refused(
      await call('POST', '/v1/referral/test-ride', null, ride(store._id, { from: day(9), to: day(2) })),
      400,
      'TEST_RIDE_DATES_INVALID',
    );
    await refused(
      await call('POST', '/v1/referral/test-ride', null, ride(store._id, { from: '2026-02-30' })),
      400,
      'VALIDATION_ERROR',
    );
    await refused(await call('POST', '/v1/referral/test-ride', null, ride(UNKNOWN)), 404, 'DEALER_NOT_FOUND');
    await refused(
      await call('POST', '/v1/referral/test-ride', null, ride(store._id, { email: 'x' })),
      400,
      'VALIDATION_ERROR',
    );
    await refused(
      await call('POST', '/v1/referral/test-ride', null, ride(store._id, { model: 'moped' })),
      400,
      'VALIDATION_ERROR',
    );
    expect(await count()).toBe(before);
  });

  it('limits requests per address', async () => {
    const store = await barcelona();
    const from = '203.0.113.77';
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/v1/referral/test-ride',
        remoteAddress: from,
        payload: ride(store._id),
      });
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, 5)).toEqual([201, 201, 201, 201, 201]);
    expect(codes[5]).toBe(429);
  });
});
