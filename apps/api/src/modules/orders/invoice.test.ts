import { DEMO_PARTS_ORDER_ID, DEMO_VEHICLE_ORDER_ID } from '@varg/db';
import { describe, expect, it } from 'vitest';
import { newCustomer } from '../../../test/helper.ts';
import { ctx, get, insertOrder, ordersApi, plain, signIn, userId } from '../../../test/orders-fixture.ts';
import { pdfText } from '../../../test/pdf-text.ts';
import { fitsBuiltinFont, renderPdf } from '../../lib/pdf.ts';
import { DOWNLOAD_LINK_TTL_S, downloadLinks } from './download-link.ts';
import { invoiceLanguage } from './invoice-pdf.ts';

// Orders (decision 014): the invoice, its signed download link and the PDF.

ordersApi();

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
