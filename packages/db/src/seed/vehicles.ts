import { configurationHash, makeVin } from '@varg/domain';
import type { Db } from '../client.ts';
import { vehicleOwnerships, vehicles } from '../schema/index.ts';
import { PRODUCT_OPTIONS } from './catalog.ts';

type Tx = Pick<Db, 'insert'>;

/** The configuration of a model: each group's first option, but for the ones named (by option slug). */
function configuration(model: string, choose: Record<string, string>): string[] {
  return Object.entries(PRODUCT_OPTIONS[model] ?? {}).map(
    ([group, list]) => `varg_option_${choose[group] ?? list[0]?.[0]?.replace(/^varg_option_/, '')}`,
  );
}

interface VehicleSeed {
  id: string;
  owner: string;
  model: 'varg' | 'varg-ex' | 'varg-sm';
  color: string;
  serial: number;
  country: string;
  registration: 'pending' | 'registered' | 'not_required';
  registrationNumber?: string;
  produced: string;
  delivered: string;
  choose?: Record<string, string>;
}

/** Demo garages (decision 018): customer@ owns an EX on the road and an MX for the track; company@'s fleet awaits registration. */
export const VEHICLE_SEEDS: VehicleSeed[] = [
  {
    id: '0e41c1e0-0000-4000-8000-000000000001',
    owner: 'customer@demo.starkfuture.com',
    model: 'varg-ex',
    color: 'grey',
    serial: 1042,
    country: 'DE',
    registration: 'registered',
    registrationNumber: 'M-VX 2026E',
    produced: '2026-03-02',
    delivered: '2026-04-18T10:00:00Z',
    choose: { color: 'grey', registration: 'registration_yes', side_stand: 'side_stand_yes', power: '80hp' },
  },
  {
    id: '0e41c1e0-0000-4000-8000-000000000002',
    owner: 'customer@demo.starkfuture.com',
    model: 'varg',
    color: 'red',
    serial: 388,
    country: 'DE',
    registration: 'not_required',
    produced: '2025-05-12',
    delivered: '2025-06-02T09:30:00Z',
  },
  {
    id: '0e41c1e0-0000-4000-8000-000000000003',
    owner: 'company@demo.starkfuture.com',
    model: 'varg-ex',
    color: 'white',
    serial: 1311,
    country: 'FR',
    registration: 'pending',
    produced: '2026-10-05',
    delivered: '2026-10-30T14:00:00Z',
    choose: { color: 'white', registration: 'registration_yes', side_stand: 'side_stand_yes' },
  },
  {
    id: '0e41c1e0-0000-4000-8000-000000000004',
    owner: 'company@demo.starkfuture.com',
    model: 'varg-ex',
    color: 'red',
    serial: 1312,
    country: 'FR',
    registration: 'pending',
    produced: '2026-10-05',
    delivered: '2026-11-03T09:00:00Z',
    choose: { registration: 'registration_yes', side_stand: 'side_stand_yes' },
  },
];

export async function seedVehicles(tx: Tx, userIds: ReadonlyMap<string, string>): Promise<void> {
  for (const v of VEHICLE_SEEDS) {
    const ownerId = userIds.get(v.owner);
    if (!ownerId) continue;
    const optionIds = configuration(v.model, { color: v.color, ...v.choose });
    const year = Number(v.produced.slice(0, 4));
    await tx
      .insert(vehicles)
      .values({
        id: v.id,
        vin: makeVin(v.model, year, v.serial),
        model: v.model,
        configurationHash: configurationHash(v.model, optionIds),
        optionIds,
        color: v.color,
        ownerId,
        buyerId: ownerId,
        country: v.country,
        registrationStatus: v.registration,
        registrationNumber: v.registrationNumber ?? null,
        registeredAt: v.registration === 'registered' ? new Date(v.delivered) : null,
        productionDate: v.produced,
        deliveredAt: new Date(v.delivered),
      })
      .onConflictDoNothing();
    await tx
      .insert(vehicleOwnerships)
      .values({ vehicleId: v.id, ownerId, since: new Date(v.delivered) })
      .onConflictDoNothing();
  }
}
