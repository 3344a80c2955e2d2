import { describe, expect, it } from 'vitest';
import {
  ADMIN,
  CUSTOMER,
  calls,
  DEALER,
  dealerOrdersApi,
  LAURA_ORDER,
  LEAD_DEALER,
  LYON,
  OWN_ORDER,
  order,
  pdf,
  RIDER,
  RIDER_ORDER,
  UNKNOWN,
} from '../../../test/dealer-orders-fixture.ts';
import type { Json } from '../../../test/helper.ts';

// The dealer's orders through the API: stock bikes a dealer orders, the orders it sees and the dealer's invoice on an
// order. Editing orders (dealer-order-edits) has its own file; the shared setup is apps/api/test/dealer-orders-fixture.ts.

const _ctx = dealerOrdersApi();
const { call, ok, refused, signIn } = calls;

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
    // A customer who is not the buyer learns nothing either: the same 404 as for an unknown order.
    await refused(await call('GET', url, customer), 404, 'ORDER_NOT_FOUND');
    await refused(await call('GET', `${url}/link`, customer), 404, 'ORDER_NOT_FOUND');
    await refused(await call('GET', `/v1/order/${RIDER_ORDER}/dealer-invoices`, customer), 404, 'ORDER_NOT_FOUND');
    await refused(await call('GET', `/v1/order/${UNKNOWN}/dealer-invoices`, customer), 404, 'ORDER_NOT_FOUND');
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
