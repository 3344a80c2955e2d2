import { statSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, GERMAN_IP, test, whenHydrated } from './fixtures.ts';
import { signedInSession as signedIn } from './pages/auth.ts';
import { Shell } from './pages/shell.ts';

/** Visible text shaped like a catalog key: a text the page's messages did not have. */
async function expectNoRawKeys(page: Page) {
  const text = await page.locator('body').innerText();
  expect(text.match(/\b[a-z]+(_[a-z0-9]+)+\b/g) ?? []).toEqual([]);
}

test.describe('language and country modal', () => {
  test('switching country and language keeps the page, changes the prefix and remembers the choice', async ({
    page,
    context,
  }) => {
    await page.goto('/en-US?x=1');
    const shell = new Shell(page);
    await shell.localeButton().click();
    await expect(shell.dialog()).toBeVisible();
    await expectAccessible(page);
    await shell.chooseCountry('Fran', 'France');
    // Choosing a country proposes its language; the language can still be changed.
    await expect(shell.dialog().getByRole('combobox').nth(1)).toHaveValue('Français');
    await shell.dialog().getByRole('button', { name: 'Confirm' }).click();
    await expect(page).toHaveURL(/\/fr-FR\?x=1$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr-FR');
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === 'i18n_redirected')?.value).toBe('fr-FR');
    // The stored choice now wins over another prefix.
    await page.goto('/de-DE');
    await expect(page).toHaveURL(/\/fr-FR$/);
  });

  test('can be used with the keyboard alone, and Escape closes it', async ({ page }) => {
    await page.goto('/en-US');
    const shell = new Shell(page);
    await shell.localeButton().focus();
    await page.keyboard.press('Enter');
    await expect(shell.dialog()).toBeVisible();
    const country = shell.dialog().getByRole('combobox').first();
    await country.focus();
    await country.fill('Deutsch');
    await country.fill('Germ');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(country).toHaveValue('Germany');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await expect(shell.dialog()).toBeHidden();
    await expect(shell.localeButton()).toBeFocused();
  });

  test('English visitor choosing German language in Austria gets /de-AT', async ({ page }) => {
    await page.goto('/en-US');
    const shell = new Shell(page);
    await shell.localeButton().click();
    await shell.chooseCountry('Austr', 'Austria');
    await shell.chooseLanguage('Deu', 'Deutsch');
    await shell.dialog().getByRole('button', { name: 'Confirm' }).click();
    await expect(page).toHaveURL(/\/de-AT$/);
  });
});

test.describe('suggested-country banner', () => {
  test.use({ extraHTTPHeaders: { 'x-forwarded-for': GERMAN_IP } });

  test('suggests the visitor’s own market and is dismissed for 30 days', async ({ page, context }) => {
    await page.goto('/en-US');
    const shell = new Shell(page);
    await expect(shell.banner()).toContainText('It looks like you are in Germany.');
    await expectAccessible(page);
    await shell.banner().getByRole('button', { name: 'Dismiss' }).click();
    await expect(shell.banner()).toBeHidden();
    // The banner goes as soon as the dismissal is sent; the cookie comes with the answer.
    const dismissal = async () => (await context.cookies()).find((c) => c.name === 'suggested_country_dismissed');
    await expect.poll(dismissal).toBeDefined();
    const cookie = await dismissal();
    const days = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    await page.reload();
    await expect(shell.banner()).toBeHidden();
  });

  test('switches to the suggested market', async ({ page }) => {
    await page.goto('/en-US');
    await new Shell(page)
      .banner()
      .getByRole('button', { name: /Germany store/ })
      .click();
    await expect(page).toHaveURL(/\/de-DE$/);
    await expect(new Shell(page).banner()).toBeHidden();
  });

  test('is not shown to a visitor already in their market', async ({ page }) => {
    await page.goto('/de-DE');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(new Shell(page).banner()).toBeHidden();
  });
});

