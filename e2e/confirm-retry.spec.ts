// Issue 23 item 7, decision 062: a guest whose confirm answer was lost is not a lost buyer. Reloading the checkout
// lands them, signed in, on their order; the pay link e-mailed to an unpaid order's buyer opens its payment page.
import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectAccessible, test, whenHydrated } from './fixtures.ts';

async function addBike(page: Page) {
  await page.goto('/de-DE/pre-summary?model=varg&power=80hp');
  const add = page.getByRole('button', { name: 'In den Warenkorb' });
  await whenHydrated(add);
  await add.click();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
}

const guestBody = (cartId: string, email: string, confirmKey: string) => ({
  cart_id: cartId,
  first_name: 'Jonas',
  last_name: 'Becker',
  email,
  phone: '+4915123456789',
  address_input: { country: 'DE', line_1: 'Torstraße 1', postal_code: '10119', city: 'Berlin' },
  shipping_method: 'home_delivery',
  language: 'de',
  confirm_key: confirmKey,
});

async function mailTo(request: APIRequestContext, to: string) {
  const { docs } = await (await request.get(`/v1/dev/mailbox?to=${encodeURIComponent(to)}`)).json();
  return docs as Array<{ subject: string; text: string }>;
}

test.describe('a lost confirm answer (decision 062)', () => {
  test('a guest whose confirm answer was lost reloads the checkout and lands, signed in, on the order', async ({
    page,
  }) => {
    await addBike(page);
    await page.goto('/de-DE/checkout');
    const place = page.getByRole('button', { name: /Zahlungspflichtig bestellen/ });
    await whenHydrated(place);
    await page.getByLabel('Vorname').fill('Jonas');
    await page.getByLabel('Nachname').fill('Becker');
    await page.getByLabel('E-Mail-Adresse').fill(`lost-${Date.now()}@example.com`);
    await page.getByLabel('Telefon').fill('0151 23456789');
    await page.getByLabel('Straße und Hausnummer').fill('Torstraße 1');
    await page.getByLabel('Postleitzahl').fill('10119');
    await page.getByLabel('Ort').fill('Berlin');
    await page.getByLabel('Kartennummer').fill('4242 4242 4242 4242');
    await page.getByLabel(/Ablaufdatum/).fill('12/30');
    await page.getByLabel(/Sicherheitscode/).fill('123');
    // The server does the confirm; its answer never reaches the browser (the process died, the network dropped).
    let lost = false;
    let done = false;
    await page.route(/\/de-DE\/checkout(\.data)?(\?.*)?$/, async (route) => {
      // Before the confirm, the form's re-pricing goes through; from the confirm on, nothing reaches the browser.
      const confirm = /intent\W+confirm/.test(route.request().postData() ?? '');
      if (!confirm && !lost) return route.continue();
      // The first reaches the server; its answer, and the cookies it sets (the session, the cleared cart), are lost.
      // Anything the browser sends again fails too, until the buyer reloads.
      if (confirm && !lost) {
        lost = true;
        const cookies = await page.context().cookies();
        await route.fetch();
        await page.context().clearCookies();
        await page.context().addCookies(cookies);
        done = true;
      }
      await route.abort('connectionreset').catch(() => undefined);
    });
    await place.click();
    await expect.poll(() => done).toBe(true);
    await page.unrouteAll({ behavior: 'ignoreErrors' });

    await page.goto('/de-DE/checkout');
    // Paid by the request whose answer was lost: the order's payment page sends the buyer on to its result.
    await expect(page).toHaveURL(/\/de-DE\/checkout\/result\?completeOrderId=/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Vielen Dank! Ihre Bestellung ist bezahlt.');
    await expectAccessible(page);
    // Signed in as the new customer: the order is theirs, once.
    await page.goto('/de-DE/orders/my');
    await expect(page.getByRole('main').getByText('VARG MX')).toHaveCount(1);
  });

  test('the pay link e-mailed to an unpaid order’s buyer opens its payment page, signed in', async ({
    page,
    request,
  }) => {
    const added = await request.post('/v1/cart/add-item?country=DE', {
      data: { productId: 'varg-ex', componentIds: ['varg_option_80hp'] },
    });
    const cartId = (await added.json())._id as string;
    const email = `paylink-${Date.now()}@example.com`;
    const confirmed = await request.post('/v1/checkout', {
      data: guestBody(cartId, email, randomBytes(32).toString('base64url')),
    });
    expect(confirmed.status()).toBe(200);
    const orderId = (await confirmed.json()).order._id as string;
    // Someone else holding the cart id gets nothing; the buyer is e-mailed the link.
    const stranger = await request.post('/v1/checkout', {
      data: guestBody(cartId, email, randomBytes(32).toString('base64url')),
    });
    expect((await stranger.json()).code).toBe('CART_ALREADY_ORDERED');
    const mail = (await mailTo(request, email)).find((m) => m.text.includes('?access='));
    const link = new URL(/https?:\/\/\S+\?access=\S+/.exec(mail?.text ?? '')?.[0] ?? 'http://x/');
    expect(link.pathname).toBe(`/de-DE/complete-order/${orderId}`);

    await page.goto(`${link.pathname}${link.search}`);
    await expect(page).toHaveURL(new RegExp(`/de-DE/complete-order/${orderId}$`));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('main')).toContainText(/VARG/);
    await expectAccessible(page);

    // An altered link does not sign in: the page asks to sign in.
    await page.context().clearCookies();
    await page.goto(`${link.pathname}?access=1.${'A'.repeat(43)}`);
    await expect(page).toHaveURL(/\/de-DE\/login/);
  });
});
