import { auditLog, orders, payments, walletEntries } from '@varg/db';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  AUSTIN,
  AUSTIN_ORDER,
  calls,
  DEALER,
  dealerOrdersApi,
  MX_DEFAULTS,
  OWN_ORDER,
  order,
  RIDER,
  RIDER_ORDER,
  savedHash,
  UNKNOWN,
} from '../../../test/dealer-orders-fixture.ts';
import type { Json } from '../../../test/helper.ts';
import { dealerOrdersRepo } from './dealer-repo.ts';
import { ordersRepo } from './repo.ts';

// A dealer's order edits keep the ledger exact: prices within the allowed discount, quantities, configurations,
// delivery, store credit, stale and concurrent edits. The shared setup is apps/api/test/dealer-orders-fixture.ts.

const ctx = dealerOrdersApi();
const { call, ok, refused, signIn } = calls;

describe('order edits keep the ledger exact', () => {
  it('lowers a line’s price within the allowed discount: the buyer owes exactly that much less', async () => {
    const dealer = await signIn(DEALER);
    const before = await order(dealer, RIDER_ORDER);
    const line = before.lines[0] as Json;
    const editing = before.editing.find((e: Json) => e.lineId === line.id) as Json;
    expect(editing.listPrice).toBe(line.unitPrice);
    expect(editing.minPrice).toBe(Math.ceil(line.unitPrice * 0.9));
    const price = line.unitPrice - 75_000;
    const edited = await ok(
      await call('PUT', '/v1/order/edit-item', dealer, {
        orderId: RIDER_ORDER,
        lineId: line.id,
        quantity: 1,
        overwritePrice: price,
      }),
    );
    // Spain's prices include VAT: the total falls by exactly the price difference.
    expect(edited.settlement).toEqual({
      previousTotal: before.total,
      total: before.total - 75_000,
      paid: 50_000,
      toPay: before.total - 75_000 - 50_000,
      credited: 0,
    });
    expect(edited.order.lines[0].unitPrice).toBe(price);
    expect(edited.order.tax).toBeLessThan(before.tax);
    // The buyer reads the same balance on their own order.
    const rider = await signIn(RIDER);
    const own = await ok(await call('GET', `/v1/order/${RIDER_ORDER}`, rider));
    expect(own).toMatchObject({ total: before.total - 75_000, paid: 50_000, toPay: before.total - 125_000 });
    const [audited] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'order.edit_item'))
      .limit(1);
    expect(audited?.detail).toMatchObject({ orderId: RIDER_ORDER, previousTotal: before.total });
  });

  it('refuses prices outside the allowed discount and bad lines, changing nothing', async () => {
    const dealer = await signIn(DEALER);
    const before = await order(dealer, RIDER_ORDER);
    const line = before.lines[0] as Json;
    const editing = before.editing[0] as Json;
    const edit = (over: Json) =>
      call('PUT', '/v1/order/edit-item', dealer, { orderId: RIDER_ORDER, lineId: line.id, quantity: 1, ...over });
    await refused(await edit({ overwritePrice: editing.minPrice - 1 }), 400, 'PRICE_BELOW_ALLOWED_DISCOUNT');
    await refused(await edit({ overwritePrice: editing.listPrice + 1 }), 400, 'PRICE_ABOVE_LIST');
    await refused(await edit({ overwritePrice: -5 }), 400, 'VALIDATION_ERROR');
    await refused(await edit({ overwritePrice: 12.5 }), 400, 'VALIDATION_ERROR');
    await refused(await edit({ quantity: 0 }), 400, 'VALIDATION_ERROR');
    await refused(await edit({ quantity: 100 }), 400, 'VALIDATION_ERROR');
    await refused(await edit({ lineId: UNKNOWN }), 404, 'ORDER_LINE_NOT_FOUND');
    await refused(await edit({ hash: 'nohash' }), 404, 'CONFIGURATION_NOT_FOUND');
    await refused(await edit({ hash: 'NOT A HASH!' }), 400, 'VALIDATION_ERROR');
    await refused(await call('PUT', '/v1/order/edit-item', dealer, { orderId: RIDER_ORDER }), 400, 'VALIDATION_ERROR');
    expect((await order(dealer, RIDER_ORDER)).total).toBe(before.total);
  });

  it('changes quantity and configuration, and adds a bike line, priced in the order’s market', async () => {
    const dealer = await signIn(DEALER);
    const before = await order(dealer, OWN_ORDER);
    const line = before.lines[0] as Json;
    const doubled = await ok(
      await call('PUT', '/v1/order/edit-item', dealer, { orderId: OWN_ORDER, lineId: line.id, quantity: 2 }),
    );
    expect(doubled.settlement.total).toBe(before.total + line.unitPrice);
    expect(doubled.order.lines[0]).toMatchObject({ quantity: 2, deposit: 100_000 });

    const hash = await savedHash('varg', 'ES', MX_DEFAULTS);
    const added = await ok(await call('POST', '/v1/order/add-item', dealer, { orderId: OWN_ORDER, hash, quantity: 1 }));
    const mx = added.order.lines.find((l: Json) => l.hash === hash) as Json;
    expect(mx).toMatchObject({ productId: 'varg', quantity: 1, unitPrice: 1_190_000, deposit: 50_000 });
    expect(added.settlement.total).toBe(doubled.settlement.total + 1_190_000);
    expect(added.settlement.toPay).toBe(added.settlement.total);
    // The same configuration again is an edit of that line, not a second line.
    await refused(
      await call('POST', '/v1/order/add-item', dealer, { orderId: OWN_ORDER, hash, quantity: 1 }),
      400,
      'ORDER_LINE_NOT_EDITABLE',
    );
    await refused(
      await call('POST', '/v1/order/add-item', dealer, { orderId: OWN_ORDER, hash: 'zzzz', quantity: 1 }),
      404,
      'CONFIGURATION_NOT_FOUND',
    );
  });

  it('gives back what was paid beyond a lower total as store credit, from the payments', async () => {
    const austin = await signIn(AUSTIN);
    const before = await order(austin, AUSTIN_ORDER);
    expect(before).toMatchObject({ status: 'paid', toPay: 0 });
    const line = before.lines[0] as Json;
    const lower = line.unitPrice - 100_000;
    const edited = await ok(
      await call('PUT', '/v1/order/edit-item', austin, {
        orderId: AUSTIN_ORDER,
        lineId: line.id,
        quantity: 1,
        overwritePrice: lower,
      }),
    );
    // Texas adds 6.25 % sales tax on top: 1,000.00 $ less before tax is 1,062.50 $ less to pay.
    expect(edited.settlement).toMatchObject({ previousTotal: before.total, total: before.total - 106_250 });
    expect(edited.settlement.credited).toBe(106_250);
    expect(edited.settlement).toMatchObject({ paid: before.total - 106_250, toPay: 0 });
    expect(edited.order).toMatchObject({ status: 'paid', paid: before.total - 106_250, toPay: 0 });
    const { db } = ctx.database;
    const [credit] = await db
      .select({ sum: sql<number>`sum(${walletEntries.amount})::int` })
      .from(walletEntries)
      .where(and(eq(walletEntries.reason, 'order_edit'), eq(walletEntries.currency, 'USD')));
    expect(credit?.sum).toBe(106_250);
    const [payment] = await db.select().from(payments).where(eq(payments.orderId, AUSTIN_ORDER));
    expect(payment?.refunded).toBe(106_250);

    // Raising it back: the buyer owes exactly the difference again.
    const raised = await ok(
      await call('PUT', '/v1/order/edit-item', austin, {
        orderId: AUSTIN_ORDER,
        lineId: line.id,
        quantity: 1,
        overwritePrice: line.unitPrice,
      }),
    );
    expect(raised.settlement).toMatchObject({ total: before.total, credited: 0, toPay: 106_250 });
  });

  it('changes delivery and customer type through update-prices', async () => {
    const dealer = await signIn(DEALER);
    const before = await order(dealer, RIDER_ORDER);
    const home = await ok(
      await call('PUT', `/v1/order/update-prices/${RIDER_ORDER}`, dealer, {
        customerType: 'B2C',
        deliveryMethod: 'home_delivery',
      }),
    );
    expect(home.order.shippingMethod).toBe('home_delivery');
    expect(home.order.shipping).toBeGreaterThan(0);
    expect(home.settlement.total).toBe(before.total + home.order.shipping);
    const update = (body: Json) => call('PUT', `/v1/order/update-prices/${RIDER_ORDER}`, dealer, body);
    await refused(
      await update({ customerType: 'Dealer', deliveryMethod: 'home_delivery' }),
      400,
      'CUSTOMER_TYPE_NOT_ALLOWED',
    );
    await refused(
      await update({ customerType: 'B2B', deliveryMethod: 'home_delivery' }),
      400,
      'CUSTOMER_TYPE_NOT_ALLOWED',
    );
    await refused(
      await update({ customerType: 'B2C', deliveryMethod: 'teleport' }),
      400,
      'SHIPPING_METHOD_NOT_ALLOWED',
    );
    await refused(await update({ customerType: 'VIP', deliveryMethod: 'home_delivery' }), 400, 'VALIDATION_ERROR');
    await refused(
      await call('PUT', '/v1/order/update-prices/nope', dealer, {
        customerType: 'B2C',
        deliveryMethod: 'home_delivery',
      }),
      400,
      'VALIDATION_ERROR',
    );
  });

  it('refuses an edit priced from an order that changed since, writing nothing', async () => {
    const { db } = ctx.database;
    const base = ordersRepo(db);
    const repo = dealerOrdersRepo(db, base);
    const stale = await base.order(RIDER_ORDER);
    if (!stale) throw new Error('seeded order missing');
    const dealer = await signIn(DEALER);
    const line = stale.lines[0] as NonNullable<(typeof stale.lines)[0]>;
    // Another edit lands first…
    await ok(
      await call('PUT', '/v1/order/edit-item', dealer, {
        orderId: RIDER_ORDER,
        lineId: line.id,
        quantity: 1,
        overwritePrice: line.unitPrice - 1_000,
      }),
    );
    const after = await base.order(RIDER_ORDER);
    // …so a write priced from the earlier order is a conflict and changes nothing.
    await expect(
      repo.rewrite({
        orderId: RIDER_ORDER,
        pricedFrom: { order: stale.order, lines: stale.lines },
        order: { ...stale.order, total: 1 },
        lines: [],
        added: [],
        audit: { actorId: null as unknown as string, action: 'test', detail: {}, ip: null },
      }),
    ).rejects.toMatchObject({ code: 'ORDER_EDIT_CONFLICT' });
    expect((await base.order(RIDER_ORDER))?.order.total).toBe(after?.order.total);
  });

  it('keeps the ledger consistent when two edits arrive at once', async () => {
    const dealer = await signIn(DEALER);
    const before = await order(dealer, RIDER_ORDER);
    const line = before.lines[0] as Json;
    const edit = (price: number) =>
      call('PUT', '/v1/order/edit-item', dealer, {
        orderId: RIDER_ORDER,
        lineId: line.id,
        quantity: 1,
        overwritePrice: price,
      });
    const answers = await Promise.all([edit(line.unitPrice - 3_000), edit(line.unitPrice - 4_000)]);
    for (const answer of answers) expect([200, 409]).toContain(answer.statusCode);
    const after = await order(dealer, RIDER_ORDER);
    expect(after.toPay).toBe(after.total - after.paid);
    expect(after.total).toBe(before.total - before.lines[0].unitPrice + after.lines[0].unitPrice);
  });

  it('waits for a payment under way before lowering the total below what it brings', async () => {
    const { db } = ctx.database;
    const dealer = await signIn(DEALER);
    const before = await order(dealer, RIDER_ORDER);
    const line = before.lines[0] as Json;
    // The rider's bank transfer of the whole balance is on its way.
    const [transfer] = await db
      .insert(payments)
      .values({
        orderId: RIDER_ORDER,
        kind: 'remaining',
        method: 'bank_transfer',
        status: 'PROCESSING',
        amount: before.toPay,
        currency: 'EUR',
        provider: 'sandbox',
        providerReference: 'test_transfer_under_way',
      })
      .returning();
    const edit = (price: number) =>
      call('PUT', '/v1/order/edit-item', dealer, {
        orderId: RIDER_ORDER,
        lineId: line.id,
        quantity: 1,
        overwritePrice: price,
      });
    await refused(await edit(line.unitPrice - 1_000), 409, 'ORDER_PAYMENT_UNDER_WAY');
    expect((await order(dealer, RIDER_ORDER)).total).toBe(before.total);
    // Raising the price is fine: the transfer still fits.
    await ok(await edit(Math.min(line.unitPrice + 1_000, (before.editing[0] as Json).listPrice)));
    await db.delete(payments).where(eq(payments.id, transfer?.id ?? ''));
  });

  it('does not change a cancelled order', async () => {
    const { db } = ctx.database;
    const dealer = await signIn(DEALER);
    await db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, OWN_ORDER));
    const line = (await order(dealer, OWN_ORDER)).lines[0] as Json;
    await refused(
      await call('PUT', '/v1/order/edit-item', dealer, { orderId: OWN_ORDER, lineId: line.id, quantity: 1 }),
      409,
      'ORDER_NOT_EDITABLE',
    );
    await db.update(orders).set({ status: 'pending_payment' }).where(eq(orders.id, OWN_ORDER));
  });
});
