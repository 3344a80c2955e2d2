import { expect, expectAccessible, test } from './fixtures.ts';
import { signedInSession as signedIn } from './pages/auth.ts';

// Issue 24 leftovers (decision 054): an administrator changes a market's payment kinds and delivery fee and the
// checkout follows at once; the staff list exports as CSV. The United Kingdom is changed and put back afterwards.

test.describe('market checkout settings in the back office (issue 24)', () => {
  test('no deposit and a lower delivery fee in the UK: the checkout follows; audited; then restored', async ({
    browser,
    page,
  }) => {
    await page.goto('/en-GB/pre-summary?model=varg&power=80hp');
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(page.getByTestId('cart-count')).toHaveText('1');
    await page.goto('/en-GB/checkout');
    const summary = page.getByRole('region', { name: 'Order summary' });
    await expect(summary).toContainText('£259.00');
    await expect(page.getByRole('radio', { name: /Deposit/ })).toBeVisible();

    const admin = await signedIn(browser, 'admin@demo.starkfuture.com', 'en-US');
    await admin.goto('/en-US/admin/markets/GB');
    const settings = admin.getByRole('region', { name: 'Checkout: payments and shipping' });
    await expect(settings).toContainText('The standard values');
    await expect(settings.getByRole('checkbox', { name: /Card/ })).toBeDisabled();
    await expectAccessible(admin);
    const save = async (deposit: boolean, fee: string) => {
      await settings.getByRole('checkbox', { name: 'Deposit' }).setChecked(deposit);
      await settings.getByLabel('Home delivery of a bike').fill(fee);
      await settings.getByRole('button', { name: 'Save checkout settings' }).click();
      await expect(admin.getByText('The checkout settings were saved; the checkout follows at once.')).toBeVisible();
    };

    // A fee that is not an amount is refused and stays as typed.
    await settings.getByLabel('Home delivery of a bike').fill('cheap');
    await settings.getByRole('button', { name: 'Save checkout settings' }).click();
    await expect(settings.getByText('Check the fees')).toBeVisible();
    await expect(settings.getByLabel('Home delivery of a bike')).toHaveValue('cheap');

    await save(false, '199.00');
    await expect(settings).toContainText('Set for this market.');
    await expect(admin.getByRole('region', { name: 'History' }).getByText('Checkout settings changed')).toBeVisible();
    await expectAccessible(admin);

    await page.reload();
    await expect(summary).toContainText('£199.00');
    await expect(page.getByRole('radio', { name: /Deposit/ })).toHaveCount(0);
    await expectAccessible(page);

    // Put back as it was for the other journeys.
    await save(true, '259.00');
    await page.reload();
    await expect(summary).toContainText('£259.00');
    await expect(page.getByRole('radio', { name: /Deposit/ })).toBeVisible();
  });

  test('the staff list exports as CSV with its role filter; others are refused', async ({ browser }) => {
    const admin = await signedIn(browser, 'admin@demo.starkfuture.com', 'en-US');
    await admin.goto('/en-US/admin/staff?role=admin');
    await expect(admin.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', /export\/staff\?role=admin/);
    const csv = await admin.request.get('/en-US/admin/export/staff?role=admin');
    expect(csv.headers()['content-type']).toContain('text/csv');
    const lines = (await csv.text()).trim().split('\r\n');
    expect(lines[0]).toContain('Roles');
    expect(lines.some((l) => l.includes('admin@demo.starkfuture.com'))).toBe(true);
    expect(lines.slice(1).every((l) => l.includes('Administrator'))).toBe(true);
    const dealer = await signedIn(browser, 'dealer@demo.starkfuture.com', 'en-US');
    expect((await dealer.request.get('/en-US/admin/export/staff')).status()).toBe(403);
  });
});
