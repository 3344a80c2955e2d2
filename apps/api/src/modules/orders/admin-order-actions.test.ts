// The back office's actions on one order (issue 24 item 5, decision 042): refund half of a card payment (the balance
// and the buyer's e-mail exact), record a transfer, e-mail the invoice again, ship a parts order with its tracking.
import { orderShipments, payments } from '@varg/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orderFixtures } from '../../../test/admin-orders.ts';
import { useApi } from '../../../test/helper.ts';

const ctx = useApi();
const f = orderFixtures(ctx, 60);
const { call, ok, refused } = f;
const NIL = '00000000-0000-4000-8000-000000000000';

const refundedOf = async (id: string) =>
  (await ctx.database.db.select({ r: payments.refunded }).from(payments).where(eq(payments.id, id)))[0]?.r;

describe('refunding part of a payment', () => {
  it('refunds half of a card payment: the ledger, the balance and the buyer’s e-mail are exact, the trail says so', async () => {
    const admin = await f.admin();
    const placed = await f.bikeOrder('DE');
    const paid = await f.payByCard(placed.orderId, placed.token);
    const total = paid.amount as number;
    const half = Math.floor(total / 2);

    // Bad input first: nothing changes.
    const url = `/v1/admin/orders/${placed.orderId}/refund`;
    await refused(await call('POST', url, admin, { paymentId: paid._id, amount: total + 1 }), 400, 'REFUND_INVALID');
    await refused(await call('POST', url, admin, { paymentId: paid._id, amount: 0 }), 400, 'VALIDATION_ERROR');
    await refused(await call('POST', url, admin, { paymentId: paid._id, amount: 1.5 }), 400, 'VALIDATION_ERROR');
    await refused(await call('POST', url, admin, { paymentId: NIL, amount: 100 }), 404, 'PAYMENT_NOT_FOUND');
    const other = await f.bikeOrder('DE');
    await refused(
      await call('POST', `/v1/admin/orders/${other.orderId}/refund`, admin, { paymentId: paid._id, amount: 100 }),
      404,
      'PAYMENT_NOT_FOUND',
    );
    expect(await refundedOf(paid._id)).toBe(0);

    const detail = await ok(await call('POST', url, admin, { paymentId: paid._id, amount: half, to: 'original' }));
    expect(detail.ledger[0]).toMatchObject({
      id: paid._id,
      refunded: half,
      refundable: total - half,
      provider: 'sandbox',
    });
    expect(detail.order).toMatchObject({ paid: total - half, toPay: half, status: 'partially_paid' });
    expect(detail.refunded).toBe(half);
    // The buyer reads the same.
    const view = await ok(await call('GET', `/v1/order/${placed.orderId}`, placed.token));
    expect(view).toMatchObject({ paid: total - half, toPay: half });

    const money = (n: number) => new Intl.NumberFormat('en-DE', { style: 'currency', currency: 'EUR' }).format(n / 100);
    const [mail] = await f.mails(placed.email);
    expect(mail?.subject).toBe(`Refund for your order ${detail.order.number}`);
    expect(mail?.text).toContain(`We are refunding ${money(half)} to the payment method you used.`);
    expect(mail?.text).toContain(money(total - half));
    expect(mail?.text).toContain(money(half));
    expect(detail.emails[0]).toMatchObject({ subject: mail?.subject, to: placed.email });

    const [entry] = await f.trail('payment', paid._id);
    expect(entry).toMatchObject({
      action: 'payment.refunded',
      actor: { email: 'admin@demo.starkfuture.com' },
      detail: { before: { refunded: 0 }, after: { refunded: half }, amount: half, to: 'original' },
    });
    // The rest, and no more.
    await refused(
      await call('POST', url, admin, { paymentId: paid._id, amount: total - half + 1 }),
      400,
      'REFUND_INVALID',
    );
    await ok(await call('POST', url, admin, { paymentId: paid._id, amount: total - half }));
    expect(await refundedOf(paid._id)).toBe(total);
  });
});

