import { expect, expectAccessible, test, whenHydrated } from './fixtures.ts';
import { signedInSession as signedIn } from './pages/auth.ts';

// Decision 060: an administrator creates an article, sets the models it fits, adds a SKU with a price, counts its
// stock (the overview lists it as low), and retires it after confirming; the shop follows each step at once.

test.describe('back office: new articles, SKUs, stock and retiring (issue 24)', () => {
  test('an administrator adds grips with a SKU, counts their stock and retires the SKU', async ({ browser }) => {
    test.slow();
    const admin = await signedIn(browser, 'admin@demo.starkfuture.com', 'en-US');
    const id = `e2e-grips-${Date.now().toString(36)}`;
    const sku = id.toUpperCase();
    const variant = (path: string) => admin.request.get(`/v1/store/variants/${path}?country=DE`);

    await admin.goto('/en-US/admin/parts');
    await admin.getByRole('link', { name: 'New product' }).click();
    await expect(admin.getByRole('heading', { level: 1 })).toHaveText('New product');
    await expectAccessible(admin);
    await admin.getByLabel('Product group').selectOption('controls');
    await admin.getByLabel('Product ID').fill(id);
    await admin.getByLabel('Name', { exact: true }).fill('Trail grips soft');
    await admin.getByRole('button', { name: 'Create product' }).click();
    await expect(admin.getByRole('heading', { level: 1 })).toHaveText('Trail grips soft');
    await expect(admin.getByRole('region', { name: 'History' })).toContainText('Product created');

    await whenHydrated(admin.getByRole('button', { name: 'Save fitment' }));
    await admin.getByLabel('These models:').check();
    await admin.getByLabel('VARG EX').check();
    await admin.getByRole('button', { name: 'Save fitment' }).click();
    await expect(admin.getByRole('status')).toContainText('Fitment saved.');
    await expect(admin.getByLabel('VARG EX')).toBeChecked();
    await expectAccessible(admin);

    await admin.getByLabel('SKU', { exact: true }).fill(sku.toLowerCase());
    await admin.getByLabel('Attributes').fill('color: Black');
    await admin.getByLabel('Price EUR').fill('29.90');
    await admin.getByRole('button', { name: 'Add SKU' }).click();
    await expect(admin.getByRole('status')).toContainText('SKU added.');
    await expect(admin.getByRole('region', { name: 'History' })).toContainText('SKU added');
    expect((await (await variant(sku)).json()).price.total).toBe(2_990);
    await expectAccessible(admin);

    await admin.getByLabel('On hand', { exact: true }).fill('1');
    await admin.getByLabel('Low stock at').fill('2');
    await admin.getByLabel('Reason').fill('First delivery');
    await admin.getByRole('button', { name: 'Save stock' }).click();
    await expect(admin.getByRole('status')).toContainText('Saved');
    await expect(admin.getByRole('region', { name: 'History' })).toContainText('Stock counted');

    await admin.goto('/en-US/admin');
    await expect(admin.getByRole('main')).toContainText(sku);
    await admin.goto(`/en-US/admin/parts/${sku}`);

    await whenHydrated(admin.getByRole('button', { name: 'Retire SKU' }));
    await admin.getByRole('button', { name: 'Retire SKU' }).click();
    const dialog = admin.getByRole('alertdialog', { name: `Retire ${sku}? It leaves the shop at once.` });
    await expect(dialog).toBeVisible();
    await expectAccessible(admin);
    await dialog.getByRole('button', { name: 'Yes' }).click();
    await expect(admin.getByRole('button', { name: 'Put back on sale' })).toBeVisible();
    await expect(admin.getByRole('region', { name: 'History' })).toContainText('SKU retired');
    expect((await variant(sku)).status()).toBe(404);
    await expectAccessible(admin);
    await admin.context().close();
  });

  test('a dealer gets 403 on the new article page', async ({ browser }) => {
    const dealer = await signedIn(browser, 'dealer@demo.starkfuture.com', 'en-US');
    expect((await dealer.goto('/en-US/admin/parts/articles/new'))?.status()).toBe(403);
    await dealer.context().close();
  });
});
