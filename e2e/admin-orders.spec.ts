import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures.ts';
import { signedInSession } from './pages/auth.ts';
import { StorePages } from './pages/store.ts';
import { useFakeStripe } from './stripe-route.ts';

// The back office's orders (issue 24 item 5, decision 042), as an administrator in a real browser: a Dutch part paid
// by card through (the stand-in for) Stripe is shipped with a tracking number and then half refunded — the ledger,
// the balance and the buyer's e-mail exact; an unpaid stock-bike order is cancelled and its bike is bookable again.

/** A new Dutch buyer orders a tyre and pays by card in Stripe's Payment Element; answers the order and e-mail. */
async function paidPartsOrder(page: Page) {
  await useFakeStripe(page);
  await page.goto('/nl-NL/parts-and-accessories/spare-parts/varg/tyres-and-wheels');
  await new StorePages(page)
    .article('Pirelli Scorpion MX32 80/100-21')
    .getByRole('button', { name: 'In winkelwagen' })
    .click();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await page.goto('/nl-NL/checkout');
  const email = `admin-orders-${Date.now()}@example.com`;
  await page.getByLabel('Voornaam').fill('Sanne');
  await page.getByLabel('Achternaam').fill('de Vries');
  await page.getByLabel('E-mailadres').fill(email);
  await page.getByLabel('Telefoon').fill('06 12345678');
  await page.getByLabel('Straat en huisnummer').fill('Damrak 1');
  await page.getByLabel('Postcode').fill('1012 LG');
  await page.getByLabel('Plaats').fill('Amsterdam');
  await page.getByRole('radio', { name: 'Kaart' }).check();
  await page.getByTestId('stripe-payment-element').getByLabel('Card number').fill('4242424242424242');
  await page.getByRole('button', { name: /Bestellen en .* betalen/ }).click();
  await expect(page).toHaveURL(/storeOrderId=.+&paymentId=.+/);
  const orderId = new URL(page.url()).searchParams.get('storeOrderId') as string;
  return { orderId, email };
}

/** An anonymous buyer orders a Spanish stock bike through the API and does not pay; answers the order and bike. */
async function unpaidStockBikeOrder(request: APIRequestContext) {
  const stock = await (await request.post('/v1/vehicles/stock-bikes', { data: { country: 'ES' } })).json();
  const bike = stock.docs[stock.docs.length - 1]._id as string;
  const cart = await (
    await request.post('/v1/cart/add-stock-bike?country=ES', { data: { stockBikeId: bike, quantity: 1 } })
  ).json();
  const confirmed = await request.post('/v1/checkout', {
    data: {
      cart_id: cart._id,
      first_name: 'Lucía',
      last_name: 'García',
      email: `stock-${Date.now()}@example.com`,
      phone: '+34 612 000 111',
      address_input: { country: 'ES', line_1: 'Calle Mayor 1', postal_code: '28013', city: 'Madrid' },
      shipping_method: 'home_delivery',
      language: 'es',
    },
  });
  expect(confirmed.status()).toBe(200);
  return { orderId: (await confirmed.json()).order._id as string, bike };
}

/** The newest e-mail to an address (the dev mailbox answers this machine). */
async function lastMail(request: APIRequestContext, to: string) {
  const res = await request.get(`/v1/dev/mailbox?to=${encodeURIComponent(to)}`);
  return (await res.json()).docs[0] as { subject: string; text: string };
}

