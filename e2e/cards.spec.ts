import type { Locator, Page } from '@playwright/test';
import { DEMO_PASSWORD } from '../packages/db/src/seed/people.ts';
import { expect, expectAccessible, test } from './fixtures.ts';

const CUSTOMER = 'customer@demo.starkfuture.com';

/** The saved cards page of the German shop, as a signed-in customer uses it. */
class CardsPage {
  readonly page: Page;
  constructor(page: Page) {
    this.page = page;
  }
  async signIn() {
    await this.page.goto('/de-DE/login');
    await this.page.getByLabel(/E-Mail/).fill(CUSTOMER);
    await this.page.getByLabel('Passwort', { exact: true }).fill(DEMO_PASSWORD);
    await this.page.getByRole('button', { name: /Anmelden/ }).click();
    await expect(this.page).toHaveURL(/\/de-DE$/);
  }
  /** The add form's disclosure (open on an empty list, after an error, or when the app asked for a card). */
  addToggle(): Locator {
    return this.page.locator('summary', { hasText: 'Karte hinzufügen' });
  }
  numberField(): Locator {
    return this.page.getByLabel('Kartennummer');
  }
  async openAddForm() {
    if (!(await this.numberField().isVisible())) await this.addToggle().click();
    await expect(this.numberField()).toBeVisible();
  }
  async addCard(number: string, exp = '12/34', cvc = '123') {
    await this.openAddForm();
    await this.numberField().fill(number);
    await this.page.getByLabel(/Ablaufdatum/).fill(exp);
    await this.page.getByLabel(/Sicherheitscode/).fill(cvc);
    await this.page.getByRole('button', { name: 'Karte speichern' }).click();
  }
  card(last4: string): Locator {
    return this.page.getByRole('listitem').filter({ hasText: `**** **** **** ${last4}` });
  }
  emptyState(): Locator {
    return this.page.getByText('Sie haben noch keine Karten gespeichert.');
  }
}

