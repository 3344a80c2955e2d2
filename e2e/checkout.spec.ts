import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures.ts';
import { signInThroughForm } from './pages/auth.ts';
import { StorePages } from './pages/store.ts';

const TYRES = '/de-DE/parts-and-accessories/spare-parts/varg/tyres-and-wheels';

async function fillContact(page: Page, email: string) {
  await page.getByLabel('Vorname').fill('Jonas');
  await page.getByLabel('Nachname').fill('Becker');
  await page.getByLabel('E-Mail-Adresse').fill(email);
  await page.getByLabel('Telefon').fill('0151 23456789');
}

async function fillCard(page: Page, number: string) {
  await page.getByLabel('Kartennummer').fill(number);
  await page.getByLabel(/Ablaufdatum/).fill('12/30');
  await page.getByLabel(/Sicherheitscode/).fill('123');
}

/** On /fr-FR/checkout: a new address in Lyon, bank transfer, and the order is placed. */
async function orderToLyonByTransfer(page: Page) {
  await page.getByLabel('Numéro et nom de rue').fill('12 rue de la République');
  await page.getByLabel(/Code postal/).fill('69002');
  await page.getByLabel(/Ville/).fill('Lyon');
  await page.getByLabel(/Banque|Virement/i).check();
  await page
    .getByRole('main')
    .getByRole('button', { name: /commande/i })
    .click();
  await expect(page).toHaveURL(/\/fr-FR\/checkout\/result\?orderId=/);
}

/** Adds a configured VARG MX from the pre-summary (German shop). */
async function addBike(page: Page) {
  await page.goto('/de-DE/pre-summary?model=varg&power=80hp');
  await page.getByRole('button', { name: 'In den Warenkorb' }).click();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
}

