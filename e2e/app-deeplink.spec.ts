import { expect, expectAccessible, test } from './fixtures.ts';

const APP = 'starkapp://garage/upgrades';

test.describe('the mobile app’s part-upgrade deeplink (spec section 2, decision 058)', () => {
  test('a part bought from the app offers the way back to the app after the purchase, once', async ({ page }) => {
    const query = new URLSearchParams({ addPartCodeToCart: 'SF-TY-MX32-19', vin: 'WSF1234567890ABCD', returnTo: APP });
    await page.goto(`/de-DE?${query}`);
    await expect(page).toHaveURL(/\/de-DE\/checkout/);
    await expect(page.getByRole('region', { name: 'Bestellübersicht' })).toContainText('Pirelli Scorpion MX32');

    await page.getByLabel('Vorname').fill('Jonas');
    await page.getByLabel('Nachname').fill('Becker');
    await page.getByLabel('E-Mail-Adresse').fill(`app-part-${Date.now()}@example.com`);
    await page.getByLabel('Telefon').fill('0151 23456789');
    await page.getByLabel('Straße und Hausnummer').fill('Torstraße 1');
    await page.getByLabel('Postleitzahl').fill('10119');
    await page.getByLabel('Ort').fill('Berlin');
    await page.getByLabel('Kartennummer').fill('4242 4242 4242 4242');
    await page.getByLabel(/Ablaufdatum/).fill('12/30');
    await page.getByLabel(/Sicherheitscode/).fill('123');
    await page.getByRole('button', { name: /Zahlungspflichtig bestellen/ }).click();

    await expect(page).toHaveURL(/\/de-DE\/checkout\/result\?/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Vielen Dank! Ihre Bestellung ist bezahlt.');
    const back = page.getByRole('link', { name: 'Zurück zur App' });
    await expect(back).toHaveAttribute('href', APP);
    await expectAccessible(page);

    // The deeplink is used up: the result page no longer offers it.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Vielen Dank! Ihre Bestellung ist bezahlt.');
    await expect(page.getByRole('link', { name: 'Zurück zur App' })).toHaveCount(0);
  });

  test('without a VIN the store opens with the item asked for, to add, and the way back', async ({ page }) => {
    const query = new URLSearchParams({ extendedWarranty: 'SF-EW-MX-24', returnTo: APP });
    await page.goto(`/en-US/store?${query}`);
    const request = page.getByRole('region', { name: 'Requested in the app' });
    await expect(request.getByRole('link', { name: 'Back to the app' })).toHaveAttribute('href', APP);
    await expectAccessible(page);
    await request.getByRole('button', { name: 'Add to cart' }).click();
    await expect(page.getByText('Added to your cart.').first()).toBeVisible();
    await expect(page.getByTestId('cart-count')).toHaveText('1');

    // An unknown code says so; a return target off the site is not offered (no open redirect).
    await page.goto('/en-US/store?addPartCodeToCart=SF-NOPE&returnTo=starkapp%3A%2F%2Fx');
    await expect(page.getByRole('region', { name: 'Requested in the app' })).toContainText(
      'The store does not offer this item in your country.',
    );
    await page.goto('/en-US/store?addPartCodeToCart=SF-TY-MX32-19&returnTo=https%3A%2F%2Fevil.example');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Requested in the app' })).toHaveCount(0);
  });
});
