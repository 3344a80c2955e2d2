import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures.ts';
import { AuthPages } from './pages/auth.ts';
import { StorePages } from './pages/store.ts';

// The address search of the address forms (decision 053), answered by the API's google provider talking to the
// stand-in for Google Places (e2e/fake-geocoding.ts; its places are in e2e/fake-geocoding/places.ts).

// The new customer's pages are in their own locale, en-US (the US market: state and ZIP code).
const TYRES = '/en-US/parts-and-accessories/spare-parts/varg/tyres-and-wheels';

/**
 * A new, confirmed and signed-in customer (nobody else's saved addresses or cart change). The mailed link is on
 * PUBLIC_URL's host, where the session cookies then live: answers the page's address of a path on that host.
 */
async function newCustomer(page: Page): Promise<(path: string) => string> {
  const auth = new AuthPages(page);
  const email = `lookup-${Date.now()}@example.com`;
  await auth.signUp({ name: 'Lena', email, password: 'correct horse battery staple' });
  await auth.openMailedLink(email, 'confirm-email');
  await page.getByRole('button', { name: 'Confirm my email address' }).click();
  await expect(page).toHaveURL(/\/en-US\/account\?welcome=1$/);
  const origin = new URL(page.url()).origin;
  return (path) => `${origin}${path}`;
}

test.describe('address search (issue 25 item 7)', () => {
  test('a suggestion picked with the keyboard fills the checkout’s address fields', async ({ page }) => {
    // Sign-up, cart, checkout and three accessibility checks: more than the default 30 s on two shared cores.
    test.slow();
    const at = await newCustomer(page);
    await page.goto(at(TYRES));
    await new StorePages(page)
      .article('Pirelli Scorpion MX32 80/100-21')
      .getByRole('button', { name: 'Add to cart' })
      .click();
    await expect(page.getByTestId('cart-count')).toHaveText('1');
    await page.goto(at('/en-US/checkout'));

    const search = page.getByRole('combobox', { name: 'Find your address' });
    await expect(search).toBeVisible();
    await expect(search).toHaveAttribute('aria-expanded', 'false');
    await expectAccessible(page);

    await search.fill('congress austin');
    const list = page.getByRole('listbox', { name: 'Find your address' });
    const option = list.getByRole('option', { name: '4501 South Congress Avenue, Austin, TX, USA' });
    await expect(option).toBeVisible();
    await expect(search).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('status').filter({ hasText: 'Addresses found.' })).toBeAttached();
    await search.press('ArrowDown');
    await expect(option).toHaveAttribute('aria-selected', 'true');
    await expect(search).toHaveAttribute('aria-activedescendant', (await option.getAttribute('id')) ?? '');
    await expectAccessible(page);

    // Enter picks the suggestion; it does not send the order form.
    const here = page.url();
    await search.press('Enter');
    await expect(list).toBeHidden();
    await expect(page.getByLabel('Street address')).toHaveValue('4501 South Congress Avenue');
    await expect(page.getByLabel('ZIP code')).toHaveValue('78745');
    await expect(page.getByLabel('City')).toHaveValue('Austin');
    await expect(page.getByLabel(/^State/)).toHaveValue('TX');
    await expect(page.getByRole('status').filter({ hasText: 'The address has been filled in.' })).toBeAttached();
    await expect(page).toHaveURL(here);
  });

  test('the account’s address form: Escape closes the list, a search of another country finds nothing', async ({
    page,
  }) => {
    const at = await newCustomer(page);
    await page.goto(at('/en-US/account/addresses'));
    const search = page.getByRole('combobox', { name: 'Find your address' });
    await page.getByLabel('Country', { exact: true }).selectOption('NL');
    await search.fill('Damrak');
    const list = page.getByRole('listbox', { name: 'Find your address' });
    const option = list.getByRole('option', { name: 'Damrak 1, 1012 LG Amsterdam, Nederland' });
    await expect(option).toBeVisible();
    await search.press('Escape');
    await expect(option).toBeHidden();
    await expect(search).toHaveValue('Damrak');
    await search.press('ArrowDown');
    await expect(option).toBeVisible();
    await option.click();
    await expect(page.getByLabel('Street address')).toHaveValue('Damrak 1');
    await expect(page.getByLabel('Postal code')).toHaveValue('1012 LG');
    await expect(page.getByLabel('City', { exact: true })).toHaveValue('Amsterdam');

    await page.getByLabel('Country', { exact: true }).selectOption('DE');
    await search.fill('Damrak 1');
    await expect(page.getByRole('status').filter({ hasText: 'No address found.' })).toBeAttached();
    await expect(list.getByRole('option')).toHaveCount(0);
    await expect(list).toBeHidden();
    await expectAccessible(page);
  });

  test('without JavaScript the form is its plain fields, and they save', async ({ page, browser }) => {
    const at = await newCustomer(page);
    const context = await browser.newContext({
      javaScriptEnabled: false,
      storageState: await page.context().storageState(),
    });
    const plain = await context.newPage();
    await plain.goto(at('/en-US/account/addresses'));
    await expect(plain.getByRole('combobox', { name: 'Find your address' })).toHaveCount(0);
    await expect(plain.getByLabel('Country', { exact: true })).toBeVisible();
    await plain.getByLabel('Country', { exact: true }).selectOption('DE');
    await plain.getByLabel('Street address').fill('Unter den Linden 77');
    await plain.getByLabel('Postal code').fill('10117');
    await plain.getByLabel('City', { exact: true }).fill('Berlin');
    await plain.getByRole('button', { name: 'Save address' }).click();
    await expect(plain.getByText('The address was saved.')).toBeVisible();
    await context.close();
  });
});
