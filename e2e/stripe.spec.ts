import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures.ts';
import { StorePages } from './pages/store.ts';
import { useFakeStripe } from './stripe-route.ts';

// Issue 6, "with Stripe keys configured the same flows use Stripe": the e2e server pays the Netherlands through
// Stripe (playwright.config.ts: PAYMENT_PROVIDER=stripe, STRIPE_MARKETS=NL). Stripe itself is out of reach here, so a
// stand-in (e2e/fake-stripe.ts) answers the SDK's API calls, serves Stripe.js and sends signed webhooks.

async function buyTyre(page: Page) {
  await page.goto('/nl-NL/parts-and-accessories/spare-parts/varg/tyres-and-wheels');
  await new StorePages(page)
    .article('Pirelli Scorpion MX32 80/100-21')
    .getByRole('button', { name: 'In winkelwagen' })
    .click();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await page.goto('/nl-NL/checkout');
  await dutchBuyer(page);
}

/** A new Dutch buyer's contact details and address on the checkout. */
async function dutchBuyer(page: Page) {
  await page.getByLabel('Voornaam').fill('Sanne');
  await page.getByLabel('Achternaam').fill('de Vries');
  await page.getByLabel('E-mailadres').fill(`sanne-${Date.now()}@example.com`);
  await page.getByLabel('Telefoon').fill('06 12345678');
  await page.getByLabel('Straat en huisnummer').fill('Damrak 1');
  await page.getByLabel('Postcode').fill('1012 LG');
  await page.getByLabel('Plaats').fill('Amsterdam');
}

test.describe('payments through Stripe (issue 6)', () => {
  test('in /nl-NL a part is paid by card in Stripe’s Payment Element; it is paid when Stripe brings the buyer back; a card is saved at Stripe', async ({
    page,
  }) => {
    await useFakeStripe(page);
    await buyTyre(page);
    await page.getByRole('radio', { name: 'Kaart' }).check();
    const element = page.getByTestId('stripe-payment-element');
    await expect(element.getByLabel('Card number')).toBeVisible();

    await expectAccessible(page);
    await element.getByLabel('Card number').fill('4242424242424242');
    await page.getByRole('button', { name: /Bestellen en .* betalen/ }).click();

    await expect(page).toHaveURL(/\/nl-NL\/checkout\/result\?storeOrderId=.+&paymentId=.+&payment_intent=/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bedankt! Uw bestelling is betaald.');

    // The buyer (signed in by the checkout) saves a card at Stripe from the account: Stripe's element in setup mode.
    await page.goto('/nl-NL/account/cards');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Uw betaalkaarten');
    const setup = page.getByTestId('stripe-payment-element');
    await setup.getByLabel('Card number').fill('4242424242424242');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Kaart opslaan' }).click();
    await expect(page).toHaveURL(/\/nl-NL\/account\/cards\?saved=1&setup_intent=.+&redirect_status=succeeded/);
    await expect(page.getByText('De kaart is opgeslagen.')).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: 'eindigend op 4242' })).toBeVisible();
  });

  test('a card Stripe declines is tried again on the order’s payment page', async ({ page }) => {
    await useFakeStripe(page);
    await buyTyre(page);
    await page.getByRole('radio', { name: 'Kaart' }).check();
    const element = page.getByTestId('stripe-payment-element');
    await element.getByLabel('Card number').fill('4000000000000002');
    await page.getByRole('button', { name: /Bestellen en .* betalen/ }).click();

    await expect(page).toHaveURL(/\/nl-NL\/complete-order\/.+\?payment=failed&code=card_declined/);
    await expect(page.getByRole('alert')).toContainText('Uw kaart is geweigerd');
    await page.getByTestId('stripe-payment-element').getByLabel('Card number').fill('4242424242424242');
    await page.getByRole('button', { name: /betalen/ }).click();
    await expect(page).toHaveURL(/\/nl-NL\/checkout\/result\?storeOrderId=.+&paymentId=/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bedankt! Uw bestelling is betaald.');
  });

  test('a bike in /nl-NL is offered only what Stripe takes: Klarna and SEPA, no Splitit', async ({ page }) => {
    await useFakeStripe(page);
    await page.goto('/nl-NL/pre-summary?model=varg');
    await page.getByRole('main').getByRole('button', { name: 'In winkelwagen' }).click();
    await expect(page.getByTestId('cart-count')).toHaveText('1');
    await page.goto('/nl-NL/checkout');
    const payment = page.getByRole('group', { name: 'Betaling' });
    await expect(payment.getByRole('radio', { name: 'Klarna' })).toBeVisible();
    await expect(payment.getByRole('radio', { name: 'SEPA-incasso' })).toBeVisible();
    // The domain's rules offer Splitit in the Netherlands; Stripe has no Splitit, so the market does not.
    await expect(payment.getByRole('radio', { name: /Splitit/ })).toHaveCount(0);
  });

  test('the Payment Element follows the amount due; when Stripe refuses a new amount the checkout says so until it takes one', async ({
    page,
  }) => {
    type FakeWindow = { fakeStripe: { failUpdates: boolean; updates: { amount?: number }[] } };
    await useFakeStripe(page);
    await page.goto('/nl-NL/pre-summary?model=varg');
    await page.getByRole('main').getByRole('button', { name: 'In winkelwagen' }).click();
    await expect(page.getByTestId('cart-count')).toHaveText('1');
    await page.goto('/nl-NL/checkout');
    await dutchBuyer(page);
    await page.getByRole('group', { name: 'Betaling' }).getByRole('radio', { name: 'Kaart', exact: true }).check();
    await expect(page.getByTestId('stripe-payment-element')).toBeVisible();
    const refused = page.getByText('Het bedrag van uw betaling kon niet worden bijgewerkt. Probeer het opnieuw.');

    await page.evaluate(() => {
      (window as unknown as FakeWindow).fakeStripe.failUpdates = true;
    });
    await page.getByRole('radio', { name: /^Aanbetaling/ }).check();
    await expect(refused).toBeVisible();
    // Nothing was placed: the buyer is still on the checkout, and submitting asks Stripe again.
    await page.getByRole('button', { name: /^Bestellen en/ }).click();
    await expect(refused).toBeVisible();
    await expect(page).toHaveURL(/\/nl-NL\/checkout$/);

    await page.evaluate(() => {
      (window as unknown as FakeWindow).fakeStripe.failUpdates = false;
    });
    await page.getByRole('radio', { name: /^Volledige betaling/ }).check();
    await expect(refused).toHaveCount(0);
    const updates = await page.evaluate(() => (window as unknown as FakeWindow).fakeStripe.updates);
    expect(updates.at(-1)?.amount).toBeGreaterThan(500_000);
  });
});
