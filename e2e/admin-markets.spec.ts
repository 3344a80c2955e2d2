import { expect, expectAccessible, test } from './fixtures.ts';
import { signedInSession as signedIn } from './pages/auth.ts';

// Issue 24 item 4 (decision 043): an administrator pauses a market, its storefront falls back to en-US at once
// (decision 003), the change is in the market's audit trail; activating it again restores it. Others get 403.

test.describe('markets in the back office (issue 24)', () => {
  test('an administrator pauses Austria: its pages fall back to en-US, audited; then activates it again', async ({
    browser,
    playwright,
  }, info) => {
    /** A first visit to Austria's terms: a visitor without cookies (a redirect would store the locale chosen). */
    const visitAustria = async () => {
      const visitor = await playwright.request.newContext({ baseURL: info.project.use.baseURL });
      const res = await visitor.get('/de-AT/terms', { maxRedirects: 0 });
      const answer = { status: res.status(), location: res.headers().location };
      await visitor.dispose();
      return answer;
    };
    const before = await visitAustria();
    expect(before.status).toBe(200);

    const admin = await signedIn(browser, 'admin@demo.starkfuture.com', 'en-US');
    await admin.goto('/en-US/admin/markets?q=aus');
    await expect(admin.getByRole('heading', { level: 1 })).toHaveText('Markets');
    await expectAccessible(admin);
    await admin.getByRole('link', { name: 'Austria' }).click();
    await expect(admin.getByRole('heading', { level: 1 })).toContainText('Austria');
    await admin.getByLabel('Status').selectOption('paused');
    await admin.getByRole('button', { name: 'Save the market' }).click();
    // Pausing asks first and says what will happen.
    const dialog = admin.getByRole('alertdialog', { name: 'Pause Austria?' });
    await expect(dialog).toContainText('redirect to the fallback (en-US)');
    await expectAccessible(admin);
    await dialog.getByRole('button', { name: 'Yes' }).click();
    await expect(admin.getByText('The market was saved; the storefront follows at once.')).toBeVisible();
    await expect(admin.getByRole('region', { name: 'History' }).getByText('Market paused')).toBeVisible();

    // The storefront falls back at once: a visitor on /de-AT is sent to en-US (302, decision 003).
    expect(await visitAustria()).toEqual({ status: 302, location: '/en-US/terms' });

    // A refused change keeps what was typed.
    await admin.getByLabel('Status').selectOption('active');
    await admin.getByLabel('VAT / sales tax rate (%)').fill('abc');
    await admin.getByRole('button', { name: 'Save the market' }).click();
    await expect(admin.getByText('Check the rate and currency')).toBeVisible();
    await expect(admin.getByLabel('VAT / sales tax rate (%)')).toHaveValue('abc');
    await admin.getByLabel('VAT / sales tax rate (%)').fill('20');
    await admin.getByRole('button', { name: 'Save the market' }).click();
    await expect(admin.getByText('The market was saved; the storefront follows at once.')).toBeVisible();
    await expect(admin.getByRole('region', { name: 'History' }).getByText('Market activated')).toBeVisible();
    expect((await visitAustria()).status).toBe(200);

    const dealer = await signedIn(browser, 'dealer@demo.starkfuture.com', 'en-US');
    expect((await dealer.goto('/en-US/admin/markets'))?.status()).toBe(403);
    expect((await dealer.goto('/en-US/admin/markets/AT'))?.status()).toBe(403);
  });
});
