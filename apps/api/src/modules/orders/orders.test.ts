import {
  DEMO_PARTS_ORDER_ID,
  DEMO_PASSWORD,
  DEMO_VEHICLE_ORDER_ID,
  orderLines,
  orders,
  outbox,
  payments,
  users,
} from '@varg/db';
import { t } from '@varg/i18n/server';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer, lastMail, newCustomer, useApi } from '../../../test/helper.ts';
import { pdfText } from '../../../test/pdf-text.ts';
import { apiConfigFromEnv, readEnv } from '../../config.ts';
import { fitsBuiltinFont, renderPdf } from '../../lib/pdf.ts';
import { DOWNLOAD_LINK_TTL_S, downloadLinks } from './download-link.ts';
import { invoiceLanguage } from './invoice-pdf.ts';
import { bankAccount, SANDBOX_BANK_ACCOUNT } from './seller.ts';

const ctx = useApi();
const UNKNOWN = 'f0a1e000-0000-4000-8000-0000000000ff';
let ip = 0;

async function signIn(email: string, password = DEMO_PASSWORD): Promise<string> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/v1/user/sign-in',
    remoteAddress: `203.0.113.${++ip}`,
    payload: { email, password },
  });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.body}`);
  return res.json().token as string;
}

const get = (url: string, token?: string, lang = 'de') =>
  ctx.app.inject({ url, headers: { 'x-lang': lang, ...(token ? bearer(token) : {}) } });

/** Inserts an order of the user with its lines and payments, as the checkout would. */
async function insertOrder(
  userId: string,
  input: {
    type?: 'vehicle' | 'store';
    country?: string;
    language?: string;
    customerType?: string;
    billing?: Record<string, unknown>;
    taxDetails?: Record<string, unknown>;
    currency?: string;
    /** A line's total defaults to unit price × quantity (prices with VAT). */
    lines?: Array<{
      name: string;
      nameKey?: string;
      quantity: number;
      unitPrice: number;
      vatRateBp: number;
      total?: number;
    }>;
    subtotal?: number;
    shipping?: number;
    tax?: number;
    total?: number;
    payments?: Array<{
      kind: string;
      method: string;
      status: string;
      amount: number;
      refunded?: number;
      failureCode?: string;
      createdAt?: Date;
    }>;
    createdAt?: Date;
    /** The contact's e-mail address (ada@example.com by default). */
    email?: string;
    status?: string;
    deliveryDate?: string;
  } = {},
) {
  const lines = input.lines ?? [
    { name: 'Cap', nameKey: 'store_article_cap', quantity: 1, unitPrice: 2_900, vatRateBp: 1900 },
  ];
  const subtotal = input.subtotal ?? lines.reduce((s, l) => s + l.unitPrice * l.quantity, 0);
  const shipping = input.shipping ?? 0;
  const [row] = await ctx.database.db
    .insert(orders)
    .values({
      type: input.type ?? 'store',
      userId,
      country: input.country ?? 'DE',
      currency: input.currency ?? 'EUR',
      language: input.language ?? 'de',
      customerType: input.customerType ?? 'B2C',
      contact: {
        first_name: 'Ada',
        last_name: 'Lovelace',
        email: input.email ?? 'ada@example.com',
        phone: '+4930123456',
      },
      shippingAddress: { line_1: 'Unter den Linden 1', postal_code: '10117', city: 'Berlin', country: 'DE' },
      billing: input.billing ?? {},
      shippingMethod: 'standard',
      subtotal,
      shipping,
      tax: input.tax ?? 0,
      total: input.total ?? subtotal + shipping,
      taxDetails: input.taxDetails ?? {},
      ...(input.createdAt ? { createdAt: input.createdAt } : {}),
      ...(input.status ? { status: input.status } : {}),
      ...(input.deliveryDate ? { deliveryDate: input.deliveryDate } : {}),
    })
    .returning();
  if (!row) throw new Error('no order');
  await ctx.database.db.insert(orderLines).values(
    lines.map((l) => ({
      orderId: row.id,
      type: 'store',
      nameKey: l.nameKey ?? '',
      name: l.name,
      quantity: l.quantity,
      unitPrice: l.unitPrice,
      vatRateBp: l.vatRateBp,
      total: l.total ?? l.unitPrice * l.quantity,
    })),
  );
  // One millisecond apart, in the order given: the database clock can give rows made in the same millisecond the
  // same time, and "oldest first" would then be a coin toss.
  const start = Date.now();
  for (const [i, p] of (input.payments ?? []).entries()) {
    await ctx.database.db
      .insert(payments)
      .values({ orderId: row.id, currency: 'EUR', provider: 'sandbox', createdAt: new Date(start + i), ...p });
  }
  return row;
}

/** The order's payments, oldest first. */
async function paymentsOf(orderId: string) {
  return ctx.database.db
    .select()
    .from(payments)
    .where(eq(payments.orderId, orderId))
    .orderBy(asc(payments.createdAt), asc(payments.id));
}

/** Every e-mail to an address, oldest first, from the outbox (the dev mailbox only shows the newest). */
async function mailsTo(to: string) {
  return ctx.database.db.select().from(outbox).where(eq(outbox.to, to)).orderBy(asc(outbox.createdAt));
}

/** Spaces as printed by Intl (no-break, narrow no-break) read as plain spaces. */
const plain = (text: string | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

async function userId(email: string): Promise<string> {
  const [row] = await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}

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

describe('the invoice (GET order/document/{id}, GET order/invoice)', () => {
  it('gives a signed link that downloads the PDF invoice without a token', async () => {
    const token = await signIn('customer@demo.starkfuture.com');
    const doc = await get(`/v1/order/document/${DEMO_VEHICLE_ORDER_ID}`, token);
    expect(doc.statusCode).toBe(200);
    const { downloadURL, expiresAt } = doc.json();
    expect(downloadURL).toMatch(
      new RegExp(`^/v1/order/invoice\\?orderId=${DEMO_VEHICLE_ORDER_ID}&token=\\d+\\.[\\w-]+$`),
    );
    expect(new Date(expiresAt).getTime()).toBeGreaterThan(Date.now());

    const res = await ctx.app.inject(downloadURL);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="invoice-100001.pdf"');
    expect(res.headers['cache-control']).toBe('private, no-store');
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.subarray(-6).toString('latin1')).toMatch(/%%EOF\s*$/);

    // A link for one order opens no other; a changed or made-up signature opens nothing.
    const other = downloadURL.replace(DEMO_VEHICLE_ORDER_ID, DEMO_PARTS_ORDER_ID);
    const tampered = downloadURL.replace(/.$/, (c: string) => (c === 'A' ? 'B' : 'A'));
    for (const url of [other, tampered, `/v1/order/invoice?orderId=${DEMO_VEHICLE_ORDER_ID}&token=1.abc`]) {
      const bad = await ctx.app.inject(url);
      expect(bad.statusCode, url).toBe(400);
      expect(bad.json().code).toBe('INVALID_TOKEN');
    }
  });

  it('draws the invoice in the order’s language: seller, buyer, lines, 19 % VAT, payments and the amount due', async () => {
    const token = await signIn('customer@demo.starkfuture.com');
    const res = await get(`/v1/order/invoice?orderId=${DEMO_VEHICLE_ORDER_ID}`, token, 'en');
    expect(res.statusCode).toBe(200);
    const text = pdfText(res.rawPayload);
    for (const expected of [
      'Rechnung',
      'INV-100001',
      '100001',
      'Stark Future S.L.',
      'C/ de Pere IV 29',
      'ESB66000000',
      'Laura Fischer',
      'Torstraße 125',
      '10119 Berlin',
      'VARG EX',
      '15.428,00 €',
      '15.777,00 €',
      '13.257,98 €',
      '2.519,02 €',
      '500,00 €',
      '15.277,00 €',
      'ES91 2100 0418 4502 0005 1332',
    ]) {
      // Runs and lines joined: a long paragraph wraps wherever its line ends.
      expect(text.replace(/\s+/g, ' '), expected).toContain(expected);
    }
    // The VAT rate on the lines and in the breakdown.
    expect(text.match(/19\s%/g)?.length).toBeGreaterThanOrEqual(3);
  });

  it('shows a paid order as paid, with the transfer received', async () => {
    const token = await signIn('customer@demo.starkfuture.com');
    const res = await get(`/v1/order/invoice?orderId=${DEMO_PARTS_ORDER_ID}`, token);
    expect(res.headers['content-disposition']).toBe('attachment; filename="invoice-100002.pdf"');
    const text = pdfText(res.rawPayload).replace(/\u00a0/g, ' ');
    expect(text).toContain('INV-100002');
    expect(text).toContain('Pirelli Scorpion XC 120/100-18');
    expect(text).toContain('SF-PT-18');
    expect(text).toContain('437,88 €');
    expect(text).toContain('0,00 €');
    // Nothing is due: no transfer instructions.
    expect(text).not.toContain('ES91 2100');
  });

  it('lists every payment received with its date, method and kind, then what was paid and what is due', async () => {
    const token = (await newCustomer(ctx.app, 'ledger@example.com')).token;
    const order = await insertOrder(await userId('ledger@example.com'), {
      type: 'vehicle',
      lines: [{ name: 'VARG EX', nameKey: 'model_varg_ex_name', quantity: 1, unitPrice: 1_190_000, vatRateBp: 1900 }],
      payments: [
        {
          kind: 'deposit',
          method: 'card',
          status: 'SUCCEEDED',
          amount: 50_000,
          createdAt: new Date('2026-03-01T10:00:00Z'),
        },
        {
          kind: 'remaining',
          method: 'sepa',
          status: 'FAILED',
          amount: 1_140_000,
          failureCode: 'debit_not_authorized',
          createdAt: new Date('2026-03-04T10:00:00Z'),
        },
        {
          kind: 'remaining',
          method: 'wallet',
          status: 'SUCCEEDED',
          amount: 20_000,
          createdAt: new Date('2026-03-05T10:00:00Z'),
        },
        {
          kind: 'remaining',
          method: 'bank_transfer',
          status: 'PROCESSING',
          amount: 1_120_000,
          createdAt: new Date('2026-03-06T10:00:00Z'),
        },
      ],
    });
    const pdf = (await get(`/v1/order/invoice?orderId=${order.id}`, token)).rawPayload;
    const text = plain(pdfText(pdf).replace(/\s+/g, ' '));
    const section = text.slice(text.indexOf('Erhaltene Zahlungen'));
    // A row per payment received, in order: date, method, kind, amount.
    expect(section).toMatch(
      /Datum Zahlungsart Art Betrag 1\. März 2026 Karte Reservierungszahlung 500,00 € 5\. März 2026 Guthaben Restzahlung 200,00 € Bezahlt 700,00 € Offener Betrag 11\.200,00 €/,
    );
    // The failed debit and the transfer on its way are no payments received.
    expect(text).not.toContain('SEPA-Lastschrift');
    expect(text).not.toContain('4. März 2026');
    expect(text).not.toContain('Banküberweisung');
    expect(text).toContain('11.900,00 €');

    // In English, with the English labels; an order without payments says so.
    const english = await insertOrder(await userId('ledger@example.com'), {
      language: 'en-us',
      payments: [{ kind: 'full', method: 'manual', status: 'SUCCEEDED', amount: 2_900 }],
    });
    const en = plain(pdfText((await get(`/v1/order/invoice?orderId=${english.id}`, token)).rawPayload)).replace(
      /\s+/g,
      ' ',
    );
    expect(en).toContain('Date Method Type Amount');
    expect(en).toMatch(/Paid at the dealer Full payment €29\.00 Paid €29\.00 Amount due €0\.00/);
    // A refund shows under its payment, so the rows add up to what was paid.
    const refunded = await insertOrder(await userId('ledger@example.com'), {
      language: 'en-us',
      payments: [{ kind: 'full', method: 'card', status: 'SUCCEEDED', amount: 2_900, refunded: 900 }],
    });
    const withRefund = plain(
      pdfText((await get(`/v1/order/invoice?orderId=${refunded.id}`, token)).rawPayload),
    ).replace(/\s+/g, ' ');
    expect(withRefund).toMatch(/Card Full payment €29\.00 Refunded: €9\.00 [−-]€9\.00 Paid €20\.00 Amount due €9\.00/);
    const none = await insertOrder(await userId('ledger@example.com'), { language: 'en-us' });
    const empty = plain(pdfText((await get(`/v1/order/invoice?orderId=${none.id}`, token)).rawPayload)).replace(
      /\s+/g,
      ' ',
    );
    expect(empty).toMatch(/No payments yet\. Paid €0\.00 Amount due €29\.00/);
  });

  it('reverse charge: the company and its VAT id, the net charged, no VAT, and the legal note', async () => {
    const id = await userId('company@demo.starkfuture.com');
    const token = await signIn('company@demo.starkfuture.com');
    // As the checkout stores it (decision 013): 2 × 890.00 € listed with 20 % French VAT and 25.00 € delivery,
    // charged without the VAT they contain: 1,483.33 € + 20.83 € = 1,504.16 €; the lines carry the net at 0 %.
    const order = await insertOrder(id, {
      country: 'FR',
      language: 'fr',
      customerType: 'B2B',
      lines: [
        {
          name: 'Portable charger',
          nameKey: 'store_article_portable_charger',
          quantity: 2,
          unitPrice: 89_000,
          vatRateBp: 0,
          total: 148_333,
        },
      ],
      shipping: 2_500,
      total: 150_416,
      billing: {
        type: 'company',
        companyName: 'Moto Lyon SARL',
        vatId: 'FR40303265045',
        vatIdValid: true,
        reverseCharge: true,
        address: { line_1: '12 rue de la République', postal_code: '69002', city: 'Lyon', country: 'FR' },
      },
      taxDetails: { regime: 'eu_reverse_charge', reverseCharge: true, rateBp: 0 },
    });
    const view = (await get(`/v1/store/orders/${order.id}`, token)).json();
    expect(view).toMatchObject({
      taxPresentation: 'reverse_charge',
      billing: {
        companyName: 'Moto Lyon SARL',
        companyId: 'FR40303265045',
        reverseCharge: true,
        address: { line1: '12 rue de la République', city: 'Lyon', country: 'FR' },
      },
      lines: [{ unitAmount: 74_167, amount: 148_333 }],
    });
    const text = pdfText((await get(`/v1/order/invoice?orderId=${order.id}`, token)).rawPayload)
      .replace(/\s+/g, ' ')
      .replace(/[\u00a0\u202f]/g, ' ');
    for (const expected of [
      'Facture',
      'Moto Lyon SARL',
      'N° TVA : FR40303265045',
      '12 rue de la République',
      'Chargeur portable',
      '741,67 €',
      '1 483,33 €',
      '20,83 €',
      '1 504,16 €',
      'Autoliquidation',
      '2006/112/CE',
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(text).toMatch(/0 %/);
    expect(text).not.toMatch(/20 %/);
    // The listed price with VAT appears nowhere.
    expect(text).not.toContain('890,00');
  });

  it('sales tax added on top (US): lines before tax, the tax as its own line, no VAT breakdown', async () => {
    await newCustomer(ctx.app, 'rider@example.com');
    const token = await signIn('rider@example.com', 'correct horse battery');
    const order = await insertOrder(await userId('rider@example.com'), {
      type: 'vehicle',
      country: 'US',
      currency: 'USD',
      language: 'en-us',
      lines: [
        {
          name: 'VARG MX',
          nameKey: 'model_varg_name',
          quantity: 1,
          unitPrice: 1_049_000,
          vatRateBp: 725,
          total: 1_125_053,
        },
      ],
      subtotal: 1_049_000,
      tax: 76_053,
      total: 1_125_053,
      taxDetails: { regime: 'us_sales_tax', rateBp: 725, reverseCharge: false, state: 'CA' },
    });
    const view = (await get(`/v1/order/${order.id}`, token, 'en')).json();
    expect(view).toMatchObject({ taxPresentation: 'added', lines: [{ unitAmount: 1_049_000, amount: 1_049_000 }] });
    const text = pdfText((await get(`/v1/order/invoice?orderId=${order.id}`, token)).rawPayload).replace(/\s+/g, ' ');
    for (const expected of ['Invoice', '$10,490.00', 'Tax', '$760.53', '$11,250.53', '7.25%']) {
      expect(text, expected).toContain(expected);
    }
    expect(text).not.toContain('VAT breakdown');
  });

  it("draws every invoice in the order's own language, embedding a Unicode font where Helvetica cannot print it", async () => {
    expect(invoiceLanguage('de')).toBe('de');
    expect(invoiceLanguage('ru')).toBe('ru');
    expect(invoiceLanguage('el')).toBe('el');
    const pdf = await renderPdf(
      { title: 'Счёт', footer: 'Zażółć gęślą jaźń · Ελληνικά', unicode: true, compress: false },
      (w) => w.table({ columns: ['Позиция', 'Σύνολο'], rows: [['Łódź', '1 234,00 zł']] }),
    );
    const text = pdf.toString('latin1');
    expect(text.startsWith('%PDF-')).toBe(true);
    expect(text).toContain('/FontFile2');
    expect(text).toMatch(/DejaVuSans/);
    expect(fitsBuiltinFont('Müller, 15.428,00 €')).toBe(true);
    expect(fitsBuiltinFont('Łódź')).toBe(false);
  });

  it('signed links expire', () => {
    let now = Date.UTC(2026, 2, 1);
    const links = downloadLinks(new TextEncoder().encode('k'.repeat(40)), () => now);
    const { token } = links.sign(DEMO_VEHICLE_ORDER_ID);
    expect(links.verify(DEMO_VEHICLE_ORDER_ID, token)).toBe(true);
    now += DOWNLOAD_LINK_TTL_S * 1000 + 1000;
    expect(links.verify(DEMO_VEHICLE_ORDER_ID, token)).toBe(false);
    const other = downloadLinks(new TextEncoder().encode('x'.repeat(40)), () => Date.UTC(2026, 2, 1));
    expect(other.verify(DEMO_VEHICLE_ORDER_ID, token)).toBe(false);
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

describe('order e-mails', () => {
  it('confirms an order in its language, with the lines, what is due and the link to the order', async () => {
    await ctx.app.services.orders.sendOrderConfirmation(DEMO_VEHICLE_ORDER_ID);
    const mail = await lastMail(ctx.app, 'customer@demo.starkfuture.com');
    expect(mail?.lang).toBe('de');
    expect(mail?.subject).toContain('100001');
    const text = mail?.text.replace(/\u00a0/g, ' ') ?? '';
    expect(text).toContain('Laura');
    expect(text).toContain('1 × VARG EX: 15.428,00 €');
    expect(text).toContain('15.277,00 €');
    expect(text).toContain(`http://shop.test/de-DE/orders/my/${DEMO_VEHICLE_ORDER_ID}`);
    // No transfer is awaited: no bank details.
    expect(text).not.toContain('ES91');
  });

  it('adds the bank details when a transfer is awaited, and links a store order to the parts orders', async () => {
    await newCustomer(ctx.app, 'awaiting@example.com');
    const order = await insertOrder(await userId('awaiting@example.com'), {
      language: 'en-us',
      payments: [{ kind: 'full', method: 'bank_transfer', status: 'CREATED', amount: 2_900 }],
    });
    await ctx.app.services.orders.sendOrderConfirmation(order.id);
    const mail = await lastMail(ctx.app, 'ada@example.com');
    expect(mail?.lang).toBe('en-us');
    const text = mail?.text ?? '';
    expect(text).toContain('ES91 2100 0418 4502 0005 1332');
    expect(text).toContain('CAIXESBBXXX');
    expect(text).toContain(String(order.number));
    expect(text).toContain(`http://shop.test/en-DE/orders/parts/${order.id}`);
  });

  it('tells the buyer a payment came in: after a deposit, what was paid, what is due and where to pay it', async () => {
    const [payment] = await paymentsOf(DEMO_VEHICLE_ORDER_ID);
    await ctx.app.services.orders.sendPaymentReceived(DEMO_VEHICLE_ORDER_ID, payment?.id ?? '');
    const mail = await lastMail(ctx.app, 'customer@demo.starkfuture.com');
    expect(mail?.lang).toBe('de');
    expect(mail?.subject).toContain('100001');
    const text = plain(mail?.text);
    expect(text).toContain('Wir haben Ihre Zahlung von 500,00 € für die Bestellung 100001 erhalten.');
    expect(text).toContain('Bezahlt haben Sie 500,00 € von 15.777,00 €; noch offen: 15.277,00 €.');
    const payLink = `http://shop.test/de-DE/complete-order/${DEMO_VEHICLE_ORDER_ID}`;
    expect(text).toContain(`Die Restzahlung können Sie hier leisten: ${payLink}`);
    expect(text).toContain(`http://shop.test/de-DE/orders/my/${DEMO_VEHICLE_ORDER_ID}`);
    // Both links are clickable in the HTML part.
    const [stored] = (await mailsTo('customer@demo.starkfuture.com')).slice(-1);
    expect(stored?.html).toContain(`<a href="${payLink}">${payLink}</a>`);
    expect(stored?.html).toContain(`<a href="http://shop.test/de-DE/orders/my/${DEMO_VEHICLE_ORDER_ID}">`);
    await expect(ctx.app.services.orders.sendOrderConfirmation(UNKNOWN)).rejects.toMatchObject({
      code: 'ORDER_NOT_FOUND',
    });
  });

  it('says an order is paid in full when nothing is due, without a link to pay', async () => {
    const [payment] = await paymentsOf(DEMO_PARTS_ORDER_ID);
    await ctx.app.services.orders.sendPaymentReceived(DEMO_PARTS_ORDER_ID, payment?.id ?? '');
    const text = plain((await lastMail(ctx.app, 'customer@demo.starkfuture.com'))?.text);
    expect(text).toContain('437,88 €');
    expect(text).toContain(t('de', 'email_payment_complete'));
    expect(text).not.toContain('complete-order');
    await expect(ctx.app.services.orders.sendPaymentReceived(DEMO_PARTS_ORDER_ID, UNKNOWN)).rejects.toThrow(
      /has not succeeded/,
    );
  });
});

