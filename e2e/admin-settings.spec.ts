import { expect, expectAccessible, test } from './fixtures.ts';
import { signedInSession as signedIn } from './pages/auth.ts';

// Issue 24 leftovers (decision 054): an administrator changes a market's payment kinds and delivery fee and the
// checkout follows at once; the staff list exports as CSV. The United Kingdom is changed and put back afterwards.

test.describe('market checkout settings in the back office (issue 24)', () => {
  test('no deposit and a lower delivery fee in the UK: the checkout follows; audited; then restored', async ({
    browser,
    page,
  }) => {
    test.setTimeout(180_000);
    await page.goto('/en-GB/pre-summary?model=varg&power=80hp');
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(page.getByTestId('cart-count')).toHaveText('1');
    await page.goto('/en-GB/checkout');
    const summary = page.getByRole('region', { name: 'Order summary' });
    await expect(summary).toContainText('£259.00');
    await expect(page.getByRole('radio', { name: /Deposit/ })).toBeVisible();

    const admin = await signedIn(browser, 'admin@demo.starkfuture.com', 'en-US');
    await admin.goto('/en-US/admin/markets/GB');
    const settings = admin.getByRole('region', { name: 'Checkout: payments and shipping' });
    await expect(settings).toContainText('The standard values');
    await expect(settings.getByRole('checkbox', { name: /Card/ })).toBeDisabled();
    await expectAccessible(admin);
    const history = admin.getByRole('region', { name: 'History' });
    /** Saves and waits for the change's entry in the history (the `saves`-th one). */
    const save = async (deposit: boolean, fee: string, saves: number) => {
      await settings.getByRole('checkbox', { name: 'Deposit' }).setChecked(deposit);
      await settings.getByLabel('Home delivery of a bike').fill(fee);
      await settings.getByRole('button', { name: 'Save checkout settings' }).click();
      await expect(history.getByText('Checkout settings changed')).toHaveCount(saves);
      await expect(admin.getByText('The checkout settings were saved; the checkout follows at once.')).toBeVisible();
    };

    // A fee that is not an amount is refused and stays as typed.
    await settings.getByLabel('Home delivery of a bike').fill('cheap');
    await settings.getByRole('button', { name: 'Save checkout settings' }).click();
    await expect(settings.getByText('Check the fees')).toBeVisible();
    await expect(settings.getByLabel('Home delivery of a bike')).toHaveValue('cheap');

    await save(false, '199.00', 1);
    await expect(settings).toContainText('Set for this market.');
    await expectAccessible(admin);

    await page.reload();
    await expect(summary).toContainText('£199.00');
    await expect(page.getByRole('radio', { name: /Deposit/ })).toHaveCount(0);
    await expectAccessible(page);

    // Put back as it was for the other journeys.
    await save(true, '259.00', 2);
    await page.reload();
    await expect(summary).toContainText('£259.00');
    await expect(page.getByRole('radio', { name: /Deposit/ })).toBeVisible();
  });

  test('the staff list exports as CSV with its role filter; others are refused', async ({ browser }) => {
    test.setTimeout(90_000);
    const admin = await signedIn(browser, 'admin@demo.starkfuture.com', 'en-US');
    await admin.goto('/en-US/admin/staff?role=admin');
    await expect(admin.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', /export\/staff\?role=admin/);
    const csv = await admin.request.get('/en-US/admin/export/staff?role=admin');
    expect(csv.headers()['content-type']).toContain('text/csv');
    const lines = (await csv.text()).trim().split('\r\n');
    expect(lines[0]).toContain('Roles');
    expect(lines.some((l) => l.includes('admin@demo.starkfuture.com'))).toBe(true);
    expect(lines.slice(1).every((l) => l.includes('Administrator'))).toBe(true);
    const dealer = await signedIn(browser, 'dealer@demo.starkfuture.com', 'en-US');
    expect((await dealer.request.get('/en-US/admin/export/staff')).status()).toBe(403);
  });

  test("an administrator marks a dealer's invoice paid and voids a credit note; the dealer sees both", async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const admin = await signedIn(browser, 'admin@demo.starkfuture.com', 'en-US');
    await admin.goto('/en-US/admin/dealers?q=rotterdam%40demo.starkfuture.com&status=approved');
    await admin
      .getByRole('row')
      .filter({ has: admin.getByRole('cell', { name: 'rotterdam@demo.starkfuture.com', exact: true }) })
      .getByRole('link')
      .first()
      .click();
    const ledger = admin.locator('section[aria-labelledby="ledger"]');
    const issue = async (kind: string, amount: string, description: string) => {
      await ledger.getByLabel('Type').selectOption(kind);
      await ledger.getByLabel('Amount incl. VAT').fill(amount);
      await ledger.getByLabel('Description').fill(description);
      if (kind === 'invoice') await ledger.getByLabel('Due').fill('2099-01-31');
      await ledger.getByRole('button', { name: 'Add entry' }).click();
      await expect(ledger.getByRole('table')).toContainText(description);
      return ledger.getByRole('row').filter({ hasText: description });
    };
    const invoice = await issue('invoice', '120.00', 'Workshop parts e2e');
    const invoiceNumber = /INV-\d{4}-\d{6}/.exec((await invoice.textContent()) ?? '')?.[0] ?? 'no number';
    await invoice.getByRole('button', { name: /^Mark paid INV-/ }).click();
    const paid = admin.getByRole('alertdialog', { name: /as paid\?$/ });
    await expect(paid).toContainText('The balance does not change');
    await expectAccessible(admin);
    await paid.getByRole('button', { name: 'Yes' }).click();
    await expect(admin.getByText('The invoice is marked as paid.').first()).toBeVisible();
    await expect(invoice).toContainText('Paid');
    await expect(invoice.getByRole('button', { name: /^Mark paid/ })).toHaveCount(0);

    const credit = await issue('credit_note', '10.00', 'Wrong mirror e2e');
    const creditNumber = /CN-\d{4}-\d{6}/.exec((await credit.textContent()) ?? '')?.[0] ?? 'no number';
    await expect(credit.getByRole('button', { name: /^Mark paid/ })).toHaveCount(0);
    await credit.getByText('Void', { exact: true }).click();
    await credit.getByLabel(/^Reason for voiding CN-/).fill('The mirror was right');
    await credit.getByRole('button', { name: 'Void entry' }).click();
    const voiding = admin.getByRole('alertdialog', { name: /^Void CN-.*\?$/ });
    await expect(voiding).toContainText('cannot be undone');
    await voiding.getByRole('button', { name: 'Yes' }).click();
    await expect(admin.getByText('The entry is void.').first()).toBeVisible();
    await expect(credit.getByRole('button', { name: 'Void entry' })).toHaveCount(0);
    await expect(credit).toContainText('Void');
    const history = admin.getByRole('region', { name: 'History' });
    await expect(history.getByText('Invoice marked as paid')).toBeVisible();
    await expect(history.getByText('Ledger entry voided')).toBeVisible();
    await expectAccessible(admin);

    // The Rotterdam dealer's own invoices page (in Dutch) shows both.
    const dealer = await signedIn(browser, 'rotterdam@demo.starkfuture.com', 'nl-NL');
    await dealer.goto('/nl-NL/invoices');
    const rows = dealer.getByTestId('ledger-entry');
    await expect(rows.filter({ hasText: invoiceNumber })).toContainText('Betaald');
    await expect(rows.filter({ hasText: creditNumber })).toContainText('Geannuleerd');
  });
});
