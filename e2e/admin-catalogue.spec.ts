import { expect, expectAccessible, test } from './fixtures.ts';
import { signedInSession as signedIn } from './pages/auth.ts';
import { ConfiguratorPage } from './pages/configurator.ts';

// Issue 24 item 2 (decision 041): an administrator adds an option with its prices and the configurator shows it at
// once in every market, at that market's tax; the price list's preview; the back office refuses everyone else.

const OWN_PRICES: Record<string, string> = { EUR: '490', USD: '450', GBP: '420' };

test.describe('back office: catalogue (issue 24)', () => {
  test('an administrator adds a color priced in three markets and the configurator sells it at once at the right tax', async ({
    browser,
  }) => {
    // A long journey (the back office, then three markets' configurators) on a shared two-core machine.
    test.setTimeout(90_000);
    const admin = await signedIn(browser, 'admin@demo.starkfuture.com', 'en-US');
    await admin.goto('/en-US/admin/catalogue');
    await expect(admin.getByRole('heading', { level: 1 })).toHaveText('Models and options');
    await expectAccessible(admin);
    await admin.getByRole('main').getByRole('table').getByRole('link', { name: 'VARG EX' }).click();
    await expect(admin.getByRole('heading', { level: 1 })).toHaveText('VARG EX');
    await expectAccessible(admin);

    await admin.getByRole('link', { name: 'Add an option' }).click();
    await admin.getByLabel('Option group').selectOption({ label: 'Color' });
    await admin.getByLabel('Option ID').fill('stealth_black');
    await admin.getByLabel('Name', { exact: true }).fill('Stealth black');
    const prices = admin.getByRole('group', { name: 'Price difference per currency' });
    const inputs = prices.getByRole('textbox');
    for (let i = 0; i < (await inputs.count()); i++) {
      const input = inputs.nth(i);
      const currency = (await input.getAttribute('name'))?.replace('price_', '') ?? '';
      await input.fill(OWN_PRICES[currency] ?? '500');
    }
    // A malformed amount is refused on its field; what was typed stays.
    await prices.getByLabel('CHF', { exact: true }).fill('5.000');
    await admin.getByRole('button', { name: 'Add the option' }).click();
    await expect(admin.getByRole('alert')).toContainText('CHF');
    await expect(admin.getByLabel('Name', { exact: true })).toHaveValue('Stealth black');
    await prices.getByLabel('CHF', { exact: true }).fill('480');
    await admin.getByRole('button', { name: 'Add the option' }).click();
    await expect(admin.getByRole('heading', { level: 1 })).toHaveText('Stealth black');
    await expect(admin.getByRole('status')).toContainText('Saved');
    await expect(admin.getByRole('region', { name: 'History' })).toContainText('Option added');
    await expectAccessible(admin);

    // The shop, in three markets: the new color's price is added as that market lists prices.
    for (const market of [
      { locale: 'de-DE', delta: 49_000, tax: /MwSt\./ },
      { locale: 'en-US', delta: 45_000, tax: /Excluding sales tax/ },
      { locale: 'en-GB', delta: 42_000, tax: /VAT/ },
    ]) {
      const page = await browser.newPage();
      const configurator = new ConfiguratorPage(page, market.locale);
      await configurator.open('varg-ex');
      const base = await configurator.total();
      await configurator.choose('Stealth black');
      expect(await configurator.total(), market.locale).toBe(base + market.delta);
      await expect(page.getByText(market.tax).first()).toBeVisible();
      await page.close();
    }

    // The price list's preview: what Germany's configurator shows for the default bike, before saving.
    await admin.goto('/en-US/admin/catalogue/varg-ex/prices/EUR');
    await admin.getByLabel('Market').selectOption('DE');
    await admin.getByRole('button', { name: 'Preview' }).click();
    await expect(admin.getByText(/VAT included \(19%\)/)).toBeVisible();
    await expectAccessible(admin);
    await admin.context().close();
  });

  test('a customer gets 403 on the catalogue pages', async ({ browser }) => {
    const customer = await signedIn(browser, 'customer@demo.starkfuture.com', 'en-US');
    const response = await customer.goto('/en-US/admin/catalogue/varg-ex');
    expect(response?.status()).toBe(403);
    await customer.context().close();
  });
});
