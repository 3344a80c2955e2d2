import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { DEMO_LEDGER_DAYS, demoLedgerDate } from '../packages/db/src/seed/dealer-ledger.ts';
import { expect, expectAccessible, test } from './fixtures.ts';
import { signedInSession as signedIn } from './pages/auth.ts';

// Dealer portal parts 6 and 7 (decision 024): a dealer's invoices and balances, their PDFs and CSV; the lead dealer's
// group; and nobody reads a ledger that is not theirs.

/** Minor units of an amount as the page prints it (`-1.028,50 €`, `11.979,00 €`, `1231,78 €`). */
function cents(text: string): number {
  const plain = text.replace(/\u2212/g, '-').replace(/[^\d,-]/g, '');
  const [whole = '0', fraction = '00'] = plain.split(',');
  const sign = whole.startsWith('-') ? -1 : 1;
  return sign * (Math.abs(Number(whole)) * 100 + Number(fraction.padEnd(2, '0')));
}

async function download(page: Page, click: () => Promise<void>) {
  const [file] = await Promise.all([page.waitForEvent('download'), click()]);
  return { name: file.suggestedFilename(), body: await readFile((await file.path()) as string) };
}

test.describe('dealer invoices and balances (dealer portal, parts 6 and 7)', () => {
  test('dealer@ reads its ledger: a balance that is the sum of its lines, filters, a PDF and the CSV', async ({
    browser,
  }) => {
    const page = await signedIn(browser, 'dealer@demo.starkfuture.com', 'es-ES');
    await page.goto('/es-ES/account');
    await page
      .getByRole('navigation', { name: 'Cuenta', exact: true })
      .getByRole('link', { name: 'Facturas y saldos' })
      .click();
    await expect(page).toHaveURL(/\/es-ES\/invoices$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Facturas y saldos');
    await expect(page.getByText('8 movimientos', { exact: true })).toBeVisible();
    await expectAccessible(page);

    // The balance per currency is the exact sum of the ledger's lines.
    const balance = cents(await page.getByTestId('balance-EUR').getByTestId('balance-amount').innerText());
    const rows = page.getByTestId('ledger-entry');
    await expect(rows).toHaveCount(8);
    const amounts = await rows.locator('td:nth-child(4)').allInnerTexts();
    expect(amounts).toHaveLength(8);
    expect(amounts.reduce((sum, a) => sum + cents(a), 0)).toBe(balance);
    expect(balance).toBe(1_232_867);
    await expect(page.getByTestId('balance-EUR')).toContainText('Vencido');

    // Filters: the overdue invoice only; then a period that ends before it starts is refused with a message.
    await page.getByLabel('Estado', { exact: true }).selectOption('overdue');
    await page.getByRole('button', { name: 'Filtrar' }).click();
    await expect(page).toHaveURL(/status=overdue/);
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('INV-2026-');
    await expect(rows.first()).toContainText('Vencida');
    await expectAccessible(page);

    // Its PDF: the link asks for a signed download and the browser saves the invoice.
    const number = (await rows.first().getByRole('link').innerText()).trim();
    const pdf = await download(page, () =>
      rows
        .first()
        .getByRole('link', { name: `Descargar ${number} en PDF` })
        .click(),
    );
    expect(pdf.name).toBe(`${number}.pdf`);
    expect(pdf.body.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // The CSV of the filtered list: header, one row, the amount as a decimal with its currency.
    const csv = await download(page, () => page.getByRole('link', { name: 'Descargar CSV' }).click());
    expect(csv.name).toBe('invoices-moto-electric-barcelona.csv');
    const lines = csv.body
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Número de documento,Tipo,Estado,Emitida,Vencimiento,Descripción,Referencia del pedido,Moneda,Base imponible,IVA,Importe,Saldo tras este movimiento',
    );
    expect(lines).toHaveLength(2);
    // The demo ledger's dates are days before the day the server seeded it, which is yesterday when the run crossed
    // midnight (UTC).
    const anchors = [new Date(), new Date(Date.now() - 86_400_000)];
    const dates = anchors.map(
      (now) =>
        `${demoLedgerDate(DEMO_LEDGER_DAYS.overdueInvoiced, now)},${demoLedgerDate(DEMO_LEDGER_DAYS.overdueDue, now)}`,
    );
    expect(lines[1]).toMatch(
      new RegExp(
        `^${number},Factura,Vencida,(${dates.join('|')}),STARK VARG MX,SO-BCN-2026-0929,EUR,9900.00,2079.00,11979.00,`,
      ),
    );

    // The whole ledger as CSV adds up to the balance too.
    await page.goto('/es-ES/invoices');
    const all = await download(page, () => page.getByRole('link', { name: 'Descargar CSV' }).click());
    const allRows = all.body.toString('utf8').trimEnd().split('\r\n').slice(1);
    expect(allRows).toHaveLength(8);
    const sum = allRows.reduce((s, row) => s + Math.round(Number(row.split(',').at(-2)) * 100), 0);
    expect(sum).toBe(balance);

    await page.goto('/es-ES/invoices?from=2026-09-01&to=2026-08-01');
    await expect(page.getByRole('alert')).toHaveText('El periodo no puede terminar antes de empezar.');
    await expect(page.getByLabel('Desde')).toHaveValue('2026-09-01');
    await expectAccessible(page);
  });

  test('the lead dealer sees its group with totals and opens a member’s invoices read-only; others cannot', async ({
    browser,
  }) => {
    const lead = await signedIn(browser, 'lead-dealer@demo.starkfuture.com', 'de-DE');
    await lead.goto('/de-DE/account');
    await lead
      .getByRole('navigation', { name: 'Konto', exact: true })
      .getByRole('link', { name: 'Händlergruppe' })
      .click();
    await expect(lead.getByRole('heading', { level: 1 })).toHaveText('Händlergruppe DACH');
    const dealers = lead.getByTestId('group-dealer');
    await expect(dealers).toHaveCount(2);
    await expect(dealers.nth(0)).toContainText('E-Offroad München');
    await expect(dealers.nth(0)).toContainText('Ihr Geschäft');
    await expect(dealers.nth(1)).toContainText('Elektro Enduro Wien');
    await expect(dealers.nth(1)).toContainText('Aktiv');
    await expectAccessible(lead);
    const viennaBalance = cents(
      (await dealers.nth(1).getByText('Offener Saldo').locator('xpath=following-sibling::dd').innerText()).trim(),
    );

    await lead.getByRole('link', { name: 'Rechnungen von Elektro Enduro Wien' }).click();
    await expect(lead).toHaveURL(/\/de-DE\/invoices\?dealer=[0-9a-f-]{36}$/);
    const viennaUrl = lead.url();
    await expect(lead.getByText('Belege von Elektro Enduro Wien (nur Lesezugriff)')).toBeVisible();
    await expect(lead.getByRole('link', { name: 'Zurück zur Händlergruppe' })).toBeVisible();
    expect(cents(await lead.getByTestId('balance-EUR').getByTestId('balance-amount').innerText())).toBe(viennaBalance);
    await expect(lead.getByTestId('ledger-entry')).toHaveCount(8);
    await expectAccessible(lead);
    // Its PDFs open for the lead dealer, and filters keep the member.
    const first = lead.getByTestId('ledger-entry').first().getByRole('link');
    const number = (await first.innerText()).trim();
    const pdf = await download(lead, () => first.click());
    expect(pdf.name).toBe(`${number}.pdf`);
    await lead.getByLabel('Art', { exact: true }).selectOption('payment');
    await lead.getByRole('button', { name: 'Filtern' }).click();
    await expect(lead).toHaveURL(/dealer=.*kind=payment|kind=payment.*dealer=/);
    await expect(lead.getByTestId('ledger-entry')).toHaveCount(2);
    const pdfPath = new URL(
      (await lead.getByTestId('ledger-entry').first().getByRole('link').getAttribute('href')) as string,
      lead.url(),
    ).pathname;

    // A dealer of another group: neither the page nor the PDF of a DACH member (404, as an unknown one).
    const lyon = await signedIn(browser, 'lyon@demo.starkfuture.com', 'fr-FR');
    const viennaId = new URL(viennaUrl).searchParams.get('dealer');
    const page = await lyon.goto(`/fr-FR/invoices?dealer=${viennaId}`);
    expect(page?.status()).toBe(404);
    const file = await lyon.request.get(pdfPath.replace('/de-DE/', '/fr-FR/'), { maxRedirects: 0 });
    expect(file.status()).toBe(404);
    const csv = await lyon.request.get(`/fr-FR/invoices/export.csv?dealer=${viennaId}`);
    expect(csv.status()).toBe(404);
    expect((await lyon.goto('/fr-FR/invoices/group'))?.status()).toBe(403);

    // A member of the group reads its own ledger, not the group.
    const vienna = await signedIn(browser, 'vienna@demo.starkfuture.com', 'de-DE');
    expect((await vienna.goto('/de-DE/invoices/group'))?.status()).toBe(403);
    await vienna.goto('/de-DE/invoices');
    await expect(vienna.getByTestId('ledger-entry')).toHaveCount(8);
    await expect(vienna.getByText('nur Lesezugriff')).toHaveCount(0);
    await expect(vienna.getByRole('link', { name: 'Händlergruppe' })).toHaveCount(0);

    // A customer: 403.
    const customer = await signedIn(browser, 'customer@demo.starkfuture.com', 'de-DE');
    expect((await customer.goto('/de-DE/invoices'))?.status()).toBe(403);
  });

  test('looks right at 375 px: no sideways scrolling', async ({ browser }) => {
    const page = await signedIn(browser, 'austin@demo.starkfuture.com', 'en-US');
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/en-US/invoices');
    await expect(page.getByTestId('balance-USD')).toBeVisible();
    await expect(page.getByTestId('ledger-entry')).toHaveCount(8);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAccessible(page);
  });
});
