// The back office's orders (issue 24 item 5, decision 042): the list, cancelling one or many unpaid orders (their
// stock bikes bookable again), and who may call any of it.
import { orders } from '@varg/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orderFixtures } from '../../../test/admin-orders.ts';
import { expectAdminOnly } from '../../../test/backoffice.ts';
import { useApi } from '../../../test/helper.ts';

const ctx = useApi();
const f = orderFixtures(ctx, 20);
const { call, ok, refused } = f;
const NIL = '00000000-0000-4000-8000-000000000000';

describe('the back office’s order list', () => {
  it('finds orders by number, e-mail, name and VIN, filters by market, kind, status and day, and pages', async () => {
    const admin = await f.admin();
    const placed = await f.bikeOrder('DE');
    const detail = await f.detail(placed.orderId);
    const number = detail.order.number as number;

    const byNumber = await ok(await call('GET', `/v1/admin/orders?q=${number}`, admin));
    expect(byNumber.docs.map((d: { id: string }) => d.id)).toEqual([placed.orderId]);
    expect(byNumber.docs[0]).toMatchObject({
      number,
      type: 'vehicle',
      status: 'pending_payment',
      country: 'DE',
      buyer: { name: 'Lucía García', email: placed.email },
      paid: 0,
      toPay: detail.order.total,
    });
    const byEmail = await ok(
      await call('GET', `/v1/admin/orders?q=${encodeURIComponent(placed.email.toUpperCase())}`, admin),
    );
    expect(byEmail.total).toBe(1);
    // A VIN of a seeded order (lines carry them once delivered or for warranties).
    const seededVin = await ok(await call('GET', '/v1/admin/orders?pageSize=500', admin));
    const withVin = seededVin.docs.find((d: { vins: string[] }) => d.vins.length > 0);
    if (withVin) {
      const byVin = await ok(await call('GET', `/v1/admin/orders?q=${withVin.vins[0].slice(-6)}`, admin));
      expect(byVin.docs.map((d: { id: string }) => d.id)).toContain(withVin.id);
    }
    const filtered = await ok(
      await call('GET', '/v1/admin/orders?market=de&kind=vehicle&status=pending_payment&sort=number&dir=asc', admin),
    );
    expect(filtered.docs.length).toBeGreaterThan(0);
    for (const row of filtered.docs)
      expect(row).toMatchObject({ country: 'DE', type: 'vehicle', status: 'pending_payment' });
    const numbers = filtered.docs.map((d: { number: number }) => d.number);
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    const today = new Date().toISOString().slice(0, 10);
    const ofToday = await ok(await call('GET', `/v1/admin/orders?from=${today}&to=${today}&pageSize=1`, admin));
    expect(ofToday.docs).toHaveLength(1);
    expect(ofToday.total).toBeGreaterThanOrEqual(1);
    const parts = await ok(await call('GET', '/v1/admin/orders?kind=store', admin));
    for (const row of parts.docs) expect(row.type).toBe('store');
    expect(Array.isArray(parts.dealers)).toBe(true);
  });

  it('refuses bad filters with 400 and a translated message', async () => {
    const admin = await f.admin();
    for (const query of [
      'status=lost',
      'kind=bike',
      'market=DEU',
      'from=2026-13',
      'dealer=nope',
      'sort=secret',
      'page=0',
    ]) {
      await refused(await call('GET', `/v1/admin/orders?${query}`, admin), 400, 'VALIDATION_ERROR');
    }
  });
});

