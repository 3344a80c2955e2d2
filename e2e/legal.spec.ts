import { expect, expectAccessible, test, whenHydrated } from './fixtures.ts';
import { signedInSession as signedIn } from './pages/auth.ts';

// Issue 25 item 1 (decision 047): the terms of sale, privacy and cookie policies and the imprint per market and
// language, linked from the checkout and every footer; a cookie choice the data layer respects; new versions from
// the back office.

test.describe('legal documents', () => {
  test('a buyer in /fr-FR reads the terms of sale from the checkout, in French', async ({ page }) => {
    await page.goto('/fr-FR/pre-summary?model=varg-ex');
    await page.getByRole('main').getByRole('button', { name: 'Ajouter au panier' }).click();
    await expect(page.getByTestId('cart-count')).toHaveText('1');
    await page.goto('/fr-FR/checkout');
    const link = page.getByRole('link', { name: 'Lire les conditions générales de vente' });
    await expect(link).toHaveAttribute('href', '/fr-FR/terms/sale');
    await page.goto('/fr-FR/terms/sale');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Conditions générales de vente');
    await expect(page.getByRole('heading', { name: '5. Droit de rétractation' })).toBeVisible();
    await expectAccessible(page);
    // No Italian text yet: Italian visitors read the English one, and are told so in Italian.
    await page.goto('/it-IT/terms/privacy');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy policy');
    await expect(page.getByText('Questo documento non è ancora disponibile nella tua lingua')).toBeVisible();
    await page.goto('/it-IT/terms');
    await expect(page.getByRole('main').getByRole('link', { name: 'Informativa sulla privacy' })).toBeVisible();
  });

  test('without consent nothing reaches the data layer; allowing analytics sends the page views', async ({
    browser,
  }) => {
    const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const page = await context.newPage();
    await page.goto('/en-US');
    const notice = page.getByRole('region', { name: 'Cookies in this shop' });
    await expect(notice).toBeVisible();
    await expectAccessible(page);
    // The notice is in the served page: its buttons work once the page has hydrated.
    await whenHydrated(notice.getByRole('button', { name: 'Necessary only' }));
    await notice.getByRole('button', { name: 'Necessary only' }).click();
    await expect(notice).toBeHidden();
    await page.goto('/en-US/store');
    await page.waitForTimeout(600);
    expect(await page.evaluate(() => (window as { dataLayer?: unknown[] }).dataLayer ?? [])).toEqual([]);

    // "Cookie settings" in the footer asks again.
    await page.getByRole('contentinfo').getByRole('button', { name: 'Cookie settings' }).click();
    await expect(notice).toBeVisible();
    // The notice's code loads only now; the keyboard is taken to it once it is there.
    await expect(notice.getByRole('heading', { name: 'Cookies in this shop' })).toBeFocused();
    await notice.getByRole('button', { name: 'Allow analytics' }).click();
    await page.getByRole('contentinfo').getByRole('link', { name: 'Legal notice' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Legal notice');
    await expect
      .poll(() =>
        page.evaluate(() =>
          ((window as { dataLayer?: { event?: string; page_path?: string }[] }).dataLayer ?? []).map(
            (e) => e.page_path,
          ),
        ),
      )
      .toContain('/en-US/terms/imprint');
    await context.close();
  });

  test('an administrator publishes a new version of the cookie policy and visitors read it at once', async ({
    browser,
  }) => {
    const admin = await signedIn(browser, 'admin@demo.starkfuture.com', 'en-US');
    await admin.goto('/en-US/admin/legal');
    await expect(admin.getByRole('heading', { level: 1 })).toHaveText('Legal documents');
    await expectAccessible(admin);
    await admin.getByRole('main').getByRole('link', { name: 'Cookie policy' }).click();
    await expect(admin.getByRole('heading', { level: 1 })).toHaveText('Cookie policy');
    const added = `We also store your cookie choice for a year (${Date.now()}).`;
    const body = admin.getByLabel('Text', { exact: true });
    await body.fill(`${await body.inputValue()}\n\n${added}`);
    await admin.getByRole('button', { name: 'Publish as a new version' }).click();
    await expect(admin.getByRole('status')).toContainText('Published.');
    await expect(admin.getByRole('link', { name: 'Version 2' })).toHaveAttribute('aria-current', 'page');
    await expect(admin.getByRole('region', { name: 'History' }).getByText('Version published')).toBeVisible();

    const visitor = await (await browser.newContext()).newPage();
    await visitor.goto(`/en-US/terms/cookies?v=${Date.now()}`);
    await expect(visitor.getByText(added)).toBeVisible();
    await expect(visitor.getByText(/^Version 2, dated /)).toBeVisible();
  });
});
