import { auditLog, users, vehicles, vehicleTransfers } from '@varg/db';
import { isValidVin } from '@varg/domain';
import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiCalls, DEMO_ACCOUNTS, type Json, lastMail, newCustomer as signUp, useApi } from '../../../test/helper.ts';

const ctx = useApi({
  config: {
    payments: {
      provider: 'sandbox',
      stripeMarkets: [],
      stripeAccounts: {},
      sandboxWebhookSecret: 'whsec_test_secret_123456',
      sandboxSettleMs: 0,
    },
  },
});

const { CUSTOMER, COMPANY, ADMIN, MCO, DEALER } = DEMO_ACCOUNTS;
const UNKNOWN = '0e41c1e0-0000-4000-8000-0000000000ff';

const { call, ok, refused, signIn } = apiCalls(ctx);

let buyers = 0;
/** A new buyer's VARG EX in Germany; paid in full by card when `pay`. */
async function boughtBike(pay = true) {
  const cart = await ok(
    await call('POST', '/v1/cart/add-item?country=DE', null, {
      productId: 'varg-ex',
      componentIds: ['varg_option_white'],
    }),
  );
  const email = `owner-${++buyers}-${Date.now()}@example.com`;
  const confirmed = await ok(
    await call('POST', '/v1/checkout', null, {
      cart_id: cart._id,
      email,
      first_name: 'Jonas',
      last_name: 'Becker',
      phone: '+49 151 23456789',
      address_input: { country: 'DE', line_1: 'Torstraße 1', postal_code: '10119', city: 'Berlin' },
      shipping_method: 'home_delivery',
      language: 'en',
    }),
  );
  const orderId = confirmed.order._id as string;
  const token = confirmed.token as string;
  if (pay) {
    const started = await ok(
      await call('POST', '/v1/payment', token, { kind: 'full', method: 'card', order: orderId }),
    );
    const paid = await ok(
      await call('POST', `/v1/payment/${started._id}/confirm`, token, {
        details: { type: 'card', number: '4242 4242 4242 4242', expMonth: 12, expYear: 2031, cvc: '123' },
        returnUrl: '/de-DE/checkout/verify/payment',
      }),
    );
    expect(paid.status).toBe('SUCCEEDED');
  }
  return { orderId, token, email };
}

async function delivered(orderId: string, body: Json = {}) {
  const admin = await signIn(ADMIN);
  return ok(await call('POST', '/v1/vehicles/deliver', admin, { orderId, ...body }), 201);
}

/** A new, confirmed account: its address, token and id. */
async function newCustomer(_app: unknown, email: string) {
  const { token } = await signUp(ctx.app, email);
  const [row] = await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return { email, token, id: row?.id as string };
}

const transferCode = async (to: string) => {
  const mail = await lastMail(ctx.app, to);
  const code = /\b([A-Z2-9]{4}-[A-Z2-9]{4})\b/.exec(mail?.text ?? '')?.[1];
  if (!code) throw new Error(`no code in ${mail?.text}`);
  return code;
};

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

