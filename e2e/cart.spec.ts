import { expect, expectAccessible, test } from './fixtures.ts';
import { CartPanel } from './pages/cart.ts';
import { ConfiguratorPage } from './pages/configurator.ts';
import { StorePages } from './pages/store.ts';

const TYRES = '/de-DE/parts-and-accessories/spare-parts/varg/tyres-and-wheels';

test.describe('cart (issue 5)', () => {
  test('in Germany: a configured VARG MX goes into the cart, its quantity and configuration change, a part joins it but an extended warranty does not, and the cart survives a reload and joins the account at sign-in', async ({
    page,
    context,
  }) => {
    const configurator = new ConfiguratorPage(page, 'de-DE');
    const cart = new CartPanel(page);
    await configurator.open('varg');
    await configurator.choose('80 PS');
    const total = await configurator.total();
    await configurator.review();
    await expect(page).toHaveURL(/\/de-DE\/pre-summary\?model=varg/);
    await expect(cart.count()).toHaveCount(0);

    await page.getByRole('button', { name: 'In den Warenkorb' }).click();
    await expect(page.getByText('Zum Warenkorb hinzugefügt.').first()).toBeVisible();
    await expect(cart.count()).toHaveText('1');
    const cookie = (await context.cookies()).find((c) => c.name === 'cart_id');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect((cookie?.expires ?? 0) - Date.now() / 1000).toBeGreaterThan(2_592_000 - 120);

    await cart.open();
    const line = cart.line('VARG MX');
    await expect(line).toContainText('80 PS');
    expect(CartPanel.minor(await cart.subtotal().textContent())).toBe(total);
    await expect(cart.drawer().getByText('Inkl. 19 % MwSt.')).toBeVisible();
    await expect(cart.drawer().getByTestId('cart-deposit')).toHaveText(/500,00/);
    await expectAccessible(page);

    await line.getByRole('button', { name: /Eins mehr/ }).click();
    await expect(line.getByTestId('line-quantity')).toHaveText('2');
    await expect(cart.subtotal()).toHaveText(await configurator.formatted(2 * total));
    await expect(line.getByRole('button', { name: /Eins weniger/ })).toBeEnabled();
    await expect(cart.count()).toHaveText('2');
    await expect(cart.drawer().getByRole('link', { name: 'Zur Kasse' })).toHaveAttribute('href', '/de-DE/checkout');

    // Builder edit mode: the line's configuration changes, its quantity stays.
    await line.getByRole('link', { name: 'Konfiguration ändern' }).click();
    await expect(page.getByRole('heading', { name: 'Sie bearbeiten ein Motorrad in Ihrem Warenkorb' })).toBeVisible();
    await expect(page).toHaveURL(/edit=cart&line=/);
    await configurator.choose('Grau');
    await expect(page).toHaveURL(/edit=cart&line=/);
    await page.getByRole('button', { name: 'Im Warenkorb speichern' }).click();
    await expect(page.getByText('Ihr Warenkorb wurde aktualisiert.').first()).toBeVisible();
    await expect(page).not.toHaveURL(/edit=cart/);
    await cart.open();
    await expect(cart.lines()).toHaveCount(1);
    await expect(cart.line('VARG MX')).toContainText('Grau');
    await expect(cart.line('VARG MX').getByTestId('line-quantity')).toHaveText('2');
    await cart.close();

    // A part joins the cart with the bike…
    await page.goto(TYRES);
    const tyre = new StorePages(page).article('Pirelli Scorpion MX32 80/100-21');
    await tyre.getByRole('button', { name: 'In den Warenkorb' }).click();
    await expect(page.getByText('Zum Warenkorb hinzugefügt.').first()).toBeVisible();
    await expect(cart.count()).toHaveText('3');

    // …an extended warranty (for a bike one already owns) does not.
    await page.goto('/de-DE/store');
    const warranty = new StorePages(page).article('VARG MX Garantieverlängerung');
    await warranty.getByRole('button', { name: 'In den Warenkorb' }).click();
    const alert = page.getByRole('alertdialog');
    await expect(alert).toContainText(
      'Eine Garantieverlängerung gilt für ein Motorrad, das Sie bereits besitzen, und kann deshalb nicht zusammen mit einem neuen Motorrad bestellt werden.',
    );
    await expectAccessible(page);
    await alert.getByRole('button', { name: 'Verstanden' }).click();
    await expect(cart.count()).toHaveText('3');
    await cart.open();
    await expect(cart.lines()).toHaveCount(2);
    await expect(cart.line('VARG MX')).toBeVisible();
    await expect(cart.line('Pirelli Scorpion MX32 80/100-21')).toBeVisible();
    await cart.close();

    // The anonymous cart survives a reload…
    await page.reload();
    await expect(cart.count()).toHaveText('3');

    // …and joins the customer's cart at sign-in; the cookie is then gone.
    await page.goto('/de-DE/login');
    await page.getByLabel('E-Mail-Adresse').fill('customer@demo.starkfuture.com');
    await page.getByLabel('Passwort', { exact: true }).fill('varg-demo-2026');
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await page.waitForURL((url) => !url.pathname.endsWith('/login'));
    expect((await context.cookies()).find((c) => c.name === 'cart_id')).toBeUndefined();
    await cart.open();
    await expect(
      cart
        .line(/VARG MX/)
        .filter({ hasText: 'Grau' })
        .getByTestId('line-quantity'),
    ).toHaveText(/^[2-9]\d*$/);
  });

  test('adds a tyre with its quantity to a fresh cart, changes and removes it', async ({ page }) => {
    const cart = new CartPanel(page);
    await page.goto(TYRES);
    const tyre = new StorePages(page).article('Pirelli Scorpion MX32 80/100-21');
    await expect(tyre.getByText('95,00 €')).toBeVisible();
    await tyre.getByLabel('Menge').fill('2');
    await tyre.getByRole('button', { name: 'In den Warenkorb' }).click();
    await expect(page.getByText('Zum Warenkorb hinzugefügt.').first()).toBeVisible();
    await expect(cart.count()).toHaveText('2');

    await cart.open();
    const line = cart.line('Pirelli Scorpion MX32 80/100-21');
    await expect(line).toContainText('Radgröße: 21"');
    await expect(line.getByTestId('line-quantity')).toHaveText('2');
    await expect(cart.subtotal()).toHaveText(/190,00/);
    await expectAccessible(page);
    await line.getByRole('button', { name: /Eins weniger/ }).click();
    await expect(line.getByTestId('line-quantity')).toHaveText('1');
    await expect(line.getByRole('button', { name: /Eins weniger/ })).toBeDisabled();
    await expect(cart.subtotal()).toHaveText(/95,00/);

    await line.getByRole('button', { name: /entfernen/ }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText('Diesen Artikel entfernen?');
    await confirm.getByRole('button', { name: 'Ja' }).click();
    await expect(cart.drawer().getByText('Ihr Warenkorb ist leer.')).toBeVisible();
    await cart.close();
    await expect(cart.count()).toHaveCount(0);
  });

  test('reserves a bike in stock', async ({ page }) => {
    const cart = new CartPanel(page);
    await page.goto('/de-DE/varg/stock-bikes/SB0002');
    await page.getByRole('button', { name: 'Dieses Motorrad reservieren' }).click();
    await expect(page.getByText('Zum Warenkorb hinzugefügt.').first()).toBeVisible();
    await expect(cart.count()).toHaveText('1');
    await cart.open();
    await expect(cart.line('VARG MX')).toContainText('Ab Lager, Motorrad SB0002');
    await expect(cart.line('VARG MX').getByRole('button', { name: /Eins mehr/ })).toHaveCount(0);
  });

  test('adds a part by link and goes to checkout; a failed link says so', async ({ page, context }) => {
    await page.goto('/de-DE?addPartCodeToCart=SF-TY-MX32-19&vin=WSF1234567890ABCD');
    await expect(page).toHaveURL(/\/de-DE\/checkout$/);
    expect((await context.cookies()).find((c) => c.name === 'cart_id')).toBeDefined();

    await page.goto('/de-DE/store?extendedWarranty=SF-NOPE&vin=WSF1234567890ABCD');
    await expect(page).toHaveURL(/\/de-DE\/store$/);
    await expect(page.getByRole('alertdialog')).toContainText('Ein unbekannter Fehler ist aufgetreten');
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });
    test('the add-to-cart form posts and the page says what happened', async ({ page }) => {
      await page.goto('/de-DE/pre-summary?model=varg-ex&power=80hp');
      await page.getByRole('button', { name: 'In den Warenkorb' }).click();
      await expect(page).toHaveURL(/\/de-DE\/pre-summary\?model=varg-ex&power=80hp&cart=added$/);
      await expect(page.getByRole('status').filter({ hasText: 'Zum Warenkorb hinzugefügt.' })).toBeVisible();
      await expect(page.getByTestId('cart-count')).toHaveText('1');
      // An extended warranty is for a bike one already owns: it cannot join a cart with a new bike.
      await page.goto('/de-DE/store');
      await page
        .getByRole('article', { name: 'VARG MX Garantieverlängerung' })
        .getByRole('button', { name: 'In den Warenkorb' })
        .click();
      await expect(page).toHaveURL(/cart_error=CART-ERROR-003/);
      await expect(
        page
          .getByRole('alert')
          .filter({ hasText: 'Eine Garantieverlängerung gilt für ein Motorrad, das Sie bereits besitzen' }),
      ).toBeVisible();
    });
  });
});
