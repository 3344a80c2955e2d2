import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readEnv } from '@varg/api';
import { type Database, DEMO_PASSWORD } from '@varg/db';
import { messagesFor } from '@varg/i18n/server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDatabase } from '../../api/test/helper.ts';
import { createServer, type Server } from './app.ts';
import { ensureWebBuild } from './test-build.ts';

// The messages travel in a script of their own (decision 067): pages no longer carry the catalog in their loader
// data, and the script is kept by browsers under its content hash.

let database: Database;
let server: Server;

beforeAll(async () => {
  await ensureWebBuild();
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
  new RegExp(`<script src="(/i18n/${segment}\\.${area}\\.(?:[a-z0-9_~-]+\\.)?[0-9a-f]{12}\\.js)"[^>]* defer`).exec(
    html,
  )?.[1];
/** The shop's whole script a page with a first script names beside it (decision 068, session 15). */
const shopScriptOf = (html: string) => /<script src="[^"]+" data-shop="([^"]+)"/.exec(html)?.[1];

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
    const href = scriptOf(page.body, 'first');
    expect(href).toMatch(/^\/i18n\/de-DE\.first\.routes~home\.[0-9a-f]{12}\.js$/);

    const script = await server.app.inject({ url: href as string });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/^text\/javascript/);
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const window: { __vargMessages?: Record<string, Record<string, string>> } = {};
    new Function('self', script.body)(window);
    expect(window.__vargMessages?.['de-DE']?.error_payload_too_large).toBe(unseen);
  });

  it("follows a translator's text with a new address; an old address gets today's texts, revalidated", async () => {
    const before = scriptOf((await server.app.inject({ url: '/de-DE?fresh=2' })).body, 'first') as string;
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
        after = scriptOf((await server.app.inject({ url: `/de-DE?fresh=${Math.random()}` })).body, 'first') as string;
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
      '/i18n/de-DE.first.0123456789ab.js',
      '/i18n/de-DE.first.Routes~home.0123456789ab.js',
    ]) {
      expect((await server.app.inject({ url })).statusCode, url).toBe(404);
    }
  });

  it("gives the shop's pages the shop's texts only, the back office's the office's too, and neither the e-mails'", async () => {
    const de = messagesFor({ lang: 'de', country: 'DE' });
    const home = await server.app.inject({ url: '/de-DE?fresh=3' });
    expect(scriptOf(home.body, 'office')).toBeUndefined();
    const shop = await run(shopScriptOf(home.body) as string);
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
    // The office's pages have no first script: the shop's whole script and the office's.
    expect(scriptOf(office.body, 'first', 'en-US')).toBeUndefined();
    expect(shopScriptOf(office.body)).toBeUndefined();
  });

  it("gives a shop page a first script with the texts its code shows, and names the shop's whole script beside it", async () => {
    const de = messagesFor({ lang: 'de', country: 'DE' });
    const home = await server.app.inject({ url: '/de-DE?fresh=4' });
    const first = await run(scriptOf(home.body, 'first') as string);
    const shop = await run(shopScriptOf(home.body) as string);
    // The home page's, the header's and the API's error texts; not the checkout's (home_hero_title: a translator's).
    for (const key of ['home_hero_eyebrow', 'cart_title', 'error_payload_too_large'])
      expect(first[key], key).toBe(de[key]);
    expect(first.checkout_title).toBeUndefined();
    expect(shop.checkout_title).toBe(de.checkout_title);
    expect(Object.keys(first).length).toBeLessThan(Object.keys(shop).length / 2);
    // The configurator's first script has the configurator's texts; the checkout's its own.
    const configurator = await server.app.inject({ url: '/de-DE/varg-ex/configurator?fresh=4' });
    expect(configurator.statusCode).toBe(200);
    const configuratorHref = scriptOf(configurator.body, 'first') as string;
    expect(configuratorHref).toMatch(/\.first\.routes~configurator\./);
    expect((await run(configuratorHref)).checkout_title).toBeUndefined();
    const checkout = await server.app.inject({ url: '/de-DE/checkout?fresh=4' });
    expect((await run(scriptOf(checkout.body, 'first') as string)).checkout_title).toBe(de.checkout_title);
    // A first script this build has no list for (an older build's route): the shop's texts, revalidated.
    const old = await server.app.inject({ url: '/i18n/de-DE.first.routes~gone.0123456789ab.js' });
    expect(old.statusCode).toBe(200);
    expect(old.headers['cache-control']).toBe('no-cache');
    expect(old.body).toContain(JSON.stringify(de.checkout_title));
  });
});