test.describe('account cards (saved payment cards)', () => {
  test('adds a card, refuses a declined one, and deletes after confirming', async ({ page }) => {
    const cards = new CardsPage(page);
    await cards.signIn();

    await page.goto('/de-DE/account');
    await page.getByRole('link', { name: 'Zahlungskarten', exact: true }).click();
    await expect(page).toHaveURL(/\/de-DE\/account\/cards$/);
    await expect(page.getByRole('heading', { name: 'Ihre Zahlungskarten', level: 1 })).toBeVisible();
    await expect(cards.emptyState()).toBeVisible();
    // The sandbox says which test numbers work.
    await expect(page.getByText(/Testmodus: .*4242 4242 4242 4242/)).toBeVisible();
    await expectAccessible(page);

    await cards.addCard('4242 4242 4242 4242', '12/34', '123');
    await expect(page.getByText('Die Karte wurde gespeichert.')).toBeVisible();
    const visa = cards.card('4242');
    await expect(visa).toContainText('VISA');
    await expect(visa).toContainText('**** **** **** 4242');
    await expect(visa).toContainText('12/2034');
    await expect(cards.emptyState()).toBeHidden();
    await expectAccessible(page);

    // A declined card: the reason in German, and nothing is added.
    await cards.addCard('4000 0000 0000 0002');
    await expect(page.getByRole('alert')).toContainText('Karte wurde abgelehnt');
    await expect(cards.card('0002')).toHaveCount(0);
    await expect(page.getByRole('listitem').filter({ hasText: '**** **** ****' })).toHaveCount(1);
    await expectAccessible(page);

    // An expired date is refused on its field.
    await cards.addCard('4242 4242 4242 4242', '01/20');
    await expect(page.getByLabel(/Ablaufdatum/)).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Die Karte ist abgelaufen.', { exact: false })).toBeVisible();

    // Deleting asks first; "No" keeps the card.
    await visa.getByRole('button', { name: /löschen/ }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Diese Karte löschen?' });
    await expect(dialog).toContainText('VISA');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Nein' }).click();
    await expect(dialog).toBeHidden();
    await expect(visa).toBeVisible();

    // With the keyboard: Enter on the focused button opens the dialog again, and "Yes" deletes.
    await visa.getByRole('button', { name: /löschen/ }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Ja' }).click();
    await expect(page.getByText('Die Karte wurde gelöscht.')).toBeVisible();
    await expect(visa).toHaveCount(0);
    await expect(cards.emptyState()).toBeVisible();
  });

  test('works on a 375 px wide screen', async ({ page }) => {
    const cards = new CardsPage(page);
    await page.setViewportSize({ width: 375, height: 812 });
    await cards.signIn();
    await page.goto('/de-DE/account/cards');
    await cards.addCard('5555 5555 5555 4444', '03/31', '123');
    const mastercard = cards.card('4444');
    await expect(mastercard).toContainText('MASTERCARD');
    await expect(mastercard).toContainText('03/2031');
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    const box = await mastercard.getByRole('button', { name: /löschen/ }).boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true);
    await expectAccessible(page);

    await mastercard.getByRole('button', { name: /löschen/ }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Ja' }).click();
    await expect(mastercard).toHaveCount(0);
  });

  test('the app deeplink opens the form and returns to the app after the card is saved', async ({ page }) => {
    const cards = new CardsPage(page);
    await cards.signIn();
    await page.goto('/de-DE/account/cards');
    await cards.addCard('4242 4242 4242 4242');
    await expect(cards.card('4242')).toBeVisible();
    // With a card saved the form is folded away…
    await page.goto('/de-DE/account/cards');
    await expect(cards.numberField()).toBeHidden();

    // …but the app's link opens it, and a saved card goes back to returnTo.
    await page.goto('/de-DE/account/cards?addCard=true&returnTo=%2Fde-DE%2Forders%2Fmy');
    await expect(cards.numberField()).toBeVisible();
    await expect(page.getByText(/gelangen Sie dorthin zurück/)).toBeVisible();
    await cards.addCard('5555 5555 5555 4444');
    await expect(page).toHaveURL(/\/de-DE\/orders\/my$/);

    // The deeplink is used up: the form is folded again, and both cards are there.
    await page.goto('/de-DE/account/cards');
    await expect(cards.numberField()).toBeHidden();
    await expect(cards.card('4242')).toBeVisible();
    await expect(cards.card('4444')).toBeVisible();
    for (const last4 of ['4242', '4444']) {
      await cards
        .card(last4)
        .getByRole('button', { name: /löschen/ })
        .click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Ja' }).click();
      await expect(cards.card(last4)).toHaveCount(0);
    }
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });
    test('adds a card and deletes it after a confirm step on the page', async ({ page }) => {
      const cards = new CardsPage(page);
      await cards.signIn();
      await page.goto('/de-DE/account/cards');
      await cards.addCard('4242 4242 4242 4242');
      await expect(page.getByText('Die Karte wurde gespeichert.')).toBeVisible();
      const visa = cards.card('4242');
      await visa.getByRole('button', { name: /löschen/ }).click();
      await expect(visa).toContainText('Diese Karte löschen?');
      await visa.getByRole('link', { name: 'Abbrechen' }).click();
      await expect(visa.getByRole('button', { name: /löschen/ })).toBeVisible();
      await visa.getByRole('button', { name: /löschen/ }).click();
      await visa.getByRole('button', { name: 'Ja, löschen' }).click();
      await expect(page.getByText('Die Karte wurde gelöscht.')).toBeVisible();
      await expect(cards.emptyState()).toBeVisible();
    });
  });

  test('is for signed-in users only', async ({ page }) => {
    await page.goto('/en-US/account/cards');
    await expect(page).toHaveURL(/\/en-US\/login\?from=%2Faccount%2Fcards$/);
  });
});
