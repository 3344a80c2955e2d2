import { DEMO_LEDGER_DAYS, demoLedgerDate } from '@varg/db';
import { describe, expect, it } from 'vitest';
import { apiCalls, DEMO_ACCOUNTS, type Json, useApi } from '../../../test/helper.ts';
import { pdfText } from '../../../test/pdf-text.ts';

// The dealer ledger through the API (decision 024): lists, filters, balances, PDFs and who reads what.

const ctx = useApi();
const { call, ok, refused, signIn } = apiCalls(ctx, 60);

const { DEALER, LYON, AUSTIN, LEAD_DEALER: LEAD, VIENNA, CUSTOMER, PENDING, ADMIN } = DEMO_ACCOUNTS;
const UNKNOWN = 'dea1e400-0000-4000-8000-0000000000ff';

/** The demo ledger's days are relative to the seeding day (today): the day of one of them. */
const day = (key: keyof typeof DEMO_LEDGER_DAYS) => demoLedgerDate(DEMO_LEDGER_DAYS[key]);

const dealerIds = new Map<string, string>();
async function dealerId(email: string): Promise<string> {
  const known = dealerIds.get(email);
  if (known) return known;
  const [dealer] = (await ok(await call('GET', '/v1/dealer/my', await signIn(email)))) as unknown as Json[];
  dealerIds.set(email, dealer?.id);
  return dealer?.id;
}
const list = (id: string, query = '') => `/v2/dealer-ledger/invoice/dealer/${id}${query}`;
const balances = (id: string) => `/v2/dealer-ledger/invoice/balances/dealer/${id}`;

