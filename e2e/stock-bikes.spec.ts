import { expect, expectAccessible, test } from './fixtures.ts';
import { StockBikePages } from './pages/stock-bikes.ts';

test.describe('stock bikes (issue 4)', () => {
  test('in Germany, filters VARG EX stock by 80 hp, opens a bike priced in EUR with its JSON-LD, and goes back', async ({
    page,
  }) => {
    const stock = new StockBikePages(page);
    await page.goto('/de-DE/varg/stock-bikes');
    await expect(page.getByRole('heading', { level: 1, name: 'Motorräder auf Lager' })).toBeVisible();
    await expectAccessible(page);
    // VARG MX has no rear-wheel or side-stand choice, so no such filter.
    await expect(page.getByRole('group', { name: 'Seitenständer' })).toHaveCount(0);

    await page.getByRole('navigation', { name: 'Modell' }).getByRole('link', { name: 'VARG EX' }).click();
    await expect(page).toHaveURL(/\/de-DE\/varg\/stock-bikes\?model=varg-ex$/);
    await expect(page.getByRole('heading', { level: 2, name: 'VARG EX' })).toBeVisible();
    // Only the groups this model has, VARG EX's rear wheel and side stand among them.
    await stock.hydrated();
    await stock.openFilters();
    await expect(page.getByRole('group', { name: 'Hinterrad', exact: true })).toBeVisible();
    await expect(page.getByRole('group', { name: 'Seitenständer' })).toBeVisible();

    // With JavaScript, ticking a box loads the filtered list at once.
    await page.getByRole('checkbox', { name: '80 PS (volle Leistung)' }).check();
    await expect(page).toHaveURL(/\?model=varg-ex&power=80hp$/);
    await expect(stock.status()).toHaveText(/^\d+ Motorr(ad|äder) gefunden$/);
    const count = await stock.cards().count();
    expect(count).toBeGreaterThan(0);
    for (const card of await stock.cards().all()) {
      await expect(card).toContainText('80 PS (volle Leistung)');
      await expect(card).not.toContainText('60 PS');
      await expect(card).toContainText(/\d{1,3}(\.\d{3})*,\d{2}\s€/);
      await expect(card).toContainText('inkl. MwSt.');
    }
    await expect(page.getByRole('checkbox', { name: '80 PS (volle Leistung)' })).toBeChecked();
    await expectAccessible(page);

    // The URL is the state: a reload (or a shared link) shows the same list.
    await page.reload();
    await expect(page.getByRole('checkbox', { name: '80 PS (volle Leistung)' })).toBeChecked();
    await expect(stock.cards()).toHaveCount(count);

    const [id] = await stock.stockNumbers();
    await stock
      .cards()
      .first()
      .getByRole('link', { name: /Motorrad ansehen/ })
      .click();
    await expect(page).toHaveURL(new RegExp(`/de-DE/varg/stock-bikes/${id}\\?model=varg-ex&power=80hp$`));
    await expect(page.getByRole('heading', { level: 1, name: 'VARG EX' })).toBeVisible();
    const breakdown = page.getByRole('table', { name: 'Preisaufstellung' });
    await expect(breakdown.getByRole('row', { name: /Grundpreis, VARG EX/ })).toContainText('13.900,00 €');
    await expect(breakdown.getByRole('row', { name: /Leistung: 80 PS/ })).toContainText('+1.000,00 €');
    await expect(breakdown).toContainText(/Enthaltene MwSt\.: [\d.]+,\d{2}\s€/);
    await expect(page.getByRole('region', { name: 'Konfiguration' })).toContainText('80 PS (volle Leistung)');

    const [product] = await stock.jsonLd();
    expect(product).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      sku: id,
      brand: { '@type': 'Brand', name: 'Stark Future' },
      offers: { '@type': 'Offer', priceCurrency: 'EUR', availability: 'https://schema.org/InStock' },
    });
    const offer = product?.offers as { price: string; url: string };
    expect(offer.price).toMatch(/^\d+\.\d{2}$/);
    expect(offer.url).toMatch(new RegExp(`/de-DE/varg/stock-bikes/${id}$`));
    await expectAccessible(page);

    await page.getByRole('link', { name: 'Zurück zu den Motorrädern auf Lager' }).click();
    await expect(page).toHaveURL(/\/de-DE\/varg\/stock-bikes\?model=varg-ex&power=80hp$/);
    await expect(page.getByRole('checkbox', { name: '80 PS (volle Leistung)' })).toBeChecked();
  });

  test('pages to page 2 and back on an unfiltered list', async ({ page }) => {
    const stock = new StockBikePages(page);
    await page.goto('/de-DE/varg/stock-bikes');
    const pagination = page.getByRole('navigation', { name: 'Seiten' });
    await expect(pagination.getByRole('link', { name: 'Seite 1' })).toHaveAttribute('aria-current', 'page');
    await expect(stock.cards()).toHaveCount(10);
    const first = await stock.stockNumbers();

    await pagination.getByRole('link', { name: 'Seite 2' }).click();
    await expect(page).toHaveURL(/\/de-DE\/varg\/stock-bikes\?page=2$/);
    await expect(pagination.getByRole('link', { name: 'Seite 2' })).toHaveAttribute('aria-current', 'page');
    await expect(pagination.getByRole('link', { name: 'Seite 1' })).not.toHaveAttribute('aria-current');
    const second = await stock.stockNumbers();
    expect(second.length).toBeGreaterThan(0);
    expect(second.filter((n) => first.includes(n))).toEqual([]);
    await expectAccessible(page);

    await pagination.getByRole('link', { name: /Zurück/ }).click();
    await expect(page).toHaveURL(/\/de-DE\/varg\/stock-bikes$/);
    await expect(pagination.getByRole('link', { name: 'Seite 1' })).toHaveAttribute('aria-current', 'page');
    expect(await stock.stockNumbers()).toEqual(first);
  });

  test('in the US, prices are in USD before sales tax', async ({ page }) => {
    const stock = new StockBikePages(page);
    await page.goto('/en-US/varg/stock-bikes');
    const card = stock.cards().first();
    await expect(card).toContainText(/\$\d{1,3}(,\d{3})*\.\d{2}/);
    await expect(card).toContainText('excl. sales tax');
    await card.getByRole('link', { name: /View this bike/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'VARG MX' })).toBeVisible();
    await expect(page.getByText('Excludes sales tax, which is calculated at checkout.')).toBeVisible();
    const [product] = await stock.jsonLd();
    expect(product?.offers).toMatchObject({ priceCurrency: 'USD' });
    await expectAccessible(page);
  });

  test('a market without stock shows the empty state, and filters without a match offer to clear them', async ({
    page,
  }) => {
    await page.goto('/hr-HR/varg/stock-bikes?power=80hp');
    await expect(
      page.getByRole('heading', { name: 'Nijedan motocikl na zalihi ne odgovara ovim filtrima' }),
    ).toBeVisible();
    await expect(page.getByRole('main').getByRole('status')).toHaveText('Pronađeno 0 motocikala');
    await expectAccessible(page);
    await page.getByRole('main').getByRole('link', { name: 'Očisti filtre' }).last().click();
    await expect(page).toHaveURL(/\/hr-HR\/varg\/stock-bikes$/);
    await expect(
      page.getByRole('heading', { name: 'Trenutačno nema motocikala na zalihi u vašoj državi' }),
    ).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Očisti filtre' })).toHaveCount(0);
  });

  test('an unknown bike is a 404; the list may be cached 10 s by shared caches', async ({ page, request }) => {
    const response = await page.goto('/en-US/varg/stock-bikes/SB9999');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Error 404' })).toBeVisible();
    const list = await request.get('/en-US/varg/stock-bikes');
    expect(list.headers()['cache-control']).toBe('public, max-age=0, s-maxage=10');
  });
});

