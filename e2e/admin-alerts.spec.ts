import { expect, expectAccessible, test } from './fixtures.ts';
import { signedInSession as signedIn } from './pages/auth.ts';

// Issue 24 item 8 (decision 045): an administrator announces something to one market, in its language; visitors of
// that market see it over every page, others do not; the change is in the banner's history.

test.describe('site banners in the back office', () => {
  test('an administrator schedules a banner for Germany; German visitors see it in German, French visitors do not', async ({
    browser,
  }) => {
    const admin = await signedIn(browser, 'admin@demo.starkfuture.com', 'en-US');
    await admin.goto('/en-US/admin/alerts');
    await expect(admin.getByRole('heading', { level: 1 })).toHaveText('Alerts and banners');
    await expectAccessible(admin);
    await admin.getByRole('link', { name: 'New banner' }).click();
    await expect(admin.getByRole('heading', { level: 1 })).toHaveText('New banner');

    // Texts of this attempt's own: a retry after a timed-out attempt finds that attempt's banner on the page too.
    const stamp = Date.now();
    const english = `Workshop closed on 24 December (${stamp}).`;
    const deutsch = `Werkstatt am 24. Dezember geschlossen (${stamp}).`;
    await admin.getByLabel('Text in English (required)').fill(english);
    // The end before the start is refused on its field, and what was typed stays.
    await admin.getByLabel('Start (UTC)').fill('2026-01-02T10:00');
    await admin.getByLabel('End (UTC, optional)').fill('2026-01-01T10:00');
    await admin.getByRole('button', { name: 'Save banner' }).click();
    await expect(admin.getByText('The end must be after the start.')).toBeVisible();
    await expect(admin.getByLabel('Text in English (required)')).toHaveValue(english);

    await admin.getByText('Texts in other languages').click();
    await admin.getByLabel('Deutsch').fill(deutsch);
    await admin.getByLabel('Start (UTC)').fill('2026-01-01T00:00');
    await admin.getByLabel('End (UTC, optional)').fill('2099-01-01T00:00');
    await admin.getByLabel('Style').selectOption('warning');
    await admin.getByLabel('Link (optional)').fill('/stores');
    await admin.getByLabel('Markets').selectOption(['DE']);
    await expectAccessible(admin);
    await admin.getByRole('button', { name: 'Save banner' }).click();
    await expect(admin.getByRole('status')).toContainText('Banner saved.');
    await expect(admin.getByRole('heading', { level: 1 })).toHaveText('Edit banner');
    await expect(admin.getByRole('region', { name: 'History' }).getByText('Banner created')).toBeVisible();

    // A query string of its own: anonymous pages are cached for a few seconds (decision 004).
    const german = await (await browser.newContext()).newPage();
    await german.goto(`/de-DE?banner=${Date.now()}`);
    const announcements = german.getByRole('region', { name: 'Hinweise' });
    const banner = announcements.locator('p', { hasText: deutsch });
    await expect(banner).toBeVisible();
    await expect(banner.getByRole('link', { name: 'Mehr erfahren' })).toHaveAttribute('href', '/de-DE/stores');
    await expectAccessible(german);
    const french = await (await browser.newContext()).newPage();
    await french.goto(`/fr-FR?banner=${Date.now()}`);
    await expect(french.getByRole('region', { name: 'Annonces' })).toHaveCount(0);

    // Pausing it is a change with its before and after in the history; German visitors no longer see it.
    await admin.getByLabel('Active (uncheck to pause)').uncheck();
    await admin.getByRole('button', { name: 'Save banner' }).click();
    await expect(admin.getByRole('status')).toContainText('Banner saved.');
    await expect(admin.getByRole('region', { name: 'History' }).getByText('Banner changed')).toBeVisible();
    await german.goto(`/de-DE?banner=paused-${Date.now()}`);
    await expect(german.getByRole('region', { name: 'Hinweise' }).locator('p', { hasText: deutsch })).toHaveCount(0);

    // The list finds it among the paused ones.
    await admin.goto('/en-US/admin/alerts?state=paused');
    await expect(admin.getByRole('link', { name: english })).toBeVisible();
  });

  test('a customer gets 403 on the back office', async ({ browser }) => {
    const customer = await signedIn(browser, 'customer@demo.starkfuture.com', 'en-US');
    const response = await customer.goto('/en-US/admin/alerts');
    expect(response?.status()).toBe(403);
  });
});
