import {
  auditLog,
  DEMO_DEALER_CUSTOMER_ORDER_ID,
  DEMO_DEALER_OWN_ORDER_ID,
  orders,
  payments,
  walletEntries,
} from '@varg/db';
import { configurationHash } from '@varg/domain';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiCalls, DEMO_ACCOUNTS, type Json, useApi } from '../../../test/helper.ts';
import { dealerOrdersRepo } from './dealer-repo.ts';
import { ordersRepo } from './repo.ts';

const ctx = useApi();
const { call, ok, refused, signIn } = apiCalls(ctx, 40);
const { DEALER, LYON, LEAD_DEALER, RIDER, CUSTOMER, ADMIN, AUSTIN } = DEMO_ACCOUNTS;
const RIDER_ORDER = DEMO_DEALER_CUSTOMER_ORDER_ID;
const OWN_ORDER = DEMO_DEALER_OWN_ORDER_ID;
const LAURA_ORDER = 'f0a1e000-0000-4000-8000-000000000001';
const AUSTIN_ORDER = 'f0a1e000-0000-4000-8000-000000000104';
const UNKNOWN = 'f0a1e000-0000-4000-8000-0000000000ff';

const MX_DEFAULTS = [
  'varg_option_red',
  'varg_option_60hp',
  'varg_option_handbrake',
  'varg_option_65_70',
  'varg_option_front_disk_guard_no',
  'varg_option_rear_disk_guard_no',
  'varg_option_tires_medium',
  'varg_option_footpeg_standard',
  'varg_option_titanium_bolts_no',
  'varg_option_tubolito',
  'varg_option_registration_no',
];

/** A configuration saved the way the configurator saves it (orderInfo), answering its hash. */
async function savedHash(productId: string, country: string, optionIds: string[]): Promise<string> {
  const query = optionIds.map((id) => `componentId=${id}`).join('&');
  const info = await ok(await call('GET', `/v1/checkout/orderInfo/${productId}?country=${country}&${query}`));
  expect(info.hash).toBe(configurationHash(productId, optionIds));
  return info.hash as string;
}

const order = async (token: string, id: string) => ok(await call('GET', `/v1/dealer/orders/${id}`, token));
const pdf = (text = 'Dealer invoice 2026-118') =>
  Buffer.from(`%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% ${text}\ntrailer << /Root 1 0 R >>\n%%EOF\n`);

describe('stock bikes a dealer orders', () => {
  it('are at the dealer price (list less its 12 % margin) in its own cart; a customer pays the list price', async () => {
    const dealer = await signIn(DEALER);
    const mine = await ok(
      await call('POST', '/v1/dealer/stock-bikes', dealer, { country: 'ES', productId: 'varg', page: 1, limit: 10 }),
    );
    const bike = mine.docs[0] as Json;
    expect(bike).toBeTruthy();
    const list = bike.pricing.discountedPrice as number;
    const cart = await ok(
      await call('POST', '/v1/cart/add-stock-bike?country=ES', dealer, { stockBikeId: bike._id, quantity: 1 }),
    );
    expect(cart.items[0]).toMatchObject({ stockBikeId: bike._id, overwritePrice: Math.round(list * 0.88) });
    expect(cart.items[0].subTotal.unitPrice).toBe(Math.round(list * 0.88));
    // The same bike in a customer's cart is at its list price.
    const rider = await signIn(RIDER);
    const theirs = await ok(
      await call('POST', '/v1/cart/add-stock-bike?country=ES', rider, { stockBikeId: bike._id, quantity: 1 }),
    );
    expect(theirs.items[0]).toMatchObject({ overwritePrice: null });
    expect(theirs.items[0].subTotal.unitPrice).toBe(list);
  });
});

