import { expect, type Page } from '@playwright/test';

/** The bike configurator and its pre-summary, as a buyer uses them. */
export class ConfiguratorPage {
  readonly page: Page;
  readonly locale: string;
  constructor(page: Page, locale: string) {
    this.page = page;
    this.locale = locale;
  }

  async open(model: 'varg' | 'varg-ex') {
    await this.page.goto(`/${this.locale}/${model}/configurator`);
    await expect(this.page.getByRole('heading', { level: 1 })).toBeVisible();
    // A marker that survives client navigation but not a full page load.
    await this.page.evaluate(() => {
      (window as unknown as { marker?: number }).marker = 1;
    });
  }

  /** Picks an option by its visible name and waits for the new price. */
  async choose(name: string, options: { exact?: boolean } = {}) {
    const before = this.page.url();
    await this.page
      .locator('label')
      .getByText(name, { exact: options.exact ?? false })
      .first()
      .click();
    await this.page.waitForURL((url) => url.toString() !== before);
    await expect(this.page.locator('[aria-live][aria-busy="true"]')).toHaveCount(0);
  }

  /** The total in minor units, read from the page. */
  async total(): Promise<number> {
    const text = (await this.page.getByTestId('total-price').textContent()) ?? '';
    return Number(text.replace(/\D/g, ''));
  }

  async hash(): Promise<string> {
    const text =
      (await this.page
        .getByText(/^[0-9a-f]{8}$/)
        .first()
        .textContent()) ?? '';
    return text.trim();
  }

  async structuredData(): Promise<{ '@type': string; offers: { price: string; priceCurrency: string } }> {
    return JSON.parse((await this.page.locator('script[type="application/ld+json"]').textContent()) ?? 'null');
  }

  async review() {
    await this.page.locator('a[href*="/pre-summary"]').filter({ visible: true }).first().click();
  }

  /** The digits of an amount as the page writes it (separators differ by locale). */
  async formatted(minor: number): Promise<RegExp> {
    const digits = String(minor);
    return new RegExp(
      `^\\D*${digits.slice(0, -2).replace(/\B(?=(\d{3})+(?!\d))/g, '\\D?')}\\D${digits.slice(-2)}\\D*$`,
    );
  }
}
