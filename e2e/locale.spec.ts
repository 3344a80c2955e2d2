import { expect, expectAccessible, test } from './fixtures.ts';

test.describe('locale routing (spec sections 2 and 4)', () => {
  test('/ redirects to the locale detected from the browser, and remembers it', async ({ request }) => {
    const res = await request.get('/', { headers: { 'accept-language': 'de-DE,de;q=0.9,en;q=0.5' }, maxRedirects: 0 });
    expect(res.status()).toBe(302);
    expect(res.headers().location).toBe('/de-DE');
    const cookies = res
      .headersArray()
      .filter((h) => h.name.toLowerCase() === 'set-cookie')
      .map((h) => h.value);
    expect(cookies.find((c) => c.startsWith('i18n_redirected=de-DE'))).toMatch(/Max-Age=31536000/);
    expect(cookies.find((c) => c.startsWith('country_lang='))).toMatch(/Max-Age=2592000/);
  });

  test('a path without locale keeps its path and query', async ({ request }) => {
    const res = await request.get('/store?x=1', { headers: { 'accept-language': 'fr-FR' }, maxRedirects: 0 });
    expect(res.status()).toBe(302);
    expect(res.headers().location).toBe('/fr-FR/store?x=1');
  });

  test('a form posted to a path without locale goes on to the same page under the locale, as a post', async ({
    request,
  }) => {
    const res = await request.post('/contact?topic=press', {
      headers: { 'accept-language': 'fr-FR' },
      form: { name: 'A' },
      maxRedirects: 0,
    });
    expect(res.status()).toBe(308);
    expect(res.headers().location).toBe('/fr-FR/contact?topic=press');
    // Deeper paths too: the first segment is taken for a locale, so the whole path must be kept.
    const deep = await request.post('/orders/my', { headers: { 'accept-language': 'de-DE' }, maxRedirects: 0 });
    expect(deep.status()).toBe(308);
    expect(deep.headers().location).toBe('/de-DE/orders/my');
  });

  test('a re-spelled current locale is a permanent 301', async ({ request }) => {
    const res = await request.get('/de-de', { maxRedirects: 0 });
    expect(res.status()).toBe(301);
    expect(res.headers().location).toBe('/de-DE');
  });

  test('another locale than the stored choice is a temporary 302 to the choice', async ({ request }) => {
    const res = await request.get('/de-DE/terms', { headers: { cookie: 'i18n_redirected=fr-FR' }, maxRedirects: 0 });
    expect(res.status()).toBe(302);
    expect(res.headers().location).toBe('/fr-FR/terms');
  });

  test('a country that is not an active market falls back to US', async ({ request }) => {
    const res = await request.get('/de-JP', { maxRedirects: 0 });
    expect(res.status()).toBe(302);
    expect(res.headers().location).toBe('/en-US');
  });

  test('the redirect query goes to an internal path only', async ({ request }) => {
    const ok = await request.get('/en-US?redirect=/orders/my', { maxRedirects: 0 });
    expect(ok.status()).toBe(302);
    expect(ok.headers().location).toBe('/en-US/orders/my');
    const evil = await request.get('/en-US?redirect=//evil.example/x', { maxRedirects: 0 });
    expect(evil.status()).toBe(200);
  });

  test('campaign and mobile deeplink queries are stored in cookies', async ({ request }) => {
    const res = await request.get('/en-US?campaign=spring26&addCard=true&returnTo=starkapp://wallet', {
      maxRedirects: 0,
    });
    const cookies = res
      .headersArray()
      .filter((h) => h.name.toLowerCase() === 'set-cookie')
      .map((h) => h.value);
    expect(cookies.find((c) => c.startsWith('sf-campaign=spring26'))).toMatch(/Max-Age=5184000/);
    const deeplink = cookies.find((c) => c.startsWith('mobile_deeplink='));
    expect(decodeURIComponent(deeplink ?? '')).toContain('"type":"addCard","returnTo":"starkapp://wallet"');
    const bad = await request.get('/en-US?addCard=true&returnTo=javascript:alert(1)', { maxRedirects: 0 });
    expect(bad.headersArray().some((h) => h.value.startsWith('mobile_deeplink='))).toBe(false);
  });

  test('a browser with a French preference lands on the French home page', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'fr-FR' });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page).toHaveURL(/\/fr-FR$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr-FR');
    await context.close();
  });
});

test.describe('home page', () => {
  for (const [segment, lang, heading] of [
    ['en-US', 'en-US', 'Electric. Lighter. Stronger.'],
    ['de-DE', 'de-DE', null],
    ['fr-FR', 'fr-FR', null],
  ] as const) {
    test(`renders in ${segment}`, async ({ page }) => {
      const res = await page.goto(`/${segment}`);
      expect(res?.status()).toBe(200);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      const h1 = page.getByRole('heading', { level: 1 });
      await expect(h1).toBeVisible();
      if (heading) await expect(h1).toHaveText(heading);
      else await expect(h1).not.toHaveText('Electric. Lighter. Stronger.');
      await expect(page.getByRole('heading', { level: 3, name: 'VARG EX' })).toBeVisible();
      await expectAccessible(page);
    });
  }

  test('German page is German throughout', async ({ page }) => {
    await page.goto('/de-DE');
    await expect(page.getByRole('contentinfo')).toContainText('Alle Rechte vorbehalten');
    await expect(page).toHaveTitle(/Stark Future/);
  });

  test('has a canonical link and hreflang alternates for every language plus x-default', async ({ page }) => {
    await page.goto('/de-DE');
    await expect(page.locator('link[rel=canonical]')).toHaveAttribute('href', /\/de-DE$/);
    const alternates = page.locator('link[rel=alternate][hreflang]');
    await expect(alternates).toHaveCount(24);
    await expect(page.locator('link[hreflang=x-default]')).toHaveAttribute('href', /\/$/);
    await expect(page.locator('link[hreflang=fr-FR]')).toHaveAttribute('href', /\/fr-FR$/);
    await expect(page.locator('meta[name=description]')).toHaveAttribute('content', /.{50,}/);
  });
});