test.describe('checkout (issue 5)', () => {
  test('a new customer in /de-DE buys a VARG MX and a tyre by card, finds the orders and downloads an invoice with 19 % VAT', async ({
    page,
  }) => {
    await addBike(page);
    await page.goto(TYRES);
    await new StorePages(page)
      .article('Pirelli Scorpion MX32 80/100-21')
      .getByRole('button', { name: 'In den Warenkorb' })
      .click();
    await expect(page.getByTestId('cart-count')).toHaveText('2');

    await page.goto('/de-DE/checkout');
    const summary = page.getByRole('region', { name: 'Bestellübersicht' });
    await expect(summary).toContainText('VARG MX');
    await expect(summary).toContainText('Pirelli Scorpion MX32');
    await expect(summary).toContainText('Inkl. MwSt. (19 %)');
    await expectAccessible(page);

    await fillContact(page, `jonas-${Date.now()}@example.com`);
    await page.getByLabel('Straße und Hausnummer').fill('Torstraße 1');
    await page.getByLabel('Postleitzahl').fill('10119');
    await page.getByLabel('Ort').fill('Berlin');
    await fillCard(page, '4242 4242 4242 4242');
    const total = await page.getByTestId('checkout-total').textContent();
    await page.getByRole('button', { name: /Zahlungspflichtig bestellen/ }).click();

    await expect(page).toHaveURL(/\/de-DE\/checkout\/result\?orderId=.+&storeOrderId=/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Vielen Dank! Ihre Bestellung ist bezahlt.');
    await expect(page.getByText('Noch offen').first()).toBeVisible();
    expect(total).toMatch(/€/);
    await expectAccessible(page);

    // The new customer is signed in and finds the bike order under My orders, with its invoice.
    await page.getByRole('link', { name: 'Meine Bestellung ansehen' }).first().click();
    await expect(page).toHaveURL(/\/de-DE\/orders\/my\//);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Rechnung herunterladen' }).click(),
    ]);
    const pdf = await readFile(await download.path());
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await page.goto('/de-DE/orders/my');
    await expect(page.getByRole('main')).toContainText('VARG MX');
    await page.goto('/de-DE/orders/parts');
    await expect(page.getByRole('main')).toContainText('Pirelli Scorpion MX32');
  });

  test('a company in /fr-FR with a valid VAT id pays the net: reverse charge', async ({ page }) => {
    await page.goto('/fr-FR/pre-summary?model=varg-ex');
    await page.getByRole('main').getByRole('button', { name: 'Ajouter au panier' }).click();
    await expect(page.getByTestId('cart-count')).toHaveText('1');
    await page.goto('/fr-FR/checkout');
    const total = page.getByTestId('checkout-total');
    const before = await total.textContent();
    await page.getByRole('checkbox', { name: /entreprise/ }).check();
    await page.getByLabel('Nom de l’entreprise').fill('Moto Lyon SARL');
    await page.getByLabel(/TVA/i).first().fill('FR40303265045');
    await expect(
      page
        .getByRole('region')
        .filter({ hasText: /autoliquidation/i })
        .first(),
    ).toBeVisible();
    await expect(total).not.toHaveText(before ?? '');
    await expectAccessible(page);

    // …and places the order: the invoice amount is the net.
    const net = await total.textContent();
    await page.getByLabel('Prénom').fill('Claire');
    await page.getByLabel('Nom', { exact: true }).fill('Martin');
    await page.getByLabel(/e-mail/i).fill(`claire-${Date.now()}@example.com`);
    await page.getByLabel(/Téléphone/).fill('06 12 34 56 78');
    await orderToLyonByTransfer(page);
    await expect(page.getByTestId('bank-amount')).toHaveText(net ?? '');
  });

  test('a declined card can be retried; a card that needs verification is confirmed at the bank; bank transfer shows instructions', async ({
    page,
  }) => {
    await addBike(page);
    await page.goto('/de-DE/checkout');
    await fillContact(page, `retry-${Date.now()}@example.com`);
    await page.getByLabel('Straße und Hausnummer').fill('Torstraße 1');
    await page.getByLabel('Postleitzahl').fill('10119');
    await page.getByLabel('Ort').fill('Berlin');
    await fillCard(page, '4000 0000 0000 0002');
    await page.getByRole('button', { name: /Zahlungspflichtig bestellen/ }).click();
    await expect(page).toHaveURL(/\/de-DE\/complete-order\/.+\?payment=failed&code=card_declined/);
    await expect(page.getByRole('alert')).toContainText('abgelehnt');
    await expectAccessible(page);

    await fillCard(page, '4000 0027 6000 3184');
    await page.getByRole('button', { name: /bezahlen/i }).click();
    await expect(page).toHaveURL(/\/de-DE\/checkout\/verify\//);
    await expectAccessible(page);
    await page.getByRole('button', { name: /bestätigen/i }).click();
    await expect(page).toHaveURL(/\/de-DE\/checkout\/result\?orderId=/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Vielen Dank! Ihre Bestellung ist bezahlt.');

    // Bank transfer: the instructions with the amount.
    await addBike(page);
    await page.goto('/de-DE/checkout');
    await page.getByLabel('Banküberweisung').check();
    await page.getByRole('button', { name: /Zahlungspflichtig bestellen/ }).click();
    await expect(page).toHaveURL(/\/de-DE\/checkout\/result\?orderId=/);
    await expect(page.getByRole('heading', { name: 'Bankverbindung' })).toBeVisible();
    await expect(page.getByTestId('bank-amount')).toContainText('€');
    await expectAccessible(page);
  });

  test('a bike in stock paid by bank transfer is held until a deadline the buyer is told (decision 027)', async ({
    page,
  }) => {
    await page.goto('/de-DE/varg/stock-bikes/SB0011');
    await page.getByRole('button', { name: 'Dieses Motorrad reservieren' }).click();
    await expect(page.getByTestId('cart-count')).toHaveText('1');
    await page.goto('/de-DE/checkout');
    await fillContact(page, `stock-${Date.now()}@example.com`);
    await page.getByLabel('Straße und Hausnummer').fill('Torstraße 1');
    await page.getByLabel('Postleitzahl').fill('10119');
    await page.getByLabel('Ort').fill('Berlin');
    await page.getByLabel('Banküberweisung').check();
    await page.getByRole('button', { name: /Zahlungspflichtig bestellen/ }).click();
    await expect(page).toHaveURL(/\/de-DE\/checkout\/result\?orderId=/);
    await expect(page.getByTestId('reservation-deadline')).toContainText(
      /Wir reservieren das Lagermotorrad für Sie bis \d{1,2}\. \p{L}+ \d{4}/u,
    );
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Meine Bestellung ansehen' }).first().click();
    await expect(page).toHaveURL(/\/de-DE\/orders\/my\//);
    await expect(page.getByTestId('reservation-deadline')).toBeVisible();
  });
});

// Decision 035: a cart stays in the market it was filled in. A visitor fills a cart on /de-DE, then signs in to an
// account whose country is France: the pages are French now, the cart is still German. The French checkout says so
// and moves the cart to France (PUT cart); the order is then placed in France.
test('a signed-in customer’s German cart opened on the French checkout is moved to France, then ordered', async ({
  browser,
  request,
}) => {
  const email = `traveller-${Date.now()}@example.com`;
  const password = 'a long enough password';
  const signUp = await request.post('/v1/user/sign-up?lang=fr&country=FR', {
    data: { email, password, name: 'Léa', secondName: 'Vogel', phone: '+33 6 12 34 56 78' },
  });
  expect(signUp.status()).toBe(202);
  const { docs } = await (await request.get(`/v1/dev/mailbox?to=${encodeURIComponent(email)}`)).json();
  const token = /\/confirm-email\/([\w-]+)/.exec(docs[0].text)?.[1];
  expect((await request.post(`/v1/user/confirm-email/${token}`)).status()).toBe(200);

  // Its own forwarded address, clear of the sign-in limit the suite shares (as signedInSession does).
  const context = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': '198.51.100.201' } });
  const page = await context.newPage();
  await addBike(page);
  await signInThroughForm(page, email, 'de-DE', password);

  await page.goto('/fr-FR/checkout');
  const notice = page.getByRole('region', { name: /Votre panier appartient à la boutique/ });
  await expect(notice).toContainText('Allemagne');
  await expect(page.getByTestId('checkout-total')).toHaveCount(0);
  await expectAccessible(page);
  await notice.getByRole('button', { name: /Transférer le panier.*France/ }).click();

  // The cart is French now: French VAT, and the order is placed in France.
  const summary = page.getByRole('region', { name: 'Récapitulatif de la commande' });
  await expect(summary).toContainText('VARG MX');
  await expect(summary).toContainText(/TVA.*20\s?%/);
  await orderToLyonByTransfer(page);
  await context.close();
});