describe('the payment-failed e-mail', () => {
  it('tells the buyer in the order’s language which payment failed, why, and where to try again', async () => {
    await newCustomer(ctx.app, 'declined@example.com');
    const order = await insertOrder(await userId('declined@example.com'), {
      type: 'vehicle',
      country: 'FR',
      language: 'fr',
      email: 'declined@example.com',
      lines: [{ name: 'VARG MX', nameKey: 'model_varg_name', quantity: 1, unitPrice: 1_190_000, vatRateBp: 2000 }],
      payments: [
        { kind: 'deposit', method: 'card', status: 'FAILED', amount: 50_000, failureCode: 'insufficient_funds' },
      ],
    });
    const [payment] = await paymentsOf(order.id);
    await ctx.app.services.orders.sendPaymentFailed(order.id, payment?.id ?? '');
    const [mail, ...others] = await mailsTo('declined@example.com').then((all) => all.slice(1)); // after the sign-up
    expect(others).toEqual([]);
    expect(mail?.lang).toBe('fr');
    expect(mail?.subject).toBe(`Le paiement de la commande ${order.number} n’a pas abouti`);
    const text = plain(mail?.text);
    expect(text).toContain('Bonjour Ada,');
    expect(text).toContain(
      `Votre paiement de 500,00 € pour la commande ${order.number} n’a pas abouti (moyen de paiement : Carte bancaire).`,
    );
    expect(text).toContain('La provision était insuffisante pour ce paiement.');
    expect(text).toContain('Reste à payer : 11 900,00 €.');
    const payLink = `http://shop.test/fr-FR/complete-order/${order.id}`;
    expect(text).toContain(`ici : ${payLink}`);
    expect(mail?.html).toContain(`<a href="${payLink}">${payLink}</a>`);
    expect(mail?.html).toContain('<html lang="fr">');
  });

  it('explains every failure code we know, and falls back to a generic sentence', async () => {
    await newCustomer(ctx.app, 'reasons@example.com');
    const codes = [
      'card_declined',
      'insufficient_funds',
      'expired_card',
      'incorrect_cvc',
      'authentication_failed',
      'debit_not_authorized',
      'payment_method_declined',
      'financing_declined',
      'canceled',
    ];
    const order = await insertOrder(await userId('reasons@example.com'), {
      type: 'vehicle',
      language: 'en-us',
      country: 'US',
      currency: 'USD',
      email: 'reasons@example.com',
      lines: [{ name: 'VARG MX', nameKey: 'model_varg_name', quantity: 1, unitPrice: 1_049_000, vatRateBp: 0 }],
      payments: [
        ...codes.map((failureCode) => ({
          kind: 'full',
          method: 'ach',
          status: 'FAILED',
          amount: 1_049_000,
          failureCode,
        })),
        { kind: 'full', method: 'klarna', status: 'FAILED', amount: 1_049_000, failureCode: 'processing_error' },
        { kind: 'full', method: 'wallet', status: 'FAILED', amount: 1_049_000 },
      ],
    });
    // Each payment's e-mail is read right after it is sent (rows made in one insert have no order of their own).
    const methodNames: Record<string, string> = { ach: 'ACH direct debit', klarna: 'Klarna', wallet: 'Store credit' };
    const reasons = new Set<string>();
    const seen = new Set((await mailsTo('reasons@example.com')).map((m) => m.id));
    const sent = await paymentsOf(order.id);
    for (const payment of sent) {
      await ctx.app.services.orders.sendPaymentFailed(order.id, payment.id);
      const added = (await mailsTo('reasons@example.com')).filter((m) => !seen.has(m.id));
      expect(added).toHaveLength(1);
      for (const m of added) seen.add(m.id);
      const text = added[0]?.text ?? '';
      const known = codes.includes(payment.failureCode ?? '');
      const reason = t(
        'en-us',
        known ? `email_payment_failed_reason_${payment.failureCode}` : 'email_payment_failed_reason_generic',
      );
      expect(text).toContain(reason);
      expect(text).toContain(`(payment method: ${methodNames[payment.method]})`);
      expect(text).toContain(`http://shop.test/en-US/complete-order/${order.id}`);
      reasons.add(reason);
    }
    expect(sent).toHaveLength(11);
    // Nine explained codes, and one generic sentence for the unknown code and the missing one.
    expect(reasons.size).toBe(10);
  });

  it('refuses a payment that has not failed, and sends nothing when the order no longer owes anything', async () => {
    await newCustomer(ctx.app, 'settled@example.com');
    const order = await insertOrder(await userId('settled@example.com'), {
      email: 'settled@example.com',
      payments: [
        { kind: 'full', method: 'card', status: 'FAILED', amount: 2_900, failureCode: 'card_declined' },
        { kind: 'full', method: 'card', status: 'SUCCEEDED', amount: 2_900 },
      ],
    });
    const [failed, succeeded] = await paymentsOf(order.id);
    await expect(ctx.app.services.orders.sendPaymentFailed(order.id, succeeded?.id ?? '')).rejects.toThrow(
      /has not failed/,
    );
    await expect(ctx.app.services.orders.sendPaymentFailed(UNKNOWN, failed?.id ?? '')).rejects.toMatchObject({
      code: 'ORDER_NOT_FOUND',
    });
    await ctx.app.services.orders.sendPaymentFailed(order.id, failed?.id ?? '');
    expect(await mailsTo('settled@example.com')).toHaveLength(1); // the sign-up only
  });
});

