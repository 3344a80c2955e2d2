import { vehicles, vehicleTransfers } from '@varg/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type Json, lastMail } from '../../../test/helper.ts';
import {
  boughtBike,
  COMPANY,
  calls,
  delivered,
  newCustomer,
  transferCode,
  UNKNOWN,
  vehiclesApi,
} from '../../../test/vehicles-fixture.ts';

// Vehicles: ownership transfer by code. The shared setup is apps/api/test/vehicles-fixture.ts.

const ctx = vehiclesApi();
const { call, ok, refused, signIn } = calls;

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
      expect(body.message).toBe(`The code is incorrect. ${5 - i} ${5 - i === 1 ? 'try' : 'tries'} left.`);
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