describe('the dealer’s orders', () => {
  it('lists the orders a dealer looks after and bought, with search, status and type', async () => {
    const token = await signIn(DEALER);
    const page = await ok(await call('GET', '/v1/dealer/orders', token));
    const ids = page.docs.map((o: Json) => o.id);
    expect(ids).toContain(RIDER_ORDER);
    expect(ids).toContain(OWN_ORDER);
    expect(ids).not.toContain(LAURA_ORDER);
    const rider = page.docs.find((o: Json) => o.id === RIDER_ORDER);
    expect(rider).toMatchObject({ own: false, editable: true, status: 'partially_paid', maxDiscountBp: 1000 });
    expect(page.docs.find((o: Json) => o.id === OWN_ORDER)).toMatchObject({ own: true, customerType: 'Dealer' });

    const searched = await ok(await call('GET', '/v1/dealer/orders?search=mart%C3%ADn', token));
    expect(searched.docs.map((o: Json) => o.id)).toEqual([RIDER_ORDER]);
    const byNumber = await ok(await call('GET', `/v1/dealer/orders?search=${rider.number}`, token));
    expect(byNumber.docs.map((o: Json) => o.id)).toEqual([RIDER_ORDER]);
    const unpaid = await ok(await call('GET', '/v1/dealer/orders?status=pending_payment', token));
    expect(unpaid.docs.map((o: Json) => o.id)).toEqual([OWN_ORDER]);
    const stores = await ok(await call('GET', '/v1/dealer/orders?type=store', token));
    expect(stores.totalDocs).toBe(0);
    // A search for LIKE's wildcards finds nothing rather than everything.
    expect((await ok(await call('GET', '/v1/dealer/orders?search=%25', token))).totalDocs).toBe(0);
  });

  it('refuses bad queries with a code', async () => {
    const token = await signIn(DEALER);
    await refused(await call('GET', '/v1/dealer/orders?status=shipped', token), 400, 'VALIDATION_ERROR');
    await refused(await call('GET', '/v1/dealer/orders?page=0', token), 400, 'VALIDATION_ERROR');
    await refused(await call('GET', '/v1/dealer/orders?limit=101', token), 400, 'VALIDATION_ERROR');
    await refused(await call('GET', '/v1/dealer/orders/not-a-uuid', token), 400, 'VALIDATION_ERROR');
    await refused(await call('GET', `/v1/dealer/orders/${UNKNOWN}`, token), 404, 'ORDER_NOT_FOUND');
  });

  it('keeps every dealer to its own orders (dealer × other dealer × customer × lead dealer × admin)', async () => {
    const [dealer, lyon, rider, lead, admin] = await Promise.all(
      [DEALER, LYON, RIDER, LEAD_DEALER, ADMIN].map((e) => signIn(e)),
    );
    await ok(await call('GET', `/v1/dealer/orders/${RIDER_ORDER}`, dealer));
    await ok(await call('GET', `/v1/dealer/orders/${RIDER_ORDER}`, admin));
    await refused(await call('GET', `/v1/dealer/orders/${RIDER_ORDER}`, lyon), 404, 'ORDER_NOT_FOUND');
    await refused(await call('GET', `/v1/dealer/orders/${RIDER_ORDER}`, lead), 404, 'ORDER_NOT_FOUND');
    await refused(await call('GET', `/v1/dealer/orders/${LAURA_ORDER}`, dealer), 404, 'ORDER_NOT_FOUND');
    await ok(await call('GET', `/v1/dealer/orders/${LAURA_ORDER}`, lead));
    // Customers have no dealer list at all; anonymous callers must sign in.
    await refused(await call('GET', '/v1/dealer/orders', rider), 403, 'FORBIDDEN');
    await refused(await call('GET', '/v1/dealer/orders'), 401, 'UNAUTHORIZED');
    const edit = { orderId: RIDER_ORDER, lineId: UNKNOWN, quantity: 1 };
    await refused(await call('PUT', '/v1/order/edit-item', lyon, edit), 404, 'ORDER_NOT_FOUND');
    await refused(await call('PUT', '/v1/order/edit-item', rider, edit), 403, 'FORBIDDEN');
    const invoice = { salesorder_type: 'BIKE', type: 'INVOICE', name: 'x.pdf', invoice: pdf().toString('base64') };
    await refused(
      await call('PUT', `/v1/order/${RIDER_ORDER}/append-dealer-invoice`, lyon, invoice),
      404,
      'ORDER_NOT_FOUND',
    );
    await refused(
      await call('PUT', `/v1/order/update-prices/${RIDER_ORDER}`, lyon, {
        customerType: 'B2C',
        deliveryMethod: 'home_delivery',
      }),
      404,
      'ORDER_NOT_FOUND',
    );
    await refused(
      await call('POST', '/v1/order/add-item', lyon, { orderId: RIDER_ORDER, hash: 'abc', quantity: 1 }),
      404,
      'ORDER_NOT_FOUND',
    );
  });
});

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

