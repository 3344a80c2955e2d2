import { expect, expectAccessible, test } from './fixtures.ts';
import { StorePages } from './pages/store.ts';

test.describe('parts store, accessories store and technical documents (issue 5)', () => {
  test('in the US, finds a tyre by name and by size, priced in USD before sales tax, and clears the search', async ({
    page,
  }) => {
    const store = new StorePages(page);
    await page.goto('/en-US/parts-and-accessories/spare-parts');
    await expect(page.getByRole('heading', { level: 1, name: 'Spare parts' })).toBeVisible();
    await expectAccessible(page);

    await store.search('Search by name, size or part number', 'Scorpion', 'Search');
    await expect(page).toHaveURL(/\/en-US\/parts-and-accessories\/spare-parts\?search=Scorpion$/);
    await expect(store.status()).toHaveText('3 results for “Scorpion”');
    await expect(store.articles()).toHaveCount(3);
    const tyre = store.article('Pirelli Scorpion MX32 110/90-19');
    await expect(tyre.getByText('$95.00')).toBeVisible();
    await expect(tyre.getByText('Before sales tax')).toBeVisible();
    await expect(tyre.getByText('In stock')).toBeVisible();
    await expectAccessible(page);

    await store.search('Search by name, size or part number', '110/90', 'Search');
    await expect(store.status()).toHaveText('1 result for “110/90”');
    await expect(store.articles()).toHaveCount(1);

    await store.search('Search by name, size or part number', 'carburettor', 'Search');
    await expect(page.getByRole('heading', { name: 'No parts match “carburettor”.' })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Clear search' }).click();
    await expect(page).toHaveURL(/\/en-US\/parts-and-accessories\/spare-parts$/);
    await expect(store.status()).toHaveText(/^\d+ results?$/);
  });

  test('in Germany, finds the tyre priced in EUR with VAT, and narrows the parts to a model and a product group', async ({
    page,
  }) => {
    const store = new StorePages(page);
    await page.goto('/de-DE/parts-and-accessories/spare-parts');
    await store.search('Nach Name, Größe oder Teilenummer suchen', '110/90', 'Suchen');
    await expect(store.status()).toHaveText('1 Ergebnis für „110/90“');
    const tyre = store.article('Pirelli Scorpion MX32 110/90-19');
    await expect(tyre.getByText(/^105,00\s€$/)).toBeVisible();
    await expect(tyre.getByText('Inkl. 19 % MwSt.')).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('link', { name: 'Suche zurücksetzen' }).click();
    await page.getByRole('navigation', { name: 'Modell wählen' }).getByRole('link', { name: 'VARG EX' }).click();
    await expect(page).toHaveURL(/\/de-DE\/parts-and-accessories\/spare-parts\/varg-ex$/);
    const categories = page.getByRole('navigation', { name: 'Kategorien' });
    await expect(categories.getByRole('link', { name: 'Motocross-Reifen' })).toHaveCount(0);
    await categories.getByRole('link', { name: 'Enduro-Reifen' }).click();
    await expect(page).toHaveURL(/\/spare-parts\/varg-ex\/tyres-and-wheels\/enduro-tyres$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Enduro-Reifen' })).toBeVisible();
    await expect(store.articles()).toHaveCount(3);
    const metzeler = store.article('Metzeler Six Days Extreme 90/90-21');
    await expect(metzeler.getByText('Versand aus unserer Zentrale')).toBeVisible();
    await expectAccessible(page);

    // A model or category the store does not have is a 404.
    const missing = await page.goto('/de-DE/parts-and-accessories/spare-parts/varg-ex/wings');
    expect(missing?.status()).toBe(404);
  });

  test('searches without JavaScript: the form is a plain GET', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const store = new StorePages(page);
    await page.goto('/en-US/parts-and-accessories/spare-parts');
    await store.search('Search by name, size or part number', 'sf-pt-19', 'Search');
    await expect(page).toHaveURL(/\?search=sf-pt-19$/);
    await expect(store.articles()).toHaveCount(1);
    await expect(store.article('Power Tube')).toBeVisible();
    await context.close();
  });

  test('pages through the technical documents, searches them, and links to the files and videos', async ({ page }) => {
    const store = new StorePages(page);
    await page.goto('/en-US/tutorials-and-technical');
    await expect(page.getByRole('heading', { level: 1, name: 'Tutorials and technical documents' })).toBeVisible();
    await expect(store.articles()).toHaveCount(10);
    const pages = page.getByRole('navigation', { name: 'Pages' });
    await expect(pages.getByText('Page 1 of 2')).toBeVisible();
    await expectAccessible(page);

    await pages.getByRole('link', { name: 'Next page' }).click();
    await expect(page).toHaveURL(/\/en-US\/tutorials-and-technical\?page=2$/);
    await expect(pages.getByText('Page 2 of 2')).toBeVisible();
    await expect(store.articles()).toHaveCount(2);
    await expect(pages.getByRole('link', { name: 'Next page' })).toHaveCount(0);
    const video = store.article('Changing a tire and a mousse').getByRole('link', { name: /Watch the video/ });
    await expect(video).toHaveAttribute('target', '_blank');
    await expect(video).toHaveAttribute('href', /^https:\/\//);
    await expectAccessible(page);
    await pages.getByRole('link', { name: 'Previous page' }).click();
    await expect(page).toHaveURL(/\/en-US\/tutorials-and-technical$/);

    await store.search('Search documents and videos', 'torque', 'Search');
    await expect(store.status()).toHaveText('2 results for “torque”');
    const table = store.article('Torque table: chassis');
    const download = table.getByRole('link', { name: /Download the PDF/ });
    await expect(download).toHaveAttribute('href', '/v1/technical-documents/TD006/file?lang=en-US');
    const file = await page.request.get((await download.getAttribute('href')) ?? '');
    expect(file.status()).toBe(200);
    expect(file.headers()['content-type']).toBe('application/pdf');
    expect((await file.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  test('in the store, choosing a variant shows its price and availability', async ({ page }) => {
    const store = new StorePages(page);
    await page.goto('/en-US/store');
    await expect(page.getByRole('heading', { level: 1, name: 'Store' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Extended warranties' })).toBeVisible();
    await expectAccessible(page);

    const warranty = store.article(/^varg ex extended warranty$/i);
    await expect(warranty.getByText('$399.00')).toBeVisible();
    await store.chooseVariant(warranty, '36 months', /^\$949\.00$/);
    await expect(warranty.getByRole('radio', { name: '36 months' })).toBeChecked();
    await expect(warranty.getByText('Part no. SF-EW-EX-36')).toBeVisible();

    const tshirt = store.article(/^clothing t-shirt$/i);
    await store.chooseVariant(tshirt, 'XXL', /^Not available$/);
    await expect(tshirt.getByText('$35.00')).toBeVisible();
    await expect(store.article(/^clothing hoodie$/i).getByText('20% off')).toBeVisible();
    await expectAccessible(page);
  });

  test('Brazil reads Brazilian Portuguese and Mexico Latin-American Spanish; Portugal and Spain keep their own', async ({
    page,
  }) => {
    const store = new StorePages(page);
    await page.goto('/pt-BR/parts-and-accessories/spare-parts');
    await expect(page.getByRole('heading', { level: 1, name: 'Peças de reposição' })).toBeVisible();
    await expect(page.getByRole('banner')).toContainText('Motos em estoque');
    await store.search('Pesquisar por nome, medida ou referência', '110/90', 'Pesquisar');
    await expect(store.status()).toHaveText('1 resultado para “110/90”');
    await page.goto('/pt-PT/parts-and-accessories/spare-parts');
    await expect(page.getByRole('banner')).toContainText('Motas em stock');
    await page.goto('/es-MX/parts-and-accessories/spare-parts');
    await expect(page.getByRole('heading', { level: 1, name: 'Repuestos' })).toBeVisible();
    await page.goto('/es-ES/parts-and-accessories/spare-parts');
    await expect(page.getByRole('heading', { level: 1, name: 'Recambios' })).toBeVisible();
  });
});
