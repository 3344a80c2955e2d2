// The back office's dealers (issue 24 item 7, decision 044): list, terms with their history, the ledger's documents.
import { dealerLedgerEntries, dealers, users } from '@varg/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectAdminOnly, tokenOf } from '../../../test/backoffice.ts';
import { apiCalls, type Json, useApi } from '../../../test/helper.ts';

const ctx = useApi();
const { call, ok, refused, signIn } = apiCalls(ctx, 140);
const DEALER = 'dealer@demo.starkfuture.com';
/** The VARG MX in Spain: 11,900.00 €; 10 % off is 10,710.00 €, 5 % off 11,305.00 €. */
const ES_FLOOR_10 = 1_071_000;
const ES_FLOOR_5 = 1_130_500;

const dealerOf = async (email: string) => {
  const [row] = await ctx.database.db
    .select({ dealer: dealers, user: users })
    .from(dealers)
    .innerJoin(users, eq(users.id, dealers.userId))
    .where(eq(users.email, email));
  if (!row) throw new Error(`no dealer ${email}`);
  return row;
};

const terms = (over: Json = {}) => ({
  groupName: 'Iberia',
  leadDealer: false,
  maxDiscountBp: 1000,
  margin: 0,
  documentFee: 0,
  labourRate: 7500,
  currency: 'EUR',
  status: 'approved',
  ...over,
});

describe('the dealers list', () => {
  it('searches, filters by status and sorts, for administrators only', async () => {
    const admin = await tokenOf(ctx, 'admin');
    const all = await ok(await call('GET', '/v1/admin/dealers?pageSize=500&sort=email&dir=asc', admin));
    const emails = all.docs.map((d: Json) => d.email as string);
    expect(emails).toEqual([...emails].sort());
    expect(emails).toContain(DEALER);
    const approved = await ok(await call('GET', '/v1/admin/dealers?status=approved&pageSize=500', admin));
    expect(approved.docs.every((d: Json) => d.status === 'approved')).toBe(true);
    const found = await ok(await call('GET', `/v1/admin/dealers?q=${encodeURIComponent(DEALER)}`, admin));
    expect(found.docs.every((d: Json) => (d.email as string).includes(DEALER))).toBe(true);
    expect(found.docs.find((d: Json) => d.email === DEALER)).toMatchObject({
      email: DEALER,
      status: 'approved',
      maxDiscountBp: 1000,
    });
    await refused(await call('GET', '/v1/admin/dealers?status=sleeping', admin), 400, 'VALIDATION_ERROR');
    await expectAdminOnly(ctx, { method: 'GET', url: '/v1/admin/dealers' });
  });
});

describe("a dealer's terms", () => {
  it("changing the maximum discount is audited, and the dealer's next cart follows it", async () => {
    const admin = await tokenOf(ctx, 'admin');
    const { dealer } = await dealerOf(DEALER);
    const dealerToken = await signIn(DEALER);
    const read = await ok(await call('GET', `/v1/admin/dealers/${dealer.id}`, admin));
    expect(read.terms).toMatchObject({ maxDiscountBp: 1000, status: 'approved', currency: 'EUR' });

    const changed = await ok(
      await call('PUT', `/v1/admin/dealers/${dealer.id}/terms`, admin, {
        ...read.terms,
        maxDiscountBp: '500',
        leadDealer: true,
      }),
    );
    expect(changed.terms).toMatchObject({ maxDiscountBp: 500, leadDealer: true });
    const [user] = await ctx.database.db.select().from(users).where(eq(users.id, dealer.userId));
    expect(user?.roles).toContain('lead_dealer');

    // The dealer's next cart: 10 % off is refused now, 5 % off is allowed.
    await call('PUT', '/v1/cart/clean', dealerToken);
    await refused(
      await call('POST', '/v1/cart/add-item?country=ES', dealerToken, {
        productId: 'varg',
        overwritePrice: ES_FLOOR_10,
      }),
      400,
      'PRICE_BELOW_ALLOWED_DISCOUNT',
    );
    const cart = await ok(
      await call('POST', '/v1/cart/add-item?country=ES', dealerToken, {
        productId: 'varg',
        overwritePrice: ES_FLOOR_5,
      }),
    );
    expect(cart.items[0].overwritePrice).toBe(ES_FLOOR_5);

    const trail = (await ok(await call('GET', `/v1/admin/audit/dealer/${dealer.id}`, admin))).docs as Json[];
    expect(trail[0]).toMatchObject({
      action: 'dealer.terms',
      actor: { email: 'admin@demo.starkfuture.com' },
      detail: { before: { maxDiscountBp: 1000, leadDealer: false }, after: { maxDiscountBp: 500, leadDealer: true } },
    });

    // Back as it was (other tests use the demo dealer's terms).
    await ok(await call('PUT', `/v1/admin/dealers/${dealer.id}/terms`, admin, read.terms));
    await call('PUT', '/v1/cart/clean', dealerToken);
  });

  it('refuses bad terms and pending applications, changing nothing; administrators only', async () => {
    const admin = await tokenOf(ctx, 'admin');
    const { dealer } = await dealerOf(DEALER);
    const put = (body: object, id = dealer.id) => call('PUT', `/v1/admin/dealers/${id}/terms`, admin, body);
    await refused(await put(terms({ maxDiscountBp: 10_001 })), 400, 'VALIDATION_ERROR');
    await refused(await put(terms({ margin: -1 })), 400, 'VALIDATION_ERROR');
    await refused(await put(terms({ status: 'pending' })), 400, 'VALIDATION_ERROR');
    await refused(await put(terms({ currency: 'QQQ' })), 400, 'CURRENCY_UNKNOWN');
    await refused(await put(terms(), '00000000-0000-4000-8000-000000000000'), 404, 'DEALER_NOT_FOUND');
    const [pending] = await ctx.database.db.select().from(dealers).where(eq(dealers.status, 0)).limit(1);
    if (pending) await refused(await put(terms(), pending.id), 409, 'DEALER_NOT_APPROVED');
    const { dealer: after } = await dealerOf(DEALER);
    expect(after).toEqual(dealer);
    await expectAdminOnly(ctx, { method: 'PUT', url: `/v1/admin/dealers/${dealer.id}/terms`, payload: terms() });
    await expectAdminOnly(ctx, { method: 'GET', url: `/v1/admin/dealers/${dealer.id}` });
    expect((await dealerOf(DEALER)).dealer).toEqual(dealer);
  });

  it('suspending a dealer drops its dealer prices until it is approved again', async () => {
    const admin = await tokenOf(ctx, 'admin');
    const { dealer } = await dealerOf('lyon@demo.starkfuture.com');
    const read = await ok(await call('GET', `/v1/admin/dealers/${dealer.id}`, admin));
    const suspended = await ok(
      await call('PUT', `/v1/admin/dealers/${dealer.id}/terms`, admin, { ...read.terms, status: 'suspended' }),
    );
    expect(suspended.status).toBe('suspended');
    const lyon = await signIn('lyon@demo.starkfuture.com');
    const refusedPrice = await call('POST', '/v1/cart/add-item?country=FR', lyon, {
      productId: 'varg',
      overwritePrice: 1_000_000,
    });
    expect(refusedPrice.statusCode).toBeGreaterThanOrEqual(400);
    await ok(await call('PUT', `/v1/admin/dealers/${dealer.id}/terms`, admin, read.terms));
  });
});

