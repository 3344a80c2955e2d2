// Vehicles (decision 018): paid vehicle orders handed over as vehicles (administrators).
import type { DeliveryCandidate } from '@varg/contracts';
import { isValidVin, makeVin, normalizeVin } from '@varg/domain';
import { ApiError } from '../../lib/api-error.ts';
import { type Caller, fullName, optionSlug, type VehiclesContext } from './context.ts';
import type { VehicleRow } from './repo.ts';

export function vehicleDeliveries({ deps, repo, now }: VehiclesContext) {
  const { orders, people } = deps;
  return {
    /** Paid vehicle orders with bikes not yet handed over (administrators). */
    async deliveries(): Promise<DeliveryCandidate[]> {
      const paid = (await orders.paidVehicleOrders(200)).filter((o) => o.paidInFull && o.lines.length > 0);
      const delivered = await repo.deliveredCounts(paid.map((o) => o.id));
      const out: DeliveryCandidate[] = [];
      for (const order of paid) {
        const bikes = order.lines.reduce((n, l) => n + l.quantity, 0);
        const done = delivered.get(order.id) ?? 0;
        if (done >= bikes) continue;
        const buyer = await people.byId(order.userId);
        out.push({
          orderId: order.id,
          orderNumber: order.number,
          country: order.country,
          createdAt: order.createdAt,
          buyer: {
            name: fullName(buyer),
            email: buyer?.email ?? '',
          },
          bikes,
          delivered: done,
        });
      }
      return out;
    },

    /**
     * Hands over the bikes of a vehicle order paid in full: one vehicle per bike, owned by the buyer, with the VINs
     * given (checked) or new ones. A bike that already has its vehicle is never made twice.
     */
    async deliver(actor: Caller, input: { orderId: string; vins?: string[] | undefined }): Promise<VehicleRow[]> {
      const order = await orders.order(input.orderId);
      if (!order || order.lines.length === 0) throw new ApiError('ORDER_NOT_FOUND');
      if (!order.paidInFull) throw new ApiError('ORDER_NOT_PAID');
      const existing = await repo.ofOrder(order.id);
      const given = (input.vins ?? []).map(normalizeVin).filter(Boolean);
      for (const vin of given) if (!isValidVin(vin)) throw new ApiError('VIN_INVALID', { vin });
      if (new Set(given).size !== given.length) throw new ApiError('VIN_TAKEN', { vin: given.join(', ') });
      for (const vin of given) if (await repo.byVin(vin)) throw new ApiError('VIN_TAKEN', { vin });
      const at = now();
      const year = at.getUTCFullYear();
      let serial = 100_000 + (await repo.count());
      const rows = [];
      for (const line of order.lines) {
        for (let unit = 1; unit <= line.quantity; unit++) {
          if (existing.some((v) => v.orderLineId === line.id && v.unit === unit)) continue;
          const color = line.optionIds.map(optionSlug).find((s) => ['red', 'white', 'grey', 'black'].includes(s));
          const registers = line.optionIds.some((id) => optionSlug(id) === 'registration_yes');
          let vin = given.shift();
          while (!vin) {
            serial += 1;
            const candidate = makeVin(line.productId, year, serial);
            if (!(await repo.byVin(candidate))) vin = candidate;
          }
          rows.push({
            vin,
            model: line.productId,
            configurationHash: line.hash,
            optionIds: line.optionIds,
            color: color ?? 'red',
            ownerId: order.userId,
            buyerId: order.userId,
            orderId: order.id,
            orderLineId: line.id,
            unit,
            country: order.country,
            registrationStatus: registers || line.productId === 'varg-sm' ? 'pending' : 'not_required',
            productionDate: at.toISOString().slice(0, 10),
            deliveredAt: at,
            deliveredBy: actor.userId,
          });
        }
      }
      if (rows.length === 0) throw new ApiError('VEHICLE_ALREADY_DELIVERED');
      const made = await repo.insertDelivered(rows);
      if (made.length === 0) throw new ApiError('VEHICLE_ALREADY_DELIVERED');
      return made;
    },
  };
}