describe('a dealer’s ledger', () => {
  it('lists the dealer’s entries newest first, with a running balance and the seeded kinds and statuses', async () => {
    const token = await signIn(DEALER);
    const id = await dealerId(DEALER);
    const page = await ok(await call('GET', list(id, '?limit=100'), token));
    expect(page).toMatchObject({ totalDocs: 8, page: 1, totalPages: 1, readOnly: false });
    expect(page.dealer).toMatchObject({ _id: id, storeName: 'Moto Electric Barcelona', group: 'Iberia' });
    const docs = page.docs as Json[];
    expect(new Set(docs.map((d) => d.kind))).toEqual(new Set(['invoice', 'credit_note', 'payment', 'reimbursement']));
    expect(docs.map((d) => d.issuedAt)).toEqual([...docs.map((d) => d.issuedAt)].sort().reverse());
    expect(docs.every((d) => /^(INV|CN|PAY|RB)-2026-\d{6}$/.test(d.number))).toBe(true);
    expect(docs.filter((d) => d.status === 'overdue').map((d) => d.dueAt)).toEqual([day('overdueDue')]);
    // Each entry's running balance is the sum of it and every older entry.
    const oldestFirst = [...docs].reverse();
    let running = 0;
    for (const d of oldestFirst) {
      running += d.amount;
      expect(d.balanceAfter).toBe(running);
    }
    // Invoices are positive, the rest negative (decision 024).
    expect(docs.every((d) => (d.kind === 'invoice' ? d.amount > 0 : d.amount < 0))).toBe(true);
    // The reimbursement is the hours at the dealer's labour rate.
    const rb = docs.find((d) => d.kind === 'reimbursement');
    expect(rb?.lines[0]).toMatchObject({ hours: 3.5, rate: 6_500, amount: -22_750 });
    expect(rb?.amount).toBe(-22_750);
  });

  it('has a balance per currency that is the exact sum of its ledger lines', async () => {
    for (const email of [DEALER, AUSTIN, LEAD]) {
      const token = await signIn(email);
      const id = await dealerId(email);
      const { docs } = await ok(await call('GET', list(id, '?limit=100'), token));
      const sums = new Map<string, number>();
      for (const d of docs as Json[])
        if (d.status !== 'void') sums.set(d.currency, (sums.get(d.currency) ?? 0) + d.amount);
      const answer = await ok(await call('GET', balances(id), token));
      expect(answer.balances.map((b: Json) => [b.currency, b.balance])).toEqual([...sums.entries()]);
      const totals = answer.balances[0] as Json;
      expect(totals?.currency).toBe(email === AUSTIN ? 'USD' : 'EUR');
      expect(totals?.balance).toBe(totals.invoiced - totals.credited - totals.paid - totals.reimbursed);
      const overdue = (docs as Json[]).filter((d) => d.status === 'overdue');
      expect(totals?.overdue).toBe(overdue.reduce((s, d) => s + d.amount, 0));
      expect(totals?.overdueCount).toBe(1);
    }
  });

  it('filters by period, status and kind, and pages', async () => {
    const token = await signIn(DEALER);
    const id = await dealerId(DEALER);
    const invoices = await ok(await call('GET', list(id, '?kind=invoice'), token));
    expect(invoices.totalDocs).toBe(4);
    expect(invoices.docs.every((d: Json) => d.kind === 'invoice')).toBe(true);
    const overdue = await ok(await call('GET', list(id, '?status=overdue'), token));
    expect(overdue.docs.map((d: Json) => d.issuedAt)).toEqual([day('overdueInvoiced')]);
    const paidInvoices = await ok(await call('GET', list(id, '?status=paid&kind=invoice'), token));
    expect(paidInvoices.totalDocs).toBe(2);
    const summer = await ok(await call('GET', list(id, `?from=${day('partsInvoiced')}&to=${day('partsPaid')}`), token));
    expect(summer.docs.map((d: Json) => d.issuedAt)).toEqual([
      day('partsPaid'),
      day('creditNote'),
      day('bikesPaid'),
      day('partsInvoiced'),
    ]);
    const oneDay = await ok(await call('GET', list(id, `?from=${day('creditNote')}&to=${day('creditNote')}`), token));
    expect(oneDay.docs.map((d: Json) => d.kind)).toEqual(['credit_note']);
    const second = await ok(await call('GET', list(id, '?limit=3&page=2'), token));
    expect(second).toMatchObject({ page: 2, limit: 3, totalDocs: 8, totalPages: 3, hasPrevPage: true, nextPage: 3 });
    expect(second.docs).toHaveLength(3);
    const past = await ok(await call('GET', list(id, '?page=9'), token));
    expect(past.docs).toEqual([]);
  });

  it('refuses bad input with a clear 4xx', async () => {
    const token = await signIn(DEALER);
    const id = await dealerId(DEALER);
    for (const url of [
      list('not-a-uuid'),
      balances('12345'),
      list(id, '?from=2026-13-01'),
      list(id, '?to=yesterday'),
      list(id, '?status=late'),
      list(id, '?kind=refund'),
      list(id, '?limit=0'),
      list(id, '?limit=101'),
      list(id, '?page=abc'),
      '/v1/dealer-ledger/invoice/link/nope',
      '/v1/dealer-ledger/invoice/download/nope',
    ]) {
      await refused(await call('GET', url, token), 400, 'VALIDATION_ERROR');
    }
    await refused(await call('GET', list(id, '?from=2026-09-01&to=2026-08-01'), token), 400, 'LEDGER_PERIOD_INVALID');
    await refused(await call('GET', list(UNKNOWN), token), 404, 'DEALER_NOT_FOUND');
    await refused(await call('GET', balances(UNKNOWN), token), 404, 'DEALER_NOT_FOUND');
    await refused(await call('GET', `/v1/dealer-ledger/invoice/link/${UNKNOWN}`, token), 404, 'LEDGER_ENTRY_NOT_FOUND');
    await refused(
      await call('GET', `/v1/dealer-ledger/invoice/download/${UNKNOWN}`, token),
      404,
      'LEDGER_ENTRY_NOT_FOUND',
    );
    await refused(await call('GET', list(id)), 401, 'UNAUTHORIZED');
    await refused(await call('GET', '/v1/dealer-ledger/group'), 401, 'UNAUTHORIZED');
  });
});

