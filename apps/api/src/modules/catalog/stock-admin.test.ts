// The back office's stock bikes (issue 24 item 3, decision 043): add with a photo and it is on sale on the storefront,
// edit, retire, see and release a reservation; bad input changes nothing; administrators only; every change audited.
import { auditLog, orders, stockBikePhotos, stockBikes } from '@varg/db';
import { makeVin } from '@varg/domain';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectAdminOnly } from '../../../test/backoffice.ts';
import { apiCalls, type Json, useApi } from '../../../test/helper.ts';

const ctx = useApi({ config: { stockReservationHours: 24 } });
const { call, ok, refused, signIn } = apiCalls(ctx, 30);
const admin = () => signIn('admin@demo.starkfuture.com');
/** A 1×1 PNG. */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
let serial = 700_000;
const vin = () => makeVin('varg', 2026, ++serial);

const bikeRow = async (id: string) => (await ctx.database.db.select().from(stockBikes).where(eq(stockBikes.id, id)))[0];
const trail = async (id: string) =>
  (await ok(await call('GET', `/v1/admin/audit/stock-bike/${id}`, await admin()))).docs as Json[];
const onStorefront = async (id: string, country: string) => {
  const page = await ok(
    await call('POST', '/v1/vehicles/stock-bikes', null, { country, productId: 'varg', limit: 50, page: 1 }),
  );
  const pages = Math.ceil(page.totalDocs / 50);
  const ids = page.docs.map((d: Json) => d._id);
  for (let p = 2; p <= pages; p++) {
    const next = await ok(
      await call('POST', '/v1/vehicles/stock-bikes', null, { country, productId: 'varg', limit: 50, page: p }),
    );
    ids.push(...next.docs.map((d: Json) => d._id));
  }
  return ids.includes(id);
};

async function addBike(overrides: Record<string, unknown> = {}) {
  return ok(
    await call('POST', '/v1/admin/stock-bikes', await admin(), {
      vin: vin(),
      productId: 'varg',
      optionIds: ['varg_option_red'],
      country: 'DE',
      dealerId: null,
      ...overrides,
    }),
    201,
  );
}

