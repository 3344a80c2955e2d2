import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures.ts';
import { signedInSession as signedIn } from './pages/auth.ts';

// Issue 24 item 8, the auction's back office (decision 046): an administrator schedules a batch of axes (a refused
// schedule keeps what was typed), finds an axe of the running auction, extends it by a week — the storefront's auction
// page shows the later end — and looks at the close confirmation without closing. A customer gets 403.

const AXE = 333;

/** The days left on the storefront's chosen axe ("Closes in 30 days"). */
async function daysLeft(page: Page): Promise<number> {
  await page.goto(`/en-US/xmas-auction?axe=${AXE}`);
  const text = await page
    .locator('#axe')
    .getByText(/Closes in \d+ days/)
    .textContent();
  return Number(/Closes in (\d+) days/.exec(text ?? '')?.[1]);
}

test.describe('the auction back office', () => {
  test('schedule a batch, extend an axe of the running auction, see it on the storefront', async ({
    browser,
    page,
  }) => {
    const before = await daysLeft(page);
    expect(before).toBeGreaterThan(20);

    const admin = await signedIn(browser, 'admin@demo.starkfuture.com', 'en-US');
    await admin.goto('/en-US/admin/auction');
    await expect(admin.getByRole('heading', { level: 1 })).toHaveText('Auction');
    const xmas = admin.getByRole('row').filter({ hasText: 'xmas-2026' });
    await expect(xmas).toContainText('Running');
    await expect(xmas).toContainText('On the storefront');
    await expectAccessible(admin);

    // A schedule that ends before it starts is refused; what was typed stays.
    const form = admin.getByRole('region', { name: 'Schedule a batch' });
    await form.getByLabel('Slug', { exact: true }).fill('spring-2030');
    await form.getByLabel('Starts (UTC)').fill('2030-03-20T10:00');
    await form.getByLabel('Ends (UTC)').fill('2030-03-01T18:00');
    await form.getByLabel('Axes', { exact: true }).fill('20');
    await form.getByLabel('Featured', { exact: true }).fill('3, 1');
    await form.getByRole('button', { name: 'Schedule' }).click();
    await expect(admin.getByText('The auction must start in the future and end after it starts.')).toBeVisible();
    await expect(form.getByLabel('Slug', { exact: true })).toHaveValue('spring-2030');
    await expect(form.getByLabel('Featured', { exact: true })).toHaveValue('3, 1');
    await form.getByLabel('Ends (UTC)').fill('2030-04-01T18:00');
    await form.getByRole('button', { name: 'Schedule' }).click();
    await expect(admin.getByText('The batch is scheduled.')).toBeVisible();
    await expect(admin.getByRole('heading', { level: 1 })).toHaveText('spring-2030');
    await expect(admin.getByText('Scheduled', { exact: true })).toBeVisible();
    await expect(admin.getByRole('row')).toHaveCount(21);
    await expect(admin.getByRole('row').filter({ hasText: 'Axe No. 3' }).first()).toContainText('Yes');
    await expectAccessible(admin);
    await admin.getByRole('link', { name: 'Winners (0)' }).click();
    await expect(admin.getByText('No winners yet: an axe gets one when it closes.')).toBeVisible();
    const csv = await admin.request.get(
      (await admin.getByRole('link', { name: 'Export CSV' }).getAttribute('href')) ?? '',
    );
    expect(csv.headers()['content-disposition']).toContain('auction-spring-2030-winners');
    expect((await csv.text()).replace('\uFEFF', '').trim()).toBe(
      'Axe,Amount,Currency,Winner,Email,Phone,Delivery address,Emailed,Order',
    );

    // The running auction: its batch is locked; one axe is found by number and extended by a week.
    await admin.getByRole('link', { name: 'spring-2030' }).click();
    await admin.getByRole('link', { name: 'All auctions' }).click();
    await admin.getByRole('link', { name: 'xmas-2026' }).click();
    await expect(admin.getByText(/This auction has started/)).toBeVisible();
    await admin.getByLabel('Axe number').fill(String(AXE));
    await admin.getByRole('button', { name: 'Search' }).click();
    await admin.getByRole('link', { name: `Axe No. ${AXE}` }).click();
    await expect(admin.getByRole('heading', { level: 1 })).toHaveText(`Axe No. ${AXE}`);
    await admin.getByLabel('Extend by (minutes)').fill('10080');
    await admin.getByRole('button', { name: 'Extend', exact: true }).click();
    await expect(admin.getByText(/The axe now ends/)).toBeVisible();
    await expect(admin.getByRole('region', { name: 'History' })).toContainText('End extended');

    // Closing asks first (focus on the question) and can be called off.
    await admin.getByRole('button', { name: 'Close now' }).click();
    await expect(admin.getByRole('heading', { name: `Close axe No. ${AXE} now?` })).toBeFocused();
    await expectAccessible(admin);
    await admin.getByRole('link', { name: 'Cancel' }).click();
    await expect(admin.getByRole('button', { name: 'Close now' })).toBeVisible();
    await admin.context().close();

    expect(await daysLeft(page)).toBe(before + 7);
  });

  test('a customer gets 403 on the auction back office', async ({ browser }) => {
    const customer = await signedIn(browser, 'customer@demo.starkfuture.com', 'en-US');
    const response = await customer.goto('/en-US/admin/auction');
    expect(response?.status()).toBe(403);
    await customer.context().close();
  });
});
