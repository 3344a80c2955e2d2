import { auditLog, users, vehicles } from '@varg/db';
import { isValidVin } from '@varg/domain';
import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Json } from '../../../test/helper.ts';
import {
  ADMIN,
  boughtBike,
  COMPANY,
  CUSTOMER,
  calls,
  DEALER,
  delivered,
  MCO,
  UNKNOWN,
  vehiclesApi,
} from '../../../test/vehicles-fixture.ts';

// Vehicles through the API: the garage, delivery of paid vehicle orders and the registration office. Ownership
// transfers (vehicle-transfers) have their own file; the shared setup is apps/api/test/vehicles-fixture.ts.

const ctx = vehiclesApi();
const { call, ok, refused, signIn } = calls;

describe('the garage: GET vehicles', () => {
  it('answers the caller’s own vehicles with a valid VIN and the warranty end', async () => {
    const list = await ok(await call('GET', '/v1/vehicles', await signIn(CUSTOMER)));
    expect(list.vehicles.map((v: Json) => v.model).sort()).toEqual(['varg', 'varg-ex']);
    for (const v of list.vehicles) expect(isValidVin(v.vin)).toBe(true);
    const ex = list.vehicles.find((v: Json) => v.model === 'varg-ex');
    expect(ex).toMatchObject({
      modelName: 'VARG EX',
      color: 'grey',
      registrationStatus: 'registered',
      warrantyEnd: '2028-04-18',
    });
    expect(ex.documents[0].url).toBe(`/v1/vehicles/${ex._id}/documents/warranty_certificate`);
  });

  it('needs a sign-in', async () => {
    await refused(await call('GET', '/v1/vehicles'), 401, 'UNAUTHORIZED');
  });

  it('never shows another person’s vehicle, nor its certificate', async () => {
    const mine = (await ok(await call('GET', '/v1/vehicles', await signIn(CUSTOMER)))).vehicles[0];
    const other = await signIn(COMPANY);
    const theirs = (await ok(await call('GET', '/v1/vehicles', other))).vehicles as Json[];
    expect(theirs.some((v) => v._id === mine._id)).toBe(false);
    await refused(
      await call('GET', `/v1/vehicles/${mine._id}/documents/warranty_certificate`, other),
      404,
      'VEHICLE_NOT_FOUND',
    );
    const pdf = await call('GET', `/v1/vehicles/${mine._id}/documents/warranty_certificate`, await signIn(CUSTOMER));
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // A signed link opens it without a token; it is the owner's alone and names this vehicle only.
    const link = await ok(
      await call('GET', `/v1/vehicles/${mine._id}/documents/warranty_certificate/link`, await signIn(CUSTOMER)),
    );
    const opened = await call('GET', link.downloadURL);
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['content-type']).toBe('application/pdf');
    await refused(
      await call('GET', `/v1/vehicles/${mine._id}/documents/warranty_certificate/link`, other),
      404,
      'VEHICLE_NOT_FOUND',
    );
    const token = new URL(link.downloadURL, 'http://x').searchParams.get('token');
    await refused(
      await call('GET', `/v1/vehicles/${theirs[0]?._id}/documents/warranty_certificate?token=${token}`),
      400,
      'INVALID_TOKEN',
    );
    await refused(await call('GET', `/v1/vehicles/${mine._id}/documents/warranty_certificate`), 401, 'UNAUTHORIZED');
  });
});

describe('delivery: a paid vehicle order becomes the buyer’s vehicle', () => {
  it('makes one vehicle per bike of an order paid in full, once', async () => {
    const { orderId, token } = await boughtBike();
    const admin = await signIn(ADMIN);
    const candidates = (await ok(await call('GET', '/v1/vehicles/deliveries', admin))).docs as Json[];
    expect(candidates.find((c) => c.orderId === orderId)).toMatchObject({ bikes: 1, delivered: 0 });
    const made = await delivered(orderId);
    expect(made.vehicles).toHaveLength(1);
    expect(isValidVin(made.vehicles[0].vin)).toBe(true);
    const garage = (await ok(await call('GET', '/v1/vehicles', token))).vehicles as Json[];
    expect(garage).toHaveLength(1);
    expect(garage[0]).toMatchObject({ vin: made.vehicles[0].vin, model: 'varg-ex', color: 'white', orderId });
    await refused(await call('POST', '/v1/vehicles/deliver', admin, { orderId }), 409, 'VEHICLE_ALREADY_DELIVERED');
    const again = (await ok(await call('GET', '/v1/vehicles/deliveries', admin))).docs as Json[];
    expect(again.some((c) => c.orderId === orderId)).toBe(false);
  });

  it('refuses an order not paid in full, a bad VIN, a VIN already used, and callers who are not administrators', async () => {
    const unpaid = await boughtBike(false);
    const admin = await signIn(ADMIN);
    await refused(
      await call('POST', '/v1/vehicles/deliver', admin, { orderId: unpaid.orderId }),
      409,
      'ORDER_NOT_PAID',
    );
    const paid = await boughtBike();
    await refused(
      await call('POST', '/v1/vehicles/deliver', admin, { orderId: paid.orderId, vins: ['VSFEXE1A0TB100001'] }),
      400,
      'VIN_INVALID',
    );
    const taken = (await ok(await call('GET', '/v1/vehicles', await signIn(CUSTOMER)))).vehicles[0].vin;
    await refused(
      await call('POST', '/v1/vehicles/deliver', admin, { orderId: paid.orderId, vins: [taken] }),
      409,
      'VIN_TAKEN',
    );
    await refused(await call('POST', '/v1/vehicles/deliver', admin, { orderId: 'nope' }), 400, 'VALIDATION_ERROR');
    await refused(await call('POST', '/v1/vehicles/deliver', admin, { orderId: UNKNOWN }), 404, 'ORDER_NOT_FOUND');
    for (const who of [CUSTOMER, DEALER, MCO]) {
      await refused(
        await call('POST', '/v1/vehicles/deliver', await signIn(who), { orderId: paid.orderId }),
        403,
        'FORBIDDEN',
      );
      await refused(await call('GET', '/v1/vehicles/deliveries', await signIn(who)), 403, 'FORBIDDEN');
    }
    // Nothing was made by the refusals.
    expect(await ctx.database.db.select().from(vehicles).where(eq(vehicles.orderId, paid.orderId))).toHaveLength(0);
  });
});

