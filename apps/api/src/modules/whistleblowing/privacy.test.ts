import { Writable } from 'node:stream';
import type { Database } from '@varg/db';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedGeo, testConfig, testDatabase } from '../../../test/helper.ts';
import { buildApi } from '../../app.ts';

// What the channel leaves behind about a reporter (decision 023): no address in the request log, none sent to the
// captcha provider; the captcha still guards the form.

const lines: string[] = [];
const captchaCalls: Array<{ token: string | undefined; action: string; ip: string | undefined }> = [];
const ctx = {} as { app: FastifyInstance; database: Database };

beforeAll(async () => {
  ctx.database = await testDatabase();
  ctx.app = await buildApi({
    config: testConfig,
    database: ctx.database,
    geo: fixedGeo({}),
    logger: {
      level: 'info',
      stream: new Writable({
        write(chunk, _encoding, done) {
          lines.push(String(chunk));
          done();
        },
      }),
    },
    captcha: {
      name: 'recaptcha-enterprise',
      siteKey: 'site-key',
      async verify(token, action, ip) {
        captchaCalls.push({ token, action, ip });
        return token === 'human' ? { ok: true, score: 0.9 } : { ok: false, reason: 'score' };
      },
    },
  });
  await ctx.app.ready();
});
afterAll(async () => {
  await ctx.app?.close();
  await ctx.database?.close();
});

const report = (captcha: string) => ({
  category: 'corruption',
  description: 'A purchasing agent asked a supplier for a personal payment before signing.',
  captcha,
});

describe('privacy of the whistleblowing channel', () => {
  it('writes no log line with the reporter’s address, and gives none to the captcha provider', async () => {
    const sent = await ctx.app.inject({
      method: 'POST',
      url: '/v2/whistleblowing/reports',
      remoteAddress: '192.0.2.99',
      payload: report('human'),
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const { code, secret } = sent.json();
    const read = await ctx.app.inject({
      method: 'POST',
      url: '/v2/whistleblowing/case',
      remoteAddress: '192.0.2.99',
      payload: { code, secret },
    });
    expect(read.statusCode).toBe(200);
    // Not the address, nor its network (which other calls' lines keep).
    expect(lines.join('')).not.toContain('192.0.2.99');
    expect(lines.join('')).not.toContain('192.0.2.0');
    expect(captchaCalls).toEqual([{ token: 'human', action: 'whistleblowing', ip: undefined }]);
    // Other calls are logged as before, with their address's network (issue 23: never a whole address).
    await ctx.app.inject({ url: '/v1/language', remoteAddress: '192.0.2.98' });
    expect(lines.join('')).toContain('192.0.2.0');
    expect(lines.join('')).not.toContain('192.0.2.98');
  });

  it('refuses a report the captcha refuses, storing nothing', async () => {
    const { whistleCases } = await import('@varg/db');
    const before = (await ctx.database.db.select().from(whistleCases)).length;
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/v2/whistleblowing/reports',
      remoteAddress: '192.0.2.97',
      headers: { 'x-lang': 'fr' },
      payload: report('bot'),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'CAPTCHA_FAILED', t_key: 'error_captcha_failed' });
    expect((await ctx.database.db.select().from(whistleCases)).length).toBe(before);
  });
});
