import type { APIRequestContext } from '@playwright/test';
import { expect, expectAccessible, test, whenHydrated } from './fixtures.ts';
import { signedInSession } from './pages/auth.ts';

// The customer's wallet page (issue 25, decision 051) and the dealers' reorder, in a real browser: a new customer's
// bike order is paid, an administrator lowers its price, and the customer finds the credit in their store-credit
// history with their referral link; a dealer reorders its own order into a cart and lands on the checkout.

const PASSWORD = 'wallet-e2e-2026';
const DEMO_PASSWORD = 'varg-demo-2026';

async function tokenOf(request: APIRequestContext, email: string, password: string) {
  const res = await request.post('/v1/user/sign-in', { data: { email, password } });
  expect(res.status()).toBe(200);
  return { authorization: `Bearer ${(await res.json()).token}` };
}

/** A new customer, signed up and confirmed through the API and the dev mailbox. */
async function newCustomer(request: APIRequestContext, email: string) {
  const signUp = await request.post('/v1/user/sign-up?lang=en&country=ES', {
    data: { email, password: PASSWORD, name: 'Lucía', secondName: 'Martín', phone: '+34 612 000 111' },
  });
  expect(signUp.status()).toBe(202);
  const { docs } = await (await request.get(`/v1/dev/mailbox?to=${encodeURIComponent(email)}`)).json();
  const token = /\/confirm-email\/([\w-]+)/.exec(docs[0].text)?.[1];
  expect((await request.post(`/v1/user/confirm-email/${token}`)).status()).toBe(200);
  return tokenOf(request, email, PASSWORD);
}

/** A bike ordered by the signed-in caller of `headers` in a market; answers the order's id. */
async function bikeOrder(request: APIRequestContext, headers: Record<string, string>, country: 'NO' | 'US') {
  const cart = await (
    await request.post(`/v1/cart/add-item?country=${country}`, { headers, data: { productId: 'varg' } })
  ).json();
  const address =
    country === 'NO'
      ? { country: 'NO', line_1: 'Karl Johans gate 1', postal_code: '0154', city: 'Oslo' }
      : { country: 'US', line_1: '3960 Morena Blvd', postal_code: '92117', city: 'San Diego', state: 'CA' };
  const confirmed = await request.post('/v1/checkout', {
    headers,
    data: {
      cart_id: cart._id,
      first_name: 'Lucía',
      last_name: 'Martín',
      email: `wallet-${Date.now()}@example.com`,
      phone: '+34 612 000 111',
      address_input: address,
      shipping_method: 'home_delivery',
      language: 'en',
    },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  return (await confirmed.json()).order._id as string;
}

test.describe('the wallet page and the dealers’ reorder (issue 25)', () => {
  test('a customer finds an order edit’s credit in their store-credit history, with their referral link', async ({
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const email = `wallet-${Date.now()}@example.com`;
    const customer = await newCustomer(request, email);
    // Norway: a transfer to our own account, which an administrator records.
    const orderId = await bikeOrder(request, customer, 'NO');
    // Paid in full by transfer, which an administrator records; then the administrator lowers the bike's price.
    const payment = await request.post('/v1/payment', {
      headers: customer,
      data: { kind: 'full', method: 'stark_bank_transfer', order: orderId },
    });
    expect(payment.status(), await payment.text()).toBe(200);
    const admin = await tokenOf(request, 'admin@demo.starkfuture.com', DEMO_PASSWORD);
    const received = await request.post(`/v1/admin/payments/${(await payment.json())._id}/received`, {
      headers: admin,
      data: { outcome: 'succeeded' },
    });
    expect(received.status(), await received.text()).toBe(200);
    const order = await (await request.get(`/v1/order/${orderId}`, { headers: customer })).json();
    expect(order.status).toBe('paid');
    const line = order.lines[0];
    const edited = await request.put('/v1/order/edit-item', {
      headers: admin,
      data: { orderId, lineId: line.id, quantity: 1, overwritePrice: line.unitPrice - 50_000 },
    });
    expect(edited.status(), await edited.text()).toBe(200);
    expect((await edited.json()).settlement.credited).toBe(50_000);

    const page = await signedInSession(browser, email, 'en-US', PASSWORD);
    await page.goto('/en-US/account');
    await page
      .getByRole('navigation', { name: 'Account', exact: true })
      .getByRole('link', { name: 'Store credit' })
      .click();
    // The account's market (Spain) keeps its segment: /en-ES/account/wallet.
    await expect(page).toHaveURL(/\/en-ES\/account\/wallet$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Store credit');
    await expect(page.getByRole('list', { name: 'Balance per currency' })).toHaveText(
      /^(NOK|kr)\s?500\.00$|^500\.00\s?(NOK|kr)$/,
    );
    const history = page.getByRole('table', { name: 'Store credit history' });
    await expect(history.getByRole('row')).toHaveCount(2);
    await expect(history.getByRole('row').nth(1)).toContainText('Order edit');
    await expect(history.getByRole('row').nth(1)).toContainText(/500\.00/);
    // The referral code and its sign-up link, and the programme's terms.
    const code = (await page.getByTestId('referral-code').innerText()).trim();
    expect(code).toMatch(/^[0-9A-Z]{8}$/);
    await expect(page.getByLabel('Your sign-up link')).toHaveValue(new RegExp(`/en-ES/create\\?ref=${code}$`));
    await expect(page.getByRole('link', { name: 'VARG referral program' })).toBeVisible();
    await expectAccessible(page);

    // The sign-up link says which code the new account is made with.
    const friend = await (await browser.newContext()).newPage();
    await friend.goto(`/en-US/create?ref=${code}`);
    await expect(friend.getByText(`You are signing up with the referral code ${code}.`)).toBeVisible();
    await expectAccessible(friend);
  });

  test('a dealer reorders its own order: the cart holds it again and the checkout opens; a failure is told', async ({
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const dealer = await tokenOf(request, 'sandiego@demo.starkfuture.com', DEMO_PASSWORD);
    const orderId = await bikeOrder(request, dealer, 'US');
    const page = await signedInSession(browser, 'sandiego@demo.starkfuture.com', 'en-US');
    try {
      await page.goto(`/en-US/orders/${orderId}`);
      const reorder = page.getByRole('button', { name: 'Reorder' });
      await whenHydrated(reorder);
      // A cart that is gone: the server's message is shown, nothing else changes. The hidden field is changed and the
      // form sent in one task: any re-render of React in between would set the field back to the order's cart.
      await reorder.evaluate((button: HTMLButtonElement) => {
        const input = button.form?.querySelector<HTMLInputElement>('input[name="cartId"]');
        if (!input || !button.form) throw new Error('no reorder form');
        input.value = '00000000-0000-4000-8000-000000000000';
        button.form.requestSubmit(button);
      });
      await expect(page.getByRole('alert')).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`/en-US/orders/${orderId}$`));
      await expectAccessible(page);

      await page.reload();
      await page.getByRole('button', { name: 'Reorder' }).click();
      await expect(page).toHaveURL(/\/en-US\/checkout$/);
      await expect(page.getByRole('listitem').filter({ hasText: /1 × VARG/ })).toBeVisible();
    } finally {
      // The dealer's open cart is left empty for the other journeys.
      await request.put('/v1/cart/clean', { headers: dealer });
    }
  });
});
