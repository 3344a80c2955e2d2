import type { AdminPartStock } from '@varg/contracts';
import { type Db, storeStockMovements, storeVariants } from '@varg/db';
import { takeFromStock } from '@varg/domain';
import { and, eq } from 'drizzle-orm';
import { ApiError } from '../../lib/api-error.ts';
import type { AuditService } from '../audit/service.ts';
import { changedFields } from '../audit/service.ts';
import type { PartsAdmin } from './admin.ts';

type Actor = { userId: string; ip: string };

/**
 * A SKU's quantity on hand (decision 060): counted by staff with a reason, taken by paid orders. Every change locks
 * the SKU's row first, so two orders paying for the last unit take it one after the other: the first gets it, the
 * second finds none, takes nothing (the quantity never goes below zero) and is recorded short for staff to act on.
 */
export function partsStock(deps: {
  db: Db;
  audit: Pick<AuditService, 'record'>;
  changed: (what: string) => Promise<void>;
  parts: Pick<PartsAdmin, 'part'>;
}) {
  const { db, audit } = deps;
  return {
    /** A count by staff: quantity on hand (null: not counted), low-stock mark and back-orders, with the reason. */
    async set(actor: Actor, sku: string, input: AdminPartStock) {
      await db.transaction(async (tx) => {
        const [row] = await tx
          .select({
            quantity: storeVariants.quantity,
            lowStockAt: storeVariants.lowStockAt,
            backorder: storeVariants.backorder,
          })
          .from(storeVariants)
          .where(eq(storeVariants.variantCode, sku))
          .for('update');
        if (!row) throw new ApiError('PART_NOT_FOUND');
        const next = { quantity: input.quantity, lowStockAt: input.lowStockAt, backorder: input.backorder };
        await tx.update(storeVariants).set(next).where(eq(storeVariants.variantCode, sku));
        if (next.quantity !== row.quantity)
          await tx.insert(storeStockMovements).values({
            variantCode: sku,
            reason: 'count',
            delta: (next.quantity ?? 0) - (row.quantity ?? 0),
          });
        await audit.record(
          {
            actorId: actor.userId,
            action: 'catalog.part.stock',
            ip: actor.ip,
            entity: { type: 'part', id: sku },
            detail: { reason: input.reason },
            ...changedFields(row, next),
          },
          tx,
        );
      });
      await deps.changed(`part ${sku}`);
      return deps.parts.part(sku);
    },

    /**
     * An order was paid: each of its lines takes its quantity from the SKU's stock, once per order and SKU (a payment
     * event replayed takes nothing twice). Uncounted SKUs take nothing. What a line cannot take is recorded short
     * (`catalog.part.short` on the SKU, with the order). Answers what was short.
     */
    async takeForOrder(orderId: string, lines: { variantCode: string; quantity: number }[]) {
      const wanted = new Map<string, number>();
      for (const line of lines) wanted.set(line.variantCode, (wanted.get(line.variantCode) ?? 0) + line.quantity);
      const short: { sku: string; short: number }[] = [];
      for (const [sku, quantity] of wanted) {
        await db.transaction(async (tx) => {
          const [row] = await tx
            .select({ quantity: storeVariants.quantity })
            .from(storeVariants)
            .where(eq(storeVariants.variantCode, sku))
            .for('update');
          if (row?.quantity == null) return;
          const [done] = await tx
            .select({ id: storeStockMovements.id })
            .from(storeStockMovements)
            .where(and(eq(storeStockMovements.orderId, orderId), eq(storeStockMovements.variantCode, sku)))
            .limit(1);
          if (done) return;
          const take = takeFromStock(row.quantity, quantity);
          await tx
            .update(storeVariants)
            .set({ quantity: row.quantity - take.taken })
            .where(eq(storeVariants.variantCode, sku));
          await tx
            .insert(storeStockMovements)
            .values({ variantCode: sku, reason: 'sale', delta: -take.taken, short: take.short, orderId });
          if (take.short > 0) {
            short.push({ sku, short: take.short });
            await audit.record(
              {
                actorId: null,
                action: 'catalog.part.short',
                entity: { type: 'part', id: sku },
                detail: { orderId, wanted: quantity, taken: take.taken, short: take.short },
              },
              tx,
            );
          }
        });
      }
      if (wanted.size) await deps.changed(`stock of order ${orderId}`);
      return short;
    },

    /**
     * A cancelled order gives back the units it took (each SKU's sale once): added back to the quantity on hand and
     * recorded as a `return` movement with the order, audited on the SKU (`catalog.part.return`). The caller skips
     * orders whose parcels already left: those units come back, if ever, through a staff count.
     */
    async returnForOrder(orderId: string) {
      const sales = await db
        .select({ variantCode: storeStockMovements.variantCode, delta: storeStockMovements.delta })
        .from(storeStockMovements)
        .where(and(eq(storeStockMovements.orderId, orderId), eq(storeStockMovements.reason, 'sale')));
      let returned = 0;
      for (const sale of sales) {
        if (sale.delta >= 0) continue;
        const units = -sale.delta;
        const done = await db.transaction(async (tx) => {
          const [row] = await tx
            .select({ quantity: storeVariants.quantity })
            .from(storeVariants)
            .where(eq(storeVariants.variantCode, sale.variantCode))
            .for('update');
          const [already] = await tx
            .select({ id: storeStockMovements.id })
            .from(storeStockMovements)
            .where(
              and(
                eq(storeStockMovements.orderId, orderId),
                eq(storeStockMovements.variantCode, sale.variantCode),
                eq(storeStockMovements.reason, 'return'),
              ),
            )
            .limit(1);
          if (!row || already) return false;
          if (row.quantity != null)
            await tx
              .update(storeVariants)
              .set({ quantity: row.quantity + units })
              .where(eq(storeVariants.variantCode, sale.variantCode));
          await tx
            .insert(storeStockMovements)
            .values({ variantCode: sale.variantCode, reason: 'return', delta: units, orderId });
          await audit.record(
            {
              actorId: null,
              action: 'catalog.part.return',
              entity: { type: 'part', id: sale.variantCode },
              detail: { orderId, returned: units },
            },
            tx,
          );
          return true;
        });
        if (done) returned += 1;
      }
      if (returned) await deps.changed(`stock of order ${orderId}`);
    },
  };
}
export type PartsStock = ReturnType<typeof partsStock>;
