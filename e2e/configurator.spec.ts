import { expect, expectAccessible, test } from './fixtures.ts';
import { ConfiguratorPage } from './pages/configurator.ts';

test.describe('configurator (issue 4)', () => {
  for (const market of [
    {
      locale: 'de-DE',
      currency: 'EUR',
      base: 1_390_000,
      labels: { power: '80 PS', wheel: '18-Zoll', stand: 'Seitenständer' },
    },
    {
      locale: 'en-US',
      currency: 'USD',
      base: 1_290_000,
      labels: { power: '80 hp', wheel: '18" enduro', stand: 'Side stand' },
    },
  ]) {
    test(`builds a VARG EX with 80 hp, an 18" wheel and a side stand in ${market.locale}: the price moves by exactly the option prices, and a shared link gives the same bike and hash`, async ({
      page,
      context,
    }) => {
      const configurator = new ConfiguratorPage(page, market.locale);
      await configurator.open('varg-ex');
      await expectAccessible(page);
      const jsonLd = await configurator.structuredData();
      expect(jsonLd).toMatchObject({ '@type': 'Product', offers: { priceCurrency: market.currency } });
      expect(Math.round(Number(jsonLd.offers.price) * 100)).toBe(market.base);
      const base = await configurator.total();

      await configurator.choose(market.labels.power);
      expect(await configurator.total()).toBe(base + 100_000);
      await configurator.choose(market.labels.wheel);
      expect(await configurator.total()).toBe(base + 100_000);
      await configurator.choose(market.labels.stand, { exact: true });
      expect(await configurator.total()).toBe(base + 100_000 + 14_900);
      // Repriced on the client: still the same document.
      expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);

      await expect(page).toHaveURL(/power=80hp/);
      await expect(page).toHaveURL(/rearWheelSize=enduro18/);
      await expect(page).toHaveURL(/sideStand=side_stand_yes/);
      const hash = await configurator.hash();
      expect(hash).toMatch(/^[0-9a-f]{8}$/);
      const shared = page.url();

      // A friend opens the shared link in a fresh browser.
      const friend = await context.browser()?.newPage();
      if (!friend) throw new Error('no browser');
      const other = new ConfiguratorPage(friend, market.locale);
      await friend.goto(shared);
      expect(await other.total()).toBe(base + 114_900);
      expect(await other.hash()).toBe(hash);
      await expect(friend.getByRole('radio', { name: new RegExp(`^${market.labels.stand}`) })).toBeChecked();
      await friend.close();

      // The pre-summary shows the same bike and breakdown.
      await configurator.review();
      await expect(page).toHaveURL(/\/pre-summary\?model=varg-ex/);
      await expect(page.getByTestId('total-price')).toHaveText(await configurator.formatted(base + 114_900));
      await expect(page.getByRole('row', { name: new RegExp(market.labels.power) })).toBeVisible();
      await expect(page.getByText(hash)).toBeVisible();
      await expectAccessible(page);
    });
  }

  test('explains an incompatible choice and fixes it in one click, instead of dropping it', async ({ page }) => {
    const configurator = new ConfiguratorPage(page, 'en-US');
    await configurator.open('varg-ex');
    await configurator.choose('18" enduro rear wheel');
    await configurator.choose('19" rear, 21" front');
    const alert = page.getByRole('alert').filter({ hasText: 'do not fit together' });
    await expect(alert).toContainText('18" enduro rear wheel needs 18" rear, 21" front.');
    await expect(page.getByText('Resolve the conflict to see the price.')).toBeVisible();
    await expectAccessible(page);
    await alert.getByRole('link', { name: 'Switch to 18" rear, 21" front' }).click();
    await expect(alert).toBeHidden();
    await expect(page.getByRole('radio', { name: /18" enduro rear wheel/ })).toBeChecked();
    expect(await configurator.total()).toBeGreaterThan(0);
  });

  test('works without JavaScript: the form reprices on the server', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/en-US/varg/configurator');
    await page.locator('label').getByText('White', { exact: true }).click();
    await page.locator('label').getByText('80 hp (full power)').click();
    await page.getByRole('button', { name: 'Update the price' }).click();
    await expect(page).toHaveURL(/color=white/);
    await expect(page.getByTestId('total-price')).toHaveText('$11,490.00');
    await context.close();
  });
});