describe('the invoice PDF', () => {
  it('downloads through a signed link, in the dealer’s language, with the invoice’s text', async () => {
    const token = await signIn(DEALER);
    const { docs } = await ok(await call('GET', list(await dealerId(DEALER), '?status=overdue'), token));
    const invoice = docs[0] as Json;
    const link = await ok(await call('GET', `/v1/dealer-ledger/invoice/link/${invoice._id}`, token));
    expect(link.downloadURL).toMatch(
      new RegExp(`^/v1/dealer-ledger/invoice/download/${invoice._id}\\?token=\\d+\\.[\\w-]+$`),
    );
    const res = await ctx.app.inject(link.downloadURL);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${invoice.number}.pdf"`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const text = pdfText(res.rawPayload);
    for (const expected of [
      'Factura',
      invoice.number,
      'Stark Future S.L.',
      'Moto Electric Barcelona',
      'Vencida',
      'STARK VARG MX 60 kW',
      invoice.orderReference,
    ]) {
      expect(text).toContain(expected);
    }
    // The total, as Spanish prints it: 9.900,00 € net + 21 % VAT = 11.979,00 €.
    expect(invoice.amount).toBe(1_197_900);
    expect(text).toMatch(/11\.979,00\s€/);

    // The Bearer token of the dealer opens it too; a tampered or foreign token opens nothing.
    const direct = await call('GET', `/v2/dealer-ledger/invoice/download/${invoice._id}`, token);
    expect(direct.statusCode).toBe(200);
    const tampered = link.downloadURL.replace(/.$/, (c: string) => (c === 'A' ? 'B' : 'A'));
    await refused(await call('GET', tampered), 400, 'INVALID_TOKEN');
    const other = docs.length ? link.downloadURL.replace(invoice._id, UNKNOWN) : '';
    await refused(await call('GET', other), 400, 'INVALID_TOKEN');
    await refused(await call('GET', `/v1/dealer-ledger/invoice/download/${invoice._id}`), 401, 'UNAUTHORIZED');
  });

  it('prints a reimbursement as hours at the dealer’s rate, in German for a German dealer', async () => {
    const token = await signIn(LEAD);
    const { docs } = await ok(await call('GET', list(await dealerId(LEAD), '?kind=reimbursement'), token));
    const res = await call('GET', `/v1/dealer-ledger/invoice/download/${docs[0]._id}`, token);
    expect(res.statusCode).toBe(200);
    const text = pdfText(res.rawPayload);
    expect(text).toContain('Vergütung');
    expect(text).toContain('E-Offroad München');
    expect(text).toMatch(/3,5 Stunden zu 78,00\s€ pro Stunde/);
    expect(text).toMatch(/78,00\s€/);
    // An invoice to a German dealer is charged without VAT, and says why.
    const { docs: invoices } = await ok(await call('GET', list(await dealerId(LEAD), '?status=overdue'), token));
    const invoice = pdfText(
      (await call('GET', `/v1/dealer-ledger/invoice/download/${invoices[0]._id}`, token)).rawPayload,
    );
    expect(invoice).toContain('Überfällig');
    expect(invoice).toContain('Steuerschuldnerschaft');
  });
});

