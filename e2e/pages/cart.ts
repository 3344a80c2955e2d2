import { expect, type Locator, type Page } from '@playwright/test';

/** The header's cart button, its count and the cart side menu, as a buyer uses them. */
export class CartPanel {
  readonly page: Page;
  constructor(page: Page) {
    this.page = page;
  }
  button(): Locator {
    return this.page.getByTestId('cart-button');
  }
  count(): Locator {
    return this.page.getByTestId('cart-count');
  }
  drawer(): Locator {
    return this.page.getByRole('dialog', { name: /Warenkorb|cart|carrito/i });
  }
  lines(): Locator {
    return this.drawer().getByTestId('cart-line');
  }
  line(name: string | RegExp): Locator {
    return this.lines().filter({ hasText: name });
  }
  subtotal(): Locator {
    return this.drawer().getByTestId('cart-subtotal');
  }
  /** Opens the side menu and waits for its lines (or its empty state). */
  async open() {
    await this.button().click();
    await expect(this.drawer()).toBeVisible();
    await expect(this.drawer().getByTestId('cart-loading')).toHaveCount(0);
  }
  async close() {
    await this.drawer()
      .getByRole('button', { name: /Warenkorb schließen|Close cart/ })
      .click();
    await expect(this.drawer()).toBeHidden();
  }
  /** The amount in minor units as the page writes it (digits only). */
  static minor(text: string | null): number {
    return Number((text ?? '').replace(/\D/g, ''));
  }
}
