import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { StoreArticle, StoreArticlePage, StoreCategory, TechnicalDocumentPage } from '@varg/contracts';
import { migrationsFolder, seed, technicalDocuments } from '@varg/db';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useApi } from '../../../test/helper.ts';
import { pdfText } from '../../../test/pdf-text.ts';

const ctx = useApi();
const get = (url: string, lang?: string) => ctx.app.inject({ url, headers: lang ? { 'x-lang': lang } : {} });
const json = async <T>(url: string, lang?: string): Promise<T> => {
  const res = await get(url, lang);
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json() as T;
};
const names = (page: { docs: Array<{ name: string }> }) => page.docs.map((d) => d.name);
const variant = (article: StoreArticle | undefined, code: string) =>
  article?.variants.find((v) => v.variant_code === code);

describe('technical documents (spec sections 3 and 7)', () => {
  it('pages through the documents, 10 a page by default', async () => {
    const first = await json<TechnicalDocumentPage>('/v1/technical-documents');
    expect(first).toMatchObject({
      totalDocs: 12,
      page: 1,
      totalPages: 2,
      hasNextPage: true,
      hasPrevPage: false,
      nextPage: 2,
      prevPage: null,
    });
    expect(first.docs).toHaveLength(10);
    const second = await json<TechnicalDocumentPage>('/v1/technical-documents?page=2');
    expect(second).toMatchObject({ page: 2, hasNextPage: false, hasPrevPage: true, nextPage: null, prevPage: 1 });
    expect(second.docs).toHaveLength(2);
    const ids = [...first.docs, ...second.docs].map((d) => d.id);
    expect(new Set(ids).size).toBe(12);
    const small = await json<TechnicalDocumentPage>('/v1/technical-documents?limit=5&page=3');
    expect(small).toMatchObject({ totalPages: 3, hasNextPage: false });
    expect(small.docs).toHaveLength(2);
    expect((await json<TechnicalDocumentPage>('/v1/technical-documents?page=9')).docs).toEqual([]);
  });

  it('gives each document the spec’s fields: a file to download, a video, or both', async () => {
    const { docs } = await json<TechnicalDocumentPage>('/v1/technical-documents?limit=100');
    const manual = docs.find((d) => d.code === 'OM-VARG-EX');
    expect(manual).toMatchObject({
      _id: manual?.id,
      nameKey: 'techdoc_owners_manual_ex',
      name: "VARG EX owner's manual",
      file: { key: 'technical-documents/OM-VARG-EX.pdf', url: `/v1/technical-documents/${manual?.id}/file` },
      videoURL: null,
      media: [],
      model: 'varg-ex',
    });
    const video = docs.find((d) => d.code === 'VD-SUSPENSION');
    expect(video?.file).toBeNull();
    expect(video?.videoURL).toMatch(/^https:\/\//);
    expect(docs.filter((d) => d.file && d.videoURL).length).toBeGreaterThan(0);
  });

  it('searches name and code ignoring case, also in the language of the request', async () => {
    expect(names(await json<TechnicalDocumentPage>('/v1/technical-documents?search=TORQUE'))).toEqual([
      'Torque table: chassis',
      'Torque table: powertrain',
    ]);
    expect((await json<TechnicalDocumentPage>('/v1/technical-documents?search=om-varg')).totalDocs).toBe(3);
    const german = await json<TechnicalDocumentPage>('/v1/technical-documents?search=drehmoment', 'de');
    expect(german.totalDocs).toBe(2);
    const none = await json<TechnicalDocumentPage>('/v1/technical-documents?search=carburettor');
    expect(none).toMatchObject({ docs: [], totalDocs: 0, totalPages: 1, hasNextPage: false });
    // LIKE wildcards are taken literally.
    expect((await json<TechnicalDocumentPage>('/v1/technical-documents?search=%25')).totalDocs).toBe(0);
    expect((await json<TechnicalDocumentPage>('/v1/technical-documents?search=_')).totalDocs).toBe(0);
  });

  it('is public and cacheable', async () => {
    const res = await get('/v1/technical-documents');
    expect(res.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=600');
  });
});

describe('technical document files', () => {
  const file = (id: string) => get(`/v1/technical-documents/${id}/file`);

  it('answers a document’s file as a PDF drawn from its content', async () => {
    const { docs } = await json<TechnicalDocumentPage>('/v1/technical-documents?search=TQ-CHASSIS');
    const table = docs[0];
    expect(table?.file?.url).toBe(`/v1/technical-documents/${table?.id}/file`);
    const res = await get(table?.file?.url ?? '');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('inline; filename="TQ-CHASSIS.pdf"');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.subarray(-6).toString('latin1')).toMatch(/%%EOF\s*$/);
    expect(pdf.length).toBeGreaterThan(2_000);
    expect(pdf.length).toBeLessThan(200_000);
    const text = pdfText(pdf);
    const lines = text.split('\n');
    // Title, code and model; the brand header, the footer and the page numbers on every page.
    expect(lines).toContain('Torque table: chassis');
    expect(lines).toContain('Document TQ-CHASSIS');
    expect(lines).toContain('Model: All models (VARG MX, EX, SM)');
    const pages = Number(/Page 1 of (\d+)/.exec(text)?.[1]);
    expect(pages).toBeGreaterThanOrEqual(1);
    expect(lines.filter((l) => l === 'STARK FUTURE')).toHaveLength(pages);
    expect(lines.filter((l) => l.startsWith('TQ-CHASSIS · Stark Future'))).toHaveLength(pages);
    expect(lines).toContain(`Page ${pages} of ${pages}`);
    // The torque table is drawn cell by cell, with its header.
    for (const cell of ['Fastener', 'Torque (Nm)', 'Rear axle nut', 'M20x1.5', '90', 'Swingarm pivot', '100']) {
      expect(lines).toContain(cell);
    }
  });

  it('prints each model’s own figures in its owner’s manual', async () => {
    const text = pdfText((await file('TD003')).rawPayload);
    expect(text).toContain('VARG SM owner');
    expect(text).toContain('Model: VARG SM');
    expect(text).toContain('Pirelli Diablo Rosso IV 120/70 ZR17 front, 160/60 ZR17 rear');
    expect(text).toContain('7.2 kWh');
    expect(text).not.toContain('Scorpion');
  });

  it('answers every seeded document’s file', async () => {
    const { docs } = await json<TechnicalDocumentPage>('/v1/technical-documents?limit=100');
    const withFile = docs.filter((d) => d.file);
    expect(withFile).toHaveLength(10);
    for (const doc of withFile) {
      expect(doc.file?.key).toBe(`technical-documents/${doc.code}.pdf`);
      const res = await get(doc.file?.url ?? '');
      expect(res.statusCode, `${doc.code}: ${res.body.slice(0, 200)}`).toBe(200);
      expect(res.headers['content-disposition']).toBe(`inline; filename="${doc.code}.pdf"`);
      expect(pdfText(res.rawPayload)).toContain(`Document ${doc.code}`);
    }
  });

  it('answers 404 for an unknown document and for a video without a file, 400 for a malformed id', async () => {
    for (const id of ['TD999', 'TD010']) {
      const res = await file(id);
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toMatchObject({
        statusCode: 404,
        code: 'TECHNICAL_DOCUMENT_NOT_FOUND',
        t_key: 'error_resource_not_found',
        message: 'The requested resource was not found.',
      });
    }
    for (const id of ['TD%20001', 'TD.001', 'x'.repeat(33), '-TD001']) {
      const res = await file(id);
      expect(res.statusCode, id).toBe(400);
      expect(res.json()).toMatchObject({ statusCode: 400, code: 'VALIDATION_ERROR' });
    }
  });

  it('moves a database seeded before the files existed to them, and keeps what an administrator set', async () => {
    const { db } = ctx.database;
    const row = async (id: string) =>
      (await db.select().from(technicalDocuments).where(eq(technicalDocuments.id, id)))[0];
    const seeded = await row('TD007');
    // As migration 0006 and its seed left them: placeholder files under /docs, no content.
    await db
      .update(technicalDocuments)
      .set({ content: null, fileKey: 'docs/tq-powertrain.pdf', fileUrl: '/docs/tq-powertrain.pdf' })
      .where(eq(technicalDocuments.id, 'TD007'));
    await db
      .update(technicalDocuments)
      .set({ content: null, fileKey: 'manuals/om-ex.pdf', fileUrl: 'https://files.example/om-ex.pdf' })
      .where(eq(technicalDocuments.id, 'TD002'));
    const migration = readFileSync(join(migrationsFolder, '0007_document_content.sql'), 'utf8');
    await db.execute(sql.raw(migration.split('--> statement-breakpoint')[1] ?? ''));
    await seed(ctx.database, { demo: true });
    expect(await row('TD007')).toEqual(seeded);
    expect(await row('TD002')).toMatchObject({ fileUrl: 'https://files.example/om-ex.pdf' });
    expect((await row('TD002'))?.content?.sections.length).toBeGreaterThan(3);
  });

  it('is described in the OpenAPI description as a PDF', async () => {
    const doc = (await get('/docs/json')).json();
    const op = doc.paths['/v1/technical-documents/{id}/file']?.get;
    expect(op?.tags).toEqual(['store']);
    expect(Object.keys(op?.responses['200']?.content ?? {})).toEqual(['application/pdf']);
  });
});

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
