import { jobApplications } from '@varg/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiCalls, DEMO_ACCOUNTS, useApi } from '../../../test/helper.ts';

// Team applications with a CV through the API: open positions, uploads sniffed by content, the administrator's list.

const ctx = useApi();
const { call, ok, refused, signIn } = apiCalls(ctx, 60);
const { ADMIN, CUSTOMER } = DEMO_ACCOUNTS;

/** A minimal valid PDF of about `size` bytes. */
function pdf(size = 2000): Buffer {
  const head = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\n');
  const tail = Buffer.from('\ntrailer<</Root 1 0 R>>\n%%EOF\n');
  return Buffer.concat([head, Buffer.alloc(Math.max(0, size - head.length - tail.length), 0x20), tail]);
}
const EXE = Buffer.concat([
  Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff', 'latin1'),
  Buffer.alloc(600),
]);

let ip = 0;
function upload(
  fields: Record<string, string>,
  file: { name: string; body: Buffer; type?: string } | null,
  headers: Record<string, string> = {},
) {
  const boundary = '----vargtest';
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="cv"; filename="${file.name}"\r\ncontent-type: ${file.type ?? 'application/pdf'}\r\n\r\n`,
      ),
      file.body,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return ctx.app.inject({
    method: 'POST',
    url: '/v1/team/cv',
    remoteAddress: `203.0.113.${++ip}`,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-lang': 'en', ...headers },
    payload: Buffer.concat(chunks),
  });
}
const applicant = (over: Record<string, string> = {}) => ({
  positionId: 'service-technician',
  name: 'Noor Visser',
  email: 'noor@example.com',
  phone: '+31 6 1234 5678',
  message: 'I repair electric motorbikes.',
  ...over,
});

describe('team: applications with a CV', () => {
  it('lists open positions in the request’s language', async () => {
    const en = await ok(await call('GET', '/v1/team/positions'));
    expect(en.docs).toHaveLength(3);
    const fr = await ok(await call('GET', '/v1/team/positions?lang=fr'));
    expect(fr.docs[0].title).not.toBe(en.docs[0].title);
  });

  it('stores a PDF sniffed by content; an admin lists it and downloads it, nobody else', async () => {
    const body = pdf(3 * 1024 * 1024);
    const res = await upload(applicant(), { name: 'Noor CV.pdf', body, type: 'application/octet-stream' });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json()._id as string;
    const [row] = await ctx.database.db.select().from(jobApplications).where(eq(jobApplications.id, id));
    expect(row).toMatchObject({ cvType: 'application/pdf', cvName: 'Noor CV.pdf', cvSize: body.length });

    const admin = await signIn(ADMIN);
    const list = await ok(await call('GET', '/v1/admin/applications', admin));
    expect(list.docs[0]).toMatchObject({ _id: id, name: 'Noor Visser', cv: { type: 'application/pdf' } });
    const file = await call('GET', `/v1/admin/applications/${id}/cv`, admin);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toContain('attachment');
    expect(file.rawPayload.equals(body)).toBe(true);
    const { url } = await ok(await call('GET', `/v1/admin/applications/${id}/cv-link`, admin));
    const signed = await call('GET', url);
    expect(signed.statusCode).toBe(200);
    expect(signed.rawPayload.length).toBe(body.length);

    const customer = await signIn(CUSTOMER);
    await refused(await call('GET', '/v1/admin/applications', customer), 403, 'FORBIDDEN');
    await refused(await call('GET', `/v1/admin/applications/${id}/cv`, customer), 403, 'FORBIDDEN');
    await refused(await call('GET', `/v1/admin/applications/${id}/cv-link`, customer), 403, 'FORBIDDEN');
    await refused(await call('GET', `/v1/admin/applications/${id}/cv`), 401, 'UNAUTHORIZED');
    await refused(await call('GET', '/v1/admin/applications/not-a-uuid/cv', admin), 400, 'VALIDATION_ERROR');
    await refused(await call('GET', '/v1/admin/applications?limit=0', admin), 400, 'VALIDATION_ERROR');
    await refused(await call('GET', `/v1/team/cv/${id}/file`), 400, 'VALIDATION_ERROR');
    await refused(await call('GET', `/v1/team/cv/${id}/file?token=1.${'x'.repeat(43)}`), 403, 'FORBIDDEN');
    await refused(
      await call('GET', '/v1/admin/applications/00000000-0000-4000-8000-000000000000/cv', admin),
      404,
      'JOB_APPLICATION_NOT_FOUND',
    );
  });

  it('refuses a file over 10 MB, a renamed executable, an empty file, no file and bad fields; stores nothing', async () => {
    const before = (await ctx.database.db.select().from(jobApplications)).length;
    const big = await upload(applicant(), { name: 'big.pdf', body: pdf(20 * 1024 * 1024) });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ code: 'CV_FILE_TOO_LARGE', t_key: 'error_cv_too_large' });
    const exe = await upload(applicant(), { name: 'cv.pdf', body: EXE });
    expect(exe.statusCode).toBe(415);
    expect(exe.json().code).toBe('CV_FILE_TYPE');
    // The old binary Word format (an OLE compound file, which carries macros) is refused: PDF and DOCX only.
    const ole = Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(4096, 0)]);
    const doc = await upload(applicant(), { name: 'cv.doc', body: ole, type: 'application/msword' });
    expect(doc.statusCode).toBe(415);
    expect(doc.json()).toMatchObject({ code: 'CV_FILE_TYPE', t_key: 'error_cv_type' });
    expect(doc.json().message).toMatch(/PDF or DOCX/);
    const text = await upload(applicant(), { name: 'cv.docx', body: Buffer.from('just some text, not a document') });
    expect(text.json().code).toBe('CV_FILE_TYPE');
    const empty = await upload(applicant(), { name: 'cv.pdf', body: Buffer.alloc(0) });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().code).toBe('CV_FILE_MISSING');
    expect((await upload(applicant(), null)).json().code).toBe('CV_FILE_MISSING');
    expect((await upload(applicant({ email: 'nope' }), { name: 'a.pdf', body: pdf() })).json().code).toBe(
      'VALIDATION_ERROR',
    );
    expect((await upload(applicant({ positionId: 'astronaut' }), { name: 'a.pdf', body: pdf() })).json().code).toBe(
      'JOB_POSITION_NOT_FOUND',
    );
    const json = await call('POST', '/v1/team/cv', null, applicant());
    expect(json.statusCode).toBe(400);
    const german = await upload(applicant(), { name: 'cv.pdf', body: EXE }, { 'x-lang': 'de' });
    expect(german.json().message).not.toBe(exe.json().message);
    expect((await ctx.database.db.select().from(jobApplications)).length).toBe(before);
  });

  it('answers a plain form post with a redirect back to the page', async () => {
    const done = await upload(
      { ...applicant(), returnTo: '/nl-NL/team' },
      { name: 'cv.pdf', body: pdf() },
      { accept: 'text/html' },
    );
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe('/nl-NL/team?applied=1');
    const wrong = await upload(
      { ...applicant(), returnTo: '/nl-NL/team' },
      { name: 'cv.pdf', body: EXE },
      { accept: 'text/html' },
    );
    expect(wrong.headers.location).toBe('/nl-NL/team?error=CV_FILE_TYPE');
    // Only app paths: an outside address is bad input, not followed.
    const outside = await upload(
      { ...applicant(), returnTo: '//evil.example' },
      { name: 'cv.pdf', body: pdf() },
      { accept: 'text/html' },
    );
    expect(outside.statusCode).toBe(400);
    expect(outside.json().code).toBe('VALIDATION_ERROR');
  });
});
