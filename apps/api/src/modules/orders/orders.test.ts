import { DEMO_PARTS_ORDER_ID, DEMO_VEHICLE_ORDER_ID } from '@varg/db';
import { describe, expect, it } from 'vitest';
import { newCustomer } from '../../../test/helper.ts';
import { ctx, get, insertOrder, ordersApi, signIn, UNKNOWN, userId } from '../../../test/orders-fixture.ts';
import { apiConfigFromEnv, readEnv } from '../../config.ts';
import { bankAccount, SANDBOX_BANK_ACCOUNT } from './seller.ts';

// Orders as their buyers read them (decision 014): one order, the caller's list, bank-transfer details. The invoice
// and the e-mails have their own files; the shared setup is apps/api/test/orders-fixture.ts.

ordersApi();

describe('reading an order (GET order/{id}, GET store/orders/{id})', () => {
  it('shows the demo vehicle order to its buyer: lines with the configuration, totals and the ledger', async () => {
    const token = await signIn('customer@demo.starkfuture.com');
    const res = await get(`/v1/order/${DEMO_VEHICLE_ORDER_ID}`, token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const order = res.json();
    expect(order).toMatchObject({
      id: DEMO_VEHICLE_ORDER_ID,
      number: 100_001,
      type: 'vehicle',
      status: 'partially_paid',
      country: 'DE',
      currency: 'EUR',
      language: 'de',
      customerType: 'B2C',
      contact: { firstName: 'Laura', lastName: 'Fischer', email: 'customer@demo.starkfuture.com' },
      shippingAddress: { line1: 'Torstraße 125', postalCode: '10119', city: 'Berlin', country: 'DE' },
      billing: { firstName: 'Laura', companyName: null, companyId: null, reverseCharge: false },
      subtotal: 1_542_800,
      shipping: 34_900,
      tax: 251_902,
      total: 1_577_700,
      paid: 50_000,
      toPay: 1_527_700,
      pending: 0,
      bankTransferPending: false,
      deliveryDate: '2026-05-11',
      payments: [{ kind: 'deposit', method: 'card', status: 'SUCCEEDED', amount: 50_000, currency: 'EUR' }],
    });
    const [line] = order.lines;
    expect(line).toMatchObject({ type: 'bike', productId: 'varg-ex', name: 'VARG EX', quantity: 1, vatRateBp: 1900 });
    expect(line.options).toHaveLength(11);
    // In the catalogue's group order, each named in the request's language.
    expect(line.options[0]).toMatchObject({
      id: 'varg_option_grey',
      group: 'color',
      groupNameKey: 'option_group_color',
    });
    expect(line.options.find((o: { id: string }) => o.id === 'varg_option_80hp')).toMatchObject({
      group: 'power',
      nameKey: 'option_80hp',
    });
    const english = (await get(`/v1/order/${DEMO_VEHICLE_ORDER_ID}`, token, 'en')).json();
    expect(english.lines[0].options[0].name).toBe('Gray');
  });

  it('reads a store order at store/orders/{id} only, and a vehicle order at order/{id} only', async () => {
    const token = await signIn('customer@demo.starkfuture.com');
    const parts = await get(`/v1/store/orders/${DEMO_PARTS_ORDER_ID}`, token, 'en');
    expect(parts.statusCode).toBe(200);
    expect(parts.json()).toMatchObject({
      number: 100_002,
      type: 'store',
      status: 'paid',
      total: 43_788,
      paid: 43_788,
      toPay: 0,
      payments: [{ kind: 'full', method: 'bank_transfer', status: 'SUCCEEDED', amount: 43_788 }],
    });
    // Brand names print as they are; catalog keys are translated.
    expect(parts.json().lines.map((l: { name: string; quantity: number }) => `${l.quantity} ${l.name}`)).toEqual([
      '1 Grip seat',
      '1 Pirelli Scorpion XC 120/100-18',
      '2 Power Tube 18"',
    ]);
    for (const url of [`/v1/order/${DEMO_PARTS_ORDER_ID}`, `/v1/store/orders/${DEMO_VEHICLE_ORDER_ID}`]) {
      const res = await get(url, token);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'ORDER_NOT_FOUND', t_key: 'error_order_not_found' });
    }
  });

  it('hides an order from everybody but its buyer and the administrators', async () => {
    const stranger = (await newCustomer(ctx.app, 'stranger@example.com')).token;
    const urls = [
      `/v1/order/${DEMO_VEHICLE_ORDER_ID}`,
      `/v1/store/orders/${DEMO_PARTS_ORDER_ID}`,
      `/v1/order/document/${DEMO_VEHICLE_ORDER_ID}`,
      `/v1/order/invoice?orderId=${DEMO_VEHICLE_ORDER_ID}`,
      `/v1/order/get-bank-details/${DEMO_VEHICLE_ORDER_ID}`,
      `/v1/order/${UNKNOWN}`,
    ];
    for (const url of urls) {
      const res = await get(url, stranger);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().code).toBe('ORDER_NOT_FOUND');
    }
    expect((await get('/v1/order', stranger)).json()).toMatchObject({ docs: [], totalDocs: 0, totalPages: 1 });

    const admin = await signIn('admin@demo.starkfuture.com');
    expect((await get(`/v1/order/${DEMO_VEHICLE_ORDER_ID}`, admin)).statusCode).toBe(200);
    expect((await get(`/v1/order/get-bank-details/${DEMO_VEHICLE_ORDER_ID}`, admin)).statusCode).toBe(200);
  });

  it('needs a sign-in, and answers 400 for malformed ids and queries', async () => {
    for (const url of [
      `/v1/order/${DEMO_VEHICLE_ORDER_ID}`,
      '/v1/order',
      `/v1/order/document/${DEMO_VEHICLE_ORDER_ID}`,
      `/v1/order/invoice?orderId=${DEMO_VEHICLE_ORDER_ID}`,
      `/v1/order/get-bank-details/${DEMO_VEHICLE_ORDER_ID}`,
    ]) {
      expect((await get(url)).statusCode, url).toBe(401);
    }
    const token = await signIn('customer@demo.starkfuture.com');
    for (const url of [
      '/v1/order/not-an-id',
      '/v1/order/100001',
      '/v1/store/orders/abc',
      '/v1/order/document/abc',
      '/v1/order/get-bank-details/abc',
      '/v1/order/invoice',
      '/v1/order/invoice?orderId=123',
      '/v1/order?type=boat',
      '/v1/order?limit=0',
      '/v1/order?page=0',
    ]) {
      const res = await get(url, token);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
    }
  });
});

