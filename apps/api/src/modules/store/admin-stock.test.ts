import { storeStockMovements, storeVariants } from '@varg/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orderFixtures } from '../../../test/admin-orders.ts';
import { expectAdminOnly } from '../../../test/backoffice.ts';
import { type Json, useApi } from '../../../test/helper.ts';

const ctx = useApi();
const fx = orderFixtures(ctx, 120);
const { call, ok, refused } = fx;
// What the order fixtures buy (one unit a parts order).
const SKU = 'SF-PT-18';
const STOCK = `/v1/admin/parts/${SKU}/stock`;
const count = { quantity: 5, lowStockAt: 2, backorder: false, reason: 'Stocktake' };
const onHand = async () =>
  (
    await ctx.database.db
      .select({ q: storeVariants.quantity })
      .from(storeVariants)
      .where(eq(storeVariants.variantCode, SKU))
  )[0]?.q;
const shopAvailability = async () => (await ctx.app.inject(`/v1/store/variants/${SKU}?country=DE`)).json().availability;

describe('back office: stock quantities (decision 060)', () => {
  it('is for administrators only, and their attempts change nothing', async () => {
    await expectAdminOnly(ctx, { method: 'PUT', url: STOCK, payload: count });
    expect(await onHand()).toBeNull();
  });

  it('refuses bad input and changes nothing', async () => {
    const token = await fx.admin();
    await refused(await call('PUT', STOCK, token, { ...count, quantity: -1 }), 400, 'VALIDATION_ERROR');
    await refused(await call('PUT', STOCK, token, { ...count, quantity: 1.5 }), 400, 'VALIDATION_ERROR');
    await refused(await call('PUT', STOCK, token, { ...count, reason: ' ' }), 400, 'VALIDATION_ERROR');
    await refused(await call('PUT', STOCK, token, { quantity: 1 }), 400, 'VALIDATION_ERROR');
    await refused(await call('PUT', '/v1/admin/parts/NOPE-1/stock', token, count), 404, 'PART_NOT_FOUND');
    expect(await onHand()).toBeNull();
  });

  it('counts stock with a reason (audited); none on hand is out of stock unless back-ordered; the overview lists low stock', async () => {
    const token = await fx.admin();
    const part = await ok(await call('PUT', STOCK, token, count));
    expect(part).toMatchObject({ quantity: 5, lowStockAt: 2, backorder: false, shopAvailability: 'AVAILABLE' });
    const trail = await ok(await call('GET', `/v1/admin/audit/part/${SKU}`, token));
    expect(trail.docs[0]).toMatchObject({
      action: 'catalog.part.stock',
      detail: {
        reason: 'Stocktake',
        before: { quantity: null, lowStockAt: null },
        after: { quantity: 5, lowStockAt: 2 },
      },
    });
    await ok(await call('PUT', STOCK, token, { ...count, quantity: 2, reason: 'Two damaged' }));
    const board = await ok(await call('GET', '/v1/admin/dashboard?days=30', token));
    expect(board.storeLowStock.items).toContainEqual(expect.objectContaining({ sku: SKU, quantity: 2 }));
    const low = await ok(await call('GET', '/v1/admin/parts?stock=low', token));
    expect(low.docs.map((p: Json) => p.sku)).toEqual([SKU]);
    await ok(await call('PUT', STOCK, token, { ...count, quantity: 0, reason: 'Sold out' }));
    expect(await shopAvailability()).toBe('NOT_AVAILABLE');
    const added = await call('POST', '/v1/cart/add-store-item?country=DE', null, { variant_code: SKU, quantity: 1 });
    await refused(added, 400, 'CART_ITEM_UNAVAILABLE');
    await ok(await call('PUT', STOCK, token, { ...count, quantity: 0, backorder: true, reason: 'Back-order' }));
    expect(await shopAvailability()).toBe('AVAILABLE');
    await ok(await call('PUT', STOCK, token, { ...count, quantity: null, lowStockAt: null, reason: 'Not counted' }));
    expect(await shopAvailability()).toBe('AVAILABLE');
  });

  it('paying an order takes its units once; two buyers of the last unit: one gets it, the other is recorded short', async () => {
    const token = await fx.admin();
    const first = await fx.partsOrder();
    const second = await fx.partsOrder();
    await ok(await call('PUT', STOCK, token, { ...count, quantity: 1, reason: 'Last one' }));
    await Promise.all([fx.payByCard(first.orderId, first.token), fx.payByCard(second.orderId, second.token)]);
    expect(await onHand()).toBe(0);
    const moves = await ctx.database.db
      .select()
      .from(storeStockMovements)
      .where(eq(storeStockMovements.reason, 'sale'));
    expect(moves.map((m) => ({ delta: m.delta, short: m.short })).sort((a, b) => a.delta - b.delta)).toEqual([
      { delta: -1, short: 0 },
      { delta: 0, short: 1 },
    ]);
    const shortOrder = moves.find((m) => m.short === 1)?.orderId;
    const trail = await ok(await call('GET', `/v1/admin/audit/part/${SKU}`, token));
    expect(trail.docs[0]).toMatchObject({ action: 'catalog.part.short', detail: { orderId: shortOrder, short: 1 } });
    // The shop no longer sells it.
    expect(await shopAvailability()).toBe('NOT_AVAILABLE');
  });

  it('a cancelled order gives its units back once; a cancelled order whose parcel left does not', async () => {
    const token = await fx.admin();
    await ok(await call('PUT', STOCK, token, { ...count, quantity: 3, reason: 'Delivery in' }));
    const kept = await fx.partsOrder();
    const shipped = await fx.partsOrder();
    await fx.payByCard(kept.orderId, kept.token);
    await fx.payByCard(shipped.orderId, shipped.token);
    expect(await onHand()).toBe(1);
    await ok(
      await call('POST', `/v1/admin/orders/${shipped.orderId}/shipments`, token, {
        carrier: 'dhl',
        trackingNumber: 'JD014600003828374',
      }),
    );
    await ok(await call('POST', `/v1/admin/orders/${kept.orderId}/cancel`, token, { refundTo: 'wallet' }));
    await ok(await call('POST', `/v1/admin/orders/${shipped.orderId}/cancel`, token, { refundTo: 'wallet' }));
    // Only the unshipped order's unit is back on the shelf, and the shop sells it again.
    expect(await onHand()).toBe(2);
    const returns = await ctx.database.db
      .select()
      .from(storeStockMovements)
      .where(eq(storeStockMovements.reason, 'return'));
    expect(returns.map((r) => ({ orderId: r.orderId, delta: r.delta }))).toEqual([{ orderId: kept.orderId, delta: 1 }]);
    const trail = await ok(await call('GET', `/v1/admin/audit/part/${SKU}`, token));
    expect(trail.docs[0]).toMatchObject({
      action: 'catalog.part.return',
      detail: { orderId: kept.orderId, returned: 1 },
    });
    expect(await shopAvailability()).not.toBe('NOT_AVAILABLE');
    // Cancelling again is refused and gives nothing back twice.
    await refused(
      await call('POST', `/v1/admin/orders/${kept.orderId}/cancel`, token, {}),
      409,
      'ORDER_ALREADY_CANCELLED',
    );
    expect(await onHand()).toBe(2);
  });
});