test.describe('the back office’s orders (issue 24)', () => {
  test('an administrator ships a paid part, refunds half of its card payment, and cancels an unpaid stock-bike order', async ({
    page,
    browser,
    request,
  }) => {
    // Three sessions and a payment through the stand-in for Stripe: longer than one page's journey.
    test.setTimeout(120_000);
    const bought = await paidPartsOrder(page);
    const admin = await signedInSession(browser, 'admin@demo.starkfuture.com', 'en-US');

    // The list finds the order by the buyer's e-mail.
    await admin.goto(`/en-US/admin/orders?q=${encodeURIComponent(bought.email)}`);
    await expect(admin.getByRole('heading', { level: 1 })).toHaveText('Orders');
    const row = admin.getByRole('row').filter({ hasText: bought.email });
    await expect(row).toContainText('Paid');
    await expectAccessible(admin);
    // The CSV export follows the search.
    const csv = await admin.request.get(`/en-US/admin/export/orders?q=${encodeURIComponent(bought.email)}`);
    expect(csv.headers()['content-type']).toContain('text/csv');
    const lines = (await csv.text()).trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain('Payment deadline');
    expect(lines[1]).toContain(bought.email);
    await row.getByRole('link').first().click();
    await expect(admin).toHaveURL(new RegExp(`/en-US/admin/orders/${bought.orderId}$`));
    await expect(admin.getByRole('heading', { level: 1 })).toHaveText(/^Order \d+$/);
    await expectAccessible(admin);

    // Ship it with a tracking number: the buyer is e-mailed the link and sees the parcel on the order.
    await admin.getByLabel('Carrier', { exact: true }).selectOption('ups');
    await admin.getByLabel('Tracking number').fill('1Z 999 AA1 0123456784');
    await admin.getByRole('button', { name: 'Ship and email the tracking link' }).click();
    await expect(admin.getByText('Package recorded. The buyer was emailed the tracking link.')).toBeVisible();
    await expect(admin.getByText('UPS, tracking number 1Z999AA10123456784')).toBeVisible();
    const shipped = await lastMail(request, bought.email);
    expect(shipped.text).toContain('https://www.ups.com/track?tracknum=1Z999AA10123456784');
    await page.goto(`/nl-NL/orders/parts/${bought.orderId}`);
    await expect(page.getByText('UPS, trackingnummer 1Z999AA10123456784')).toBeVisible();

    // Refund half of the card payment through Stripe: the balance and the buyer's e-mail are exact.
    const ledger = admin.getByRole('region', { name: 'Payment ledger' });
    await ledger.getByText(/^Refund \(Up to/).click();
    const amount = ledger.getByLabel('Amount (EUR)');
    const full = Number((await amount.inputValue()).replace(',', '.'));
    const half = (Math.round((full * 100) / 2) / 100).toFixed(2);
    await amount.fill(half);
    await ledger.getByLabel('The buyer gets this amount back and the order owes it again.').check();
    await ledger.getByRole('button', { name: 'Refund and email the buyer' }).click();
    await expect(admin.getByText(/refunded\. The buyer was emailed\./)).toBeVisible();
    await expect(admin.getByText('Partially paid').first()).toBeVisible();
    const euros = (n: string) =>
      new Intl.NumberFormat('nl-NL', { style: 'currency', currency: 'EUR' }).format(Number(n));
    const refundMail = await lastMail(request, bought.email);
    expect(refundMail.subject).toMatch(/^Terugbetaling voor uw bestelling \d+$/);
    expect(refundMail.text).toContain(`Wij betalen ${euros(half)} terug`);
    expect(refundMail.text).toContain(euros((full - Number(half)).toFixed(2)));
    await expect(admin.getByRole('region', { name: 'History' })).toContainText('Payment refunded');
    await expect(admin.getByRole('region', { name: 'Emails to the buyer' })).toContainText(refundMail.subject);

    // Cancel an unpaid stock-bike order: its bike is bookable again.
    const unpaid = await unpaidStockBikeOrder(request);
    await admin.goto(`/en-US/admin/orders/${unpaid.orderId}`);
    const cancel = admin.getByRole('region', { name: 'Cancel order' });
    await cancel.getByText('Cancel order…').click();
    await cancel.getByLabel('Reason (kept in the audit trail)').fill('Never paid');
    await cancel.getByRole('button', { name: /^Yes, cancel order \d+$/ }).click();
    await expect(admin.getByText('Order canceled. The buyer was emailed.')).toBeVisible();
    await expect(admin.getByRole('region', { name: 'History' })).toContainText('Order canceled');
    await expectAccessible(admin);
    const again = await request.post('/v1/cart/add-stock-bike?country=ES', {
      data: { stockBikeId: unpaid.bike, quantity: 1 },
    });
    expect(again.status()).toBe(200);

    // Nobody else reaches the page.
    const customer = await signedInSession(browser, 'customer@demo.starkfuture.com', 'en-US');
    expect((await customer.goto('/en-US/admin/orders'))?.status()).toBe(403);
    expect((await customer.goto(`/en-US/admin/orders/${unpaid.orderId}`))?.status()).toBe(403);
  });
});
