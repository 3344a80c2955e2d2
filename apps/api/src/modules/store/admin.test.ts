import { describe, expect, it } from 'vitest';
import { expectAdminOnly, ROLE_ACCOUNTS } from '../../../test/backoffice.ts';
import { apiCalls, type Json, useApi } from '../../../test/helper.ts';

const ctx = useApi();
const { call, ok, refused, signIn } = apiCalls(ctx);
const admin = () => signIn(ROLE_ACCOUNTS.admin);
const SKU = '/v1/admin/parts/SF-TY-DR4-F';

describe('back office: parts, accessories and warranties (decision 041)', () => {
  it('is for administrators only', async () => {
    for (const c of [
      { method: 'GET', url: '/v1/admin/parts' },
      { method: 'GET', url: SKU },
      { method: 'PATCH', url: SKU, payload: { availability: 'NOT_AVAILABLE' } },
    ] as const)
      await expectAdminOnly(ctx, c);
    expect((await ok(await call('GET', SKU, await admin()))).availability).toBe('AVAILABLE');
  });

  it('lists SKUs with search, filters, sort and pages', async () => {
    const token = await admin();
    const found = await ok(await call('GET', '/v1/admin/parts?q=dr4', token));
    expect(found.docs.map((p: Json) => p.sku)).toEqual(['SF-TY-DR4-F', 'SF-TY-DR4-R']);
    expect(found.docs[0]).toMatchObject({ articleId: 'diablo-rosso-iv', kind: expect.any(String) });
    expect(found.docs[0].prices.find((p: Json) => p.currency === 'EUR')).toMatchObject({ listPrice: 20_900 });
    const warranties = await ok(await call('GET', '/v1/admin/parts?kind=extended_warranty&pageSize=500', token));
    expect(warranties.total).toBeGreaterThan(0);
    expect(warranties.docs.every((p: Json) => p.kind === 'extended_warranty')).toBe(true);
    const out = await ok(await call('GET', '/v1/admin/parts?availability=NOT_AVAILABLE', token));
    expect(out.docs.every((p: Json) => p.availability === 'NOT_AVAILABLE')).toBe(true);
    const sorted = await ok(await call('GET', '/v1/admin/parts?sort=sku&dir=desc&pageSize=2&page=2', token));
    expect(sorted).toMatchObject({ page: 2, pageSize: 2 });
    expect(sorted.docs[0].sku > sorted.docs[1].sku).toBe(true);
    await refused(await call('GET', '/v1/admin/parts?kind=bikes', token), 400, 'VALIDATION_ERROR');
    await refused(await call('GET', '/v1/admin/parts/NOPE-1', token), 404, 'PART_NOT_FOUND');
  });

  it('changes stock and a price, audited, and the shop sells at the new price', async () => {
    const token = await admin();
    await refused(await call('PATCH', SKU, token, { prices: { XXX: { listPrice: 1 } } }), 400, 'PART_PRICE_CURRENCY');
    await refused(await call('PATCH', SKU, token, { prices: { EUR: { listPrice: -1 } } }), 400, 'VALIDATION_ERROR');
    await refused(await call('PATCH', SKU, token, {}), 400, 'VALIDATION_ERROR');
    const part = await ok(
      await call('PATCH', SKU, token, { availability: 'AVAILABLE_HQ', prices: { EUR: { listPrice: 19_900 } } }),
    );
    expect(part.availability).toBe('AVAILABLE_HQ');
    expect(part.prices.find((p: Json) => p.currency === 'EUR')).toEqual({
      currency: 'EUR',
      listPrice: 19_900,
      discountBp: 0,
    });
    const shop = (await ctx.app.inject('/v1/store/items/diablo-rosso-iv?country=IT')).json();
    expect(shop.variants[0]).toMatchObject({ availability: 'AVAILABLE_HQ', price: { total: 19_900 } });
    const trail = await ok(await call('GET', '/v1/admin/audit/part/SF-TY-DR4-F', token));
    expect(trail.docs[0]).toMatchObject({
      action: 'catalog.part.update',
      detail: { before: { availability: 'AVAILABLE' }, after: { availability: 'AVAILABLE_HQ' } },
    });
    expect(trail.docs[0].detail.after.prices.EUR).toEqual({ listPrice: 19_900, discountBp: 0 });
  });
});
