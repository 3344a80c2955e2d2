import { readFile } from 'node:fs/promises';
import { DEMO_PARTS_ORDER_ID, DEMO_VEHICLE_ORDER_ID } from '../packages/db/src/seed/orders.ts';
import { DEMO_PASSWORD } from '../packages/db/src/seed/people.ts';
import { expect, expectAccessible, test } from './fixtures.ts';

test.describe('orders and invoices (issue 5)', () => {
  test('the demo customer finds both orders, opens one and downloads its invoice as a PDF', async ({ page }) => {
    // A signed-out visitor is sent to sign in and comes back to the orders.
    await page.goto('/de-DE/orders/my');
    await expect(page).toHaveURL(/\/de-DE\/login\?from=%2Forders%2Fmy$/);
    await page.getByLabel(/E-Mail/).fill('customer@demo.starkfuture.com');
    await page.getByLabel('Passwort', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: /Anmelden/ }).click();
    await expect(page).toHaveURL(/\/de-DE\/orders\/my$/);

    await expect(page.getByRole('heading', { level: 1, name: 'Meine Bestellungen' })).toBeVisible();
    const orders = page.getByRole('list', { name: 'Meine Bestellungen' }).getByRole('listitem');
    await expect(orders).toHaveCount(1);
    await expect(orders.first()).toContainText('Teilweise bezahlt');
    await expect(orders.first()).toContainText(/15\.277,00\s€/);
    // The balance can be paid straight from the list.
    await expect(orders.first().getByRole('link', { name: /Restzahlung leisten/ })).toHaveAttribute(
      'href',
      `/de-DE/complete-order/${DEMO_VEHICLE_ORDER_ID}`,
    );
    await expectAccessible(page);

    await page.getByRole('link', { name: 'Bestellung 100001' }).click();
    await expect(page).toHaveURL(new RegExp(`/de-DE/orders/my/${DEMO_VEHICLE_ORDER_ID}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Bestellung 100001' })).toBeVisible();
    const items = page.getByRole('region', { name: 'Artikel' });
    await expect(items.getByRole('heading', { name: 'VARG EX' })).toBeVisible();
    await expect(items.getByText('Grau')).toBeVisible();
    const summary = page.getByRole('region', { name: 'Übersicht' });
    await expect(summary).toContainText(/Gesamt\s*15\.777,00\s€/);
    await expect(summary).toContainText(/Offener Betrag\s*15\.277,00\s€/);
    await expect(page.getByRole('region', { name: 'Zahlungen' })).toContainText('Reservierungszahlung · Karte');
    await expect(page.getByText('11. Mai 2026')).toBeVisible();
    await expectAccessible(page);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Rechnung herunterladen' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('invoice-100001.pdf');
    const pdf = await readFile(await download.path());
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.length).toBeGreaterThan(2_000);

    // The parts order, from the account menu.
    await page.getByRole('navigation', { name: 'Konto' }).getByRole('link', { name: 'Teilebestellungen' }).click();
    await expect(page).toHaveURL(/\/de-DE\/orders\/parts$/);
    const parts = page.getByRole('list', { name: 'Teilebestellungen' }).getByRole('listitem');
    await expect(parts).toHaveCount(1);
    await expect(parts.first()).toContainText('Bezahlt');
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Bestellung 100002' }).click();
    await expect(page).toHaveURL(new RegExp(`/de-DE/orders/parts/${DEMO_PARTS_ORDER_ID}$`));
    await expect(page.getByRole('heading', { name: 'Pirelli Scorpion XC 120/100-18' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Übersicht' })).toContainText(/Offener Betrag\s*0,00\s€/);
    await expect(page.getByRole('region', { name: 'Zahlungen' })).toContainText(
      'Vollständige Zahlung · Banküberweisung',
    );
    await expectAccessible(page);

    // The orders list is for dealers: a customer goes to their own orders (spec section 5).
    await page.goto('/de-DE/orders');
    await expect(page).toHaveURL(/\/de-DE\/orders\/my$/);
    // An order read at the other type's address is not found.
    const missing = await page.goto(`/de-DE/orders/my/${DEMO_PARTS_ORDER_ID}`);
    expect(missing?.status()).toBe(404);
    await expect(page.getByText('Wir konnten diese Bestellung nicht finden.')).toBeVisible();
  });

  test('a dealer without orders sees the dealers’ orders list, empty, with where to start', async ({ page }) => {
    await page.goto('/de-AT/orders');
    await expect(page).toHaveURL(/\/de-AT\/login\?from=%2Forders$/);
    await page.getByLabel(/E-Mail/).fill('vienna@demo.starkfuture.com');
    await page.getByLabel('Passwort', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: /Anmelden/ }).click();
    await expect(page).toHaveURL(/\/de-AT\/orders$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Bestellungen' })).toBeVisible();
    await expect(page.getByText('Noch keine Bestellungen.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Lagermotorrad bestellen' })).toHaveAttribute(
      'href',
      '/de-AT/varg/stock-bikes',
    );
    await expect(page.getByRole('link', { name: 'Konfigurieren Sie Ihre VARG' })).toHaveAttribute(
      'href',
      '/de-AT/varg/configurator',
    );
    await expectAccessible(page);
  });
});