describe('cancelling an order', () => {
  it('cancels an unpaid stock-bike order: the bike is bookable again, the buyer e-mailed, the trail says before → after', async () => {
    const admin = await f.admin();
    const bike = await f.freeStockBike();
    const placed = await f.stockBikeOrder(bike);
    expect(await f.bikeStatus(bike)).toBe('reserved');

    const done = await ok(
      await call('POST', `/v1/admin/orders/${placed.orderId}/cancel`, admin, {
        refundTo: 'original',
        reason: 'Buyer asked',
      }),
    );
    expect(done).toMatchObject({ id: placed.orderId, status: 'cancelled', releasedStockBikes: [bike], refunds: [] });
    expect(await f.bikeStatus(bike)).toBe('available');
    // Bookable again: another buyer can put it in a cart.
    await ok(await call('POST', '/v1/cart/add-stock-bike?country=ES', null, { stockBikeId: bike, quantity: 1 }));
    const view = await ok(await call('GET', `/v1/order/${placed.orderId}`, placed.token));
    expect(view.status).toBe('cancelled');

    const [mail] = await f.mails(placed.email);
    expect(mail?.subject).toContain(`${done.number}`);
    expect(mail?.text).toContain('has been canceled');
    const [entry] = await f.trail('order', placed.orderId);
    expect(entry).toMatchObject({
      action: 'order.cancelled',
      actor: { email: 'admin@demo.starkfuture.com' },
      detail: { before: { status: 'pending_payment' }, after: { status: 'cancelled', reservedUntil: null } },
    });
    // The order page lists the e-mail.
    const detail = await f.detail(placed.orderId);
    expect(detail.emails[0]).toMatchObject({ to: placed.email, subject: mail?.subject });
    expect(detail.stockBikes).toEqual([bike]);

    // Twice is refused and changes nothing.
    await refused(
      await call('POST', `/v1/admin/orders/${placed.orderId}/cancel`, admin, {}),
      409,
      'ORDER_ALREADY_CANCELLED',
    );
    expect(await f.trail('order', placed.orderId)).toHaveLength(1);
  });

  it('cancels a paid order with its payment refunded as store credit, in the buyer’s wallet', async () => {
    const admin = await f.admin();
    const placed = await f.partsOrder('DE');
    const paid = await f.payByCard(placed.orderId, placed.token);
    const done = await ok(
      await call('POST', `/v1/admin/orders/${placed.orderId}/cancel`, admin, { refundTo: 'wallet' }),
    );
    expect(done.refunds).toEqual([{ paymentId: paid._id, amount: paid.amount, to: 'wallet' }]);
    const detail = await f.detail(placed.orderId);
    expect(detail.ledger[0]).toMatchObject({ refunded: paid.amount, refundable: 0 });
    expect(detail.order).toMatchObject({ status: 'cancelled', paid: 0 });
    const [refund] = await f.trail('payment', paid._id);
    expect(refund).toMatchObject({
      action: 'payment.refunded',
      detail: { before: { refunded: 0 }, after: { refunded: paid.amount } },
    });
    const [mail] = await f.mails(placed.email);
    expect(mail?.text).toContain('store credit');
  });

  it('lists unpaid orders past their deadline and cancels them in bulk, reporting each', async () => {
    const admin = await f.admin();
    const bike = await f.freeStockBike();
    const late = await f.stockBikeOrder(bike);
    await ctx.database.db
      .update(orders)
      .set({ reservedUntil: new Date(Date.now() - 3_600_000) })
      .where(eq(orders.id, late.orderId));
    const overdue = await ok(await call('GET', '/v1/admin/orders?view=overdue&pageSize=500', admin));
    const row = overdue.docs.find((d: { id: string }) => d.id === late.orderId);
    expect(row?.paymentDeadline).toBeTruthy();
    for (const d of overdue.docs) expect(d).toMatchObject({ paid: 0 });

    const result = await ok(await call('POST', '/v1/admin/orders/cancel', admin, { ids: [late.orderId, NIL] }));
    expect(result.results).toEqual([
      { id: late.orderId, number: row.number, ok: true, code: null, message: null },
      { id: NIL, number: null, ok: false, code: 'ORDER_NOT_FOUND', message: expect.any(String) },
    ]);
    expect(await f.bikeStatus(bike)).toBe('available');
    const after = await ok(await call('GET', '/v1/admin/orders?view=overdue&pageSize=500', admin));
    expect(after.docs.map((d: { id: string }) => d.id)).not.toContain(late.orderId);
    await refused(await call('POST', '/v1/admin/orders/cancel', admin, { ids: [] }), 400, 'VALIDATION_ERROR');
  });
});

describe('who may use the back office’s orders', () => {
  it('answers administrators only: anonymous 401, every other role 403, nothing changed', async () => {
    const bike = await f.freeStockBike();
    const placed = await f.stockBikeOrder(bike);
    const id = placed.orderId;
    const payment = NIL;
    const calls = [
      { method: 'GET', url: '/v1/admin/orders' },
      { method: 'GET', url: `/v1/admin/orders/${id}` },
      { method: 'POST', url: `/v1/admin/orders/${id}/cancel`, payload: {} },
      { method: 'POST', url: '/v1/admin/orders/cancel', payload: { ids: [id] } },
      { method: 'POST', url: `/v1/admin/orders/${id}/refund`, payload: { paymentId: payment, amount: 1 } },
      { method: 'POST', url: `/v1/admin/orders/${id}/received`, payload: { paymentId: payment } },
      { method: 'POST', url: `/v1/admin/orders/${id}/invoice-email`, payload: {} },
      { method: 'POST', url: `/v1/admin/orders/${id}/shipments`, payload: { carrier: 'ups', trackingNumber: '1Z999' } },
    ] as const;
    for (const c of calls) await expectAdminOnly(ctx, c);
    expect(await f.bikeStatus(bike)).toBe('reserved');
    expect(await f.trail('order', id)).toEqual([]);
    await refused(await call('GET', `/v1/admin/orders/${NIL}`, await f.admin()), 404, 'ORDER_NOT_FOUND');
    await refused(await call('GET', '/v1/admin/orders/not-an-id', await f.admin()), 400, 'VALIDATION_ERROR');
  });
});
