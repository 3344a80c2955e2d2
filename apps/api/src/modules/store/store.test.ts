import type { StoreArticle, StoreArticlePage, StoreCategory } from '@varg/contracts';
import { describe, expect, it } from 'vitest';
import { get, json, names, storeApi, variant } from '../../../test/store-fixture.ts';

// The store through the API: categories, items, prices and errors. Technical documents (technical-documents) have
// their own file; the shared setup is apps/api/test/store-fixture.ts.

storeApi();

describe('store categories', () => {
  it('lists the spare-part categories with their product groups, narrowed to a model', async () => {
    const { docs } = await json<{ docs: StoreCategory[] }>('/v1/store/categories?kind=spare_parts');
    expect(docs.map((c) => c.slug)).toEqual(['tyres-and-wheels', 'chassis', 'powertrain', 'suspension']);
    const ex = await json<{ docs: StoreCategory[] }>('/v1/store/categories?kind=spare_parts&model=varg-ex');
    const groups = ex.docs[0]?.groups.map((g) => g.slug);
    expect(groups).toContain('enduro-tyres');
    expect(groups).toContain('tubes-and-mousses');
    expect(groups).not.toContain('mx-tyres');
    const all = await json<{ docs: StoreCategory[] }>('/v1/store/categories');
    expect(new Set(all.docs.map((c) => c.kind))).toEqual(
      new Set(['spare_parts', 'accessories', 'merchandise', 'extended_warranty']),
    );
  });

  it('takes several kinds, repeated or comma-separated', async () => {
    const repeated = await json<{ docs: StoreCategory[] }>('/v1/store/categories?kind=merchandise&kind=accessories');
    const commas = await json<{ docs: StoreCategory[] }>('/v1/store/categories?kind=merchandise,accessories');
    expect(repeated.docs.map((c) => c.slug)).toEqual(['accessories', 'merchandise']);
    expect(commas).toEqual(repeated);
  });
});

