import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readEnv } from '@varg/api';
import { type Database, DEMO_PASSWORD } from '@varg/db';
import { messagesFor } from '@varg/i18n/server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDatabase } from '../../api/test/helper.ts';
import { createServer, type Server, webRoot } from './app.ts';

// The messages travel in a script of their own (decision 067): pages no longer carry the catalog in their loader
// data, and the script is kept by browsers under its content hash.

let database: Database;
let server: Server;

beforeAll(async () => {
  if (!existsSync(join(webRoot, 'build', 'server', 'index.js'))) {
    execFileSync('npm', ['run', 'build'], { cwd: webRoot, stdio: 'ignore' });
  }
  database = await testDatabase();
  const env = readEnv({ NODE_ENV: 'production', DEMO: '1', DATA_DIR: mkdtempSync(join(tmpdir(), 'varg-messages-')) });
  server = await createServer({ env, database, logger: false });
  await server.app.ready();
}, 180_000);
afterAll(async () => {
  await server?.close();
  await database?.close();
});

const scriptOf = (html: string, area = 'shop', segment = 'de-DE') =>
  new RegExp(`<script src="(/i18n/${segment}\\.${area}\\.[0-9a-f]{12}\\.js)"[^>]* defer`).exec(html)?.[1];

/** What a messages script leaves on the window. */
async function run(href: string, segment = 'de-DE') {
  const script = await server.app.inject({ url: href });
  expect(script.statusCode).toBe(200);
  const window: { __vargMessages?: Record<string, Record<string, string>> } = {};
  new Function('self', script.body)(window);
  return window.__vargMessages?.[segment] ?? {};
}

describe('the messages script', () => {
  it('is named by the page instead of the catalog in its data, and is cached for a year', async () => {
    const page = await server.app.inject({ url: '/de-DE?fresh=1' });
    expect(page.statusCode).toBe(200);
    // A text no part of the home page shows: only the messages script has it.
    const unseen = messagesFor({ lang: 'de', country: 'DE' }).error_payload_too_large as string;
    expect(unseen).toBeTruthy();
    expect(page.body).not.toContain(unseen);
    const href = scriptOf(page.body);
    expect(href).toBeDefined();

    const script = await server.app.inject({ url: href as string });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/^text\/javascript/);
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const window: { __vargMessages?: Record<string, Record<string, string>> } = {};
    new Function('self', script.body)(window);
    expect(window.__vargMessages?.['de-DE']?.error_payload_too_large).toBe(unseen);
  });

  it("follows a translator's text with a new address; an old address gets today's texts, revalidated", async () => {
    const before = scriptOf((await server.app.inject({ url: '/de-DE?fresh=2' })).body) as string;
    const signIn = await server.app.inject({
      method: 'POST',
      url: '/v1/user/sign-in',
      payload: { email: 'translator@demo.starkfuture.com', password: DEMO_PASSWORD },
    });
    const { token } = signIn.json() as { token: string };
    const saved = await server.app.inject({
      method: 'PUT',
      url: '/v1/translations/de/home_hero_title',
      headers: { authorization: `Bearer ${token}` },
      payload: { value: 'Ein neuer Titel' },
    });
    expect(saved.statusCode, saved.body).toBeLessThan(300);
    // Pages read the overrides through the API answer, which may be kept for its 5 seconds.
    let after = before;
    await vi.waitFor(
      async () => {
        after = scriptOf((await server.app.inject({ url: `/de-DE?fresh=${Math.random()}` })).body) as string;
        expect(after).not.toBe(before);
      },
      { timeout: 15_000, interval: 500 },
    );
    const old = await server.app.inject({ url: before });
    expect(old.headers['cache-control']).toBe('no-cache');
    expect(old.body).toContain('Ein neuer Titel');
    expect((await server.app.inject({ url: after })).body).toContain('Ein neuer Titel');
  });

  it('answers 404 to a name that is not a locale and a hash', async () => {
    for (const url of [
      '/i18n/xx-YY.shop.0123456789ab.js',
      '/i18n/de-DE.js',
      '/i18n/de-DE.0123456789ab.js',
      '/i18n/de-DE.server.0123456789ab.js',
      '/i18n/de-DE.shop.0123456789ab.json',
    ]) {
      expect((await server.app.inject({ url })).statusCode, url).toBe(404);
    }
  });

  it("gives the shop's pages the shop's texts only, the back office's the office's too, and neither the e-mails'", async () => {
    const de = messagesFor({ lang: 'de', country: 'DE' });
    const home = await server.app.inject({ url: '/de-DE?fresh=3' });
    expect(scriptOf(home.body, 'office')).toBeUndefined();
    const shop = await run(scriptOf(home.body) as string);
    expect(shop.cart_title).toBe(de.cart_title);
    expect(shop.admin_title).toBe(de.admin_title);
    expect(shop.admin_nav_orders).toBeUndefined();
    expect(shop.email_confirm_subject).toBeUndefined();

    const signIn = await server.app.inject({
      method: 'POST',
      url: '/v1/user/sign-in',
      payload: { email: 'admin@demo.starkfuture.com', password: DEMO_PASSWORD },
    });
    const cookie = `auth._token.local=Bearer%20${(signIn.json() as { token: string }).token}`;
    // The back office is in the administrator's own language.
    const en = messagesFor({ lang: 'en-us', country: 'US' });
    const office = await server.app.inject({ url: '/en-US/admin', headers: { cookie } });
    expect(office.statusCode).toBe(200);
    // The office's script, named on the shop's too: a navigation from the shop into the office loads it.
    const officeHref = scriptOf(office.body, 'office', 'en-US') as string;
    const enHome = await server.app.inject({ url: '/en-US?fresh=3' });
    expect(enHome.body).toContain(`data-office="${officeHref}"`);
    const shopHref = scriptOf(office.body, 'shop', 'en-US') as string;
    const both = { ...(await run(shopHref, 'en-US')), ...(await run(officeHref, 'en-US')) };
    expect(both.admin_nav_orders).toBe(en.admin_nav_orders);
    expect(both.cart_title).toBe(en.cart_title);
    expect(both.email_confirm_subject).toBeUndefined();
    // The server renders the office's page with both.
    expect(office.body).toContain(en.admin_nav_orders as string);
  });
});
