import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiCalls, useApi } from '../../test/helper.ts';

const ctx = useApi();
const { call, ok, refused } = apiCalls(ctx);

const count = async (table: string) => {
  const result = await ctx.database.db.execute(sql.raw(`select count(*)::int as n from ${table}`));
  return ((result as { rows?: Array<{ n: number }> }).rows ?? [])[0]?.n;
};

describe('text with a NUL character or a lone surrogate', () => {
  it('is refused with 400 VALIDATION_ERROR before a route stores or queries it (it was a 500, or stored)', async () => {
    const good = { topic: 'other', name: 'Eva Smit', email: 'eva@example.com', message: 'Hello there, team.' };
    const before = { contact: await count('contact_messages'), whistle: await count('whistle_cases') };
    expect(await count('job_applications')).toBe(0);

    const contact = await refused(
      await call('POST', '/v1/contact', null, { ...good, name: 'Eva\u0000' }),
      400,
      'VALIDATION_ERROR',
    );
    expect(contact.details).toEqual([
      {
        path: 'body.name',
        message: 'Use plain text without control characters.',
        t_key: 'validation_malformed_text',
      },
    ]);
    await refused(await call('GET', '/v1/store/items?country=DE&search=a%00b'), 400, 'VALIDATION_ERROR');
    // A lone surrogate was stored as U+FFFD.
    await refused(await call('POST', '/v1/contact', null, { ...good, name: 'Eva\ud800' }), 400, 'VALIDATION_ERROR');
    await refused(
      await call('POST', '/v1/user/sign-up?lang=de&country=DE', null, {
        email: 'nul@example.com',
        password: 'correct horse battery',
        name: 'A\u0000',
        secondName: 'B',
        phone: '030 12345678',
      }),
      400,
      'VALIDATION_ERROR',
    );
    // A whistleblowing report keeps its text encrypted: the NUL went in unnoticed.
    await refused(
      await call('POST', '/v2/whistleblowing/reports', null, {
        category: 'other',
        description: 'x'.repeat(40),
        when: '\u0000',
      }),
      400,
      'VALIDATION_ERROR',
    );

    // A CV's multipart fields are read by the route itself: the same refusal there.
    const boundary = 'nulboundary';
    const field = (name: string, value: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const cv = await ctx.app.inject({
      method: 'POST',
      url: '/v1/team/cv',
      remoteAddress: '198.51.100.240',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-lang': 'en' },
      payload: [
        field('positionId', 'service-technician'),
        field('name', 'Noor\u0000Visser'),
        field('email', 'noor@example.com'),
        `--${boundary}\r\nContent-Disposition: form-data; name="cv"; filename="cv.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
        '%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\r\n',
        `--${boundary}--\r\n`,
      ].join(''),
    });
    await refused(cv, 400, 'VALIDATION_ERROR');

    expect({
      contact: await count('contact_messages'),
      whistle: await count('whistle_cases'),
      cv: await count('job_applications'),
    }).toEqual({ ...before, cv: 0 });
    // The same input without the NUL is taken.
    await ok(await call('POST', '/v1/contact', null, good), 201);
  });
});
