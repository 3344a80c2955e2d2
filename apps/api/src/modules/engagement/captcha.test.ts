import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedGeo, testConfig, testDatabase } from '../../../test/helper.ts';
import { buildApi } from '../../app.ts';
import { recaptchaEnterprise } from '../../providers/captcha/recaptcha-enterprise.ts';

// The engagement forms with the captcha on (its own file: one API per process, as the metrics registry is global).

const pdf = () => Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
const applicant = () => ({
  positionId: 'service-technician',
  name: 'Noor Visser',
  email: 'noor@example.com',
});

describe('with the captcha on', () => {
  // reCAPTCHA Enterprise answering that every token is invalid: each anonymous form refuses and stores nothing.
  const guarded = {} as { app: Awaited<ReturnType<typeof buildApi>>; close: () => Promise<void> };
  beforeAll(async () => {
    const database = await testDatabase();
    const captcha = recaptchaEnterprise({
      projectId: 'p',
      siteKey: 'site',
      apiKey: 'k',
      minScore: 0.5,
      fetch: (async () => Response.json({ tokenProperties: { valid: false } })) as unknown as typeof fetch,
    });
    guarded.app = await buildApi({ config: testConfig, database, geo: fixedGeo({}), logger: false, captcha });
    await guarded.app.ready();
    guarded.close = async () => {
      await guarded.app.close();
      await database.close();
    };
  });
  afterAll(async () => guarded.close?.());

  it('refuses the CV, contact and newsletter forms with CAPTCHA_FAILED', async () => {
    const post = (url: string, payload: object) =>
      guarded.app.inject({ method: 'POST', url, payload, remoteAddress: '203.0.113.220', headers: { 'x-lang': 'en' } });
    const contact = await post('/v1/contact', {
      topic: 'other',
      name: 'A',
      email: 'a@example.com',
      message: 'Hello there, team.',
      captcha: 'bad',
    });
    expect(contact.json()).toMatchObject({ statusCode: 400, code: 'CAPTCHA_FAILED' });
    const news = await post('/v1/newsletter', { email: 'a@example.com', captcha: 'bad' });
    expect(news.json()).toMatchObject({ statusCode: 400, code: 'CAPTCHA_FAILED' });
    const boundary = '----c';
    const body = Buffer.concat([
      ...Object.entries({ ...applicant(), captcha: 'bad' }).map(([k, v]) =>
        Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
      ),
      Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="cv"; filename="a.pdf"\r\n\r\n`),
      pdf(),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const cv = await guarded.app.inject({
      method: 'POST',
      url: '/v1/team/cv',
      payload: body,
      remoteAddress: '203.0.113.221',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(cv.json()).toMatchObject({ statusCode: 400, code: 'CAPTCHA_FAILED' });
  });
});
