import { DEMO_PASSWORD } from '../packages/db/src/seed/people.ts';
import { expect, expectAccessible, test } from './fixtures.ts';

test.describe('account addresses (issue 5)', () => {
  test('adds an address (the postal code checked for the country), sees it, and deletes it after confirming', async ({
    page,
  }) => {
    await page.goto('/de-DE/login');
    await page.getByLabel(/E-Mail/).fill('customer@demo.starkfuture.com');
    await page.getByLabel('Passwort', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: /Anmelden/ }).click();
    await expect(page).toHaveURL(/\/de-DE$/);

    await page.goto('/de-DE/account');
    await page.getByRole('navigation', { name: 'Konto' }).getByRole('link', { name: 'Adressen' }).click();
    await expect(page).toHaveURL(/\/de-DE\/account\/addresses$/);
    await expect(page.getByRole('heading', { name: 'Ihre Adressen', level: 1 })).toBeVisible();
    await expect(page.getByText('Sie haben noch keine Adressen gespeichert.')).toBeVisible();
    await expectAccessible(page);

    const country = page.getByLabel('Land', { exact: true });
    await expect(country).toHaveValue('DE');
    await page.getByLabel('Straße und Hausnummer').fill('  Landsberger Str. 302 ');
    await page.getByLabel('Postleitzahl').fill('8068');
    await page.getByLabel('Ort', { exact: true }).fill('München');
    await page.getByRole('button', { name: 'Adresse speichern' }).click();
    const postal = page.getByLabel('Postleitzahl');
    await expect(postal).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Die Postleitzahl ist für dieses Land nicht gültig.')).toBeVisible();
    await expectAccessible(page);

    await postal.fill('80687');
    await page.getByRole('button', { name: 'Adresse speichern' }).click();
    await expect(page.getByText('Die Adresse wurde gespeichert.')).toBeVisible();
    const card = page.getByRole('listitem').filter({ hasText: 'Landsberger Str. 302' });
    await expect(card).toContainText('80687 München');
    await expect(card).toContainText('Deutschland');
    // The form is empty again for the next address.
    await expect(page.getByLabel('Straße und Hausnummer')).toHaveValue('');

    // A US address needs a state whose ZIP codes include the one given.
    await country.selectOption('US');
    await page.getByLabel('Straße und Hausnummer').fill('4501 S Congress Ave');
    await page.getByLabel('Postleitzahl').fill('78745');
    await page.getByLabel('Ort', { exact: true }).fill('Austin');
    await page.getByLabel('Bundesland oder Region').fill('CA');
    await page.getByRole('button', { name: 'Adresse speichern' }).click();
    await expect(page.getByText('Die Postleitzahl ist für dieses Land nicht gültig.')).toBeVisible();
    await page.getByLabel('Bundesland oder Region').fill('tx');
    await page.getByRole('button', { name: 'Adresse speichern' }).click();
    await expect(page.getByRole('listitem').filter({ hasText: 'Austin, TX 78745' })).toBeVisible();
    await expectAccessible(page);

    // Deleting asks first; "No" keeps the address.
    await card.getByRole('button', { name: /löschen/ }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Diese Adresse löschen?' });
    await expect(dialog).toContainText('Landsberger Str. 302, 80687 München, Deutschland');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Nein' }).click();
    await expect(dialog).toBeHidden();
    await expect(card).toBeVisible();

    await card.getByRole('button', { name: /löschen/ }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Ja' }).click();
    await expect(page.getByText('Die Adresse wurde gelöscht.')).toBeVisible();
    await expect(card).toHaveCount(0);
    await expect(page.getByRole('listitem').filter({ hasText: 'Austin, TX 78745' })).toBeVisible();
  });

  test('is for signed-in users only', async ({ page }) => {
    await page.goto('/en-US/account/addresses');
    await expect(page).toHaveURL(/\/en-US\/login\?from=%2Faccount%2Faddresses$/);
  });
});
