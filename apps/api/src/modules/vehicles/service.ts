// Vehicles (docs/decisions/018-vehicles.md): composes the parts, each in its file.
import type { Vehicle } from '@varg/contracts';
import type { UiLanguage } from '@varg/domain';
import { vehicleCertificates } from './certificate.ts';
import { type Caller, type VehiclesDeps, vehiclesContext } from './context.ts';
import { vehicleDeliveries } from './delivery.ts';
import { vehicleRegistration } from './registration.ts';
import { vehicleTransfers } from './transfers.ts';

export type { Caller, People, Person, VehiclesDeps } from './context.ts';

/**
 * Vehicles (docs/decisions/018-vehicles.md): the owner's garage, delivery of paid orders into vehicles, ownership
 * transfer by an e-mailed code, and the registration office's (mco) finder. Every read and write checks who asks.
 */
export function vehiclesService(deps: VehiclesDeps) {
  const ctx = vehiclesContext(deps);
  const { repo, ownVehicle, views } = ctx;
  return {
    /** The caller's own vehicles, newest delivery first. */
    async list(caller: Caller, lang: UiLanguage): Promise<Vehicle[]> {
      return views(await repo.ofOwner(caller.userId), lang, caller.userId);
    },

    async get(caller: Caller, id: string, lang: UiLanguage): Promise<Vehicle> {
      const vehicle = await ownVehicle(caller, id);
      return (await views([vehicle], lang, caller.userId))[0] as Vehicle;
    },

    ...vehicleCertificates(ctx),
    ...vehicleDeliveries(ctx),
    ...vehicleRegistration(ctx),
    ...vehicleTransfers(ctx),
  };
}
export type VehiclesService = ReturnType<typeof vehiclesService>;
