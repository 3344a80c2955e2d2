import { makeVin } from '../packages/domain/src/vehicle.ts';
import { expect, expectAccessible, test } from './fixtures.ts';
import { signedInSession as signedIn } from './pages/auth.ts';

// Issue 24 item 3 (decision 043): an administrator adds a stock bike with a photo, and it is on sale on the
// storefront's stock-bikes page at once; the change is in the bike's audit trail. Others get 403.

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

test.describe('stock bikes in the back office (issue 24)', () => {
  test('an administrator adds a bike with a photo and it shows on the storefront at once', async ({ browser }) => {
    const admin = await signedIn(browser, 'admin@demo.starkfuture.com', 'en-US');
    await admin.goto('/en-US/admin/stock-bikes?country=DE&status=available');
    await expect(admin.getByRole('heading', { level: 1 })).toHaveText('Stock bikes');
    await expect(admin.getByRole('table', { name: 'Stock bikes' })).toBeVisible();
    await expectAccessible(admin);

    await admin.getByRole('link', { name: 'Add a stock bike' }).click();
    await expect(admin.getByRole('heading', { level: 1 })).toHaveText('New stock bike');
    const vin = makeVin('varg', 2026, 400_000 + (Date.now() % 500_000));
    const wrong = `${vin.slice(0, 8)}${vin[8] === '1' ? '2' : '1'}${vin.slice(9)}`;
    await admin.getByLabel('VIN').fill(wrong);
    await admin.getByLabel('Market').selectOption('DE');
    await admin.getByRole('button', { name: 'Add the bike' }).click();
    // A wrong check digit is refused on its field, and what was typed stays.
    await expect(admin.getByText(`The VIN ${wrong} is not valid`)).toBeVisible();
    await expect(admin.getByLabel('VIN')).toHaveValue(wrong);
    await expect(admin.getByLabel('Market')).toHaveValue('DE');
    await expectAccessible(admin);
    await admin.getByLabel('VIN').fill(vin);
    await admin.getByRole('button', { name: 'Add the bike' }).click();
    await expect(admin.getByText('The bike was added and is on sale.')).toBeVisible();
    await expect(admin.getByRole('heading', { level: 1 })).toHaveText(vin);
    const id = /\/admin\/stock-bikes\/(SB\d+)/.exec(admin.url())?.[1] ?? '';
    expect(id).toMatch(/^SB\d+$/);

    // The photo goes up with a progress bar (XMLHttpRequest) and shows on the page.
    await admin.getByLabel('Photo (JPEG, PNG or WebP, up to 5 MB)').setInputFiles({
      name: 'bike.png',
      mimeType: 'image/png',
      buffer: PNG,
    });
    await admin.getByRole('button', { name: 'Upload' }).click();
    await expect(admin.getByText('The photo was added.')).toBeVisible();
    await expect(admin.getByRole('img', { name: `Photo 1 of the bike ${vin}` })).toBeVisible();
    const trail = admin.getByRole('region', { name: 'History' });
    await expect(trail.getByText('Photo added')).toBeVisible();
    await expect(trail.getByText('Stock bike added')).toBeVisible();
    await expect(admin.getByText('No order holds this bike.')).toBeVisible();
    await expectAccessible(admin);

    // The storefront's list (a visitor without cookies, in Germany) shows it on its last page.
    const visitor = await browser.newPage();
    const search = await visitor.request.post('/v1/vehicles/stock-bikes', {
      data: { country: 'DE', productId: 'varg', limit: 10, page: 1 },
    });
    const pages = Math.ceil(((await search.json()) as { totalDocs: number }).totalDocs / 10);
    await visitor.goto(`/de-DE/varg/stock-bikes?page=${pages}`);
    const card = visitor.getByRole('main').getByRole('article').filter({ hasText: id });
    await expect(card).toBeVisible();
    await expect(card.getByRole('img', { name: 'Foto dieser VARG MX' })).toBeVisible();

    // Anyone else gets 403 on the back office's pages.
    const customer = await signedIn(browser, 'customer@demo.starkfuture.com', 'en-US');
    expect((await customer.goto('/en-US/admin/stock-bikes'))?.status()).toBe(403);
    expect((await customer.goto(`/en-US/admin/stock-bikes/${id}`))?.status()).toBe(403);
  });
});
