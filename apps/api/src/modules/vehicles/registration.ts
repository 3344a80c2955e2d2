// Vehicles (decision 018): the registration office (mco) finds vehicles, works its queue and records registrations;
// its lookups are audited.
import type { McoVehicle } from '@varg/contracts';
import { isUuid, normalizeVin, type UiLanguage } from '@varg/domain';
import { ApiError } from '../../lib/api-error.ts';
import { type Caller, fullName, type VehiclesContext, vehicleBasics } from './context.ts';
import type { VehicleRow } from './repo.ts';

export function vehicleRegistration({ deps, repo, now }: VehiclesContext) {
  const { orders, people } = deps;

  async function mcoView(v: VehicleRow, lang: UiLanguage): Promise<McoVehicle> {
    const owner = await people.byId(v.ownerId);
    return {
      ...vehicleBasics(v, lang),
      country: v.country,
      productionDate: v.productionDate,
      deliveredAt: v.deliveredAt.toISOString(),
      registrationStatus: v.registrationStatus as McoVehicle['registrationStatus'],
      registrationNumber: v.registrationNumber,
      registeredAt: v.registeredAt?.toISOString() ?? null,
      orderNumber: null,
      owner: {
        name: fullName(owner),
        email: owner?.email ?? '',
        phone: owner?.phone ?? '',
        country: owner?.country ?? '',
      },
    };
  }

  return {
    /** The registration office's view of one vehicle, by id, VIN or order number (mco role); audited. */
    async mcoFind(query: string, lang: UiLanguage, actor: Caller & { ip: string }): Promise<McoVehicle[]> {
      const q = query.trim();
      let found: VehicleRow[] = [];
      if (isUuid(q)) {
        const v = await repo.byId(q);
        found = v ? [v] : [];
      } else if (/^\d{1,9}$/.test(q)) {
        const orderId = await orders.idByNumber(Number(q));
        found = orderId ? await repo.ofOrder(orderId) : [];
      } else {
        const v = await repo.byVin(normalizeVin(q));
        found = v ? [v] : [];
      }
      const out = await Promise.all(found.map((v) => mcoView(v, lang)));
      if (/^\d{1,9}$/.test(q)) for (const v of out) v.orderNumber = Number(q);
      await deps.audit.record({
        actorId: actor.userId,
        action: 'vehicles.mco_lookup',
        detail: { query: q, vehicleIds: found.map((v) => v.id) },
        ip: actor.ip,
      });
      return out;
    },

    async registrationQueue(lang: UiLanguage, actor: Caller & { ip: string }): Promise<McoVehicle[]> {
      const rows = await repo.registrationQueue(100);
      await deps.audit.record({
        actorId: actor.userId,
        action: 'vehicles.mco_queue',
        detail: { vehicleIds: rows.map((v) => v.id) },
        ip: actor.ip,
      });
      return Promise.all(rows.map((v) => mcoView(v, lang)));
    },

    async markRegistered(actor: Caller, id: string, registrationNumber: string, lang: UiLanguage) {
      const vehicle = isUuid(id) ? await repo.byId(id) : await repo.byVin(normalizeVin(id));
      if (!vehicle) throw new ApiError('VEHICLE_NOT_FOUND');
      const updated = await repo.markRegistered(vehicle.id, actor.userId, registrationNumber.toUpperCase(), now());
      if (!updated) throw new ApiError('VEHICLE_ALREADY_REGISTERED');
      return mcoView(updated, lang);
    },
  };
}
