import { expect, expectAccessible, test } from './fixtures.ts';
import { signedInSession as signedIn } from './pages/auth.ts';
import { CartPanel } from './pages/cart.ts';

const BIKE = '/es-ES/pre-summary?model=varg-ex&power=80hp';
const euros = (text: string) => Number(text.replace(/[^\d,]/g, '').replace(',', '.'));
const typed = (amount: number) => amount.toFixed(2);

test.describe('a dealer’s own price when adding a bike to the cart (issue 25)', () => {
  test('a visitor has no price field', async ({ page }) => {
    await page.goto(BIKE);
    await expect(page.getByRole('button', { name: 'Añadir al carrito' })).toBeVisible();
    await expect(page.getByLabel('Tu precio')).toHaveCount(0);
  });

  test('dealer@ adds a bike at its own price, bounded by its discount, and sees it on the cart line', async ({
    browser,
  }) => {
    const dealer = await signedIn(browser, 'dealer@demo.starkfuture.com', 'es-ES');
    await dealer.goto(BIKE);
    const list = euros((await dealer.getByRole('heading', { level: 2, name: /€/ }).first().textContent()) ?? '');
    expect(list).toBeGreaterThan(1000);
    const price = dealer.getByLabel('Tu precio');
    await expectAccessible(dealer);

    // Not a number: the web says how to type it; far below the list price: the API's own words.
    await price.fill('mucho');
    await dealer.getByRole('button', { name: 'Añadir al carrito' }).click();
    const alert = dealer.getByRole('alertdialog');
    await expect(alert).toContainText('10710,50');
    await alert.getByRole('button').first().click();
    await price.fill(typed(list * 0.5));
    await dealer.getByRole('button', { name: 'Añadir al carrito' }).click();
    await expect(alert).toContainText('más descuento del que permite');
    await expectAccessible(dealer);
    await alert.getByRole('button').first().click();

    const own = list - 100;
    await price.fill(typed(own));
    await dealer.getByRole('button', { name: 'Añadir al carrito' }).click();
    await expect(dealer.getByText('Añadido a tu carrito.').first()).toBeVisible();

    const cart = new CartPanel(dealer);
    await cart.open();
    const line = cart.line(/Tu precio/);
    await expect(line).toHaveCount(1);
    const shown = own.toLocaleString('es-ES', { minimumFractionDigits: 2 }).replace('.', '\\.');
    await expect(line.getByTestId('dealer-price')).toHaveText(new RegExp(`^Tu precio: ${shown}`));
    await expectAccessible(dealer);

    // The line is taken out again, so the dealer's cart is as it was.
    await line.getByRole('button', { name: /Quitar/ }).click();
    await dealer.getByRole('alertdialog').getByRole('button', { name: 'Sí' }).click();
    await expect(cart.line(/Tu precio/)).toHaveCount(0);
  });
});