describe('store items', () => {
  it('finds a tyre by its brand name and by its size', async () => {
    const scorpion = await json<StoreArticlePage>('/v1/store/items?country=US&search=scorpion');
    expect(names(scorpion)).toEqual([
      'Pirelli Scorpion MX32 80/100-21',
      'Pirelli Scorpion MX32 110/90-19',
      'Pirelli Scorpion XC 120/100-18',
    ]);
    const size = await json<StoreArticlePage>('/v1/store/items?country=US&search=110/90');
    expect(names(size)).toEqual(['Pirelli Scorpion MX32 110/90-19']);
    expect(size.docs[0]).toMatchObject({
      id: 'scorpion-mx32-rear',
      drawingReference: 'TW-1102',
      kit: false,
      category: { slug: 'tyres-and-wheels', kind: 'spare_parts' },
      group: { slug: 'mx-tyres', model: 'varg' },
      variants: [{ variant_code: 'SF-TY-MX32-19', attributes: { wheel: '19"', position: 'rear' } }],
    });
  });

  it('finds by drawing reference, variant code, attribute value and translated name', async () => {
    expect(names(await json<StoreArticlePage>('/v1/store/items?country=DE&search=tw-1402'))).toEqual([
      '18" rear wheel',
    ]);
    expect(names(await json<StoreArticlePage>('/v1/store/items?country=DE&search=SF-PT-19'))).toEqual(['Power Tube']);
    expect(names(await json<StoreArticlePage>('/v1/store/items?country=DE&search=xxl'))).toEqual(['T-shirt', 'Hoodie']);
    expect(names(await json<StoreArticlePage>('/v1/store/items?country=DE&search=gabelfeder', 'de'))).toEqual([
      'Fork spring',
    ]);
    // The German category name "Reifen und Räder" brings its tyres.
    const reifen = await json<StoreArticlePage>('/v1/store/items?country=DE&search=Reifen&limit=50', 'de');
    expect(names(reifen)).toContain('Pirelli Scorpion XC 120/100-18');
    const none = await json<StoreArticlePage>('/v1/store/items?country=DE&search=carburettor');
    expect(none).toMatchObject({ docs: [], totalDocs: 0 });
  });

  it('pages through the spare parts in category, group and article order', async () => {
    const all = await json<StoreArticlePage>('/v1/store/items?country=DE&kind=spare_parts&limit=100');
    expect(all.totalDocs).toBe(all.docs.length);
    expect(all.docs.every((a) => a.category.kind === 'spare_parts')).toBe(true);
    const seen: string[] = [];
    for (let page = 1; ; page++) {
      const p = await json<StoreArticlePage>(`/v1/store/items?country=DE&kind=spare_parts&limit=7&page=${page}`);
      expect(p).toMatchObject({ page, totalDocs: all.totalDocs, totalPages: Math.ceil(all.totalDocs / 7), limit: 7 });
      expect(p.prevPage).toBe(page > 1 ? page - 1 : null);
      seen.push(...p.docs.map((d) => d.id));
      if (!p.hasNextPage) break;
      expect(p.nextPage).toBe(page + 1);
    }
    expect(seen).toEqual(all.docs.map((d) => d.id));
  });

  it('narrows to a model (its groups and the ones for every model), a category and a group', async () => {
    const sm = await json<StoreArticlePage>('/v1/store/items?country=DE&kind=spare_parts&model=varg-sm&limit=100');
    const groups = new Set(sm.docs.map((a) => a.group.slug));
    expect(groups.has('supermoto-tyres')).toBe(true);
    expect(groups.has('tubes-and-mousses')).toBe(true);
    expect(groups.has('mx-tyres')).toBe(false);
    expect(groups.has('enduro-tyres')).toBe(false);
    const suspension = await json<StoreArticlePage>('/v1/store/items?country=DE&category=suspension');
    expect(names(suspension)).toEqual(['Fork spring', 'Shock spring']);
    const fork = await json<StoreArticlePage>('/v1/store/items?country=DE&category=suspension&group=fork');
    expect(names(fork)).toEqual(['Fork spring']);
    const warranties = await json<StoreArticlePage>('/v1/store/items?country=DE&kind=extended_warranty');
    expect(warranties.docs.map((a) => a.group.model)).toEqual(['varg', 'varg-ex', 'varg-sm']);
    expect(warranties.docs[1]?.variants.map((v) => v.attributes.months)).toEqual(['12', '24', '36']);
  });

  it('prices each variant in the country: German VAT included, US sales tax not', async () => {
    const de = await json<StoreArticlePage>('/v1/store/items?country=de&search=110/90');
    expect(de.docs[0]?.variants[0]?.price).toEqual({
      currency: 'EUR',
      subtotal: 8_824,
      vat_percentage: 19,
      discount_percentage: 0,
      total: 10_500,
      vat: 1_676,
    });
    const fr = await json<StoreArticlePage>('/v1/store/items?country=FR&search=110/90');
    expect(fr.docs[0]?.variants[0]?.price).toMatchObject({ total: 10_500, vat_percentage: 20, subtotal: 8_750 });
    const us = await json<StoreArticlePage>('/v1/store/items?country=US&search=110/90');
    expect(us.docs[0]?.variants[0]?.price).toEqual({
      currency: 'USD',
      subtotal: 9_500,
      vat_percentage: 0,
      discount_percentage: 0,
      total: 9_500,
      vat: 0,
    });
    const gb = await json<StoreArticlePage>('/v1/store/items?country=GB&search=110/90');
    expect(gb.docs[0]?.variants[0]?.price).toMatchObject({ currency: 'GBP', total: 9_000, vat_percentage: 20 });
    // DATA.md's US list prices.
    const usPrices = await json<StoreArticlePage>('/v1/store/items?country=US&limit=100');
    const total = (id: string, code: string) =>
      variant(
        usPrices.docs.find((a) => a.id === id),
        code,
      )?.price?.total;
    expect(total('power-tube', 'SF-PT-21')).toBe(4_949);
    expect(total('front-wheel-21', 'SF-WH-F21')).toBe(45_900);
    expect(total('rear-wheel-18', 'SF-WH-R18-RIM')).toBe(38_900);
    expect(total('rear-wheel-18', 'SF-WH-R18-TYRE')).toBe(51_900);
    expect(total('powertrain-unit', 'SF-PU-01')).toBe(249_900);
    expect(total('shock-spring', 'SF-SS-52')).toBe(16_999);
  });

  it('applies a discount to the listed price', async () => {
    const de = await json<{ price: { total: number; discount_percentage: number; subtotal: number } }>(
      '/v1/store/variants/SF-HD-M?country=DE',
    );
    expect(de.price).toMatchObject({ discount_percentage: 20, subtotal: 6_639, total: 6_320 });
  });

  it('tells each variant’s availability', async () => {
    const page = await json<StoreArticlePage>('/v1/store/items?country=DE&limit=100');
    const all = page.docs.flatMap((a) => a.variants.map((v) => v.availability));
    expect(new Set(all)).toEqual(new Set(['AVAILABLE', 'AVAILABLE_HQ', 'NOT_AVAILABLE']));
    const mousse = page.docs.find((a) => a.id === 'bib-mousse');
    expect(mousse?.variants.map((v) => v.availability)).toEqual(['AVAILABLE', 'AVAILABLE', 'NOT_AVAILABLE']);
  });

  it('answers one article and one variant by its code', async () => {
    const article = await json<StoreArticle>('/v1/store/items/diablo-rosso-iv?country=IT');
    expect(article.variants.map((v) => [v.variant_code, v.attributes.position, v.availability])).toEqual([
      ['SF-TY-DR4-F', 'front', 'AVAILABLE'],
      ['SF-TY-DR4-R', 'rear', 'AVAILABLE_HQ'],
    ]);
    expect(article.variants[0]?.price).toMatchObject({ currency: 'EUR', total: 20_900, vat_percentage: 22 });
    const byCode = await json<{ variant_code: string; article: { id: string }; price: { currency: string } }>(
      '/v1/store/variants/sf-ew-ex-36?country=US',
    );
    expect(byCode).toMatchObject({
      variant_code: 'SF-EW-EX-36',
      attributes: { months: '36' },
      availability: 'AVAILABLE',
      price: { currency: 'USD', total: 94_900 },
      article: { id: 'extended-warranty-varg-ex', nameKey: 'store_article_extended_warranty', kit: false },
    });
  });

  it('is public and cacheable', async () => {
    for (const url of [
      '/v1/store/items?country=DE',
      '/v1/store/categories',
      '/v1/store/variants/SF-PT-18?country=DE',
    ]) {
      expect((await get(url)).headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=600');
    }
  });
});

describe('store errors', () => {
  it.each([
    ['/v1/store/items', 'no country'],
    ['/v1/store/items?country=DEU', 'a three-letter country'],
    ['/v1/store/items?country=DE&page=0', 'page 0'],
    ['/v1/store/items?country=DE&page=abc', 'a page that is not a number'],
    ['/v1/store/items?country=DE&limit=101', 'a page too long'],
    ['/v1/store/items?country=DE&kind=bikes', 'an unknown kind'],
    ['/v1/store/items?country=DE&model=varg-xx', 'an unknown model'],
    ['/v1/store/items?country=DE&category=Tyres%20and%20wheels', 'a category that is not a slug'],
    [`/v1/store/items?country=DE&search=${'x'.repeat(101)}`, 'a search too long'],
    ['/v1/store/items/Not%20An%20Id?country=DE', 'an article id that is not a slug'],
    ['/v1/store/items/power-tube', 'an article without country'],
    ['/v1/store/variants/SF_PT_18?country=DE', 'a variant code with other characters'],
    ['/v1/store/categories?kind=bikes', 'a category kind that does not exist'],
    ['/v1/store/categories?model=varg-xx', 'a category model that does not exist'],
    ['/v1/technical-documents?page=-1', 'a negative document page'],
    ['/v1/technical-documents?limit=0', 'a document page of 0'],
  ])('refuses %s (%s) with 400 VALIDATION_ERROR', async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, code: 'VALIDATION_ERROR', t_key: 'error_validation' });
  });

  it.each([
    ['/v1/store/items?country=XX', 'COUNTRY_NOT_FOUND'],
    ['/v1/store/items?country=JP', 'COUNTRY_NOT_FOUND'],
    ['/v1/store/items/power-tube?country=IS', 'COUNTRY_NOT_FOUND'],
    ['/v1/store/variants/SF-PT-18?country=JP', 'COUNTRY_NOT_FOUND'],
    ['/v1/store/items?country=DE&category=wings', 'STORE_CATEGORY_NOT_FOUND'],
    ['/v1/store/items?country=DE&group=wings', 'STORE_CATEGORY_NOT_FOUND'],
    ['/v1/store/items?country=DE&category=chassis&group=fork', 'STORE_CATEGORY_NOT_FOUND'],
    ['/v1/store/items/flux-capacitor?country=DE', 'STORE_ITEM_NOT_FOUND'],
    ['/v1/store/variants/SF-NOPE-1?country=DE', 'VARIANT_NOT_FOUND'],
  ])('answers %s with 404 %s', async (url, code) => {
    const res = await get(url);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ statusCode: 404, code });
  });

  it('translates the message into the language of the request', async () => {
    const en = (await get('/v1/store/items/flux-capacitor?country=DE')).json();
    const de = (await get('/v1/store/items/flux-capacitor?country=DE', 'de')).json();
    expect(en.message).toBe('This item is not in the store.');
    expect(de.message).toBe('Diesen Artikel gibt es im Shop nicht.');
    expect(de.t_key).toBe('error_store_item_not_found');
    const country = (await get('/v1/store/items?country=JP', 'fr')).json();
    expect(country).toMatchObject({ code: 'COUNTRY_NOT_FOUND', t_key: 'error_country_not_found' });
  });

  it('documents the endpoints in the OpenAPI description', async () => {
    const doc = (await get('/docs/json')).json();
    for (const path of [
      '/v1/technical-documents',
      '/v1/store/categories',
      '/v1/store/items',
      '/v1/store/items/{articleId}',
      '/v1/store/variants/{variantCode}',
    ]) {
      expect(doc.paths[path]?.get?.tags).toEqual(['store']);
    }
  });
});