describe('who reads which ledger', () => {
  it('follows the ownership matrix: own, other dealer, customer, lead dealer of the group, administrator', async () => {
    const barcelona = await dealerId(DEALER);
    const munich = await dealerId(LEAD);
    const vienna = await dealerId(VIENNA);
    const [barcelonaEntry] = (await ok(await call('GET', list(barcelona), await signIn(DEALER)))).docs as Json[];
    const [viennaEntry] = (await ok(await call('GET', list(vienna), await signIn(VIENNA)))).docs as Json[];

    /** status of list, balances, link and download of a dealer's ledger, as `email` reads it. */
    async function reads(email: string, target: string, entry: Json) {
      const token = await signIn(email);
      const urls = [
        list(target),
        balances(target),
        `/v1/dealer-ledger/invoice/link/${entry._id}`,
        `/v1/dealer-ledger/invoice/download/${entry._id}`,
      ];
      return Promise.all(urls.map(async (u) => (await call('GET', u, token)).statusCode));
    }
    const matrix: Array<[string, string, Json, number[]]> = [
      [DEALER, barcelona, barcelonaEntry as Json, [200, 200, 200, 200]],
      [LYON, barcelona, barcelonaEntry as Json, [404, 404, 404, 404]],
      [CUSTOMER, barcelona, barcelonaEntry as Json, [403, 403, 403, 403]],
      [PENDING, barcelona, barcelonaEntry as Json, [403, 403, 403, 403]],
      // The lead dealer of DACH reads its group, not Iberia.
      [LEAD, barcelona, barcelonaEntry as Json, [404, 404, 404, 404]],
      [LEAD, vienna, viennaEntry as Json, [200, 200, 200, 200]],
      // A member of the group does not read the others' ledgers.
      [VIENNA, vienna, viennaEntry as Json, [200, 200, 200, 200]],
      [ADMIN, barcelona, barcelonaEntry as Json, [200, 200, 200, 200]],
      [ADMIN, vienna, viennaEntry as Json, [200, 200, 200, 200]],
    ];
    for (const [email, target, entry, expected] of matrix) {
      expect(await reads(email, target, entry), `${email} → ${target}`).toEqual(expected);
    }
    const munichEntry = (await ok(await call('GET', list(munich), await signIn(LEAD)))).docs[0] as Json;
    expect(await reads(VIENNA, munich, munichEntry)).toEqual([404, 404, 404, 404]);
    expect(await reads(LYON, munich, munichEntry)).toEqual([404, 404, 404, 404]);

    // The codes: another dealer's records are as unknown as missing ones.
    const lyon = await signIn(LYON);
    await refused(await call('GET', list(barcelona), lyon), 404, 'DEALER_NOT_FOUND');
    await refused(
      await call('GET', `/v1/dealer-ledger/invoice/link/${barcelonaEntry?._id}`, lyon),
      404,
      'LEDGER_ENTRY_NOT_FOUND',
    );
    await refused(await call('GET', list(barcelona), await signIn(CUSTOMER)), 403, 'FORBIDDEN');
    // Read-only for everyone but the dealer itself.
    expect((await ok(await call('GET', list(vienna), await signIn(LEAD)))).readOnly).toBe(true);
    expect((await ok(await call('GET', list(barcelona), await signIn(ADMIN)))).readOnly).toBe(true);
    expect((await ok(await call('GET', list(vienna), await signIn(VIENNA)))).readOnly).toBe(false);
  });

  it('shows the lead dealer its group with each dealer’s totals; nobody else', async () => {
    const group = await ok(await call('GET', '/v1/dealer-ledger/group', await signIn(LEAD)));
    expect(group.group).toBe('DACH');
    expect(group.dealers.map((d: Json) => [d.storeName, d.status, d.country])).toEqual([
      ['E-Offroad München', 1, 'DE'],
      ['Elektro Enduro Wien', 1, 'AT'],
    ]);
    const vienna = group.dealers[1] as Json;
    const own = await ok(await call('GET', balances(vienna._id), await signIn(VIENNA)));
    expect(vienna.balances).toEqual(own.balances);
    expect(vienna.balances[0]).toMatchObject({ currency: 'EUR', overdueCount: 1 });
    for (const email of [DEALER, VIENNA, CUSTOMER, ADMIN]) {
      await refused(await call('GET', '/v2/dealer-ledger/group', await signIn(email)), 403, 'FORBIDDEN');
    }
  });
});

describe('the OpenAPI document', () => {
  it('describes every dealer-ledger call under /v1 and /v2, with its tag', async () => {
    const doc = (await ctx.app.inject('/docs/json')).json();
    const paths = Object.keys(doc.paths).filter((p) => p.includes('/dealer-ledger/'));
    for (const prefix of ['/v1', '/v2']) {
      expect(paths).toEqual(
        expect.arrayContaining([
          `${prefix}/dealer-ledger/invoice/dealer/{dealerId}`,
          `${prefix}/dealer-ledger/invoice/download/{id}`,
          `${prefix}/dealer-ledger/invoice/balances/dealer/{dealerId}`,
          `${prefix}/dealer-ledger/invoice/link/{id}`,
          `${prefix}/dealer-ledger/group`,
        ]),
      );
    }
    for (const path of paths) {
      const op = doc.paths[path].get;
      expect(op.tags, path).toEqual(['dealer-ledger']);
      expect(op.description?.length, path).toBeGreaterThan(40);
    }
  });
});
