import { users } from '@varg/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectAdminOnly, ROLE_ACCOUNTS } from '../../../test/backoffice.ts';
import { apiCalls, type Json, newCustomer, useApi } from '../../../test/helper.ts';
import { maySeePresale } from './presale.ts';

// Spec section 6 and decision 052: one preorder model, shown only to invited viewers, in no public list.
const ctx = useApi();
const { call, ok, refused, signIn } = apiCalls(ctx, 120);
const MODEL = 'varg-launch-edition';
const PRESALE = `/v1/product/${MODEL}/presale?country=DE`;
const ADMIN_MODEL = `/v1/admin/catalogue/models/${MODEL}`;

describe('presale model (decision 052)', () => {
  it('is in no public list and no public catalogue call', async () => {
    for (const query of ['countryLocation=DE', 'countryLocation=US&status=1', 'countryLocation=DE&status=0']) {
      const list = await ok(await call('GET', `/v1/product/getlist?${query}`));
      expect(list.docs.map((d: Json) => d._id)).not.toContain(MODEL);
    }
    await refused(await call('GET', `/v1/product/${MODEL}/components?country=DE`), 404, 'PRODUCT_NOT_FOUND');
    await refused(await call('GET', `/v1/checkout/orderInfo/${MODEL}?country=DE`), 404, 'PRODUCT_NOT_FOUND');
  });

  it('answers 404 to anonymous callers and to signed-in users who are not invited, never publicly cached', async () => {
    const anonymous = await call('GET', PRESALE);
    await refused(anonymous, 404, 'PRODUCT_NOT_FOUND');
    expect(anonymous.headers['cache-control']).toBe('private, no-store');
    for (const who of [ROLE_ACCOUNTS.dealer, ROLE_ACCOUNTS.translator]) {
      await refused(await call('GET', PRESALE, await signIn(who)), 404, 'PRODUCT_NOT_FOUND');
    }
    // A public model is no preorder model, and an unknown one is not either.
    const customer = await signIn(ROLE_ACCOUNTS.customer);
    await refused(await call('GET', '/v1/product/varg/presale?country=DE', customer), 404, 'PRODUCT_NOT_FOUND');
    await refused(await call('GET', '/v1/product/nope/presale?country=DE', customer), 404, 'PRODUCT_NOT_FOUND');
    await refused(await call('GET', '/v1/product/NOPE!/presale?country=DE', customer), 400, 'VALIDATION_ERROR');
  });

  it('shows the model with its market price to the invited customer and to administrators', async () => {
    const invited = await call('GET', PRESALE, await signIn(ROLE_ACCOUNTS.customer));
    expect(invited.headers['cache-control']).toBe('private, no-store');
    expect(await ok(invited)).toMatchObject({
      _id: MODEL,
      nameKey: 'model_varg_launch_edition_name',
      price: { amount: 1_590_000, currencyCode: 'EUR' },
      deposit: { amount: 50_000, currencyCode: 'EUR' },
    });
    const us = await ok(
      await call('GET', `/v1/product/${MODEL}/presale?country=US`, await signIn(ROLE_ACCOUNTS.admin)),
    );
    expect(us.price).toEqual({ amount: 1_490_000, currencyCode: 'USD' });
  });

  it('shows it to internal addresses and to users flagged whitelistedPresales', async () => {
    const insider = await newCustomer(ctx.app, 'insider@starkfuture.com');
    await ok(await call('GET', PRESALE, insider.token));
    const flagged = await newCustomer(ctx.app, 'flagged-presale@example.com');
    await refused(await call('GET', PRESALE, flagged.token), 404, 'PRODUCT_NOT_FOUND');
    await ctx.database.db
      .update(users)
      .set({ whitelistedPresales: true })
      .where(eq(users.email, 'flagged-presale@example.com'));
    await ok(await call('GET', PRESALE, flagged.token));
  });

  it('lets the back office edit the invited addresses; an invitation takes effect at once', async () => {
    await expectAdminOnly(ctx, { method: 'PATCH', url: ADMIN_MODEL, payload: { presaleEmails: [] } });
    const admin = await signIn(ROLE_ACCOUNTS.admin);
    const guest = await newCustomer(ctx.app, 'guest-presale@example.com');
    await refused(await call('GET', PRESALE, guest.token), 404, 'PRODUCT_NOT_FOUND');

    const model = await ok(
      await call('PATCH', ADMIN_MODEL, admin, {
        presaleEmails: ['Guest-Presale@Example.com', ROLE_ACCOUNTS.customer, ROLE_ACCOUNTS.customer],
      }),
    );
    expect(model).toMatchObject({
      presale: true,
      presaleEmails: [ROLE_ACCOUNTS.customer, 'guest-presale@example.com'],
    });
    await ok(await call('GET', PRESALE, guest.token));

    // Bad input changes nothing: a malformed address, and a list on a model that is no preorder model.
    await refused(
      await call('PATCH', ADMIN_MODEL, admin, { presaleEmails: ['not an address'] }),
      400,
      'VALIDATION_ERROR',
    );
    await refused(
      await call('PATCH', '/v1/admin/catalogue/models/varg', admin, { presaleEmails: ['a@example.com'] }),
      400,
      'VALIDATION_ERROR',
    );
    const varg = await ok(await call('GET', '/v1/admin/catalogue/models/varg', admin));
    expect(varg).toMatchObject({ presale: false, presaleEmails: [] });

    await ok(await call('PATCH', ADMIN_MODEL, admin, { presaleEmails: [ROLE_ACCOUNTS.customer] }));
    await refused(await call('GET', PRESALE, guest.token), 404, 'PRODUCT_NOT_FOUND');
    const trail = await ok(await call('GET', `/v1/admin/audit/model/${MODEL}`, admin));
    expect(trail.docs[0]).toMatchObject({ action: 'catalog.model.update' });
  });
});

describe('maySeePresale', () => {
  const viewer = { roles: ['customer'], email: 'a@example.com', emailConfirmed: true, whitelistedPresales: false };
  it('needs a confirmed address on a list, the flag, or an administrator', () => {
    expect(maySeePresale(null, ['a@example.com'], ['a@example.com'])).toBe(false);
    expect(maySeePresale(viewer, [], [])).toBe(false);
    expect(maySeePresale(viewer, ['a@example.com'], [])).toBe(true);
    expect(maySeePresale({ ...viewer, email: 'A@Example.com' }, [], ['a@example.com'])).toBe(true);
    expect(maySeePresale({ ...viewer, emailConfirmed: false }, ['a@example.com'], ['a@example.com'])).toBe(false);
    expect(maySeePresale({ ...viewer, whitelistedPresales: true, emailConfirmed: false }, [], [])).toBe(true);
    expect(maySeePresale({ ...viewer, roles: ['customer', 'admin'] }, [], [])).toBe(true);
    expect(maySeePresale({ ...viewer, impersonatorId: 'some-admin' }, [], [])).toBe(true);
  });
});
