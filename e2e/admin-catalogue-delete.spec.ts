import { expect, expectAccessible, test } from './fixtures.ts';
import { signedInSession as signedIn } from './pages/auth.ts';

// Decision 055: an administrator deletes an option after confirming and the configurator stops offering it at once;
// an option stock bikes carry is refused with a clear message, and a group's default offers no delete at all.

test.describe('back office: deleting an option (issue 24)', () => {
  test('an administrator deletes a new color after confirming; stock bikes keep theirs; the default cannot go', async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const admin = await signedIn(browser, 'admin@demo.starkfuture.com', 'en-US');
    await admin.goto('/en-US/admin/catalogue/varg/options/new');
    await admin.getByLabel('Option group').selectOption({ label: 'Color' });
    await admin.getByLabel('Option ID').fill('dusk_violet');
    await admin.getByLabel('Name', { exact: true }).fill('Dusk violet');
    const inputs = admin.getByRole('group', { name: 'Price difference per currency' }).getByRole('textbox');
    for (let i = 0; i < (await inputs.count()); i++) await inputs.nth(i).fill('300');
    await admin.getByRole('button', { name: 'Add the option' }).click();
    await expect(admin.getByRole('heading', { level: 1 })).toHaveText('Dusk violet');

    const shop = await browser.newPage();
    await shop.goto('/en-US/varg/configurator');
    await expect(shop.locator('label').getByText('Dusk violet')).toHaveCount(1);

    // Asked first; "No" keeps it.
    await admin.getByRole('button', { name: 'Delete option' }).click();
    const dialog = admin.getByRole('alertdialog', { name: 'Delete the option Dusk violet?' });
    await expect(dialog).toBeVisible();
    await expectAccessible(admin);
    await dialog.getByRole('button', { name: 'No' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(admin.getByRole('heading', { level: 1 })).toHaveText('Dusk violet');

    await admin.getByRole('button', { name: 'Delete option' }).click();
    await admin.getByRole('alertdialog').getByRole('button', { name: 'Yes' }).click();
    await expect(admin.getByRole('heading', { level: 1 })).toHaveText('VARG MX');
    await expect(admin.getByRole('status')).toContainText('Option deleted');
    await expect(admin.getByRole('region', { name: 'History' })).toContainText('Option deleted');
    await expectAccessible(admin);

    await shop.reload();
    await expect(shop.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(shop.locator('label').getByText('Dusk violet')).toHaveCount(0);
    await shop.close();

    // White is on stock bikes: refused, and it stays.
    await admin.goto('/en-US/admin/catalogue/varg/options/varg_option_white');
    await admin.getByRole('button', { name: 'Delete option' }).click();
    await admin.getByRole('alertdialog').getByRole('button', { name: 'Yes' }).click();
    await expect(admin.getByRole('alert')).toContainText('orders or stock bikes include it');
    await expect(admin.getByRole('heading', { level: 1 })).toHaveText('White');
    await expectAccessible(admin);

    // The default says why it cannot be deleted and offers no button.
    await admin.goto('/en-US/admin/catalogue/varg/options/varg_option_red');
    await expect(admin.getByText('This is its group’s default option')).toBeVisible();
    await expect(admin.getByRole('button', { name: 'Delete option' })).toHaveCount(0);
    await admin.context().close();
  });
});