describe('the dealer’s invoice on an order', () => {
  const body = (invoice: string, over: Json = {}) => ({
    salesorder_type: 'BIKE',
    type: 'INVOICE',
    name: 'Factura 2026-118.pdf',
    invoice,
    ...over,
  });

  it('stores a PDF and gives the same bytes back to the dealer and the buyer, nobody else', async () => {
    const [dealer, rider, lyon, customer] = (await Promise.all(
      [DEALER, RIDER, LYON, CUSTOMER].map((e) => signIn(e)),
    )) as string[] as [string, string, string, string];
    const file = pdf();
    const { attachments } = await ok(
      await call('PUT', `/v1/order/${RIDER_ORDER}/append-dealer-invoice`, dealer, body(file.toString('base64'))),
    );
    expect(attachments[0]).toMatchObject({ name: 'Factura 2026-118.pdf', type: 'INVOICE', salesorder_type: 'BIKE' });
    expect(attachments[0].size).toBe(file.length);
    const url = `/v1/order/${RIDER_ORDER}/dealer-invoices/${attachments[0].id}`;
    for (const token of [dealer, rider]) {
      const res = await call('GET', url, token);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.rawPayload.equals(file)).toBe(true);
      expect(res.headers['content-disposition']).toContain('Factura');
    }
    await refused(await call('GET', url, lyon), 404, 'ORDER_NOT_FOUND');
    await refused(await call('GET', url, customer), 403, 'FORBIDDEN');
    await refused(await call('GET', url), 401, 'UNAUTHORIZED');
    await refused(
      await call('GET', `/v1/order/${RIDER_ORDER}/dealer-invoices/${UNKNOWN}`, dealer),
      404,
      'ATTACHMENT_NOT_FOUND',
    );
    // The buyer finds it listed on their order.
    const listed = await ok(await call('GET', `/v1/order/${RIDER_ORDER}/dealer-invoices`, rider));
    expect(listed.attachments.map((a: Json) => a.id)).toEqual([attachments[0].id]);
    await refused(await call('GET', `/v1/order/${RIDER_ORDER}/dealer-invoices`, lyon), 404, 'ORDER_NOT_FOUND');
    // A signed link opens the file without a token, and only that file.
    const link = await ok(await call('GET', `${url}/link`, rider));
    const opened = await call('GET', link.downloadURL);
    expect(opened.statusCode).toBe(200);
    expect(opened.rawPayload.equals(file)).toBe(true);
    const otherAttachment = link.downloadURL.replace(attachments[0].id, UNKNOWN);
    await refused(await call('GET', otherAttachment), 400, 'INVALID_TOKEN');
    await refused(await call('GET', `${url}?token=1.abc`), 400, 'INVALID_TOKEN');
    await refused(await call('GET', `${url}/link`, lyon), 404, 'ORDER_NOT_FOUND');
    // A data: URL is accepted as well, and the list is newest first.
    const second = await ok(
      await call(
        'PUT',
        `/v1/order/${RIDER_ORDER}/append-dealer-invoice`,
        dealer,
        body(`data:application/pdf;base64,${pdf('second').toString('base64')}`, { name: 'second.pdf' }),
      ),
    );
    expect(second.attachments.map((a: Json) => a.name)).toEqual(['second.pdf', 'Factura 2026-118.pdf']);
    expect((await order(dealer, RIDER_ORDER)).attachments).toHaveLength(2);
  });

  it('refuses what is not a PDF by its content, empty, too large or malformed, storing nothing', async () => {
    const dealer = await signIn(DEALER);
    const put = (payload: Json) => call('PUT', `/v1/order/${RIDER_ORDER}/append-dealer-invoice`, dealer, payload);
    const before = (await order(dealer, RIDER_ORDER)).attachments.length;
    const exe = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(200)]);
    await refused(await put(body(exe.toString('base64'), { name: 'invoice.pdf' })), 415, 'INVOICE_NOT_PDF');
    await refused(await put(body(Buffer.from('just text').toString('base64'))), 415, 'INVOICE_NOT_PDF');
    await refused(await put(body('')), 400, 'VALIDATION_ERROR');
    await refused(await put(body('@@@not base64@@@')), 400, 'VALIDATION_ERROR');
    await refused(await put(body(pdf().toString('base64'), { type: 'RECEIPT' })), 400, 'VALIDATION_ERROR');
    await refused(await put(body(pdf().toString('base64'), { salesorder_type: 'PART' })), 400, 'VALIDATION_ERROR');
    await refused(await put(body(pdf().toString('base64'), { name: '' })), 400, 'VALIDATION_ERROR');
    const big = Buffer.concat([pdf(), Buffer.alloc(10 * 1024 * 1024)]);
    await refused(await put(body(big.toString('base64'))), 413, 'INVOICE_TOO_LARGE');
    expect((await order(dealer, RIDER_ORDER)).attachments).toHaveLength(before);
  });
});
