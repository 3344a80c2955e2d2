import { type Db, vehicleOwnerships, vehicles, vehicleTransfers } from '@varg/db';
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';

export type VehicleRow = typeof vehicles.$inferSelect;
export type TransferRow = typeof vehicleTransfers.$inferSelect;

/** The vehicles tables (docs/decisions/018-vehicles.md). */
export function vehiclesRepo(db: Db) {
  return {
    async ofOwner(ownerId: string): Promise<VehicleRow[]> {
      return db
        .select()
        .from(vehicles)
        .where(eq(vehicles.ownerId, ownerId))
        .orderBy(desc(vehicles.deliveredAt), asc(vehicles.vin));
    },

    async byId(id: string): Promise<VehicleRow | null> {
      const [row] = await db.select().from(vehicles).where(eq(vehicles.id, id)).limit(1);
      return row ?? null;
    },

    async byVin(vin: string): Promise<VehicleRow | null> {
      const [row] = await db.select().from(vehicles).where(eq(vehicles.vin, vin)).limit(1);
      return row ?? null;
    },

    async ofOrder(orderId: string): Promise<VehicleRow[]> {
      return db.select().from(vehicles).where(eq(vehicles.orderId, orderId)).orderBy(asc(vehicles.unit));
    },

    async deliveredCounts(orderIds: string[]): Promise<Map<string, number>> {
      if (orderIds.length === 0) return new Map();
      const rows = await db
        .select({ orderId: vehicles.orderId, n: sql<number>`count(*)::int` })
        .from(vehicles)
        .where(inArray(vehicles.orderId, orderIds))
        .groupBy(vehicles.orderId);
      return new Map(rows.map((r) => [r.orderId ?? '', Number(r.n)]));
    },

    /** Vehicles awaiting road registration, oldest delivery first. */
    async registrationQueue(limit: number): Promise<VehicleRow[]> {
      return db
        .select()
        .from(vehicles)
        .where(eq(vehicles.registrationStatus, 'pending'))
        .orderBy(asc(vehicles.deliveredAt))
        .limit(limit);
    },

    /** Highest serial-bearing VIN count, to number new bikes. */
    async count(): Promise<number> {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(vehicles);
      return Number(row?.n ?? 0);
    },

    /**
     * Inserts the vehicles of a delivery and their first ownership, all or nothing. A unit that already has its
     * vehicle is skipped (unique order line + unit), so a repeated delivery makes no second vehicle.
     */
    async insertDelivered(rows: Array<typeof vehicles.$inferInsert>): Promise<VehicleRow[]> {
      return db.transaction(async (tx) => {
        const made = await tx
          .insert(vehicles)
          .values(rows)
          .onConflictDoNothing({
            target: [vehicles.orderLineId, vehicles.unit],
          })
          .returning();
        if (made.length) {
          await tx
            .insert(vehicleOwnerships)
            .values(made.map((v) => ({ vehicleId: v.id, ownerId: v.ownerId, since: v.deliveredAt })));
        }
        return made;
      });
    },

    async markRegistered(id: string, by: string, registrationNumber: string, at: Date): Promise<VehicleRow | null> {
      const [row] = await db
        .update(vehicles)
        .set({
          registrationStatus: 'registered',
          registrationNumber,
          registeredAt: at,
          registeredBy: by,
          updatedAt: at,
        })
        .where(and(eq(vehicles.id, id), eq(vehicles.registrationStatus, 'pending')))
        .returning();
      return row ?? null;
    },

    async pendingTransfers(vehicleIds: string[]): Promise<TransferRow[]> {
      if (vehicleIds.length === 0) return [];
      return db
        .select()
        .from(vehicleTransfers)
        .where(and(inArray(vehicleTransfers.vehicleId, vehicleIds), eq(vehicleTransfers.status, 'pending')));
    },

    /** The newest transfer of a vehicle (any status). */
    async latestTransfer(vehicleId: string): Promise<TransferRow | null> {
      const [row] = await db
        .select()
        .from(vehicleTransfers)
        .where(eq(vehicleTransfers.vehicleId, vehicleId))
        .orderBy(desc(vehicleTransfers.createdAt))
        .limit(1);
      return row ?? null;
    },

    /** A new pending transfer; null when the vehicle already has one (one pending transfer per vehicle). */
    async insertTransfer(values: typeof vehicleTransfers.$inferInsert): Promise<TransferRow | null> {
      const [row] = await db.insert(vehicleTransfers).values(values).onConflictDoNothing().returning();
      return row ?? null;
    },

    async finishTransfer(id: string, status: 'cancelled' | 'expired' | 'locked', at: Date): Promise<boolean> {
      const rows = await db
        .update(vehicleTransfers)
        .set({ status, finishedAt: at })
        .where(and(eq(vehicleTransfers.id, id), eq(vehicleTransfers.status, 'pending')))
        .returning({ id: vehicleTransfers.id });
      return rows.length > 0;
    },

    /** Counts a wrong code (committed on its own, so a failed confirm still counts). */
    async countAttempt(id: string): Promise<number> {
      const [row] = await db
        .update(vehicleTransfers)
        .set({ attempts: sql`${vehicleTransfers.attempts} + 1` })
        .where(and(eq(vehicleTransfers.id, id), eq(vehicleTransfers.status, 'pending')))
        .returning({ attempts: vehicleTransfers.attempts });
      return row?.attempts ?? 0;
    },

    /**
     * Moves the vehicle to the new owner in one transaction: the transfer is confirmed only while still pending (of two
     * concurrent confirms one wins; the other gets false and nothing changes), then the owner and the ownership history,
     * then `also` (the e-mails about it, decision 056).
     */
    async completeTransfer(
      transfer: TransferRow,
      toUserId: string,
      at: Date,
      also?: (tx: Db) => Promise<void>,
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        const claimed = await tx
          .update(vehicleTransfers)
          .set({ status: 'confirmed', toUserId, finishedAt: at })
          .where(and(eq(vehicleTransfers.id, transfer.id), eq(vehicleTransfers.status, 'pending')))
          .returning({ id: vehicleTransfers.id });
        if (claimed.length === 0) return false;
        const moved = await tx
          .update(vehicles)
          .set({ ownerId: toUserId, updatedAt: at })
          .where(and(eq(vehicles.id, transfer.vehicleId), eq(vehicles.ownerId, transfer.fromUserId)))
          .returning({ id: vehicles.id });
        if (moved.length === 0) throw new Error('vehicle owner changed under a pending transfer');
        await tx
          .update(vehicleOwnerships)
          .set({ until: at })
          .where(and(eq(vehicleOwnerships.vehicleId, transfer.vehicleId), isNull(vehicleOwnerships.until)));
        await tx
          .insert(vehicleOwnerships)
          .values({ vehicleId: transfer.vehicleId, ownerId: toUserId, since: at, transferId: transfer.id });
        await also?.(tx as unknown as Db);
        return true;
      });
    },
  };
}
export type VehiclesRepo = ReturnType<typeof vehiclesRepo>;
