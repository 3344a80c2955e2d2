import { DEMO_VEHICLE_ORDER_ID, orderShipments, orders, payments, vehicles, walletEntries } from '@varg/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiCalls, DEMO_ACCOUNTS, type Json } from '../../../test/helper.ts';
import { insertOrder, ordersApi, paymentsOf, UNKNOWN, userId } from '../../../test/orders-fixture.ts';

// The buyer's change of delivery and contact before delivery (PUT order/{id}, decision 049): ownership, refused states,
// bad input, and a change of price that keeps the ledger exact (more owed, or store credit back).

const ctx = ordersApi();
const { call, ok, refused, signIn } = apiCalls(ctx, 60);
const { ADMIN, CUSTOMER, DEALER } = DEMO_ACCOUNTS;
const put = async (id: string, body: Json, email: string = CUSTOMER) =>
  call('PUT', `/v1/order/${id}`, await signIn(email), body);
const read = async (id: string) => ok(await call('GET', `/v1/store/orders/${id}`, await signIn(CUSTOMER)));
const trail = async (id: string) =>
  (await ok(await call('GET', `/v1/admin/audit/order/${id}`, await signIn(ADMIN)))).docs as Json[];

/** A Spanish parts order of the demo customer (Spain's prices include 21 % VAT; parcels 4.90 €, HQ pickup free). */
async function spanishOrder(shipping: number, paid: number) {
  const row = await insertOrder(await userId(CUSTOMER), {
    country: 'ES',
    language: 'es',
    lines: [{ name: 'Cap', nameKey: 'store_article_cap', quantity: 1, unitPrice: 2_900, vatRateBp: 2100 }],
    shipping,
    payments: paid ? [{ kind: 'full', method: 'card', status: 'SUCCEEDED', amount: paid }] : [],
  });
  await ctx.database.db
    .update(orders)
    .set({
      shippingMethod: shipping ? 'home_delivery' : 'hq_pickup',
      shippingAddress: { country: 'ES', line_1: 'Carrer de Pere IV 29', postal_code: '08018', city: 'Barcelona' },
    })
    .where(eq(orders.id, row.id));
  return row.id;
}

const contact = {
  firstName: 'Laura',
  lastName: 'Fischer-Weber',
  email: 'Laura.Weber@Example.com',
  phone: '+34 600 12 34 56',
};

