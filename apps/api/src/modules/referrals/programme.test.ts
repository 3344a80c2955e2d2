import { auditLog, referrals, users, walletEntries } from '@varg/db';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  bikeOrder,
  checkout,
  ctx,
  get,
  type Json,
  ok,
  payByCard,
  paymentsApi,
  post,
  storeCart,
  userId,
} from '../../../test/payments-fixture.ts';
import { auditService } from '../audit/service.ts';
import { referralProgramme } from './programme.ts';

// The referral programme (decision 051): a customer's code, a sign-up with it records the referrer, and a referred
// buyer's bike order paid in full credits the referrer's wallet once.

paymentsApi();

const referredBy = async (id: string) =>
  (await ctx.database.db.select().from(referrals).where(eq(referrals.referredId, id)))[0]?.referrerId ?? null;
const referralEntries = async (id: string) =>
  ctx.database.db
    .select()
    .from(walletEntries)
    .where(and(eq(walletEntries.userId, id), eq(walletEntries.reason, 'referral')));

describe('the referral programme', () => {
  it('gives each customer one code; a sign-up with it records the referrer, an unknown code nothing', async () => {
    const referrer = await bikeOrder('DE');
    const own = await ok(await get('/v1/user/referral', referrer.token));
    expect(own).toMatchObject({ referred: 0, credit: 10_000 });
    expect(own.code).toMatch(/^[0-9A-HJKMNP-TV-Z]{8}$/);
    expect((await ok(await get('/v1/user/referral', referrer.token))).code).toBe(own.code);
    expect((await get('/v1/user/referral')).statusCode).toBe(401);

    const signUp = async (email: string, referralCode: string) => {
      const res = await post('/v1/user/sign-up', { email, password: 'Correct-horse-42', name: 'Mia', referralCode });
      expect(res.statusCode).toBe(202);
      const [row] = await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
      return row?.id as string;
    };
    const friend = await signUp(`friend-${Date.now()}@example.com`, ` ${own.code.toLowerCase()} `);
    expect(await referredBy(friend)).toBe(await userId(referrer.email));
    const stranger = await signUp(`stranger-${Date.now()}@example.com`, 'ZZZZ2222');
    expect(await referredBy(stranger)).toBeNull();
    expect((await ok(await get('/v1/user/referral', referrer.token))).referred).toBe(1);
    // A code too long is refused with a code, and no account is made.
    const long = await post('/v1/user/sign-up', {
      email: `long-${Date.now()}@example.com`,
      password: 'Correct-horse-42',
      name: 'Mia',
      referralCode: 'X'.repeat(33),
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().code).toBeTruthy();
  });

  it('credits the referrer once when the referred buyer’s bike order is paid in full, audited, in their history', async () => {
    const referrer = await bikeOrder('DE');
    const referrerId = await userId(referrer.email);
    const buyer = await bikeOrder('DE');
    const buyerId = await userId(buyer.email);
    // As a sign-up with the referrer's code records it.
    await ctx.database.db.insert(referrals).values({ referredId: buyerId, referrerId });

    // A referred buyer's store order (not a bike) earns nothing.
    const parts = await checkout(await storeCart('DE'), 'DE');
    await ctx.database.db.insert(referrals).values({ referredId: await userId(parts.email), referrerId });
    await payByCard(parts.token, { kind: 'full', storeOrderId: parts.storeOrderId });
    expect(await referralEntries(referrerId)).toEqual([]);

    await payByCard(buyer.token, { kind: 'full', order: buyer.orderId });
    const [entry, ...more] = await referralEntries(referrerId);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({ amount: 10_000, currency: 'EUR' });

    // A retried or concurrent report of the payment credits nothing more.
    const programme = referralProgramme(ctx.database.db, auditService(ctx.database.db));
    const again = await Promise.all([1, 2, 3].map(() => programme.afterPayment(buyer.orderId)));
    expect(again).toEqual([false, false, false]);
    expect(await referralEntries(referrerId)).toHaveLength(1);

    const audited = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'wallet.referral_credit'), eq(auditLog.entityId, buyer.orderId)));
    expect(audited).toHaveLength(1);
    expect(audited[0]).toMatchObject({ subjectId: referrerId, entityType: 'order' });

    const history = await ok(await get('/v1/user/wallet', referrer.token));
    expect(history.history.docs.map((e: Json) => [e.reason, e.amount, e.currency])).toEqual([
      ['referral', 10_000, 'EUR'],
    ]);
    // The buyer's own wallet is untouched; an unreferred buyer's payment credits nobody.
    expect((await ok(await get('/v1/user/wallet', buyer.token))).history.totalDocs).toBe(0);
    const alone = await bikeOrder('DE');
    await payByCard(alone.token, { kind: 'full', order: alone.orderId });
    expect(await programme.afterPayment(alone.orderId)).toBe(false);
  });
});