test.describe('errors and handover', () => {
  test('an unknown path shows the 404 page in the current language', async ({ page }) => {
    const res = await page.goto('/de-DE/gibt-es-nicht');
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Fehler 404');
    await expect(page.getByRole('main')).toContainText('Diese Seite wurde nicht gefunden');
    await expect(page).toHaveTitle('Fehler 404');
    await expectAccessible(page);
    await page.getByRole('main').getByRole('link', { name: 'Zurück zur Startseite' }).click();
    await expect(page).toHaveURL(/\/de-DE$/);
  });

  test("a page's own refusal reads as the catalog's text, not as an English literal", async ({ browser }) => {
    // The back office reads in the staff member's language (English for the demo administrator).
    const admin = await signedIn(browser, 'admin@demo.starkfuture.com', 'de-DE');
    const res = await admin.goto('/de-DE/admin/orders/keine-id');
    expect(res?.status()).toBe(404);
    await expect(admin.getByRole('heading', { level: 1 })).toHaveText('Error 404');
    // The route throws the key error_not_found (it threw the English 'not found').
    await expect(admin.getByRole('main')).toContainText('This page could not be found');
    await admin.context().close();
  });

  test('without a marketing site, every footer and main-menu link opens a page of the app', async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.goto('/de-DE');
    const hrefs = await page
      .locator('footer a[href], nav[aria-label="Hauptmenü"] a[href]')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
    expect(hrefs.length).toBeGreaterThanOrEqual(8);
    for (const href of new Set(hrefs)) {
      expect(href, href).toMatch(/^\/de-DE/);
      expect((await request.get(href)).status(), href).toBe(200);
    }
    // The models' product paths lead to their configurators.
    const mx = await request.get('/de-DE/stark-varg-ex', { maxRedirects: 0 });
    expect(mx.headers().location).toBe('/de-DE/varg-ex/configurator');
  });

  test('without a marketing site, a marketing path the app has no page for stays in the app', async ({ request }) => {
    // The browser tests run the default set-up: MARKETING_SITE_URL unset (the rule with it set: packages/domain).
    const res = await request.get('/en-US/stark-varg-1?utm=x', { maxRedirects: 0 });
    expect(res.status()).toBe(404);
  });
});

test.describe('menus, toasts and page views', () => {
  test('the main menu puts an overlay on the body on small screens', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/en-US');
    // A click before the page has hydrated does nothing (the menu is the script's): click until it opens.
    await expect(async () => {
      if (await page.getByRole('button', { name: 'Open menu' }).isVisible()) {
        await page.getByRole('button', { name: 'Open menu' }).click();
      }
      await expect(page.locator('body')).toHaveClass(/overlay/, { timeout: 1_000 });
    }).toPass();
    await expect(page.locator('#main-menu')).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Close menu' }).click();
    await expect(page.locator('body')).not.toHaveClass(/overlay/);
  });

  test('the cart side menu traps focus and gives it back', async ({ page }) => {
    await page.goto('/en-US');
    const cartButton = page.getByRole('button', { name: 'Cart' });
    await whenHydrated(cartButton);
    await cartButton.click();
    const drawer = page.getByRole('dialog', { name: 'Your cart' });
    await expect(drawer).toContainText('Your cart is empty.');
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(cartButton).toBeFocused();
  });

  test('a page view reaches the data layer after navigation', async ({ page }) => {
    await page.goto('/en-US');
    await expect
      .poll(() =>
        page.evaluate(
          () => (window.dataLayer ?? []).filter((e) => (e as { event?: string }).event === 'page_view').length,
        ),
      )
      .toBe(1);
    const view = await page.evaluate(() => window.dataLayer?.[0]);
    expect(view).toMatchObject({ event: 'page_view', page_path: '/en-US', language: 'en-us', country: 'US' });
  });

  test('a page whose texts arrive after its code hydrates with the texts, not their keys', async ({ page }) => {
    // The messages script is late (slow network, or the page's modules came from the cache first).
    await page.route('**/i18n/*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
    });
    await page.goto('/de-DE/store');
    const cart = page.getByTestId('cart-button');
    await whenHydrated(cart);
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(/^[a-z]+(_[a-z0-9]+)+$/);
    await cart.click();
    await expect(page.getByRole('dialog', { name: 'Ihr Warenkorb' })).toContainText('Ihr Warenkorb ist leer.');
    await expectNoRawKeys(page);
  });

  test('no page from the home to the checkout and on into the back office shows a key instead of its text', async ({
    browser,
  }) => {
    // The shop's pages download the shop's texts only; the back office's come with the first office page (decision
    // 067), here by a navigation in the page.
    const page = await signedIn(browser, 'admin@demo.starkfuture.com', 'en-US');
    const officeScripts: string[] = [];
    page.on('request', (r) => void (/\/i18n\/en-US\.office\./.test(r.url()) && officeScripts.push(r.url())));
    await page.goto('/en-US');
    await whenHydrated(page.getByTestId('cart-button'));
    await expectNoRawKeys(page);
    await page.goto('/en-US/varg/configurator');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoRawKeys(page);
    await page.goto('/en-US/pre-summary?model=varg&power=80hp');
    await whenHydrated(page.getByRole('button', { name: 'Add to cart' }));
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(page.getByTestId('cart-count')).toHaveText('1');
    await page.getByTestId('cart-button').click();
    await expect(page.getByRole('dialog', { name: 'Your cart' })).toBeVisible();
    await expectNoRawKeys(page);
    await page.goto('/en-US/checkout');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoRawKeys(page);
    expect(officeScripts).toEqual([]);

    // From here on the document stays: back home by the logo, into the back office by the account menu.
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await page.getByRole('link', { name: /Home$/ }).click();
    await expect(page).toHaveURL(/\/en-US$/);
    await new Shell(page).openAccountMenu();
    await page.getByRole('link', { name: 'Administration' }).click();
    await expect(page).toHaveURL(/\/en-US\/admin$/);
    await expect(page.getByRole('navigation', { name: 'Administration' })).toBeVisible();
    await expectNoRawKeys(page);
    await page.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'Orders' }).click();
    await expect(page).toHaveURL(/\/en-US\/admin\/orders$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoRawKeys(page);
    expect(officeScripts).toHaveLength(1);
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
    await page.context().close();
  });

  test('a new page opens at its top, and going back returns to where the reader was', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 700 });
    await page.goto('/en-US/store');
    const last = page.getByRole('main').getByRole('link').last();
    await whenHydrated(last);
    await last.scrollIntoViewIfNeeded();
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(300);
    const from = page.url();
    await last.click();
    await expect(page).not.toHaveURL(from);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await page.goBack();
    await expect(page).toHaveURL(from);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
  });
});

