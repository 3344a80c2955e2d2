import type { Locator, Page } from '@playwright/test';
import { whenHydrated } from '../fixtures.ts';

/** The header, modal and banner of every page, as a visitor uses them. */
export class Shell {
  readonly page: Page;
  constructor(page: Page) {
    this.page = page;
  }
  localeButton(): Locator {
    return this.page
      .getByRole('banner')
      .getByRole('button', { name: /country and language|Land und Sprache|pays et la langue/i });
  }
  dialog(): Locator {
    return this.page.getByRole('dialog');
  }
  async chooseCountry(search: string, option: string) {
    const box = this.dialog().getByRole('combobox').first();
    await box.fill(search);
    await this.page.getByRole('option', { name: option }).click();
  }
  async chooseLanguage(search: string, option: string) {
    const box = this.dialog().getByRole('combobox').nth(1);
    await box.fill(search);
    await this.page.getByRole('option', { name: option }).click();
  }
  /** Opens the header's account menu (named in the page's language), once the script that opens it has hydrated it. */
  async openAccountMenu(name = 'Account') {
    const button = this.page.getByRole('button', { name });
    await whenHydrated(button);
    await button.click();
  }
  banner(): Locator {
    return this.page.getByRole('region', { name: /suggested country|Vorgeschlagenes Land/i });
  }
}