describe('the caller’s orders (GET order)', () => {
  it('lists the demo customer’s orders newest first, by type', async () => {
    const token = await signIn('customer@demo.starkfuture.com');
    const all = (await get('/v1/order', token)).json();
    expect(all).toMatchObject({ totalDocs: 2, page: 1, limit: 10, totalPages: 1, hasNextPage: false, prevPage: null });
    expect(all.docs.map((o: { number: number }) => o.number)).toEqual([100_002, 100_001]);
    const vehicles = (await get('/v1/order?type=vehicle', token)).json();
    expect(vehicles.docs.map((o: { id: string }) => o.id)).toEqual([DEMO_VEHICLE_ORDER_ID]);
    const store = (await get('/v1/order?type=store', token)).json();
    expect(store.docs.map((o: { id: string }) => o.id)).toEqual([DEMO_PARTS_ORDER_ID]);
  });

  it('pages through many orders', async () => {
    const token = (await newCustomer(ctx.app, 'collector@example.com')).token;
    const id = await userId('collector@example.com');
    for (let i = 0; i < 12; i++) {
      await insertOrder(id, { createdAt: new Date(Date.UTC(2026, 0, 1 + i)) });
    }
    const first = (await get('/v1/order?limit=5', token)).json();
    expect(first).toMatchObject({ totalDocs: 12, totalPages: 3, page: 1, hasNextPage: true, nextPage: 2 });
    expect(first.docs).toHaveLength(5);
    const last = (await get('/v1/order?limit=5&page=3', token)).json();
    expect(last).toMatchObject({ page: 3, hasNextPage: false, hasPrevPage: true, prevPage: 2, nextPage: null });
    expect(last.docs).toHaveLength(2);
    const dates = [...first.docs, ...last.docs].map((o: { createdAt: string }) => o.createdAt);
    expect(dates).toEqual([...dates].sort().reverse());
    expect((await get('/v1/order?limit=5&page=9', token)).json().docs).toEqual([]);
  });
});