describe('stock bikes in the back office', () => {
  it('refuses everyone but administrators on every call', async () => {
    const id = 'SB0001';
    const photo = '00000000-0000-4000-8000-000000000000';
    const body = { vin: vin(), productId: 'varg', optionIds: [], country: 'DE', dealerId: null };
    for (const c of [
      { method: 'GET', url: '/v1/admin/stock-bikes' },
      { method: 'GET', url: '/v1/admin/stock-bikes/form-options' },
      { method: 'POST', url: '/v1/admin/stock-bikes', payload: body },
      { method: 'GET', url: `/v1/admin/stock-bikes/${id}` },
      { method: 'PUT', url: `/v1/admin/stock-bikes/${id}`, payload: body },
      { method: 'POST', url: `/v1/admin/stock-bikes/${id}/retire` },
      { method: 'POST', url: `/v1/admin/stock-bikes/${id}/restore` },
      { method: 'POST', url: `/v1/admin/stock-bikes/${id}/photos`, payload: { image: PNG } },
      { method: 'PUT', url: `/v1/admin/stock-bikes/${id}/photos/order`, payload: { photoIds: [photo] } },
      { method: 'DELETE', url: `/v1/admin/stock-bikes/${id}/photos/${photo}` },
      { method: 'GET', url: `/v1/admin/stock-bikes/${id}/reservations` },
      { method: 'POST', url: `/v1/admin/stock-bikes/${id}/reservations/${photo}/release` },
    ] as const) {
      await expectAdminOnly(ctx, c);
    }
    expect((await bikeRow(id))?.status).toBe('available');
    expect(await ctx.database.db.select().from(stockBikes).where(eq(stockBikes.vin, body.vin))).toEqual([]);
  });

  it('adds a bike with a photo: on sale on the storefront at once, audited with its trail', async () => {
    const bike = await addBike({
      vin: ` ${vin()
        .toLowerCase()
        .replace(/^(.{4})/, '$1-')} `,
    });
    expect(bike).toMatchObject({ productId: 'varg', country: 'DE', status: 'available', dealer: null, photos: [] });
    expect(bike.vin).toMatch(/^[A-HJ-NPR-Z0-9]{17}$/);
    expect(bike.optionIds).toContain('varg_option_red');
    expect(bike.optionIds.length).toBeGreaterThan(5); // the defaults of the other groups
    expect(await onStorefront(bike._id, 'DE')).toBe(true);

    const withPhoto = await ok(
      await call('POST', `/v1/admin/stock-bikes/${bike._id}/photos`, await admin(), { image: PNG }),
    );
    expect(withPhoto.photos).toHaveLength(1);
    const photo = await ctx.app.inject({ url: withPhoto.photos[0].url });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/png');
    expect(photo.rawPayload.equals(Buffer.from(PNG, 'base64'))).toBe(true);

    const entries = await trail(bike._id);
    expect(entries.map((e) => e.action)).toEqual(['stock_bike.photo_add', 'stock_bike.create']);
    expect(entries[1]?.actor.email).toBe('admin@demo.starkfuture.com');
    expect(entries[1]?.detail.after).toMatchObject({ vin: bike.vin, country: 'DE', status: 'available' });

    const list = await ok(await call('GET', `/v1/admin/stock-bikes?q=${bike.vin}`, await admin()));
    expect(list).toMatchObject({ total: 1, page: 1, docs: [{ _id: bike._id }] });
    const retiredNone = await ok(await call('GET', '/v1/admin/stock-bikes?status=retired&country=DE', await admin()));
    expect(retiredNone.docs.every((d: Json) => d.status === 'retired' && d.country === 'DE')).toBe(true);
  });

  it('orders, removes photos and refuses what is not an image, too large or too many', async () => {
    const bike = await addBike();
    const url = `/v1/admin/stock-bikes/${bike._id}/photos`;
    const one = await ok(await call('POST', url, await admin(), { image: PNG }));
    const two = await ok(await call('POST', url, await admin(), { image: `data:image/png;base64,${PNG}` }));
    const [a, b] = two.photos.map((p: Json) => p._id);
    expect(one.photos).toHaveLength(1);
    const reordered = await ok(await call('PUT', `${url}/order`, await admin(), { photoIds: [b, a] }));
    expect(reordered.photos.map((p: Json) => p._id)).toEqual([b, a]);
    await refused(await call('PUT', `${url}/order`, await admin(), { photoIds: [b] }), 400, 'VALIDATION_ERROR');

    const text = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>').toString('base64');
    await refused(await call('POST', url, await admin(), { image: text }), 415, 'STOCK_BIKE_PHOTO_TYPE');
    const big = Buffer.concat([Buffer.from(PNG, 'base64'), Buffer.alloc(5 * 1024 * 1024)]).toString('base64');
    await refused(await call('POST', url, await admin(), { image: big }), 413, 'STOCK_BIKE_PHOTO_TOO_LARGE');
    await refused(await call('POST', url, await admin(), { image: '!!' }), 400, 'VALIDATION_ERROR');
    expect(
      await ctx.database.db.select().from(stockBikePhotos).where(eq(stockBikePhotos.stockBikeId, bike._id)),
    ).toHaveLength(2);

    const removed = await ok(await call('DELETE', `${url}/${a}`, await admin()));
    expect(removed.photos.map((p: Json) => p._id)).toEqual([b]);
    expect((await ctx.app.inject({ url: `/v1/stock-bikes/${bike._id}/photos/${a}` })).statusCode).toBe(404);
    await refused(await call('DELETE', `${url}/${a}`, await admin()), 404, 'STOCK_BIKE_PHOTO_NOT_FOUND');
    for (let i = 1; i < 12; i++) await ok(await call('POST', url, await admin(), { image: PNG }));
    await refused(await call('POST', url, await admin(), { image: PNG }), 409, 'STOCK_BIKE_PHOTO_LIMIT');
  });

  it('refuses bad input with a translated 4xx and changes nothing', async () => {
    const token = await admin();
    const base = { vin: vin(), productId: 'varg', optionIds: [], country: 'DE', dealerId: null };
    const { dealers } = await ok(await call('GET', '/v1/admin/stock-bikes/form-options', token));
    const dealer = dealers[0];
    expect(dealer).toBeTruthy();
    const elsewhere = dealer.country === 'DE' ? 'FR' : 'DE';
    const cases: [Record<string, unknown>, number, string][] = [
      [{ vin: 'ABC' }, 400, 'VIN_INVALID'],
      [{ vin: `${base.vin.slice(0, 8)}${base.vin[8] === '1' ? '2' : '1'}${base.vin.slice(9)}` }, 400, 'VIN_INVALID'],
      [{ optionIds: ['varg_option_nope'] }, 400, 'INVALID_CONFIGURATION'],
      [{ optionIds: ['varg_option_red', 'varg_option_grey'] }, 400, 'INVALID_CONFIGURATION'],
      [{ optionIds: ['varg_option_mousse', 'varg_option_tires_soft'] }, 400, 'INCOMPATIBLE_OPTIONS'],
      [{ productId: 'nope' }, 404, 'PRODUCT_NOT_FOUND'],
      [{ country: 'XX' }, 404, 'COUNTRY_NOT_FOUND'],
      [{ dealerId: dealer._id, country: elsewhere }, 400, 'STOCK_BIKE_DEALER_INVALID'],
      [{ dealerId: '00000000-0000-4000-8000-000000000000' }, 400, 'STOCK_BIKE_DEALER_INVALID'],
      [{ extra: 1 }, 400, 'VALIDATION_ERROR'],
    ];
    for (const [change, status, code] of cases) {
      await refused(await call('POST', '/v1/admin/stock-bikes', token, { ...base, ...change }), status, code);
    }
    expect(await ctx.database.db.select().from(stockBikes).where(eq(stockBikes.vin, base.vin))).toEqual([]);

    const bike = await addBike();
    const taken = await call('POST', '/v1/admin/stock-bikes', token, { ...base, vin: bike.vin });
    expect((await refused(taken, 409, 'VIN_TAKEN')).message).toContain(bike.vin);
    // Two administrators entering one VIN at once: one bike, the other told the VIN is taken.
    const same = { ...base, vin: vin() };
    const raced = await Promise.all([1, 2].map(() => call('POST', '/v1/admin/stock-bikes', token, same)));
    expect(raced.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await ctx.database.db.select().from(stockBikes).where(eq(stockBikes.vin, same.vin))).toHaveLength(1);
    // Two different bikes at once both get a number of their own.
    const pair = await Promise.all(
      [1, 2].map(() => call('POST', '/v1/admin/stock-bikes', token, { ...base, vin: vin() })),
    );
    expect(pair.map((r) => r.statusCode)).toEqual([201, 201]);
    expect(new Set(pair.map((r) => r.json()._id)).size).toBe(2);
    await refused(await call('GET', '/v1/admin/stock-bikes/SB999999', token), 404, 'STOCK_BIKE_NOT_FOUND');
    await refused(await call('GET', '/v1/admin/stock-bikes?status=gone', token), 400, 'VALIDATION_ERROR');
    await refused(await call('GET', '/v1/admin/stock-bikes?sort=price', token), 400, 'VALIDATION_ERROR');
  });

  it('edits a bike at a dealer with the changed fields audited, retires it off the storefront', async () => {
    const token = await admin();
    const { dealers } = await ok(await call('GET', '/v1/admin/stock-bikes/form-options', token));
    const dealer = dealers[0];
    const bike = await addBike({ country: dealer.country });
    const edited = await ok(
      await call('PUT', `/v1/admin/stock-bikes/${bike._id}`, token, {
        vin: bike.vin,
        productId: 'varg',
        optionIds: ['varg_option_white'],
        country: dealer.country,
        dealerId: dealer._id,
      }),
    );
    expect(edited.dealer).toEqual({ _id: dealer._id, name: dealer.name });
    expect(edited.optionIds).toContain('varg_option_white');
    const [update] = await trail(bike._id);
    expect(update?.action).toBe('stock_bike.update');
    expect(update?.detail.before).toMatchObject({ dealerId: null });
    expect(update?.detail.after).toMatchObject({ dealerId: dealer._id });
    expect(Object.keys(update?.detail.after ?? {})).not.toContain('vin');

    const retired = await ok(await call('POST', `/v1/admin/stock-bikes/${bike._id}/retire`, token));
    expect(retired.status).toBe('retired');
    expect(await onStorefront(bike._id, dealer.country)).toBe(false);
    expect((await call('GET', `/v1/vehicles/stock-bikes/${bike._id}?country=${dealer.country}`)).statusCode).toBe(404);
    await refused(
      await call('POST', `/v1/admin/stock-bikes/${bike._id}/retire`, token),
      409,
      'STOCK_BIKE_NOT_EDITABLE',
    );
    await refused(
      await call('PUT', `/v1/admin/stock-bikes/${bike._id}`, token, { ...edited, dealerId: null, _id: undefined }),
      400,
      'VALIDATION_ERROR',
    );
    const body = { vin: bike.vin, productId: 'varg', optionIds: [], country: dealer.country, dealerId: null };
    await refused(await call('PUT', `/v1/admin/stock-bikes/${bike._id}`, token, body), 409, 'STOCK_BIKE_NOT_EDITABLE');
    // Retiring is undone by putting the bike back on sale; only a retired bike can be.
    const restored = await ok(await call('POST', `/v1/admin/stock-bikes/${bike._id}/restore`, token));
    expect(restored.status).toBe('available');
    expect(await onStorefront(bike._id, dealer.country)).toBe(true);
    await refused(
      await call('POST', `/v1/admin/stock-bikes/${bike._id}/restore`, token),
      409,
      'STOCK_BIKE_NOT_EDITABLE',
    );
    expect((await trail(bike._id)).map((e) => e.action)).toEqual([
      'stock_bike.restore',
      'stock_bike.retire',
      'stock_bike.update',
      'stock_bike.create',
    ]);
  });

  it('shows who holds a bike and releases an unpaid hold: order cancelled, bike on sale again, both audited', async () => {
    const token = await admin();
    const bike = await addBike({ country: 'ES' });
    const cart = await ok(
      await call('POST', '/v1/cart/add-stock-bike?country=ES', null, { stockBikeId: bike._id, quantity: 1 }),
    );
    const confirmed = await ok(
      await call('POST', '/v1/checkout', null, {
        cart_id: cart._id,
        first_name: 'Lucía',
        last_name: 'García',
        email: 'stock.admin.buyer@example.com',
        phone: '+34 612 000 111',
        address_input: { country: 'ES', line_1: 'Calle Mayor 1', postal_code: '28013', city: 'Madrid' },
        shipping_method: 'home_delivery',
        language: 'en',
      }),
    );
    const orderId = confirmed.order._id as string;
    expect((await bikeRow(bike._id))?.status).toBe('reserved');
    const { docs } = await ok(await call('GET', `/v1/admin/stock-bikes/${bike._id}/reservations`, token));
    expect(docs).toHaveLength(1);
    expect(docs[0]).toMatchObject({
      orderId,
      cartId: cart._id,
      status: 'pending_payment',
      paid: 0,
      buyer: { name: 'Lucía García', email: 'stock.admin.buyer@example.com' },
    });
    expect(Date.parse(docs[0].reservedUntil)).toBeGreaterThan(Date.now());
    // A held bike is not edited or retired: its order comes first.
    await refused(
      await call('POST', `/v1/admin/stock-bikes/${bike._id}/retire`, token),
      409,
      'STOCK_BIKE_NOT_EDITABLE',
    );
    const other = '00000000-0000-4000-8000-000000000000';
    await refused(
      await call('POST', `/v1/admin/stock-bikes/${bike._id}/reservations/${other}/release`, token),
      404,
      'RESERVATION_NOT_FOUND',
    );
    await refused(
      await call('POST', `/v1/admin/stock-bikes/SB0001/reservations/${orderId}/release`, token),
      404,
      'RESERVATION_NOT_FOUND',
    );
    expect((await bikeRow(bike._id))?.status).toBe('reserved');

    const released = await ok(
      await call('POST', `/v1/admin/stock-bikes/${bike._id}/reservations/${orderId}/release`, token),
    );
    expect(released.status).toBe('available');
    const [order] = await ctx.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order?.status).toBe('cancelled');
    expect((await ok(await call('GET', `/v1/admin/stock-bikes/${bike._id}/reservations`, token))).docs).toEqual([]);
    const [entry] = await trail(bike._id);
    expect(entry).toMatchObject({ action: 'stock_bike.release', detail: { orderId } });
    const orderTrail = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'order'), eq(auditLog.entityId, orderId)));
    expect(orderTrail.map((e) => e.action)).toEqual(['order.reservation_released']);
    await refused(
      await call('POST', `/v1/admin/stock-bikes/${bike._id}/reservations/${orderId}/release`, token),
      404,
      'RESERVATION_NOT_FOUND',
    );
  });
});
