import type { APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD } from '../packages/db/src/seed/people.ts';
import { expect, expectAccessible, test } from './fixtures.ts';
import { signedInSession as signedIn } from './pages/auth.ts';

// Issue 24 items 6 and 7 (decision 044): an administrator finds a customer, credits the wallet and disables the
// account; changes a dealer's maximum discount and the dealer's next cart follows it. Nobody else opens these pages.

const PASSWORD = 'motos electricas 2026';

/** A new customer, signed up and confirmed through the API and the dev mailbox. */
async function newCustomer(request: APIRequestContext, email: string) {
  const signUp = await request.post('/v1/user/sign-up?lang=en&country=ES', {
    data: { email, password: PASSWORD, name: 'Lucía', secondName: 'Martín', phone: '+34 612 000 111' },
  });
  expect(signUp.status()).toBe(202);
  const { docs } = await (await request.get(`/v1/dev/mailbox?to=${encodeURIComponent(email)}`)).json();
  const token = /\/confirm-email\/([\w-]+)/.exec(docs[0].text)?.[1];
  expect((await request.post(`/v1/user/confirm-email/${token}`)).status()).toBe(200);
}

async function tokenOf(request: APIRequestContext, email: string, password: string) {
  const res = await request.post('/v1/user/sign-in', { data: { email, password } });
  expect(res.status()).toBe(200);
  return { authorization: `Bearer ${(await res.json()).token}` };
}