test.describe('platform pages', () => {
  test('the API docs list the markets endpoints', async ({ page }) => {
    await page.goto('/docs');
    await expect(page.getByText('/v1/country/by-ip')).toBeVisible();
    await expect(page.getByText('/v1/language/{code}')).toBeVisible();
  });

  test('robots.txt and sitemap.xml describe the public pages', async ({ request }) => {
    const robots = await request.get('/robots.txt');
    expect(await robots.text()).toContain('Sitemap: ');
    const sitemap = await (await request.get('/sitemap.xml')).text();
    expect(sitemap).toContain('/de-DE</loc>');
    expect(sitemap).toContain('/en-US</loc>');
    // The public pages, each market in its own language.
    for (const path of ['/varg/configurator', '/varg/stock-bikes', '/stores', '/xmas-auction', '/test-ride']) {
      expect(sitemap).toContain(`/de-DE${path}</loc>`);
    }
    expect(sitemap).not.toContain('-JP</loc>');
  });

  test('static assets are cached for a year and pages are revalidated', async ({ page, request }) => {
    const res = await page.goto('/en-US');
    expect(res?.headers()['cache-control']).toBe('public, max-age=0, s-maxage=10');
    const login = await request.get('/en-US/login');
    expect(login.headers()['cache-control']).toBe('no-cache');
    expect(res?.headers()['content-security-policy']).toMatch(/script-src 'self' 'nonce-/);
    const script = await page.locator('link[rel=modulepreload]').first().getAttribute('href');
    const asset = await request.get(script ?? '');
    expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  test('a script answer carries the headers a file needs, not the page-only ones', async ({ page, request }) => {
    await page.goto('/en-US');
    const messages = await page.locator('script[src^="/i18n/"]').first().getAttribute('src');
    const script = await page.locator('link[rel=modulepreload]').first().getAttribute('href');
    for (const url of [script, messages]) {
      const headers = (await request.get(url ?? '')).headers();
      expect(headers['content-type'], url ?? '').toMatch(/javascript/);
      expect(headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['content-security-policy']).toBeUndefined();
      expect(headers['x-frame-options']).toBeUndefined();
      expect(headers['referrer-policy']).toBeUndefined();
    }
    // A module file goes out as the build compressed it (brotli 11, scripts/precompress.ts), not compressed again.
    const framework = await page.locator('link[rel=modulepreload][href*="/framework-"]').getAttribute('href');
    const compressed = await request.get(framework ?? '', { headers: { 'accept-encoding': 'br' } });
    expect(compressed.headers()['content-encoding']).toBe('br');
    expect(Number(compressed.headers()['content-length'])).toBe(statSync(`apps/web/build/client${framework}.br`).size);
    expect(compressed.headers()['content-security-policy']).toBeUndefined();
    // The page itself keeps them all.
    const pageHeaders = (await request.get('/en-US')).headers();
    expect(pageHeaders['content-security-policy']).toMatch(/frame-ancestors 'none'/);
    expect(pageHeaders['x-frame-options']).toBe('SAMEORIGIN');
  });
});

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

test.describe('the demo ribbon', () => {
  test('says on every page, in the visitor’s language, that this is the demo shop, and covers nothing', async ({
    page,
  }) => {
    for (const [path, name, text] of [
      ['/en-US', 'Demo shop', 'Demo shop: sample data and test payments.'],
      ['/de-DE/store', 'Demo-Shop', 'Demo-Shop: Beispieldaten und Testzahlungen.'],
      ['/es-ES/varg/configurator', 'Tienda de demostración', 'Tienda de demostración: datos de ejemplo'],
      ['/fr-FR/page-that-does-not-exist', 'Boutique de démonstration', 'Rien n’est vendu'],
    ] as const) {
      await page.goto(path);
      const ribbon = page.getByRole('complementary', { name, exact: true });
      await expect(ribbon).toContainText(text);
      // In the flow at the very top, above the header: nothing is drawn over it and it is drawn over nothing.
      const box = await ribbon.boundingBox();
      expect(box?.y).toBe(0);
      expect(box?.height).toBeLessThanOrEqual(48);
      expect(await ribbon.evaluate((el) => getComputedStyle(el).position)).toBe('static');
    }
    await expectAccessible(page);
  });
});