describe('recording a bank transfer and the invoice e-mail', () => {
  it('marks a transfer to our account received (audited, buyer e-mailed) and e-mails the invoice again', async () => {
    const admin = await f.admin();
    const placed = await f.bikeOrder('NO');
    const transfer = await ok(
      await call('POST', '/v1/payment', placed.token, {
        kind: 'full',
        method: 'stark_bank_transfer',
        order: placed.orderId,
      }),
    );
    expect(transfer.status).toBe('PROCESSING');
    const before = await f.detail(placed.orderId);
    expect(before.ledger[0]).toMatchObject({ awaitingMoney: true, refundable: 0 });
    await refused(
      await call('POST', `/v1/admin/orders/${placed.orderId}/received`, admin, { paymentId: 'x' }),
      400,
      'VALIDATION_ERROR',
    );
    const after = await ok(
      await call('POST', `/v1/admin/orders/${placed.orderId}/received`, admin, { paymentId: transfer._id }),
    );
    expect(after.ledger[0]).toMatchObject({ status: 'SUCCEEDED', awaitingMoney: false });
    expect(after.order.status).toBe('paid');
    const [entry] = await f.trail('payment', transfer._id);
    expect(entry).toMatchObject({
      action: 'payment.received',
      detail: { before: { status: 'PROCESSING' }, after: { status: 'SUCCEEDED' } },
    });
    // Twice: the payment is no longer waiting.
    const again = await call('POST', `/v1/admin/orders/${placed.orderId}/received`, admin, { paymentId: transfer._id });
    expect(again.statusCode).toBe(200);
    expect(await f.trail('payment', transfer._id)).toHaveLength(1);

    const sent = await ok(await call('POST', `/v1/admin/orders/${placed.orderId}/invoice-email`, admin, {}));
    const [mail] = await f.mails(placed.email);
    expect(mail?.subject).toBe(`Invoice for your order ${sent.order.number}`);
    expect(mail?.text).toContain(`/orders/my/${placed.orderId}`);
    expect(sent.emails[0].subject).toBe(mail?.subject);
    const [resent] = await f.trail('order', placed.orderId);
    expect(resent).toMatchObject({ action: 'order.invoice_resent', detail: { to: placed.email } });
  });
});

describe('shipping a parts order', () => {
  it('records a parcel with carrier and tracking number; the buyer is e-mailed the link and sees it on the order', async () => {
    const admin = await f.admin();
    const placed = await f.partsOrder('DE');
    const url = `/v1/admin/orders/${placed.orderId}/shipments`;
    // Unpaid: not yet.
    await refused(
      await call('POST', url, admin, { carrier: 'dhl', trackingNumber: 'JD0146000012345' }),
      409,
      'ORDER_NOT_SHIPPABLE',
    );
    await f.payByCard(placed.orderId, placed.token);
    await refused(
      await call('POST', url, admin, { carrier: 'dhl', trackingNumber: 'a<b>' }),
      400,
      'TRACKING_NUMBER_INVALID',
    );
    await refused(
      await call('POST', url, admin, { carrier: 'pigeon', trackingNumber: 'JD0146' }),
      400,
      'VALIDATION_ERROR',
    );
    await refused(
      await call('POST', url, admin, {
        carrier: 'other',
        trackingNumber: 'XY1234',
        trackingUrl: 'http://track.example/x',
      }),
      400,
      'TRACKING_LINK_INVALID',
    );
    const vehicle = await f.bikeOrder('DE');
    await refused(
      await call('POST', `/v1/admin/orders/${vehicle.orderId}/shipments`, admin, {
        carrier: 'dhl',
        trackingNumber: 'JD0146',
      }),
      409,
      'ORDER_NOT_SHIPPABLE',
    );
    expect(
      await ctx.database.db.select().from(orderShipments).where(eq(orderShipments.orderId, placed.orderId)),
    ).toEqual([]);

    const detail = await ok(
      await call('POST', url, admin, { carrier: 'ups', trackingNumber: ' 1z 999 aa1 0123456784 ' }),
    );
    const link = 'https://www.ups.com/track?tracknum=1Z999AA10123456784';
    expect(detail.shipments).toEqual([
      expect.objectContaining({ carrier: 'ups', trackingNumber: '1Z999AA10123456784', trackingUrl: link }),
    ]);
    const [mail] = await f.mails(placed.email);
    expect(mail?.subject).toBe(`Your order ${detail.order.number} is on its way`);
    expect(mail?.text).toContain('UPS');
    expect(mail?.text).toContain('1Z999AA10123456784');
    expect(mail?.text).toContain(link);
    // The buyer's parts order shows the parcel.
    const own = await ok(await call('GET', `/v1/store/orders/${placed.orderId}`, placed.token));
    expect(own.shipments).toEqual([expect.objectContaining({ carrier: 'ups', trackingUrl: link })]);
    const [entry] = await f.trail('order', placed.orderId);
    expect(entry).toMatchObject({
      action: 'order.shipped',
      detail: {
        before: { shipments: 0 },
        after: { shipments: 1, carrier: 'ups', trackingNumber: '1Z999AA10123456784' },
      },
    });
  });
});
