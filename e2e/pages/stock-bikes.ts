import { expect, type Locator, type Page } from '@playwright/test';

/** The stock-bike list and detail pages, as a visitor uses them. */
export class StockBikePages {
  readonly page: Page;
  constructor(page: Page) {
    this.page = page;
  }
  cards(): Locator {
    return this.page.getByRole('main').getByRole('article');
  }
  status(): Locator {
    return this.page.getByRole('main').getByRole('status');
  }
  /** Waits until the page is interactive: with JavaScript the filter form drops its Apply button (inside the
   * filters' disclosure, which is closed on a phone: hidden or not). */
  async hydrated() {
    await expect(this.page.getByRole('form').getByRole('button', { includeHidden: true })).toHaveCount(0);
  }
  /** Below lg (or where ::details-content cannot be styled) the filters are a disclosure: open it. */
  async openFilters() {
    const form = this.page.getByRole('form');
    const firstBox = form.getByRole('checkbox').first();
    if (!(await firstBox.isVisible())) await form.locator('summary').click();
    await expect(firstBox).toBeVisible();
  }
  /** The stock number of each card, in order ("Lagernr. SB0049" → "SB0049"). */
  async stockNumbers(): Promise<string[]> {
    const texts = await this.cards().locator('h3 + p').allTextContents();
    return texts.map((t) => t.replace(/^.*?(\S+)$/, '$1'));
  }
  /** The JSON-LD blocks of the page, parsed. */
  async jsonLd(): Promise<Array<Record<string, unknown>>> {
    const blocks = await this.page.locator('script[type="application/ld+json"]').allTextContents();
    return blocks.map((b) => JSON.parse(b) as Record<string, unknown>);
  }
}
