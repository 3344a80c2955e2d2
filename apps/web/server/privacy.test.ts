import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { readEnv } from '@varg/api';
import { type Database, DEMO_PASSWORD, sessions, users, whistleCases } from '@varg/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabase } from '../../api/test/helper.ts';
import { createServer, type Server } from './app.ts';
import { ensureWebBuild } from './test-build.ts';

// The web server's privacy and input rules (decision 029), on the real build: the whistleblowing channel leaves no
// address in the log on any request shape and does not touch the session; page bodies are limited while read; cached
// pages never take their origin from the Host header.

const lines: string[] = [];
let database: Database;
let demo: Server;
let withPublicUrl: Server;

beforeAll(async () => {
  // `npm test` builds before the browser tests; run alone, this file builds the web app itself.
  await ensureWebBuild();
  database = await testDatabase();
  const env = (extra: Record<string, string>) =>
    readEnv({
      NODE_ENV: 'production',
      DEMO: '1',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'varg-privacy-')),
      PAGE_CACHE_TTL_MS: '30000',
      TRUST_PROXY: 'loopback',
      ...extra,
    });
  const logger = {
    level: 'info',
    stream: new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    }),
  };
  demo = await createServer({ env: env({}), database, logger });
  withPublicUrl = await createServer({ env: env({ PUBLIC_URL: 'https://shop.example' }), database, logger: false });
  await demo.app.ready();
  await withPublicUrl.app.ready();
}, 180_000);
afterAll(async () => {
  await demo?.close();
  await withPublicUrl?.close();
  await database?.close();
});

const VISITOR = '192.0.2.77';
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