describe("the dealer's ledger", () => {
  it('an administrator issues an invoice, a credit note and records a payment; the dealer sees them', async () => {
    const admin = await tokenOf(ctx, 'admin');
    const { dealer } = await dealerOf(DEALER);
    const issue = (body: object, id = dealer.id) => call('POST', `/v1/admin/dealers/${id}/ledger`, admin, body);
    const balance = async () => {
      const res = await ok(
        await call('GET', `/v1/dealer-ledger/invoice/balances/dealer/${dealer.id}`, await signIn(DEALER)),
      );
      return (res.balances as Json[]).find((b) => b.currency === 'EUR')?.balance as number;
    };
    const start = await balance();
    const invoice = await ok(
      await issue({
        kind: 'invoice',
        currency: 'EUR',
        amount: 121_000,
        vat: 21_000,
        description: 'Demo bikes for the showroom',
        issuedAt: '2026-11-20',
        dueAt: '2026-12-20',
      }),
      201,
    );
    expect(invoice).toMatchObject({ kind: 'invoice', amount: 121_000, net: 100_000, vat: 21_000, status: 'open' });
    expect(invoice.number).toMatch(/^INV-2026-\d{6}$/);
    const credit = await ok(
      await issue({ kind: 'credit_note', currency: 'EUR', amount: 1_000, description: 'Damaged mirror' }),
      201,
    );
    expect(credit.amount).toBe(-1_000);
    const payment = await ok(
      await issue({ kind: 'payment', currency: 'EUR', amount: 120_000, description: 'Bank transfer' }),
      201,
    );
    expect(payment).toMatchObject({ amount: -120_000, net: null, vat: null });
    expect(await balance()).toBe(start + 121_000 - 1_000 - 120_000);

    // The dealer's own list has them.
    const list = await ok(
      await call('GET', `/v1/dealer-ledger/invoice/dealer/${dealer.id}?limit=100`, await signIn(DEALER)),
    );
    const numbers = (list.docs as Json[]).map((e) => e.number);
    expect(numbers).toEqual(expect.arrayContaining([invoice.number, credit.number, payment.number]));
    const trail = (await ok(await call('GET', `/v1/admin/audit/dealer/${dealer.id}`, admin))).docs as Json[];
    expect(trail.slice(0, 3).map((e) => e.detail.number)).toEqual([payment.number, credit.number, invoice.number]);

    // Bad input writes nothing.
    const count = async () =>
      (await ctx.database.db.select().from(dealerLedgerEntries).where(eq(dealerLedgerEntries.dealerId, dealer.id)))
        .length;
    const before = await count();
    await refused(
      await issue({ kind: 'invoice', currency: 'EUR', amount: 100, description: 'x' }),
      400,
      'VALIDATION_ERROR',
    );
    await refused(
      await issue({ kind: 'payment', currency: 'EUR', amount: 100, vat: 10, description: 'x' }),
      400,
      'VALIDATION_ERROR',
    );
    await refused(
      await issue({ kind: 'credit_note', currency: 'EUR', amount: -100, description: 'x' }),
      400,
      'VALIDATION_ERROR',
    );
    await refused(
      await issue({ kind: 'reimbursement', currency: 'EUR', amount: 100, description: 'x' }),
      400,
      'VALIDATION_ERROR',
    );
    await refused(
      await issue({ kind: 'payment', currency: 'ABC', amount: 100, description: 'x' }),
      400,
      'CURRENCY_UNKNOWN',
    );
    await refused(
      await issue(
        { kind: 'payment', currency: 'EUR', amount: 100, description: 'x' },
        '00000000-0000-4000-8000-000000000000',
      ),
      404,
      'DEALER_NOT_FOUND',
    );
    await expectAdminOnly(ctx, {
      method: 'POST',
      url: `/v1/admin/dealers/${dealer.id}/ledger`,
      payload: { kind: 'payment', currency: 'EUR', amount: 100, description: 'x' },
    });
    expect(await count()).toBe(before);
  });
});