describe('registration office (mco)', () => {
  it('finds a vehicle by VIN, id or order number and marks it registered', async () => {
    const mco = await signIn(MCO);
    const queue = (await ok(await call('GET', '/v1/vehicles/mco', mco))).docs as Json[];
    expect(queue.length).toBeGreaterThanOrEqual(2);
    expect(queue.every((v) => v.registrationStatus === 'pending')).toBe(true);
    const first = queue[0] as Json;
    const byVin = (await ok(await call('GET', `/v1/vehicles/mco/${first.vin.toLowerCase()}`, mco))).docs;
    expect(byVin).toHaveLength(1);
    expect(byVin[0]).toMatchObject({ _id: first._id, owner: { email: COMPANY } });
    expect((await ok(await call('GET', `/v1/vehicles/mco/${first._id}`, mco))).docs).toHaveLength(1);
    expect((await ok(await call('GET', '/v1/vehicles/mco/VSFEXE1A0TB999999', mco))).docs).toEqual([]);

    const registered = await ok(
      await call('PUT', `/v1/vehicles/mco/${first.vin}/registered`, mco, { registrationNumber: 'ab-123-cd' }),
    );
    expect(registered).toMatchObject({ registrationStatus: 'registered', registrationNumber: 'AB-123-CD' });
    await refused(
      await call('PUT', `/v1/vehicles/mco/${first.vin}/registered`, mco, { registrationNumber: 'AB-123-CD' }),
      409,
      'VEHICLE_ALREADY_REGISTERED',
    );
    await refused(
      await call('PUT', `/v1/vehicles/mco/${first.vin}/registered`, mco, { registrationNumber: '' }),
      400,
      'VALIDATION_ERROR',
    );
    await refused(
      await call('PUT', `/v1/vehicles/mco/${UNKNOWN}/registered`, mco, { registrationNumber: 'X-1' }),
      404,
      'VEHICLE_NOT_FOUND',
    );

    const bought = await boughtBike();
    await delivered(bought.orderId);
    const number = (await ok(await call('GET', `/v1/order/${bought.orderId}`, bought.token))).number;
    const byOrder = (await ok(await call('GET', `/v1/vehicles/mco/${number}`, mco))).docs;
    expect(byOrder).toHaveLength(1);
    expect(byOrder[0].orderNumber).toBe(number);
  });

  it('records every lookup and reading of the queue: who, what was looked up, which vehicles were shown', async () => {
    const mco = await signIn(MCO);
    const [officer] = await ctx.database.db.select().from(users).where(eq(users.email, MCO));
    const entries = (action: string) =>
      ctx.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, action), eq(auditLog.actorId, officer?.id ?? '')))
        .orderBy(desc(auditLog.createdAt));
    const queue = (await ok(await call('GET', '/v1/vehicles/mco', mco))).docs as Json[];
    const [read] = await entries('vehicles.mco_queue');
    expect(read?.detail).toEqual({ vehicleIds: queue.map((v) => v._id) });
    expect(read?.ip).toBeTruthy();

    const vin = (queue[0] as Json).vin as string;
    const found = (await ok(await call('GET', `/v1/vehicles/mco/${vin}`, mco))).docs as Json[];
    const [lookup] = await entries('vehicles.mco_lookup');
    expect(lookup?.detail).toEqual({ query: vin, vehicleIds: found.map((v) => v._id) });
    // A lookup that finds nothing is recorded too: what was searched for is what matters.
    await ok(await call('GET', '/v1/vehicles/mco/VSFEXE1A0TB999999', mco));
    const [miss] = await entries('vehicles.mco_lookup');
    expect(miss?.detail).toEqual({ query: 'VSFEXE1A0TB999999', vehicleIds: [] });
  });

  it('is for the mco role only', async () => {
    for (const who of [CUSTOMER, DEALER, ADMIN]) {
      await refused(await call('GET', '/v1/vehicles/mco', await signIn(who)), 403, 'FORBIDDEN');
      await refused(await call('GET', '/v1/vehicles/mco/VSFEXE1A0TB999999', await signIn(who)), 403, 'FORBIDDEN');
    }
    await refused(await call('GET', '/v1/vehicles/mco'), 401, 'UNAUTHORIZED');
  });
});