describe('the whistleblowing channel', () => {
  it('logs no address for any request shape, and leaves the signed-in visitor’s session untouched', async () => {
    const signIn = await demo.app.inject({
      method: 'POST',
      url: '/v1/user/sign-in',
      remoteAddress: '198.51.100.7',
      headers: { 'user-agent': 'Sign-in browser' },
      payload: { email: 'customer@demo.starkfuture.com', password: DEMO_PASSWORD },
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
    const [customer] = await database.db.select().from(users).where(eq(users.email, 'customer@demo.starkfuture.com'));
    const sessionsOf = () =>
      database.db
        .select()
        .from(sessions)
        .where(eq(sessions.userId, customer?.id ?? ''));
    const before = await sessionsOf();
    // An expired access token with a valid refresh token: any page but the channel would refresh the session.
    const cookie = `auth._token.local=Bearer%20expired; auth._refresh_token.local=${signIn.json().refresh_token}`;
    const casesBefore = (await database.db.select().from(whistleCases)).length;
    lines.length = 0;

    const visit = (method: 'GET' | 'POST', url: string, payload?: string) =>
      demo.app.inject({
        method,
        url,
        remoteAddress: VISITOR,
        headers: { cookie, 'user-agent': 'Reporter browser', ...(payload ? FORM : {}) },
        ...(payload ? { payload } : {}),
      });
    const answers = [
      await visit('GET', '/en-US/whistleblowing-channel'),
      await visit('GET', '/en-US/WHISTLEBLOWING-CHANNEL/'),
      await visit('GET', '/en-US/whistleblowing-channel.data'),
      await visit('GET', '/en-US/whistleblowing-channel/case.data'),
      await visit('GET', '/en-US/whistleblowing-channel/case?index'),
      await visit(
        'POST',
        '/en-US/whistleblowing-channel',
        form({
          category: 'corruption',
          description: 'A buyer asked a supplier for a personal payment before signing.',
        }),
      ),
      await visit(
        'POST',
        '/en-US/whistleblowing-channel.data',
        form({ category: 'fraud', description: 'Invoices for work that was never done were paid twice this year.' }),
      ),
      await visit('POST', '/en-US/whistleblowing-channel/case.data', form({ code: 'WB-NOPE', secret: 'wrong' })),
    ];
    for (const res of answers) expect(res.statusCode, res.body.slice(0, 200)).toBeLessThan(500);
    expect(answers[0]?.statusCode).toBe(200);
    expect(answers[5]?.statusCode).toBe(200);
    const api = await demo.app.inject({
      method: 'POST',
      url: '/v2/whistleblowing/reports',
      remoteAddress: VISITOR,
      payload: { category: 'other', description: 'Safety checks on the line are signed without being done.' },
    });
    expect(api.statusCode, api.body).toBe(201);
    expect((await database.db.select().from(whistleCases)).length).toBe(casesBefore + 3);

    const log = lines.join('');
    expect(log).not.toContain(VISITOR);
    // Not even its network (other lines log the network, never a whole address: issue 23).
    expect(log).not.toContain('192.0.2.0');
    expect(log).not.toContain('Reporter browser');
    expect(log.toLowerCase()).not.toContain('whistleblowing');
    // The session was neither refreshed nor rewritten: same rows, same address and user agent.
    expect(await sessionsOf()).toEqual(before);

    // Any other page is logged as before, with its address's network.
    await demo.app.inject({ url: '/en-US/support', remoteAddress: '192.0.2.78' });
    expect(lines.join('')).toContain('192.0.2.0');
  });
});

describe('page bodies', () => {
  const big = (bytes: number) => 'x'.repeat(bytes);
  const multipart = (bytes: number) => {
    const boundary = 'privacyboundary';
    return {
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      body: `--${boundary}\r\ncontent-disposition: form-data; name="message"\r\n\r\n${big(bytes)}\r\n--${boundary}--\r\n`,
    };
  };
  // Without Content-Length: the limit holds while reading, not on the declared size.
  const chunked = (text: string) => Readable.from([Buffer.from(text)].flatMap((b) => split(b, 64 * 1024)));
  const split = (b: Buffer, size: number) => {
    const parts: Buffer[] = [];
    for (let at = 0; at < b.length; at += size) parts.push(b.subarray(at, at + size));
    return parts;
  };

  it('refuses a form post over 1 MB with 413, with or without Content-Length', async () => {
    const payload = form({ topic: 'other', message: big(1024 * 1024 + 10) });
    const declared = await demo.app.inject({ method: 'POST', url: '/en-US/contact', headers: FORM, payload });
    expect(declared.statusCode).toBe(413);
    expect(declared.body).toContain('The request is too large.');
    const streamed = await demo.app.inject({
      method: 'POST',
      url: '/de-DE/contact',
      headers: FORM,
      payload: chunked(payload),
    });
    expect(streamed.statusCode).toBe(413);
    expect(streamed.body).toContain('Die Anfrage ist zu groß.');
    const small = await demo.app.inject({
      method: 'POST',
      url: '/en-US/contact',
      headers: FORM,
      payload: form({ topic: 'other' }),
    });
    expect(small.statusCode).toBeLessThan(413);
  });

  it('answers a post without a body or type as an empty form, and another type with 415', async () => {
    const bare = await demo.app.inject({ method: 'POST', url: '/en-US/contact' });
    expect(bare.statusCode).toBeLessThan(500);
    const json = await demo.app.inject({
      method: 'POST',
      url: '/de-DE/contact',
      headers: { 'content-type': 'application/json' },
      payload: '{"topic":"other"}',
    });
    expect(json.statusCode).toBe(415);
    expect(json.body).toContain('Dieser Inhaltstyp wird nicht unterstützt.');
    const text = await demo.app.inject({
      method: 'POST',
      url: '/en-US/contact',
      headers: { 'content-type': 'text/plain' },
      payload: 'topic=other',
    });
    expect(text.statusCode).toBe(415);
    const empty = await demo.app.inject({ method: 'POST', url: '/en-US/contact', headers: FORM, payload: '' });
    expect(empty.statusCode).toBeLessThan(500);
  });

  it('takes an upload up to 11 MB and refuses a larger one with 413', async () => {
    const fits = multipart(2 * 1024 * 1024);
    const ok = await demo.app.inject({
      method: 'POST',
      url: '/en-US/contact',
      headers: fits.headers,
      payload: chunked(fits.body),
    });
    expect(ok.statusCode).not.toBe(413);
    expect(ok.statusCode).toBeLessThan(500);
    const over = multipart(11 * 1024 * 1024 + 10);
    const refused = await demo.app.inject({
      method: 'POST',
      url: '/en-US/contact',
      headers: over.headers,
      payload: chunked(over.body),
    });
    expect(refused.statusCode).toBe(413);
  });
});

describe('cached pages and the Host header', () => {
  it('without PUBLIC_URL, a page rendered for another Host never answers this one', async () => {
    const evil = await demo.app.inject({ url: '/en-US/support', headers: { host: 'evil.example' } });
    expect(evil.statusCode).toBe(200);
    // Shared caches in front are told the page depends on the Host.
    expect(evil.headers.vary).toMatch(/Host, X-Forwarded-Host/);
    const normal = await demo.app.inject({ url: '/en-US/support', headers: { host: 'shop.test' } });
    expect(normal.statusCode).toBe(200);
    expect(normal.body).not.toContain('evil.example');
    expect(normal.body).toContain('http://shop.test/en-US/support');
    // …and the same Host is still served from the cache.
    const again = await demo.app.inject({ url: '/en-US/support', headers: { host: 'shop.test' } });
    expect(again.headers['x-page-cache']).toBe('hit');
    // robots.txt and the sitemap, made from the Host, are not kept by shared caches.
    const robots = await demo.app.inject({ url: '/robots.txt', headers: { host: 'evil.example' } });
    expect(robots.headers['cache-control']).toMatch(/private/);
  });

  it('answers every hit with its own nonce, the one its Content-Security-Policy names', async () => {
    const seen: string[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await demo.app.inject({ url: '/en-US/support', headers: { host: 'shop.test' } });
      if (i > 0) expect(res.headers['x-page-cache']).toBe('hit');
      const nonce = /'nonce-([^']+)'/.exec(String(res.headers['content-security-policy']))?.[1] ?? '';
      expect(nonce).not.toBe('');
      expect(res.body).toContain(`nonce="${nonce}"`);
      // Not one of an earlier answer (whose copy of the page a later hit may reuse).
      for (const earlier of seen) expect(res.body).not.toContain(earlier);
      seen.push(nonce);
    }
  });

  it('with PUBLIC_URL, every URL of the page is PUBLIC_URL’s, whatever the Host', async () => {
    const evil = await withPublicUrl.app.inject({
      url: '/en-US/support',
      headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
    });
    expect(evil.statusCode).toBe(200);
    expect(evil.body).not.toContain('evil.example');
    expect(evil.body).toContain('https://shop.example/en-US/support');
    expect(String(evil.headers.vary ?? '')).not.toContain('Host');
    const robots = await withPublicUrl.app.inject({ url: '/robots.txt', headers: { host: 'evil.example' } });
    expect(robots.body).not.toContain('evil.example');
  });
});

describe('the locale choice', () => {
  const localeCookie = (headers: Record<string, unknown>) =>
    ([] as string[])
      .concat((headers['set-cookie'] as string | string[] | undefined) ?? [])
      .find((c) => c.startsWith('i18n_redirected='));

  it('is remembered from a first visit, never from a file a browser asks for on its own', async () => {
    const germanBrowser = { 'accept-language': 'de-DE,de;q=0.9' };
    const icon = await demo.app.inject({ url: '/favicon.ico', headers: germanBrowser });
    expect(icon.statusCode).toBe(302);
    expect(localeCookie(icon.headers)).toBeUndefined();
    const visit = await demo.app.inject({ url: '/support', headers: germanBrowser });
    expect(visit.statusCode).toBe(302);
    expect(localeCookie(visit.headers)).toMatch(/^i18n_redirected=de-DE/);
  });
});
