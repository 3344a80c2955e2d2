// Administrators mark a dealer's invoice paid or void a ledger entry (issue 24, decision 054): audited with the reason,
// refused when already paid or void, and the dealer's own invoices list shows the new status.
import { dealerLedgerEntries, dealers, users } from '@varg/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectAdminOnly, tokenOf } from '../../../test/backoffice.ts';
import { apiCalls, type Json, useApi } from '../../../test/helper.ts';

const ctx = useApi();
const { call, ok, refused, signIn } = apiCalls(ctx, 40);
const DEALER = 'dealer@demo.starkfuture.com';
const NOBODY = '00000000-0000-4000-8000-000000000000';

const dealerIdOf = async (email: string) => {
  const [row] = await ctx.database.db
    .select({ id: dealers.id })
    .from(dealers)
    .innerJoin(users, eq(users.id, dealers.userId))
    .where(eq(users.email, email));
  if (!row) throw new Error(`no dealer ${email}`);
  return row.id;
};
const statusOf = async (id: string) =>
  (await ctx.database.db.select().from(dealerLedgerEntries).where(eq(dealerLedgerEntries.id, id)))[0]?.status;

describe("settling a dealer's ledger entries", () => {
  it('marks an open invoice paid and voids an entry with a reason; the dealer sees both; audited', async () => {
    const admin = await tokenOf(ctx, 'admin');
    const dealerId = await dealerIdOf(DEALER);
    const base = `/v1/admin/dealers/${dealerId}/ledger`;
    const issue = async (body: object) => ok(await call('POST', base, admin, body), 201);
    const invoice = await issue({
      kind: 'invoice',
      currency: 'EUR',
      amount: 50_000,
      description: 'Parts for the workshop',
      dueAt: '2099-01-31',
    });
    const credit = await issue({ kind: 'credit_note', currency: 'EUR', amount: 2_000, description: 'Wrong part' });
    const dealerList = async () =>
      (await ok(await call('GET', `/v1/dealer-ledger/invoice/dealer/${dealerId}?limit=100`, await signIn(DEALER))))
        .docs as Json[];
    const balance = async () =>
      (
        (await ok(await call('GET', `/v1/dealer-ledger/invoice/balances/dealer/${dealerId}`, admin))).balances as Json[]
      ).find((b) => b.currency === 'EUR')?.balance as number;
    const start = await balance();

    // Only an invoice is marked paid; the balance stays (the money is a payment entry of its own).
    await refused(await call('POST', `${base}/${credit._id}/paid`, admin), 409, 'LEDGER_ENTRY_NOT_INVOICE');
    const paid = await ok(await call('POST', `${base}/${invoice._id}/paid`, admin));
    expect(paid).toMatchObject({ _id: invoice._id, status: 'paid' });
    expect(await balance()).toBe(start);
    await refused(await call('POST', `${base}/${invoice._id}/paid`, admin), 409, 'LEDGER_ENTRY_SETTLED');
    await refused(
      await call('POST', `${base}/${invoice._id}/void`, admin, { reason: 'Issued twice' }),
      409,
      'LEDGER_ENTRY_SETTLED',
    );

    // Voiding needs a reason; a void entry leaves the balance and is never changed again.
    await refused(await call('POST', `${base}/${credit._id}/void`, admin, { reason: ' ' }), 400, 'VALIDATION_ERROR');
    await refused(await call('POST', `${base}/${credit._id}/void`, admin, {}), 400, 'VALIDATION_ERROR');
    expect(await statusOf(credit._id)).toBe('open');
    const voided = await ok(await call('POST', `${base}/${credit._id}/void`, admin, { reason: 'Part was right' }));
    expect(voided.status).toBe('void');
    expect(await balance()).toBe(start + 2_000);
    await refused(
      await call('POST', `${base}/${credit._id}/void`, admin, { reason: 'Again' }),
      409,
      'LEDGER_ENTRY_SETTLED',
    );

    // The dealer's invoices page reads the same rows.
    const mine = await dealerList();
    expect(mine.find((e) => e._id === invoice._id)?.status).toBe('paid');
    expect(mine.find((e) => e._id === credit._id)?.status).toBe('void');

    const trail = (await ok(await call('GET', `/v1/admin/audit/dealer/${dealerId}`, admin))).docs as Json[];
    expect(trail[0]).toMatchObject({
      action: 'dealer.ledger_void',
      detail: {
        before: { number: credit.number, status: 'open' },
        after: { number: credit.number, status: 'void', reason: 'Part was right' },
      },
    });
    expect(trail[1]).toMatchObject({
      action: 'dealer.ledger_paid',
      detail: { before: { status: 'open' }, after: { number: invoice.number, status: 'paid' } },
    });
  });

  it('finds no entry of another dealer or an unknown one, and is for administrators only', async () => {
    const admin = await tokenOf(ctx, 'admin');
    const dealerId = await dealerIdOf(DEALER);
    const other = await dealerIdOf('lyon@demo.starkfuture.com');
    const [theirs] = await ctx.database.db
      .select()
      .from(dealerLedgerEntries)
      .where(eq(dealerLedgerEntries.dealerId, other));
    if (!theirs) throw new Error('the seed gives every dealer entries');
    const base = `/v1/admin/dealers/${dealerId}/ledger`;
    await refused(await call('POST', `${base}/${theirs.id}/paid`, admin), 404, 'LEDGER_ENTRY_NOT_FOUND');
    await refused(
      await call('POST', `${base}/${theirs.id}/void`, admin, { reason: 'Not ours' }),
      404,
      'LEDGER_ENTRY_NOT_FOUND',
    );
    await refused(await call('POST', `${base}/${NOBODY}/paid`, admin), 404, 'LEDGER_ENTRY_NOT_FOUND');
    await refused(await call('POST', `${base}/not-a-uuid/paid`, admin), 404, 'LEDGER_ENTRY_NOT_FOUND');
    expect(await statusOf(theirs.id)).toBe(theirs.status);

    const [open] = await ctx.database.db
      .select()
      .from(dealerLedgerEntries)
      .where(eq(dealerLedgerEntries.dealerId, dealerId));
    if (!open) throw new Error('the seed gives every dealer entries');
    await expectAdminOnly(ctx, { method: 'POST', url: `${base}/${open.id}/paid` });
    await expectAdminOnly(ctx, { method: 'POST', url: `${base}/${open.id}/void`, payload: { reason: 'Mistake' } });
    expect(await statusOf(open.id)).toBe(open.status);
  });
});
