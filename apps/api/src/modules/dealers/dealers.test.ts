import { dealers, users } from '@varg/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiCalls, type Json, lastMail, newCustomer, useApi } from '../../../test/helper.ts';

const ctx = useApi();
const { call, ok, refused, signIn } = apiCalls(ctx);

const application = (over: Json = {}) => ({
  companyName: 'Moto Elettrica Milano S.r.l.',
  vatId: 'IT00743110157',
  country: 'IT',
  storeName: 'Moto Elettrica Milano',
  line1: 'Via Tortona 27',
  postalCode: '20144',
  city: 'Milano',
  phone: '+39 02 1234 5678',
  expectedYearlyVolume: 25,
  ...over,
});

describe('becoming a dealer', () => {
  it('a customer applies once; an administrator approves; the new dealer has the role, terms and an e-mail', async () => {
    const email = `applicant-${Date.now()}@example.com`;
    const { token } = await newCustomer(ctx.app, email);
    expect(await ok(await call('GET', '/v2/dealer/application', token))).toMatchObject({
      status: 'none',
      allowed: true,
    });
    // A boolean is not a number of bikes (z.coerce took `true` as 1).
    await refused(
      await call('POST', '/v2/dealer', token, { ...application(), expectedYearlyVolume: true }),
      400,
      'VALIDATION_ERROR',
    );
    const sent = await ok(await call('POST', '/v2/dealer', token, application()), 201);
    expect(sent).toMatchObject({ status: 'pending', allowed: false, storeName: 'Moto Elettrica Milano' });
    expect((await lastMail(ctx.app, email))?.lang).toBe('de');
    await refused(await call('POST', '/v2/dealer', token, application()), 409, 'DEALER_APPLICATION_EXISTS');

    const admin = await signIn('admin@demo.starkfuture.com');
    const list = (await ok(await call('GET', '/v1/admin/dealer-applications', admin))).docs as Json[];
    const mine = list.find((a) => a.user.email === email) as Json;
    expect(mine).toMatchObject({ status: 'pending', vatId: 'IT00743110157', expectedYearlyVolume: 25 });
    expect(list.some((a) => a.user.email === 'pending-dealer@demo.starkfuture.com')).toBe(true);

    const terms = {
      groupName: 'Italia',
      labourRate: 6500,
      reimbursement: 15000,
      currency: 'eur',
      documentFee: 9900,
      margin: 12,
    };
    await refused(
      await call('POST', `/v1/admin/dealer-applications/${mine._id}/approve`, admin, { ...terms, margin: 120 }),
      400,
      'VALIDATION_ERROR',
    );
    // null, '' and booleans are not numbers (they were taken as 0 and 1: approved at a labour rate of 0).
    for (const bad of [{ labourRate: null }, { reimbursement: '' }, { documentFee: true }, { margin: [] }]) {
      await refused(
        await call('POST', `/v1/admin/dealer-applications/${mine._id}/approve`, admin, { ...terms, ...bad }),
        400,
        'VALIDATION_ERROR',
      );
    }
    // The admin page's form posts the fields as text.
    const asText = Object.fromEntries(Object.entries(terms).map(([k, v]) => [k, String(v)]));
    expect(
      await ok(await call('POST', `/v1/admin/dealer-applications/${mine._id}/approve`, admin, asText)),
    ).toMatchObject({ status: 'approved' });
    await refused(
      await call('POST', `/v1/admin/dealer-applications/${mine._id}/reject`, admin, { reason: 'x' }),
      404,
      'DEALER_APPLICATION_NOT_FOUND',
    );
    const [row] = await ctx.database.db.select().from(dealers).where(eq(dealers.id, mine._id));
    expect(row).toMatchObject({
      status: 1,
      groupName: 'Italia',
      labourRate: 6500,
      revenueCurrency: 'EUR',
      marketplace: { documentFee: 9900, margin: 12 },
    });
    const [user] = await ctx.database.db.select().from(users).where(eq(users.email, email));
    expect(user?.roles).toContain('dealer');
    expect((await lastMail(ctx.app, email))?.text).toContain('/dealer');
    // Approved: the dealer pages' API answers the new dealer (a fresh sign-in carries the role).
    expect((await call('GET', '/v1/referral/refer', token)).statusCode).toBe(200);
    // Until the dealer sets it, the store's point on the map is the spec's default, Point [0, 0].
    const [approved] = (await ok(await call('GET', '/v1/dealer/my', token))) as Json[];
    expect(approved?.storeInfo).toMatchObject({
      name: 'Moto Elettrica Milano',
      location: { type: 'Point', coordinates: [0, 0] },
    });
  });

  it('rejects with a reason the applicant reads; dealers and lead dealers cannot apply', async () => {
    const admin = await signIn('admin@demo.starkfuture.com');
    const pending = ((await ok(await call('GET', '/v1/admin/dealer-applications', admin))).docs as Json[]).find(
      (a) => a.user.email === 'pending-dealer@demo.starkfuture.com',
    ) as Json;
    await refused(
      await call('POST', `/v1/admin/dealer-applications/${pending._id}/reject`, admin, { reason: ' ' }),
      400,
      'VALIDATION_ERROR',
    );
    await ok(
      await call('POST', `/v1/admin/dealer-applications/${pending._id}/reject`, admin, { reason: 'No workshop yet.' }),
    );
    const applicant = await signIn('pending-dealer@demo.starkfuture.com');
    expect(await ok(await call('GET', '/v1/dealer/application', applicant))).toMatchObject({
      status: 'rejected',
      allowed: false,
      rejectionReason: 'No workshop yet.',
    });
    expect((await lastMail(ctx.app, 'pending-dealer@demo.starkfuture.com'))?.lang).toBe('no');
    for (const who of ['dealer@demo.starkfuture.com', 'lead-dealer@demo.starkfuture.com']) {
      await refused(
        await call('POST', '/v2/dealer', await signIn(who), application()),
        403,
        'DEALER_APPLICATION_NOT_ALLOWED',
      );
    }
    for (const who of ['customer@demo.starkfuture.com', 'dealer@demo.starkfuture.com']) {
      await refused(await call('GET', '/v1/admin/dealer-applications', await signIn(who)), 403, 'FORBIDDEN');
      await refused(
        await call('POST', `/v1/admin/dealer-applications/${pending._id}/approve`, await signIn(who), {
          groupName: 'X',
          labourRate: 1,
          reimbursement: 1,
          currency: 'EUR',
          documentFee: 1,
          margin: 1,
        }),
        403,
        'FORBIDDEN',
      );
    }
  });

  it('refuses bad input, an invalid VAT id and visitors, and stores nothing', async () => {
    const token = (await newCustomer(ctx.app, `bad-${Date.now()}@example.com`)).token;
    await refused(
      await call('POST', '/v2/dealer', token, application({ vatId: 'IT00743110158' })),
      400,
      'VAT_ID_INVALID',
    );
    await refused(
      await call('POST', '/v2/dealer', token, application({ expectedYearlyVolume: 0 })),
      400,
      'VALIDATION_ERROR',
    );
    await refused(await call('POST', '/v2/dealer', token, application({ companyName: '' })), 400, 'VALIDATION_ERROR');
    await refused(await call('POST', '/v2/dealer', token, application({ country: 'ITA' })), 400, 'VALIDATION_ERROR');
    await refused(await call('POST', '/v2/dealer', null, application()), 401, 'UNAUTHORIZED');
    expect(await ok(await call('GET', '/v2/dealer/application', token))).toMatchObject({
      status: 'none',
      allowed: true,
    });
  });
});