describe('bank-transfer details (GET order/get-bank-details/{id})', () => {
  it('asks for what is due, with the order number as reference, from the sandbox account', async () => {
    const token = await signIn('customer@demo.starkfuture.com');
    const res = await get(`/v1/order/get-bank-details/${DEMO_VEHICLE_ORDER_ID}`, token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      orderId: DEMO_VEHICLE_ORDER_ID,
      orderNumber: 100_001,
      beneficiary: 'Stark Future S.L.',
      beneficiaryAddress: 'C/ de Pere IV 29, 08018 Barcelona, Spain',
      iban: 'ES91 2100 0418 4502 0005 1332',
      bic: 'CAIXESBBXXX',
      reference: '100001',
      amount: 1_527_700,
      currency: 'EUR',
      bankTransferPending: false,
      sandbox: true,
    });
    const paid = (await get(`/v1/order/get-bank-details/${DEMO_PARTS_ORDER_ID}`, token)).json();
    expect(paid).toMatchObject({ amount: 0, reference: '100002', bankTransferPending: false });
  });

  it('asks for the awaited transfer when one is pending', async () => {
    const token = (await newCustomer(ctx.app, 'transfer@example.com')).token;
    const order = await insertOrder(await userId('transfer@example.com'), {
      type: 'vehicle',
      lines: [{ name: 'VARG MX', nameKey: 'model_varg_name', quantity: 1, unitPrice: 1_190_000, vatRateBp: 1900 }],
      payments: [
        { kind: 'deposit', method: 'card', status: 'FAILED', amount: 50_000 },
        { kind: 'deposit', method: 'bank_transfer', status: 'PROCESSING', amount: 50_000 },
      ],
    });
    const details = (await get(`/v1/order/get-bank-details/${order.id}`, token)).json();
    expect(details).toMatchObject({ amount: 50_000, bankTransferPending: true });
    const view = (await get(`/v1/order/${order.id}`, token)).json();
    expect(view).toMatchObject({
      status: 'pending_payment',
      paid: 0,
      toPay: 1_190_000,
      pending: 50_000,
      bankTransferPending: true,
    });
  });

  it('reads the account from BANK_TRANSFER_IBAN and BANK_TRANSFER_BIC, refusing a wrong IBAN', () => {
    const config = apiConfigFromEnv(
      readEnv({ BANK_TRANSFER_IBAN: 'DE89 3704 0044 0532 0130 00', BANK_TRANSFER_BIC: 'COBADEFFXXX' }),
    );
    expect(bankAccount(config.bankTransfer)).toEqual({
      beneficiary: 'Stark Future S.L.',
      iban: 'DE89370400440532013000',
      bic: 'COBADEFFXXX',
      sandbox: false,
    });
    expect(bankAccount(apiConfigFromEnv(readEnv({})).bankTransfer)).toBe(SANDBOX_BANK_ACCOUNT);
    expect(() => readEnv({ BANK_TRANSFER_IBAN: 'DE00 3704 0044 0532 0130 00' })).toThrow(
      /BANK_TRANSFER_IBAN: must be a valid IBAN/,
    );
    expect(() => readEnv({ BANK_TRANSFER_IBAN: 'DE89370400440532013000', BANK_TRANSFER_BIC: 'no' })).toThrow(
      /BANK_TRANSFER_BIC/,
    );
  });
});
