import { orderLedger } from '@varg/domain';
import type { OrdersRepo, OrderWithDetails } from './repo.ts';

/** An order line that becomes vehicles when delivered: a configured bike or a stock bike. */
export interface DeliverableLine {
  id: string;
  type: string;
  productId: string;
  hash: string | null;
  optionIds: string[];
  quantity: number;
}

export interface DeliverableOrder {
  id: string;
  number: number;
  userId: string;
  country: string;
  createdAt: string;
  paidInFull: boolean;
  lines: DeliverableLine[];
}

/** Extended-warranty variants: `SF-EW-<model code>-<months>` (the store seed's warranty articles). */
const WARRANTY_CODE = /^SF-EW-[A-Z]{2}-(\d{1,2})$/;

function deliverable({ order, lines, payments }: OrderWithDetails): DeliverableOrder {
  const ledger = orderLedger({ total: order.total, storedStatus: order.status }, payments);
  return {
    id: order.id,
    number: order.number,
    userId: order.userId,
    country: order.country,
    createdAt: order.createdAt.toISOString(),
    paidInFull: ledger.status === 'paid' && ledger.toPay === 0,
    lines: lines.flatMap((l) =>
      (l.type === 'bike' || l.type === 'stock_bike') && l.productId
        ? [
            {
              id: l.id,
              type: l.type,
              productId: l.productId,
              hash: l.hash,
              optionIds: l.optionIds ?? [],
              quantity: l.quantity,
            },
          ]
        : [],
    ),
  };
}

/**
 * What the vehicles module reads of orders (DESIGN.md: a module calls another's service, never its tables): the
 * vehicle orders that are paid and can be delivered, an order by its number, and the extended warranties bought for
 * VINs.
 */
export function vehicleReads(repo: OrdersRepo) {
  return {
    async order(orderId: string): Promise<DeliverableOrder | null> {
      const found = await repo.order(orderId);
      return found && found.order.type === 'vehicle' ? deliverable(found) : null;
    },
    async paidVehicleOrders(limit: number): Promise<DeliverableOrder[]> {
      return (await repo.paidInFull('vehicle', limit)).map(deliverable);
    },
    idByNumber: (number: number) => repo.idByNumber(number),
    /** Months of extended warranty bought per VIN (one entry per warranty bought). */
    async extendedWarranties(vins: string[]): Promise<Map<string, number[]>> {
      const out = new Map<string, number[]>();
      for (const line of await repo.paidLinesForVins(vins)) {
        const months = WARRANTY_CODE.exec(line.variantCode)?.[1];
        if (!months) continue;
        const list = out.get(line.vin) ?? [];
        for (let i = 0; i < line.quantity; i++) list.push(Number(months));
        out.set(line.vin, list);
      }
      return out;
    },
  };
}
export type VehicleReads = ReturnType<typeof vehicleReads>;
