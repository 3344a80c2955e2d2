import { expect, expectAccessible, test } from './fixtures.ts';
import { signedInSession as signedIn } from './pages/auth.ts';

// Issue 24 item 2 (decision 041): an administrator finds a SKU, changes its stock and price, and sees the change in
// its history; a translator is refused.

test.describe('back office: parts and accessories (issue 24)', () => {
  test('an administrator finds a tire by its SKU and changes its stock and euro price', async ({ browser }) => {
    const admin = await signedIn(browser, 'admin@demo.starkfuture.com', 'en-US');
    await admin.goto('/en-US/admin/parts');
    await expect(admin.getByRole('heading', { level: 1 })).toHaveText('Parts and accessories');
    await admin.getByLabel('SKU or name').fill('DR4');
    await admin.getByRole('button', { name: 'Search' }).click();
    await expect(admin).toHaveURL(/q=DR4/);
    await expect(admin.getByRole('main').getByRole('table').getByRole('row')).toHaveCount(3);
    await expectAccessible(admin);
    await admin.getByRole('link', { name: 'SF-TY-DR4-F' }).click();
    await admin.getByLabel('Stock', { exact: true }).selectOption('AVAILABLE_HQ');
    await admin.getByLabel('Price EUR', { exact: true }).fill('199.00');
    await admin.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(admin.getByRole('status')).toContainText('Saved');
    await expect(admin.getByRole('region', { name: 'History' })).toContainText('Product changed');
    await expect(admin.getByLabel('Price EUR', { exact: true })).toHaveValue('199.00');
    await expectAccessible(admin);
    await admin.context().close();
  });

  test('a translator gets 403 on the parts pages', async ({ browser }) => {
    const translator = await signedIn(browser, 'translator@demo.starkfuture.com', 'en-US');
    const response = await translator.goto('/en-US/admin/parts');
    expect(response?.status()).toBe(403);
    await translator.context().close();
  });
});