describe('ownership transfer by code', () => {
  async function ownedBike() {
    const bought = await boughtBike();
    const made = await delivered(bought.orderId);
    return { ...bought, vehicleId: made.vehicles[0]._id as string, vin: made.vehicles[0].vin as string };
  }

  it('moves the vehicle to the addressed new owner, once, and tells both', async () => {
    const bike = await ownedBike();
    const newOwner = await newCustomer(ctx.app, `new-owner-${Date.now()}@example.com`);
    const started = await ok(
      await call('POST', `/v1/vehicles/${bike.vehicleId}/transfer-ownership`, bike.token, {
        to_owner_email: newOwner.email.toUpperCase(),
      }),
      201,
    );
    expect(started).toMatchObject({ status: 'pending', toEmail: newOwner.email });
    const pending = (await ok(await call('GET', '/v1/vehicles', bike.token))).vehicles[0];
    expect(pending.pendingTransfer.toEmail).toBe(newOwner.email);
    const code = await transferCode(newOwner.email);
    // The stored code is a hash.
    const [row] = await ctx.database.db.select().from(vehicleTransfers).where(eq(vehicleTransfers.id, started.id));
    expect(row?.codeHash).not.toContain(code.replace('-', ''));

    const incoming = await ok(await call('GET', `/v1/vehicles/${bike.vehicleId}/transfer-ownership`, newOwner.token));
    expect(incoming).toMatchObject({ vin: bike.vin, modelName: 'VARG EX' });

    const moved = await ok(
      await call(
        'PUT',
        `/v1/vehicles/${bike.vehicleId}/confirm-transfer-ownership/${code.toLowerCase()}`,
        newOwner.token,
      ),
    );
    expect(moved).toMatchObject({ vin: bike.vin, pendingTransfer: null, orderId: null });
    expect((await ok(await call('GET', '/v1/vehicles', newOwner.token))).vehicles.map((v: Json) => v.vin)).toEqual([
      bike.vin,
    ]);
    expect((await ok(await call('GET', '/v1/vehicles', bike.token))).vehicles).toEqual([]);
    expect((await lastMail(ctx.app, bike.email))?.subject).toContain('VARG EX');
    expect((await lastMail(ctx.app, newOwner.email))?.text).toContain(bike.vin);

    // The code works once; the former owner can no longer move it or read its certificate.
    await refused(
      await call('PUT', `/v1/vehicles/${bike.vehicleId}/confirm-transfer-ownership/${code}`, newOwner.token),
      409,
      'TRANSFER_CODE_USED',
    );
    await refused(
      await call('POST', `/v1/vehicles/${bike.vehicleId}/transfer-ownership`, bike.token, {
        to_owner_email: 'x@example.com',
      }),
      404,
      'VEHICLE_NOT_FOUND',
    );
    await refused(
      await call('GET', `/v1/vehicles/${bike.vehicleId}/documents/warranty_certificate`, bike.token),
      404,
      'VEHICLE_NOT_FOUND',
    );
  });

  it('refuses a wrong code (counting tries), someone else’s code, and locks after five wrong tries', async () => {
    const bike = await ownedBike();
    const newOwner = await newCustomer(ctx.app, `lock-${Date.now()}@example.com`);
    const stranger = await newCustomer(ctx.app, `stranger-${Date.now()}@example.com`);
    await ok(
      await call('POST', `/v1/vehicles/${bike.vehicleId}/transfer-ownership`, bike.token, {
        to_owner_email: newOwner.email,
      }),
      201,
    );
    const code = await transferCode(newOwner.email);
    await refused(
      await call('PUT', `/v1/vehicles/${bike.vehicleId}/confirm-transfer-ownership/${code}`, stranger.token),
      403,
      'TRANSFER_NOT_ADDRESSED',
    );
    await refused(
      await call('GET', `/v1/vehicles/${bike.vehicleId}/transfer-ownership`, stranger.token),
      403,
      'TRANSFER_NOT_ADDRESSED',
    );
    for (let i = 1; i <= 4; i++) {
      const body = await refused(
        await call('PUT', `/v1/vehicles/${bike.vehicleId}/confirm-transfer-ownership/AAAA-AAAA`, newOwner.token),
        400,
        'TRANSFER_CODE_INVALID',
      );
      // Counted in the plural form the number needs: "1 try left", not "1 tries left".
      expect(body.message).toBe(`The code is not right. ${5 - i} ${5 - i === 1 ? 'try' : 'tries'} left.`);
    }
    await refused(
      await call('PUT', `/v1/vehicles/${bike.vehicleId}/confirm-transfer-ownership/AAAA-AAAA`, newOwner.token),
      429,
      'TRANSFER_LOCKED',
    );
    // Even the right code no longer works; the bike stayed with its owner.
    await refused(
      await call('PUT', `/v1/vehicles/${bike.vehicleId}/confirm-transfer-ownership/${code}`, newOwner.token),
      404,
      'TRANSFER_NOT_FOUND',
    );
    expect((await ok(await call('GET', '/v1/vehicles', bike.token))).vehicles).toHaveLength(1);
  });

  it('allows one pending transfer per vehicle, which the owner can cancel; not to oneself; not for others’ vehicles', async () => {
    const bike = await ownedBike();
    const url = `/v1/vehicles/${bike.vehicleId}/transfer-ownership`;
    await refused(await call('POST', url, bike.token, { to_owner_email: bike.email }), 400, 'TRANSFER_SELF');
    await refused(await call('POST', url, bike.token, { to_owner_email: 'not an e-mail' }), 400, 'VALIDATION_ERROR');
    await refused(await call('POST', url, bike.token, {}), 400, 'VALIDATION_ERROR');
    await refused(
      await call('POST', url, await signIn(COMPANY), { to_owner_email: 'x@example.com' }),
      404,
      'VEHICLE_NOT_FOUND',
    );
    await refused(
      await call('POST', `/v1/vehicles/${UNKNOWN}/transfer-ownership`, bike.token, { to_owner_email: 'x@example.com' }),
      404,
      'VEHICLE_NOT_FOUND',
    );
    await ok(await call('POST', url, bike.token, { to_owner_email: 'first@example.com' }), 201);
    await refused(
      await call('POST', url, bike.token, { to_owner_email: 'second@example.com' }),
      409,
      'TRANSFER_PENDING',
    );
    await refused(await call('DELETE', url, await signIn(COMPANY)), 404, 'VEHICLE_NOT_FOUND');
    expect((await call('DELETE', url, bike.token)).statusCode).toBe(204);
    await refused(await call('DELETE', url, bike.token), 404, 'TRANSFER_NOT_FOUND');
    await ok(await call('POST', url, bike.token, { to_owner_email: 'second@example.com' }), 201);
  });

  it('moves the vehicle exactly once when two confirms race', async () => {
    const bike = await ownedBike();
    const newOwner = await newCustomer(ctx.app, `race-${Date.now()}@example.com`);
    await ok(
      await call('POST', `/v1/vehicles/${bike.vehicleId}/transfer-ownership`, bike.token, {
        to_owner_email: newOwner.email,
      }),
      201,
    );
    const code = await transferCode(newOwner.email);
    const url = `/v1/vehicles/${bike.vehicleId}/confirm-transfer-ownership/${code}`;
    const answers = await Promise.all([1, 2, 3].map(() => call('PUT', url, newOwner.token)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    const history = await ctx.database.db
      .select()
      .from(vehicleTransfers)
      .where(eq(vehicleTransfers.vehicleId, bike.vehicleId));
    expect(history.filter((t) => t.status === 'confirmed')).toHaveLength(1);
    const [row] = await ctx.database.db.select().from(vehicles).where(eq(vehicles.id, bike.vehicleId));
    expect(row?.ownerId).toBe(newOwner.id);
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