describe('balance reminders', () => {
  const NOW = new Date('2026-01-10T08:00:00Z');
  const days = (n: number) => new Date(NOW.getTime() + n * 86_400_000);
  const bike = [{ name: 'VARG EX', nameKey: 'model_varg_ex_name', quantity: 1, unitPrice: 1_190_000, vatRateBp: 1900 }];
  const deposit = { kind: 'deposit', method: 'card', status: 'SUCCEEDED', amount: 50_000 };

  it('reminds an order with a deposit paid and a delivery within 42 days, once a week, in its language', async () => {
    await newCustomer(ctx.app, 'reminders@example.com');
    const id = await userId('reminders@example.com');
    const order = (email: string, input: Parameters<typeof insertOrder>[1]) =>
      insertOrder(id, { type: 'vehicle', lines: bike, email, ...input });
    const soon = await order('soon@example.com', { deliveryDate: '2026-02-15', payments: [deposit] });
    const late = await order('late@example.com', {
      language: 'en-us',
      deliveryDate: '2026-01-02',
      payments: [deposit, { kind: 'remaining', method: 'wallet', status: 'SUCCEEDED', amount: 10_000 }],
    });
    const edge = await order('edge@example.com', { deliveryDate: '2026-02-21', payments: [deposit] });
    // Paid in full, then 1,000 € given back: it owes again (the ledger counts amount − refunded).
    await order('refunded@example.com', {
      deliveryDate: '2026-02-01',
      payments: [{ kind: 'full', method: 'card', status: 'SUCCEEDED', amount: 1_190_000, refunded: 100_000 }],
    });
    // Not reminded: paid in full; nothing paid (a failed deposit, a transfer on its way); delivery far away;
    // cancelled; no delivery date; a store order.
    await order('paid@example.com', {
      deliveryDate: '2026-02-01',
      payments: [deposit, { kind: 'remaining', method: 'sepa', status: 'SUCCEEDED', amount: 1_140_000 }],
    });
    await order('unpaid@example.com', {
      deliveryDate: '2026-02-01',
      payments: [
        { ...deposit, status: 'FAILED' },
        { kind: 'deposit', method: 'bank_transfer', status: 'PROCESSING', amount: 50_000 },
      ],
    });
    await order('far@example.com', { deliveryDate: '2026-03-01', payments: [deposit] });
    await order('cancelled@example.com', { status: 'cancelled', deliveryDate: '2026-02-01', payments: [deposit] });
    await order('undated@example.com', { payments: [deposit] });
    await order('store@example.com', { type: 'store', deliveryDate: '2026-02-01', payments: [deposit] });

    const reminders = ctx.app.services.orders;
    expect(await reminders.sendBalanceReminders(NOW)).toBe(4);
    expect(await mailsTo('refunded@example.com')).toHaveLength(1);
    const [mail, ...more] = await mailsTo('soon@example.com');
    expect(more).toEqual([]);
    expect(mail?.lang).toBe('de');
    expect(mail?.subject).toBe(`Bestellung ${soon.number}: Bitte leisten Sie die Restzahlung vor der Lieferung`);
    const text = plain(mail?.text);
    expect(text).toContain(`Die Bestellung ${soon.number} soll am 15. Februar 2026 geliefert werden.`);
    expect(text).toContain('Bezahlt haben Sie 500,00 € von 11.900,00 €; noch offen: 11.400,00 €.');
    const payLink = `http://shop.test/de-DE/complete-order/${soon.id}`;
    expect(text).toContain(payLink);
    expect(mail?.html).toContain(`<a href="${payLink}">`);
    const [lateMail] = await mailsTo('late@example.com');
    expect(lateMail?.lang).toBe('en-us');
    expect(lateMail?.text).toContain(
      `Your bike from order ${late.number} was planned for delivery on 2 January 2026 and is waiting for the balance`,
    );
    expect(lateMail?.text).toContain('You have paid €600.00 of €11,900.00; €11,300.00 is still due.');
    expect(lateMail?.text).toContain(`http://shop.test/en-DE/complete-order/${late.id}`);
    expect(await mailsTo('edge@example.com')).toHaveLength(1);
    for (const other of ['paid', 'unpaid', 'far', 'cancelled', 'undated', 'store']) {
      expect(await mailsTo(`${other}@example.com`), other).toEqual([]);
    }
    const [marked] = await ctx.database.db.select().from(orders).where(eq(orders.id, soon.id));
    expect(marked?.balanceReminderAt?.toISOString()).toBe(NOW.toISOString());

    // The same day and six days later: nothing again; eight days later the same four, and the far one, whose
    // delivery is then within 42 days.
    expect(await reminders.sendBalanceReminders(NOW)).toBe(0);
    expect(await reminders.sendBalanceReminders(days(6))).toBe(0);
    expect(await reminders.sendBalanceReminders(days(8))).toBe(5);
    expect(await mailsTo('soon@example.com')).toHaveLength(2);
    expect(await mailsTo('far@example.com')).toHaveLength(1);
    expect((await mailsTo('edge@example.com'))[1]?.subject).toContain(String(edge.number));
  });

  it('sends each reminder once when two runs overlap, and stops once the balance is paid', async () => {
    await newCustomer(ctx.app, 'overlap@example.com');
    const id = await userId('overlap@example.com');
    const order = await insertOrder(id, {
      type: 'vehicle',
      lines: bike,
      email: 'overlap-order@example.com',
      deliveryDate: '2026-02-01',
      payments: [deposit],
    });
    const mailCount = async () => (await ctx.database.db.select({ id: outbox.id }).from(outbox)).length;
    const before = await mailCount();
    const runs = await Promise.all([
      ctx.app.services.orders.sendBalanceReminders(days(30)),
      ctx.app.services.orders.sendBalanceReminders(days(30)),
    ]);
    expect(await mailsTo('overlap-order@example.com')).toHaveLength(1);
    // Whatever else is due that day (orders of other tests) went out once too: as many e-mails as the runs counted.
    expect(runs[0] + runs[1]).toBeGreaterThanOrEqual(1);
    expect(await mailCount()).toBe(before + runs[0] + runs[1]);
    await ctx.database.db.insert(payments).values({
      orderId: order.id,
      kind: 'remaining',
      method: 'card',
      status: 'SUCCEEDED',
      amount: 1_140_000,
      currency: 'EUR',
      provider: 'sandbox',
    });
    await ctx.app.services.orders.sendBalanceReminders(days(60));
    expect(await mailsTo('overlap-order@example.com')).toHaveLength(1);
  });
});
