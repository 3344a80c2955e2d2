import { expect, type Locator, type Page } from '@playwright/test';

/** The spare parts, store and technical-document pages, as a visitor uses them. */
export class StorePages {
  readonly page: Page;
  constructor(page: Page) {
    this.page = page;
  }
  main(): Locator {
    return this.page.getByRole('main');
  }
  status(): Locator {
    return this.main().getByRole('status');
  }
  /** One article (a part, an accessory, a document) by its accessible name. */
  article(name: string | RegExp): Locator {
    return this.main().getByRole('article', { name });
  }
  articles(): Locator {
    return this.main().getByRole('article');
  }
  /** Types into the page's search box (labelled `label`) and submits it. */
  async search(label: string | RegExp, text: string, button: string) {
    await this.page.getByRole('searchbox', { name: label }).fill(text);
    await this.main().getByRole('search').getByRole('button', { name: button }).click();
  }
  /** Chooses a variant of an article; repeated until the app has hydrated and shows the variant's price. */
  async chooseVariant(article: Locator, variant: string, price: RegExp) {
    await expect(async () => {
      await article.getByText(variant, { exact: true }).click();
      await expect(article.getByText(price)).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
  }
}