test.describe('stock bikes on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the filters fold away above the list and stay open while filtering', async ({ page }) => {
    const stock = new StockBikePages(page);
    await page.goto('/fr-FR/varg/stock-bikes');
    const box = page.getByRole('checkbox', { name: 'Blanc' });
    await stock.hydrated();
    await expect(box).toBeHidden();
    await stock.openFilters();
    await box.check();
    await expect(page).toHaveURL(/\/fr-FR\/varg\/stock-bikes\?color=white$/);
    await expect(box).toBeVisible();
    await expect(box).toBeChecked();
    for (const card of await stock.cards().all()) await expect(card).toContainText('Blanc');
    await expectAccessible(page);
  });
});

test.describe('stock bikes without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the filter form works with the Apply button', async ({ page }) => {
    const stock = new StockBikePages(page);
    await page.goto('/es-ES/varg/stock-bikes?model=varg-ex');
    await stock.openFilters();
    await page.getByRole('checkbox', { name: 'Rojo' }).check();
    await page.getByRole('button', { name: 'Aplicar' }).click();
    await expect(page).toHaveURL(/\/es-ES\/varg\/stock-bikes\?model=varg-ex&color=red$/);
    for (const card of await stock.cards().all()) await expect(card).toContainText('Rojo');
  });
});