describe('PUT order/{id}: the buyer changes delivery and contact', () => {
  it('changes contact and a typed address without a price change, audited in the order’s trail', async () => {
    const id = await spanishOrder(490, 3_390);
    const address = { country: 'es', line_1: 'Calle de Alcalá 1', postal_code: '28014', city: 'Madrid' };
    const done = await ok(await put(id, { contact, address }));
    expect(done.applied).toBe(true);
    expect(done.settlement).toEqual({ previousTotal: 3_390, total: 3_390, paid: 3_390, toPay: 0, credited: 0 });
    expect(done.order.contact).toEqual({
      firstName: 'Laura',
      lastName: 'Fischer-Weber',
      email: 'laura.weber@example.com',
      phone: '+34600123456',
    });
    expect(done.order.shippingAddress).toMatchObject({ line1: 'Calle de Alcalá 1', city: 'Madrid', country: 'ES' });
    expect((await read(id)).shippingAddress.city).toBe('Madrid');
    const [entry] = await trail(id);
    expect(entry).toMatchObject({ action: 'order.delivery_updated', entityType: 'order', entityId: id });
    expect(entry?.detail).toMatchObject({
      before: { shippingAddress: 'Carrer de Pere IV 29, 08018 Barcelona, ES', contactName: 'Ada Lovelace' },
      after: { shippingAddress: 'Calle de Alcalá 1, 28014 Madrid, ES', contactName: 'Laura Fischer-Weber' },
    });
    expect(entry?.detail.before).not.toHaveProperty('shipping');
  });

  it('takes a saved address of the buyer, never another user’s', async () => {
    const id = await spanishOrder(490, 0);
    const token = await signIn(CUSTOMER);
    const saved = await ok(
      await call('POST', '/v2/address', token, {
        country: 'ES',
        line_1: 'Gran Via 2',
        postal_code: '48001',
        city: 'Bilbao',
      }),
      201,
    );
    const done = await ok(await put(id, { addressId: saved._id }));
    expect(done.order.shippingAddress).toMatchObject({ line1: 'Gran Via 2', postalCode: '48001', city: 'Bilbao' });
    const dealers = await ok(
      await call('POST', '/v2/address', await signIn(DEALER), {
        country: 'ES',
        line_1: 'Otra 3',
        postal_code: '28001',
        city: 'Madrid',
      }),
      201,
    );
    await refused(await put(id, { addressId: dealers._id }), 404, 'ADDRESS_NOT_FOUND');
    expect((await read(id)).shippingAddress.city).toBe('Bilbao');
  });

  it('a dearer delivery: previewed, confirmed, then owed on top of what was paid', async () => {
    const id = await spanishOrder(0, 2_900);
    expect(await read(id)).toMatchObject({ total: 2_900, toPay: 0, status: 'paid' });
    const preview = await ok(await put(id, { deliveryMethod: 'home_delivery', preview: true }));
    expect(preview.applied).toBe(false);
    expect(preview.settlement).toEqual({ previousTotal: 2_900, total: 3_390, paid: 2_900, toPay: 490, credited: 0 });
    expect(preview.order.total).toBe(2_900);
    // Not confirmed, or confirmed at another total: nothing is written.
    await refused(await put(id, { deliveryMethod: 'home_delivery' }), 409, 'ORDER_TOTAL_CHANGED');
    await refused(await put(id, { deliveryMethod: 'home_delivery', expectedTotal: 3_000 }), 409, 'ORDER_TOTAL_CHANGED');
    expect(await read(id)).toMatchObject({ total: 2_900, shippingMethod: 'hq_pickup' });
    const done = await ok(await put(id, { deliveryMethod: 'home_delivery', expectedTotal: 3_390 }));
    expect(done.settlement).toEqual({ previousTotal: 2_900, total: 3_390, paid: 2_900, toPay: 490, credited: 0 });
    expect(done.order).toMatchObject({ shipping: 490, shippingMethod: 'home_delivery', status: 'partially_paid' });
    // Spain's VAT is contained in the price: 21 % of 33.90 €.
    expect(done.order.tax).toBe(Math.round(3_390 - 3_390 / 1.21));
    const [entry] = await trail(id);
    expect(entry?.detail).toMatchObject({
      before: { shippingMethod: 'hq_pickup', shipping: 0, total: 2_900 },
      after: { shippingMethod: 'home_delivery', shipping: 490, total: 3_390 },
    });
  });

  it('a cheaper delivery on a paid order: the difference comes back as store credit, from the payment', async () => {
    const id = await spanishOrder(490, 3_390);
    const before = await ctx.database.db.select().from(walletEntries).where(eq(walletEntries.reason, 'order_edit'));
    const done = await ok(await put(id, { deliveryMethod: 'hq_pickup', expectedTotal: 2_900 }));
    expect(done.settlement).toEqual({ previousTotal: 3_390, total: 2_900, paid: 2_900, toPay: 0, credited: 490 });
    expect(done.order).toMatchObject({
      shipping: 0,
      shippingMethod: 'hq_pickup',
      paid: 2_900,
      toPay: 0,
      status: 'paid',
    });
    const [payment] = await paymentsOf(id);
    expect(payment).toMatchObject({ amount: 3_390, refunded: 490, status: 'SUCCEEDED' });
    const after = await ctx.database.db.select().from(walletEntries).where(eq(walletEntries.reason, 'order_edit'));
    expect(after.length - before.length).toBe(1);
    expect(after.at(-1)).toMatchObject({ amount: 490, currency: 'EUR', userId: await userId(CUSTOMER) });
    expect((await trail(id))[0]?.detail).toMatchObject({ credited: 490 });
    // The same method again keeps its price: nothing changes, nothing more is credited.
    const again = await ok(await put(id, { deliveryMethod: 'hq_pickup' }));
    expect(again.settlement).toMatchObject({ total: 2_900, credited: 0 });
  });

  it('refuses bad input with a code, changing nothing', async () => {
    const id = await spanishOrder(490, 0);
    const cases: Array<[Json, number, string]> = [
      [{}, 400, 'VALIDATION_ERROR'],
      [{ preview: true }, 400, 'VALIDATION_ERROR'],
      [{ deliveryMethod: 'by_drone' }, 400, 'SHIPPING_METHOD_NOT_ALLOWED'],
      [
        { address: { country: 'DE', line_1: 'Torstraße 1', postal_code: '10119', city: 'Berlin' } },
        400,
        'ADDRESS_COUNTRY_MISMATCH',
      ],
      [
        { address: { country: 'ES', line_1: 'Calle 1', postal_code: '123', city: 'Madrid' } },
        400,
        'INVALID_POSTAL_CODE',
      ],
      [{ address: { country: 'ES', line_1: '', postal_code: '28014', city: 'Madrid' } }, 400, 'VALIDATION_ERROR'],
      [
        { addressId: UNKNOWN, address: { country: 'ES', line_1: 'a', postal_code: '28014', city: 'b' } },
        400,
        'VALIDATION_ERROR',
      ],
      [{ addressId: 'not-a-uuid' }, 400, 'VALIDATION_ERROR'],
      [{ addressId: UNKNOWN }, 404, 'ADDRESS_NOT_FOUND'],
      [{ contact: { ...contact, email: 'nope' } }, 400, 'VALIDATION_ERROR'],
      [{ contact: { ...contact, phone: 'call me' } }, 400, 'VALIDATION_ERROR'],
      [{ contact: { ...contact, firstName: '' } }, 400, 'VALIDATION_ERROR'],
      [{ deliveryMethod: 'hq_pickup', expectedTotal: -1 }, 400, 'VALIDATION_ERROR'],
    ];
    for (const [body, status, code] of cases) await refused(await put(id, body), status, code);
    expect(await read(id)).toMatchObject({
      total: 3_390,
      shippingMethod: 'home_delivery',
      contact: { lastName: 'Lovelace' },
    });
    expect(await trail(id)).toEqual([]);
  });

  it('is the buyer’s own: another user’s order is a 404, anonymous a 401', async () => {
    const id = await spanishOrder(490, 0);
    await refused(await put(id, { contact }, DEALER), 404, 'ORDER_NOT_FOUND');
    await refused(await put(id, { contact }, ADMIN), 404, 'ORDER_NOT_FOUND');
    await refused(await put(UNKNOWN, { contact }), 404, 'ORDER_NOT_FOUND');
    await refused(await call('PUT', `/v1/order/${id}`, null, { contact }), 401, 'UNAUTHORIZED');
    await refused(await put('123', { contact }), 400, 'VALIDATION_ERROR');
    expect((await read(id)).contact.lastName).toBe('Lovelace');
  });

  it('is refused once cancelled, shipped or delivered', async () => {
    const db = ctx.database.db;
    const cancelled = await spanishOrder(490, 0);
    await db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, cancelled));
    await refused(await put(cancelled, { contact }), 409, 'ORDER_NOT_EDITABLE');

    const shipped = await spanishOrder(490, 3_390);
    await db
      .insert(orderShipments)
      .values({ orderId: shipped, carrier: 'seur', trackingNumber: 'ES123', trackingUrl: 'https://www.seur.com/' });
    await refused(await put(shipped, { contact }), 409, 'ORDER_ALREADY_SHIPPED');

    // The demo vehicle order: changeable until a bike is handed over.
    const preview = await ok(await put(DEMO_VEHICLE_ORDER_ID, { deliveryMethod: 'home_delivery', preview: true }));
    expect(preview.settlement.total).toBe(preview.order.total);
    const [line] = (await ok(await call('GET', `/v1/order/${DEMO_VEHICLE_ORDER_ID}`, await signIn(CUSTOMER)))).lines;
    const owner = await userId(CUSTOMER);
    await db.insert(vehicles).values({
      vin: 'VSF0000000000001X',
      model: 'varg-ex',
      ownerId: owner,
      buyerId: owner,
      orderId: DEMO_VEHICLE_ORDER_ID,
      orderLineId: line.id,
      country: 'DE',
      productionDate: '2026-04-01',
      deliveredAt: new Date(),
    });
    await refused(await put(DEMO_VEHICLE_ORDER_ID, { contact }), 409, 'ORDER_ALREADY_DELIVERED');
    const [payment] = await db.select().from(payments).where(eq(payments.orderId, DEMO_VEHICLE_ORDER_ID));
    expect(payment?.refunded).toBe(0);
  });
});
