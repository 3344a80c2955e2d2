import { auctionAxes } from '@varg/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ADMIN, auctionApi, bid, bidder, COMPANY, CUSTOMER, calls, setEnd } from '../../../test/auction-fixture.ts';
import { lastMail } from '../../../test/helper.ts';

// The axe auction's winners: chosen once after the end, e-mailed, their address and payment. The shared setup is
// apps/api/test/auction-fixture.ts.

const ctx = auctionApi();
const { call, ok, refused, signIn } = calls;

describe('winners', () => {
  it('are chosen once after the end, e-mailed in their language, give an address once and pay through payments', async () => {
    const admin = await signIn(ADMIN);
    const customer = await signIn(CUSTOMER);
    await refused(await call('POST', '/v1/axes/winners/determine', customer), 403, 'FORBIDDEN');
    // Axe 100: the German demo customer's 150.00 EUR; axe 2: no bid.
    await setEnd(100, new Date(Date.now() - 1000));
    await setEnd(2, new Date(Date.now() - 1000));
    const first = await ok(await call('POST', '/v1/axes/winners/determine', admin));
    // Axes that ended without bids in earlier tests close too, without a winner.
    expect(first).toMatchObject({ winners: 1, mailed: 1 });
    expect(first.closed).toBeGreaterThanOrEqual(2);
    expect(await ok(await call('POST', '/v1/axes/winners/determine', admin))).toEqual({
      closed: 0,
      winners: 0,
      mailed: 0,
    });

    const mail = await lastMail(ctx.app, CUSTOMER);
    expect(mail?.lang).toBe('de');
    expect(mail?.subject).toContain('100');
    const link = /\/de-DE\/xmas-auction-winner\?number=100&hash=([\w-]{43})/.exec(mail?.text ?? '');
    expect(link).not.toBeNull();
    const hash = link?.[1] as string;
    const [row] = await ctx.database.db.select().from(auctionAxes).where(eq(auctionAxes.number, 100));
    expect(row).toMatchObject({ winningAmount: 15_000 });
    await refused(await bid(await bidder(), 100, 90_000), 409, 'AUCTION_ENDED');

    const winner = await ok(await call('GET', `/v1/axes/winners/100/${hash}`));
    expect(winner).toMatchObject({ number: 100, amount: 15_000, currency: 'EUR', addressGiven: false, paid: false });
    const forged = `${hash.slice(0, 42)}${hash.endsWith('A') ? 'B' : 'A'}`;
    await refused(await call('GET', `/v1/axes/winners/100/${forged}`), 404, 'WINNER_LINK_INVALID');
    await refused(await call('GET', `/v1/axes/winners/2/${hash}`), 404, 'WINNER_LINK_INVALID');
    await refused(await call('GET', `/v1/axes/winners/1001/${hash}`), 400, 'VALIDATION_ERROR');

    // Paying before the address: there is no order yet.
    await refused(
      await call('POST', '/v1/axes/payment_intent', customer, { amount: 15_000, country: 'DE' }),
      404,
      'AUCTION_WIN_NOT_FOUND',
    );

    const address = {
      first_name: 'Laura',
      last_name: 'Fischer',
      phone: '+49 151 23456789',
      line_1: 'Torstraße 1',
      postal_code: '10119',
      city: 'Berlin',
      country: 'de',
    };
    const url = `/v1/axes/winners/address/100/${hash}`;
    await refused(await call('POST', url, null, { ...address, city: '' }), 400, 'VALIDATION_ERROR');
    await refused(await call('POST', url, null, { ...address, phone: 'call me' }), 400, 'VALIDATION_ERROR');
    await refused(await call('POST', url, null, { ...address, country: 'XX' }), 400, 'WINNER_ADDRESS_COUNTRY');
    await refused(
      await call('POST', `/v1/axes/winners/address/100/${forged}`, null, address),
      404,
      'WINNER_LINK_INVALID',
    );
    const given = await ok(await call('POST', url, null, address), 201);
    expect(given).toMatchObject({ addressGiven: true, address: { city: 'Berlin', country: 'DE' } });
    expect(given.orderId).toBeTruthy();
    await refused(await call('POST', url, null, { ...address, city: 'München' }), 409, 'WINNER_ADDRESS_GIVEN');

    // The order is the customer's own, of the winning amount; it is paid through the payments module.
    const order = await ok(await call('GET', `/v1/store/orders/${given.orderId}`, customer));
    expect(JSON.stringify(order)).toContain('15000');
    await refused(
      await call('POST', '/v1/axes/payment_intent', null, { amount: 15_000, country: 'DE' }),
      401,
      'UNAUTHORIZED',
    );
    await refused(
      await call('POST', '/v1/axes/payment_intent', customer, { amount: 14_000, country: 'DE' }),
      404,
      'AUCTION_WIN_NOT_FOUND',
    );
    await refused(
      await call('POST', '/v1/axes/payment_intent', await signIn(COMPANY), { amount: 15_000, country: 'DE' }),
      404,
      'AUCTION_WIN_NOT_FOUND',
    );
    await refused(
      await call('POST', '/v1/axes/payment_intent', customer, { amount: -5, country: 'DE' }),
      400,
      'VALIDATION_ERROR',
    );
    await refused(
      await call('POST', '/v1/axes/payment_intent', customer, { amount: 15_000, country: 'Germany' }),
      400,
      'VALIDATION_ERROR',
    );
    const intent = await ok(await call('POST', '/v1/axes/payment_intent', customer, { amount: 15_000, country: 'DE' }));
    expect(intent.orderId).toBe(given.orderId);
    expect(intent.payment).toMatchObject({ orderId: given.orderId, amount: 15_000, currency: 'EUR', method: 'card' });
    const again = await ok(await call('POST', '/v1/axes/payment_intent', customer, { amount: 15_000, country: 'DE' }));
    expect(again.payment._id).toBe(intent.payment._id);
  });

  it('are chosen once when two runs of the job meet (two processes)', async () => {
    const admin = await signIn(ADMIN);
    // Axe 1: the French demo customer's 300.00 EUR over the German one's 250.00.
    await setEnd(1, new Date(Date.now() - 1000));
    const runs = await Promise.all([
      call('POST', '/v1/axes/winners/determine', admin),
      call('POST', '/v1/axes/winners/determine', admin),
      call('POST', '/v1/axes/winners/determine', admin),
    ]);
    const answers = await Promise.all(runs.map((r) => ok(r)));
    expect(answers.reduce((n, a) => n + a.winners, 0)).toBe(1);
    expect(answers.reduce((n, a) => n + a.mailed, 0)).toBe(1);
    const [row] = await ctx.database.db.select().from(auctionAxes).where(eq(auctionAxes.number, 1));
    expect(row).toMatchObject({ winningAmount: 30_000 });
    const mail = await lastMail(ctx.app, COMPANY);
    expect(mail?.lang).toBe('fr');
    expect(mail?.subject).toBe('Vous avez remporté la hache n° 1');
  });

  it('runs the job for administrators only, and ends axes from this machine only (dev)', async () => {
    await refused(await call('POST', '/v1/axes/winners/determine'), 401, 'UNAUTHORIZED');
    // The dev route answers this machine only: from elsewhere it does not exist.
    expect((await call('POST', '/v1/dev/auction/end/5')).statusCode).toBe(404);
    const local = (url: string) => ctx.app.inject({ method: 'POST', url, headers: { 'x-lang': 'en' } });
    expect((await local('/v1/dev/auction/end/0')).json().code).toBe('VALIDATION_ERROR');
    const ended = await local('/v1/dev/auction/end/5');
    expect(ended.statusCode).toBe(200);
    const [row] = await ctx.database.db.select().from(auctionAxes).where(eq(auctionAxes.number, 5));
    expect(row?.closedAt).not.toBeNull();
    expect(row?.winnerId).toBeNull();
  });
});
