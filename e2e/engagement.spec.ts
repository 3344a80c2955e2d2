import { expect, expectAccessible, test } from './fixtures.ts';
import { signedInSession as signedIn } from './pages/auth.ts';

// Issue "engagement" (decision 022): the store finder, the team page with a CV upload, support, contact, the
// newsletter with double opt-in, and /sam, tried as a new visitor would.

/** A minimal PDF of `size` bytes (the server sniffs the content, not the name). */
function pdf(size: number): Buffer {
  const head = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\n');
  const tail = Buffer.from('\ntrailer<</Root 1 0 R>>\n%%EOF\n');
  return Buffer.concat([head, Buffer.alloc(size - head.length - tail.length, 0x20), tail]);
}
const EXE = Buffer.concat([
  Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff', 'latin1'),
  Buffer.alloc(4000),
]);

/** The newest link of a kind mailed to an address, from the dev mailbox (path and query, on this server). */
async function mailedLink(page: import('@playwright/test').Page, email: string, pattern: RegExp) {
  await page.goto('/en-US/dev/mailbox');
  const mail = page
    .getByRole('article')
    .filter({ hasText: `: ${email}` })
    .first();
  const href = await mail.getByRole('link', { name: pattern }).first().getAttribute('href');
  const url = new URL(href ?? '');
  return `${url.pathname}${url.search}`;
}

test.describe('store finder', () => {
  test('in /nl-NL a Dutch postal code finds the nearest store, distances in km, and books a test ride there', async ({
    page,
  }) => {
    await page.goto('/nl-NL/stores');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dealer zoeken');
    await expect(page.getByTestId('store-map')).toBeVisible();
    await expectAccessible(page);
    await page.getByLabel('Plaats of postcode').fill('3011 AB');
    await page.getByRole('button', { name: 'Zoeken' }).click();
    await expect(page.getByRole('heading', { name: 'Dealers bij 3011 AB' })).toBeVisible();
    const stores = page.getByTestId('store-list').getByRole('listitem');
    await expect(stores.first()).toContainText('Moto Stroom Rotterdam');
    await expect(stores.nth(1)).toContainText('Elektrisch Offroad Utrecht');
    await expect(stores.nth(1).getByTestId('store-distance')).toHaveText(/^\d+ km hiervandaan$/);
    // Opening hours, Monday first; closed on Sunday.
    await stores.first().getByText('Openingstijden').click();
    await expect(stores.first()).toContainText('09:00–18:00');
    await expect(stores.first()).toContainText('gesloten');
    await expectAccessible(page);

    // An unknown place is said so, and the market's stores stay listed.
    await page.getByLabel('Plaats of postcode').fill('Atlantis');
    await page.getByRole('button', { name: 'Zoeken' }).click();
    await expect(page.getByText('We hebben geen dealer gevonden bij ‘Atlantis’')).toBeVisible();
    await expect(stores).toHaveCount(3);

    // Book a test ride at Utrecht: the store is chosen on the test-ride form.
    await page.goto('/nl-NL/stores?q=utrecht');
    await stores
      .first()
      .getByRole('link', { name: /Hier een proefrit boeken/ })
      .click();
    await expect(page).toHaveURL(/\/nl-NL\/test-ride\?dealer=/);
    await expect(page.locator('select[name="dealerId"] option:checked')).toContainText('Elektrisch Offroad Utrecht');
  });

  test.describe('near me', () => {
    test.use({ geolocation: { latitude: 32.72, longitude: -117.16 }, permissions: ['geolocation'] });
    test('in /en-US the visitor’s position finds the nearest store, in miles', async ({ page }) => {
      await page.goto('/en-US/stores');
      await page.getByRole('button', { name: 'Near me' }).click();
      await expect(page.getByRole('heading', { name: 'Stores nearest you' })).toBeVisible();
      const first = page.getByTestId('store-list').getByRole('listitem').first();
      await expect(first).toContainText('Pacific Electric Moto');
      await expect(first.getByTestId('store-distance')).toHaveText(/^\d+ mi away$/);
      await expectAccessible(page);
    });
  });
});

