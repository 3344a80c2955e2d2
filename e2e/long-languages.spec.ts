import type { Browser, Page } from '@playwright/test';
import { expect, test, whenHydrated } from './fixtures.ts';
import { signedInSession } from './pages/auth.ts';
import { CartPanel } from './pages/cart.ts';
import { expectNoOverflow, PHONE } from './pages/overflow.ts';

// Issue 20: the languages whose texts run 30–60 % longer than English, with long compounds and case endings, never
// push anything off a 375 px screen nor cut a label, a button or a heading.
// Russian has no market of its own: its home market is the US one (packages/domain/src/locale.ts).
// LONG_LANGUAGES=nl-NL,pl-PL runs the same checks in other languages.
const LOCALES = process.env.LONG_LANGUAGES?.split(',') ?? ['de-DE', 'fi-FI', 'el-GR', 'hu-HU', 'ru-US'];

test.use({ viewport: PHONE });

/** The requests each page has under way (counted from its first visit on). */
const inFlight = new WeakMap<Page, { count: number; changed: number }>();
function track(page: Page) {
  if (inFlight.has(page)) return;
  const state = { count: 0, changed: Date.now() };
  const done = () => {
    state.count = Math.max(0, state.count - 1);
    state.changed = Date.now();
  };
  page.on('request', () => {
    state.count++;
    state.changed = Date.now();
  });
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  inFlight.set(page, state);
}

/**
 * Waits until no request has been under way for `quietMs`: Playwright's `networkidle` with a shorter quiet time (it
 * waits 500 ms after the last request, ~100 times in this file: ~40 s of a run).
 */
async function networkQuiet(page: Page, quietMs = 150) {
  const state = inFlight.get(page);
  if (!state) throw new Error('networkQuiet: the page is not tracked (visit it first)');
  await expect
    .poll(() => state.count === 0 && Date.now() - state.changed >= quietMs, { intervals: [50], timeout: 15_000 })
    .toBe(true);
}

/** Opens a page and waits until it has settled (fonts and late content included). */
async function visit(page: Page, path: string) {
  track(page);
  await page.goto(path);
  await expect(page.locator('main').first()).toBeVisible();
  // The page is in the language asked for (the US checkout has a path of its own, so only the prefix is compared).
  expect(new URL(page.url()).pathname.split('/')[1], `${path} stays in its language`).toBe(path.split('/')[1]);
  await networkQuiet(page);
  await page.evaluate(() => document.fonts.ready);
}

async function check(page: Page, path: string, name: string) {
  await visit(page, path);
  await expectNoOverflow(page, test.info(), name);
}

test.describe('long languages at 375 px (issue 20)', () => {
  test('the shop pages: home, configurator, store, stock bikes, sign-in', async ({ page }) => {
    test.setTimeout(240_000);
    for (const locale of LOCALES) {
      await check(page, `/${locale}`, `${locale} home`);
      await check(page, `/${locale}/varg/configurator`, `${locale} configurator`);
      await check(page, `/${locale}/store`, `${locale} store`);
      await check(page, `/${locale}/varg/stock-bikes`, `${locale} stock bikes`);
      await check(page, `/${locale}/login`, `${locale} sign-in`);
    }
  });

  test('the open menu, spare parts, a stock bike, the test ride and dealer forms', async ({ page }) => {
    test.setTimeout(240_000);
    for (const locale of LOCALES) {
      await visit(page, `/${locale}`);
      const menu = page.locator('[aria-controls="main-menu"]');
      await whenHydrated(menu);
      await menu.click();
      await expect(page.locator('#main-menu')).toBeVisible();
      await expectNoOverflow(page, test.info(), `${locale} main menu`);
      await check(page, `/${locale}/parts-and-accessories/spare-parts/varg`, `${locale} spare parts`);
      await visit(page, `/${locale}/varg/stock-bikes`);
      const bike = page.getByRole('main').locator('a[href*="/varg/stock-bikes/"]').first();
      if ((await bike.count()) > 0) {
        await bike.click();
        await page.waitForURL(/\/varg\/stock-bikes\/[^/]+$/);
        await networkQuiet(page);
        await expectNoOverflow(page, test.info(), `${locale} stock bike`);
      }
      await check(page, `/${locale}/test-ride`, `${locale} test ride`);
      await check(page, `/${locale}/become-dealer`, `${locale} become a dealer`);
    }
  });

  test('the cart with a bike and the checkout', async ({ page }) => {
    test.setTimeout(240_000);
    for (const locale of LOCALES) {
      await visit(page, `/${locale}/pre-summary?model=varg&power=80hp`);
      await expectNoOverflow(page, test.info(), `${locale} pre-summary`);
      const count = page.getByTestId('cart-count');
      const before = (await count.count()) > 0 ? Number(await count.textContent()) : 0;
      await page.getByRole('main').locator('form button[type="submit"]').first().click();
      await expect(count).toHaveText(String(before + 1));
      const cart = new CartPanel(page);
      await cart.button().click();
      const drawer = page.getByRole('dialog');
      await expect(drawer).toBeVisible();
      await expect(drawer.getByTestId('cart-loading')).toHaveCount(0);
      await expect(drawer.getByTestId('cart-line').first()).toBeVisible();
      await expectNoOverflow(page, test.info(), `${locale} cart`);
      await check(page, `/${locale}/checkout`, `${locale} checkout`);
    }
  });

  /** Switches a signed-in session's language and market (saved to the account's profile, as the modal does). */
  async function switchTo(page: Page, locale: string) {
    const [lang = '', country = ''] = locale.split('-');
    const response = await page.request.post('/preferences', {
      form: { intent: 'locale', lang: lang.toLowerCase(), country, returnTo: '/' },
      headers: { origin: new URL(page.url()).origin },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(303);
  }

  /** The pages of a signed-in account in each language; the account gets its own locale back at the end. */
  async function checkSignedIn(browser: Browser, email: string, home: string, paths: string[]) {
    const page = await signedInSession(browser, email, home);
    await page.setViewportSize(PHONE);
    try {
      for (const locale of LOCALES) {
        await switchTo(page, locale);
        for (const path of paths) await check(page, `/${locale}/${path}`, `${locale} ${path}`);
      }
    } finally {
      await switchTo(page, home);
      await page.context().close();
    }
  }

  test('the account pages as the demo customer', async ({ browser }) => {
    test.setTimeout(240_000);
    const paths = ['account', 'account/addresses', 'account/cards', 'account/wallet', 'orders/my', 'vehicles'];
    await checkSignedIn(browser, 'customer@demo.starkfuture.com', 'de-DE', paths);
  });

  test('the dealer pages as the demo dealer', async ({ browser }) => {
    test.setTimeout(240_000);
    await checkSignedIn(browser, 'dealer@demo.starkfuture.com', 'es-ES', ['dealer', 'orders', 'leads']);
  });
});
