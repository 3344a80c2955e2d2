import { describe, expect, it } from 'vitest';
import { expectAdminOnly, ROLE_ACCOUNTS } from '../../../test/backoffice.ts';
import { apiCalls, type Json, useApi } from '../../../test/helper.ts';

const ctx = useApi();
const { call, ok, refused, signIn } = apiCalls(ctx, 160);
const admin = () => signIn(ROLE_ACCOUNTS.admin);
const DOC = { name: 'Grip replacement guide', code: 'GD-GRIPS-1', model: 'varg-ex', videoUrl: null };
const pdf = (text: string) => Buffer.from(`%PDF-1.4\n% ${text}\n%%EOF\n`).toString('base64');
const publicList = async (search: string) =>
  (await ctx.app.inject(`/v1/technical-documents?search=${search}`)).json().docs.map((d: Json) => d.id);

describe('back office: technical documents (decision 060)', () => {
  it('is for administrators only, and their attempts change nothing', async () => {
    for (const c of [
      { method: 'GET', url: '/v1/admin/technical-documents' },
      { method: 'POST', url: '/v1/admin/technical-documents', payload: DOC },
      { method: 'GET', url: '/v1/admin/technical-documents/TD001' },
      { method: 'PUT', url: '/v1/admin/technical-documents/TD001', payload: DOC },
      { method: 'POST', url: '/v1/admin/technical-documents/TD001/retire' },
      { method: 'POST', url: '/v1/admin/technical-documents/TD001/restore' },
      { method: 'PUT', url: '/v1/admin/technical-documents/TD001/file', payload: { file: pdf('x') } },
    ] as const)
      await expectAdminOnly(ctx, c);
    const doc = await ok(await call('GET', '/v1/admin/technical-documents/TD001', await admin()));
    expect(doc).toMatchObject({ retired: false, upload: null, printable: true });
  });

  it('creates a document, uploads its PDF (served instead of the drawn one) and retires it, audited', async () => {
    const token = await admin();
    const created = await ok(await call('POST', '/v1/admin/technical-documents', token, DOC), 201);
    expect(created).toMatchObject({ ...DOC, printable: false, upload: null, retired: false });
    expect(await publicList('GD-GRIPS')).toEqual([created.id]);
    // Nothing to print yet.
    expect((await ctx.app.inject(`/v1/technical-documents/${created.id}/file`)).statusCode).toBe(404);
    const uploaded = await ok(
      await call('PUT', `/v1/admin/technical-documents/${created.id}/file`, token, { file: pdf('guide') }),
    );
    expect(uploaded.upload.size).toBeGreaterThan(0);
    const file = await ctx.app.inject(`/v1/technical-documents/${created.id}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.body).toContain('% guide');
    const listed = (await ctx.app.inject('/v1/technical-documents?search=GD-GRIPS')).json().docs[0];
    expect(listed.file.url).toBe(`/v1/technical-documents/${created.id}/file`);
    // A seeded document: the upload replaces its drawn PDF.
    await ok(await call('PUT', '/v1/admin/technical-documents/TD001/file', token, { file: pdf('manual v2') }));
    expect((await ctx.app.inject('/v1/technical-documents/TD001/file')).body).toContain('% manual v2');
    const edited = await ok(
      await call('PUT', `/v1/admin/technical-documents/${created.id}`, token, { ...DOC, name: 'Grip guide' }),
    );
    expect(edited.name).toBe('Grip guide');
    await ok(await call('POST', `/v1/admin/technical-documents/${created.id}/retire`, token));
    expect(await publicList('GD-GRIPS')).toEqual([]);
    expect((await ctx.app.inject(`/v1/technical-documents/${created.id}/file`)).statusCode).toBe(404);
    const trail = await ok(await call('GET', `/v1/admin/audit/document/${created.id}`, token));
    expect(trail.docs.map((d: Json) => d.action)).toEqual([
      'document.retire',
      'document.update',
      'document.upload',
      'document.create',
    ]);
    expect(trail.docs[1].detail).toMatchObject({ before: { name: DOC.name }, after: { name: 'Grip guide' } });
    await ok(await call('POST', `/v1/admin/technical-documents/${created.id}/restore`, token));
    expect(await publicList('GD-GRIPS')).toEqual([created.id]);
  });

  it('refuses bad input and changes nothing', async () => {
    const token = await admin();
    const notPdf = Buffer.from('\x89PNG\r\n\x1a\n not a pdf').toString('base64');
    await refused(
      await call('PUT', '/v1/admin/technical-documents/TD002/file', token, { file: notPdf }),
      415,
      'DOCUMENT_NOT_PDF',
    );
    await refused(
      await call('PUT', '/v1/admin/technical-documents/TD002/file', token, { file: '!!' }),
      400,
      'VALIDATION_ERROR',
    );
    await refused(
      await call('PUT', '/v1/admin/technical-documents/NOPE/file', token, { file: pdf('x') }),
      404,
      'TECHNICAL_DOCUMENT_NOT_FOUND',
    );
    await refused(
      await call('POST', '/v1/admin/technical-documents', token, { ...DOC, code: 'bad code' }),
      400,
      'VALIDATION_ERROR',
    );
    await refused(
      await call('POST', '/v1/admin/technical-documents', token, { ...DOC, videoUrl: 'http://x.test/v' }),
      400,
      'VALIDATION_ERROR',
    );
    await refused(
      await call('PUT', '/v1/admin/technical-documents/NOPE', token, DOC),
      404,
      'TECHNICAL_DOCUMENT_NOT_FOUND',
    );
    expect((await ok(await call('GET', '/v1/admin/technical-documents/TD002', token))).upload).toBeNull();
  });
});