test.describe('team and applications', () => {
  test('a visitor applies with a 3 MB PDF and watches the upload; an admin downloads the CV, a customer cannot', async ({
    page,
    browser,
  }) => {
    const name = `Noor Visser ${Date.now()}`;
    await page.goto('/en-US/team');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Join the team');
    await expect(page.getByRole('heading', { name: 'Service technician' })).toBeVisible();
    await expectAccessible(page);
    await page.getByLabel('Position', { exact: true }).selectOption({ label: 'Service technician' });
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByLabel('Email address').fill('noor@example.com');
    await page.getByLabel('Résumé (PDF or DOCX)').setInputFiles({
      name: 'noor-cv.pdf',
      mimeType: 'application/pdf',
      buffer: pdf(3 * 1024 * 1024),
    });
    // Slow the upload down (1 MB/s), so the progress bar can be watched.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: 1024 * 1024,
    });
    await page.getByRole('button', { name: 'Send application' }).click();
    const progress = page.getByRole('progressbar');
    await expect(progress).toBeVisible();
    // The bar moves while the file is on its way (a value between 0 and 100 is seen).
    await expect
      .poll(
        async () => {
          const value = Number(await progress.getAttribute('value', { timeout: 1000 }).catch(() => -1));
          return value > 0 && value < 100;
        },
        { intervals: [50] },
      )
      .toBe(true);
    await expect(page.getByRole('status')).toContainText('Your application and résumé have arrived', {
      timeout: 20_000,
    });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await expectAccessible(page);

    const admin = await signedIn(browser, 'admin@demo.starkfuture.com', 'en-US');
    await admin.goto('/en-US/admin');
    await admin.getByRole('link', { name: 'Job applications' }).click();
    const row = admin.getByRole('listitem').filter({ hasText: name });
    await expect(row).toContainText('Service technician');
    await expectAccessible(admin);
    const [download] = await Promise.all([
      admin.waitForEvent('download'),
      row.getByRole('link', { name: /Download résumé/ }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('noor-cv.pdf');
    const saved = await download.createReadStream();
    let bytes = 0;
    for await (const chunk of saved) bytes += (chunk as Buffer).length;
    expect(bytes).toBe(3 * 1024 * 1024);

    const customer = await signedIn(browser, 'customer@demo.starkfuture.com', 'en-US');
    const denied = await customer.goto('/en-US/admin/applications');
    expect(denied?.status()).toBe(403);
  });

  test('a 20 MB file, a renamed executable and an empty file are refused with a clear message', async ({ page }) => {
    await page.goto('/nl-NL/team');
    await page.getByLabel('Naam', { exact: true }).fill('Test Persoon');
    await page.getByLabel('E-mailadres').fill('test@example.com');
    const file = page.getByLabel('Cv (pdf of docx)');
    const send = page.getByRole('button', { name: 'Sollicitatie versturen' });
    await file.setInputFiles({ name: 'groot.pdf', mimeType: 'application/pdf', buffer: pdf(20 * 1024 * 1024) });
    await send.click();
    await expect(page.getByRole('alert')).toContainText('groter dan 10 MB');
    await file.setInputFiles({ name: 'cv.pdf', mimeType: 'application/pdf', buffer: EXE });
    await send.click();
    await expect(page.getByRole('alert')).toContainText('Alleen pdf- of docx-bestanden');
    await file.setInputFiles({ name: 'leeg.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(0) });
    await send.click();
    await expect(page.getByRole('alert')).toContainText('het bestand ontbreekt of is leeg');
    await expectAccessible(page);
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });
    test('the plain form post uploads the CV and comes back to the page', async ({ page }) => {
      await page.goto('/en-US/team?position=embedded-software-engineer');
      await expect(page.getByLabel('Position', { exact: true })).toHaveValue('embedded-software-engineer');
      await page.getByLabel('Name', { exact: true }).fill('Plain Form');
      await page.getByLabel('Email address').fill('plain@example.com');
      await page.getByLabel('Résumé (PDF or DOCX)').setInputFiles({
        name: 'cv.pdf',
        mimeType: 'application/pdf',
        buffer: pdf(50_000),
      });
      await page.getByRole('button', { name: 'Send application' }).click();
      await expect(page).toHaveURL(/\/en-US\/team\?applied=1$/);
      await expect(page.getByRole('status')).toContainText('Your application and résumé have arrived');
    });
  });
});

test.describe('newsletter, contact, support and /sam', () => {
  test('a visitor signs up in /nl-NL, confirms from the mailbox, and unsubscribes in one click', async ({ page }) => {
    const email = `fan-${Date.now()}@example.com`;
    await page.goto('/nl-NL/newsletter');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nieuwsbrief');
    await expectAccessible(page);
    await page.getByRole('main').getByLabel('E-mailadres').fill('geen-adres');
    await page.getByRole('main').getByRole('button', { name: 'Aanmelden' }).click();
    await expect(page.getByRole('main')).toContainText('e-mailadres');
    await page.getByRole('main').getByLabel('E-mailadres').fill(email);
    await page.getByRole('main').getByRole('button', { name: 'Aanmelden' }).click();
    await expect(page.getByRole('status')).toContainText('Bijna klaar');

    await page.goto(await mailedLink(page, email, /newsletter\?confirm=/));
    await expect(page.getByRole('status')).toContainText('Uw aanmelding is bevestigd');
    await expectAccessible(page);
    // The link works once.
    await page.reload();
    await expect(page.getByText('Deze link is niet (meer) geldig')).toBeVisible();

    await page.goto(await mailedLink(page, email, /newsletter\?unsubscribe=/));
    await page.getByRole('button', { name: 'Afmelden' }).click();
    await expect(page.getByRole('status')).toContainText('U bent afgemeld');
  });

  test('the footer form signs up too', async ({ page }) => {
    const email = `footer-${Date.now()}@example.com`;
    await page.goto('/en-US/support');
    await page.getByRole('contentinfo').getByLabel('Newsletter').fill(email);
    await page.getByRole('contentinfo').getByRole('button', { name: 'Sign up' }).click();
    await expect(page).toHaveURL(/\/en-US\/newsletter\?sent=1$/);
    await expect(page.getByRole('status')).toContainText('Almost done');
  });

  test('the contact form checks its fields, goes to the topic’s team and confirms to the sender', async ({ page }) => {
    const email = `asker-${Date.now()}@example.com`;
    await page.goto('/en-US/contact');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contact us');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByLabel('Name', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await page.getByLabel('Topic').selectOption({ label: 'Service and repairs' });
    await page.getByLabel('Order reference').fill('SO-2026-0042');
    await page.getByLabel('Name', { exact: true }).fill('Eva Smit');
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Message', { exact: true }).fill('Short');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByText('Enter at least 10 characters.')).toBeVisible();
    await expectAccessible(page);
    await page.getByLabel('Message', { exact: true }).fill('My VARG EX needs its first service.');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Message sent');
    await page.goto('/en-US/dev/mailbox');
    await expect(
      page
        .getByRole('article')
        .filter({ hasText: `: ${email}` })
        .first(),
    ).toContainText('We received your message');
    await expect(page.getByRole('article').filter({ hasText: ': service@starkfuture.com' }).first()).toContainText(
      'SO-2026-0042',
    );
  });

  test('support is searchable and leads on; /sam is the VARG SM; service and press are real pages', async ({
    page,
  }) => {
    await page.goto('/en-US/support');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Support');
    await expectAccessible(page);
    await page.getByLabel('Search the questions').fill('charger');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByText('How do I charge the battery?')).toBeVisible();
    await expect(page.getByText('Can I pay a deposit first?')).toBeHidden();
    await page
      .getByRole('link', { name: /Technical documents|Tutorials/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/en-US\/tutorials-and-technical$/);

    await page.goto('/en-US/sam');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('VARG SM');
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Book a test ride' }).first().click();
    await expect(page.getByRole('radio', { name: 'VARG SM' })).toBeChecked();

    await page.goto('/en-US');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Press and media' }).click();
    await expect(page.getByLabel('Topic')).toHaveValue('press');
    await page.goto('/en-US');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Service' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Find a store');
    // Typed paths of the handover list lead to the same pages when there is no marketing site.
    await page.goto('/en-US/stark-varg-sm');
    await expect(page).toHaveURL(/\/en-US\/sam$/);
    await page.goto('/en-US/press-and-media');
    await expect(page).toHaveURL(/\/en-US\/contact\?topic=press$/);
  });
});
