import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TechnicalDocumentPage } from '@varg/contracts';
import { migrationsFolder, seed, technicalDocuments } from '@varg/db';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { pdfText } from '../../../test/pdf-text.ts';
import { get, json, names, storeApi } from '../../../test/store-fixture.ts';

// Technical documents through the API (spec sections 3 and 7): the list, search and the documents' PDF files. The
// shared setup is apps/api/test/store-fixture.ts.

const ctx = storeApi();

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

  it('frames the PDF in the reader’s language and says the instructions are in English', async () => {
    const res = await get('/v1/technical-documents/TD003/file?lang=de-DE');
    expect(res.statusCode).toBe(200);
    expect(res.headers.vary).toContain('x-lang');
    const lines = pdfText(res.rawPayload).split('\n');
    expect(lines).toContain('Dokument OM-VARG-SM');
    expect(lines).toContain('Modell: VARG SM');
    expect(lines).toContain('Die Anleitungen in diesem Dokument sind auf Englisch.');
    expect(lines.some((l) => /^Seite 1 von \d+$/.test(l))).toBe(true);
    // The technical text itself stays English.
    expect(lines.join('\n')).toContain('Pirelli Diablo Rosso IV 120/70 ZR17 front');
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