test.describe('the back office: customers and dealers (issue 24)', () => {
  test('an administrator credits a customer’s wallet, then disables the account: its session stops at once', async ({
    browser,
    request,
  }) => {
    const email = `lucia-${Date.now()}@example.com`;
    await newCustomer(request, email);
    const customer = await signedIn(browser, email, 'en-US', PASSWORD);
    await customer.goto('/en-US/account');

    const admin = await signedIn(browser, 'admin@demo.starkfuture.com', 'en-US');
    await admin.goto('/en-US/admin/customers');
    await expect(admin.getByRole('heading', { level: 1 })).toHaveText('Customers');
    const main = admin.getByRole('main');
    await main.getByLabel('Email, name or phone').fill(email);
    await main.getByRole('button', { name: 'Search' }).click();
    await expect(admin).toHaveURL(/q=lucia/);
    const row = admin.getByRole('row').filter({ hasText: email });
    await expect(row).toContainText('Lucía Martín');
    await expect(row.getByRole('button', { name: `Act as this customer: ${email}` })).toBeVisible();
    await expectAccessible(admin);
    await row.getByRole('link', { name: email }).click();
    await expect(admin.getByRole('heading', { level: 1 })).toHaveText('Lucía Martín');
    await expect(admin.getByRole('link', { name: 'View orders' })).toHaveAttribute(
      'href',
      `/en-US/admin/orders?q=${encodeURIComponent(email)}`,
    );
    await expectAccessible(admin);

    // A wallet credit needs a reason; with one it is added, audited, and the customer's checkout offers it.
    const wallet = admin.getByRole('region', { name: 'Store credit', exact: true });
    await wallet.getByLabel('Amount').fill('50.00');
    await wallet.getByLabel('Currency').selectOption('EUR');
    await wallet.getByLabel('Reason').fill('Delivery was two weeks late');
    await wallet.getByRole('button', { name: 'Add credit' }).click();
    await expect(admin.getByText('The store credit was added.').first()).toBeVisible();
    await expect(wallet.getByRole('list', { name: 'Balance per currency' })).toContainText('€50.00');
    await expect(wallet).toContainText('Delivery was two weeks late');
    const history = admin.locator('section[aria-labelledby="audit-trail"]');
    await expect(history).toContainText('Store credit added');
    const headers = await tokenOf(request, email, PASSWORD);
    const cart = await (
      await request.post('/v1/cart/add-item?country=ES', { headers, data: { productId: 'varg' } })
    ).json();
    const setup = await request.post(`/v1/checkout/setup/${cart._id}`, {
      headers,
      data: { shippingAddress: { country: 'ES' } },
    });
    expect((await setup.json()).pricing.walletBalance).toBe(5_000);

    // Disabling asks first, then the customer's open session stops working at once.
    await expect(customer.getByRole('button', { name: 'Account' })).toBeVisible();
    await admin.getByRole('button', { name: 'Disable account' }).click();
    const dialog = admin.getByRole('alertdialog', { name: 'Disable this account?' });
    await expect(dialog).toContainText(email);
    await dialog.getByRole('button', { name: 'Yes' }).click();
    await expect(admin.getByText('The account is disabled and signed out everywhere.').first()).toBeVisible();
    await expect(history).toContainText('Account disabled');
    await expect(admin.getByRole('button', { name: 'Enable account' })).toBeVisible();
    expect((await request.get('/v1/user/me', { headers })).status()).toBe(401);
    await customer.goto('/en-US/account');
    await expect(customer).toHaveURL(/\/login/);
    await customer.getByLabel('Email address').fill(email);
    await customer.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await customer.getByRole('button', { name: 'Sign in' }).click();
    await expect(customer.getByText('This account has been disabled. Please contact customer service.')).toBeVisible();

    // Anyone but an administrator gets a 403 on the back office's pages.
    const other = await signedIn(browser, 'customer@demo.starkfuture.com', 'en-US');
    for (const path of ['/en-US/admin/customers', '/en-US/admin/dealers']) {
      const denied = await other.goto(path);
      expect(denied?.status()).toBe(403);
    }
  });

  test("an administrator lowers a dealer's maximum discount: the history shows it and the dealer's next cart follows", async ({
    browser,
    request,
  }) => {
    const admin = await signedIn(browser, 'admin@demo.starkfuture.com', 'en-US');
    await admin.goto('/en-US/admin/dealers?q=dealer%40demo.starkfuture.com&status=approved');
    await expect(admin.getByRole('heading', { level: 1 })).toHaveText('Dealers');
    await expectAccessible(admin);
    const row = admin.getByRole('row').filter({
      has: admin.getByRole('cell', { name: 'dealer@demo.starkfuture.com', exact: true }),
    });
    await row.getByRole('link').first().click();
    await expect(admin.getByLabel('Maximum discount (%)')).toHaveValue('10');
    await expectAccessible(admin);

    const headers = await tokenOf(request, 'dealer@demo.starkfuture.com', DEMO_PASSWORD);
    const addAtTenPercentOff = () =>
      request.post('/v1/cart/add-item?country=ES', { headers, data: { productId: 'varg', overwritePrice: 1_071_000 } });
    await request.put('/v1/cart/clean', { headers });

    await admin.getByLabel('Maximum discount (%)').fill('5');
    await admin.getByRole('button', { name: 'Save terms' }).click();
    await expect(admin.getByText('The terms were saved.').first()).toBeVisible();
    const history = admin.locator('section[aria-labelledby="audit-trail"]');
    await expect(history).toContainText('Terms changed');
    await expect(history).toContainText('maxDiscountBp');
    const refused = await addAtTenPercentOff();
    expect(refused.status()).toBe(400);
    expect((await refused.json()).code).toBe('PRICE_BELOW_ALLOWED_DISCOUNT');

    // Back to 10 %: the dealer's price at 10 % off is accepted again.
    await admin.getByLabel('Maximum discount (%)').fill('10');
    await admin.getByRole('button', { name: 'Save terms' }).click();
    await expect(history.getByRole('listitem')).toHaveCount(2);
    expect((await addAtTenPercentOff()).status()).toBe(200);
    await request.put('/v1/cart/clean', { headers });

    // A payment received goes into a dealer's ledger (another dealer than dealer@, whose seeded ledger the dealer
    // portal's tests count).
    await admin.goto('/en-US/admin/dealers?q=rotterdam%40demo.starkfuture.com&status=approved');
    await admin
      .getByRole('row')
      .filter({ has: admin.getByRole('cell', { name: 'rotterdam@demo.starkfuture.com', exact: true }) })
      .getByRole('link')
      .first()
      .click();
    const ledger = admin.locator('section[aria-labelledby="ledger"]');
    await ledger.getByLabel('Type').selectOption('payment');
    await ledger.getByLabel('Amount incl. VAT').fill('250.00');
    await ledger.getByLabel('Description').fill('Bank transfer 2026-11-25');
    await ledger.getByRole('button', { name: 'Add entry' }).click();
    await expect(admin.getByText('The entry was added to the dealer’s ledger.').first()).toBeVisible();
    await expect(ledger.getByRole('table')).toContainText('Bank transfer 2026-11-25');
  });
});
