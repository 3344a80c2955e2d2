import { describe, expect, it } from 'vitest';
import { expectAdminOnly, ROLE_ACCOUNTS } from '../../../test/backoffice.ts';
import { apiCalls, type Json, useApi } from '../../../test/helper.ts';

const ctx = useApi();
const { call, ok, refused, signIn } = apiCalls(ctx);
const admin = () => signIn(ROLE_ACCOUNTS.admin);
const ARTICLE = { id: 'trail-grips', group: 'controls', name: 'Trail grips soft compound', drawingReference: 'C-12' };
const SKU = {
  articleId: 'trail-grips',
  sku: 'sf-gr-trail-s',
  attributes: { color: 'Black' },
  prices: { EUR: { listPrice: 2_900 } },
};
const shop = (query: string) => ctx.app.inject(`/v1/store/items?country=DE&${query}`).then((r) => r.json());

describe('back office: new articles, SKUs, fitment and retiring (decision 060)', () => {
  it('is for administrators only, and their attempts change nothing', async () => {
    for (const c of [
      { method: 'GET', url: '/v1/admin/parts/groups' },
      { method: 'POST', url: '/v1/admin/part-articles', payload: ARTICLE },
      { method: 'GET', url: '/v1/admin/part-articles/diablo-rosso-iv' },
      { method: 'PUT', url: '/v1/admin/part-articles/diablo-rosso-iv/fitment', payload: { models: ['varg-sm'] } },
      { method: 'POST', url: '/v1/admin/parts', payload: { ...SKU, articleId: 'diablo-rosso-iv' } },
      { method: 'POST', url: '/v1/admin/parts/SF-TY-DR4-F/retire' },
      { method: 'POST', url: '/v1/admin/parts/SF-TY-DR4-F/restore' },
    ] as const)
      await expectAdminOnly(ctx, c);
    const token = await admin();
    await refused(await call('GET', '/v1/admin/part-articles/trail-grips', token), 404, 'PART_ARTICLE_NOT_FOUND');
    expect((await ok(await call('GET', '/v1/admin/parts/SF-TY-DR4-F', token))).retired).toBe(false);
    const article = await ok(await call('GET', '/v1/admin/part-articles/diablo-rosso-iv', token));
    expect(article).toMatchObject({ fitsFromGroup: true });
  });

  it('creates an article and a SKU the shop sells at once, audited', async () => {
    const token = await admin();
    const groups = await ok(await call('GET', '/v1/admin/parts/groups', token));
    expect(groups.docs.find((g: Json) => g.slug === 'controls')).toMatchObject({ kind: 'spare_parts', model: null });
    const article = await ok(await call('POST', '/v1/admin/part-articles', token, ARTICLE), 201);
    expect(article).toMatchObject({ id: 'trail-grips', nameKey: null, fits: [], fitsFromGroup: true, skus: [] });
    // No SKU yet: nothing to buy, so the shop does not show it.
    expect((await shop('search=trail grips')).docs).toEqual([]);
    const part = await ok(await call('POST', '/v1/admin/parts', token, SKU), 201);
    expect(part).toMatchObject({
      sku: 'SF-GR-TRAIL-S',
      kind: 'spare_parts',
      attributes: { color: 'Black' },
      retired: false,
    });
    const found = await shop('search=trail grips');
    expect(found.docs.map((a: Json) => a.id)).toEqual(['trail-grips']);
    expect(found.docs[0]).toMatchObject({ name: 'Trail grips soft compound', nameKey: null });
    expect(found.docs[0].variants[0]).toMatchObject({ variant_code: 'SF-GR-TRAIL-S', price: { total: 2_900 } });
    const trail = await ok(await call('GET', '/v1/admin/audit/part/SF-GR-TRAIL-S', token));
    expect(trail.docs[0]).toMatchObject({
      action: 'catalog.part.create',
      detail: { after: { article: 'trail-grips' } },
    });
    const created = await ok(await call('GET', '/v1/admin/audit/article/trail-grips', token));
    expect(created.docs[0]).toMatchObject({
      action: 'catalog.article.create',
      detail: { after: { group: 'controls' } },
    });
  });

  it('refuses bad input and changes nothing', async () => {
    const token = await admin();
    await refused(
      await call('POST', '/v1/admin/part-articles', token, { ...ARTICLE, id: 'diablo-rosso-iv' }),
      409,
      'PART_ARTICLE_TAKEN',
    );
    await refused(
      await call('POST', '/v1/admin/part-articles', token, { ...ARTICLE, id: 'x-new', group: 'nope' }),
      404,
      'PART_GROUP_NOT_FOUND',
    );
    await refused(
      await call('POST', '/v1/admin/part-articles', token, { ...ARTICLE, id: 'Bad Id' }),
      400,
      'VALIDATION_ERROR',
    );
    await refused(
      await call('POST', '/v1/admin/part-articles', token, { ...ARTICLE, id: 'x-new', name: ' ' }),
      400,
      'VALIDATION_ERROR',
    );
    const sku = { ...SKU, articleId: 'diablo-rosso-iv', sku: 'SF-NEW-1' };
    await refused(await call('POST', '/v1/admin/parts', token, { ...sku, sku: 'sf-ty-dr4-f' }), 409, 'PART_SKU_TAKEN');
    await refused(await call('POST', '/v1/admin/parts', token, { ...sku, sku: 'SF NEW' }), 400, 'VALIDATION_ERROR');
    await refused(await call('POST', '/v1/admin/parts', token, { ...sku, prices: {} }), 400, 'VALIDATION_ERROR');
    await refused(
      await call('POST', '/v1/admin/parts', token, { ...sku, prices: { XYZ: { listPrice: 1 } } }),
      400,
      'PART_PRICE_CURRENCY',
    );
    await refused(
      await call('POST', '/v1/admin/parts', token, { ...sku, articleId: 'no-such-thing' }),
      404,
      'PART_ARTICLE_NOT_FOUND',
    );
    await refused(await call('POST', '/v1/admin/parts/NOPE-1/retire', token), 404, 'PART_NOT_FOUND');
    await refused(
      await call('PUT', '/v1/admin/part-articles/diablo-rosso-iv/fitment', token, { models: ['vespa'] }),
      400,
      'VALIDATION_ERROR',
    );
    await refused(await call('GET', '/v1/admin/parts/SF-NEW-1', token), 404, 'PART_NOT_FOUND');
    await refused(await call('GET', '/v1/admin/part-articles/x-new', token), 404, 'PART_ARTICLE_NOT_FOUND');
  });

  it('sets an article’s fitment and the shop’s model filter follows', async () => {
    const token = await admin();
    const ids = async (model: string) =>
      (await shop(`model=${model}&search=diablo rosso&limit=100`)).docs.map((a: Json) => a.id);
    expect(await ids('varg-sm')).toContain('diablo-rosso-iv');
    expect(await ids('varg')).not.toContain('diablo-rosso-iv');
    const set = await ok(
      await call('PUT', '/v1/admin/part-articles/diablo-rosso-iv/fitment', token, { models: ['varg', 'varg'] }),
    );
    expect(set).toMatchObject({ fits: ['varg'], fitsFromGroup: false });
    expect(await ids('varg')).toContain('diablo-rosso-iv');
    expect(await ids('varg-sm')).not.toContain('diablo-rosso-iv');
    // Its group (supermoto tyres) now shows for the VARG MX too.
    const categories = await ctx.app.inject('/v1/store/categories?model=varg').then((r) => r.json());
    expect(categories.docs.flatMap((c: Json) => c.groups.map((g: Json) => g.slug))).toContain('supermoto-tyres');
    const all = await ok(await call('PUT', '/v1/admin/part-articles/diablo-rosso-iv/fitment', token, { models: [] }));
    expect(all.fits).toEqual([]);
    expect(await ids('varg-ex')).toContain('diablo-rosso-iv');
    const back = await ok(
      await call('PUT', '/v1/admin/part-articles/diablo-rosso-iv/fitment', token, { models: null }),
    );
    expect(back.fitsFromGroup).toBe(true);
    const trail = await ok(await call('GET', '/v1/admin/audit/article/diablo-rosso-iv', token));
    expect(trail.docs.map((d: Json) => d.action)).toEqual(Array(3).fill('catalog.article.fitment'));
    expect(trail.docs[2].detail).toMatchObject({ before: { fits: null }, after: { fits: ['varg'] } });
  });

  it('retires a SKU: gone from the shop and the cart, kept in the back office; restoring undoes it', async () => {
    const token = await admin();
    const retired = await ok(await call('POST', '/v1/admin/parts/SF-TY-DR4-F/retire', token));
    expect(retired.retired).toBe(true);
    const item = await ctx.app.inject('/v1/store/items/diablo-rosso-iv?country=IT').then((r) => r.json());
    expect(item.variants.map((v: Json) => v.variant_code)).toEqual(['SF-TY-DR4-R']);
    expect((await ctx.app.inject('/v1/store/variants/SF-TY-DR4-F?country=IT')).statusCode).toBe(404);
    const list = await ok(await call('GET', '/v1/admin/parts?stock=retired', token));
    expect(list.docs.map((p: Json) => p.sku)).toEqual(['SF-TY-DR4-F']);
    await ok(await call('POST', '/v1/admin/parts/SF-TY-DR4-F/restore', token));
    expect((await ctx.app.inject('/v1/store/variants/SF-TY-DR4-F?country=IT')).statusCode).toBe(200);
    const trail = await ok(await call('GET', '/v1/admin/audit/part/SF-TY-DR4-F', token));
    expect(trail.docs.map((d: Json) => d.action)).toEqual(['catalog.part.restore', 'catalog.part.retire']);
  });
});
