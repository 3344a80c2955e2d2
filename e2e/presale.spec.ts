import { expect, expectAccessible, test } from './fixtures.ts';
import { signedInSession as signedIn } from './pages/auth.ts';

// Issue 25 item 5 (spec sections 5 and 6, decision 052): the preorder model is seen by invited viewers only, in no
// public list; everybody else gets the ordinary 404. The internal test page is for WHITELIST_EMAILS only (the e2e
// server lists the demo administrator); others go home. The back office edits the invitations.

// Each demo account in its own market: the customer is German, the dealer Spanish, the administrator American.
const MODEL_PATH = (segment: string) => `/${segment}/presale/varg-launch-edition`;
const NAME = 'VARG Launch Edition';

test.describe('presale (issue 25 item 5)', () => {
  // Two or three sign-ins a test on a shared two-core machine.
  test.describe.configure({ timeout: 90_000 });

  test('the invited customer sees the preorder model; a dealer and an anonymous visitor get the 404', async ({
    browser,
    page: anonymous,
  }) => {
    const customer = await signedIn(browser, 'customer@demo.starkfuture.com', 'de-DE');
    const answer = await customer.goto(MODEL_PATH('de-DE'));
    expect(answer?.status()).toBe(200);
    expect(answer?.headers()['cache-control']).toBe('private, no-store');
    await expect(customer.getByRole('heading', { level: 1 })).toHaveText(NAME);
    await expect(customer.getByText('Nur auf Einladung')).toBeVisible();
    await expect(customer.getByText(/^15\.900,00\s€$/)).toBeVisible();
    await expect(customer.getByText(/^500,00\s€$/)).toBeVisible();
    // The fullscreen layout: no shop header or footer, the page's own way home.
    await expect(customer.getByRole('contentinfo')).toHaveCount(0);
    await expect(customer.getByRole('link', { name: /Startseite/ })).toBeVisible();
    await expectAccessible(customer);
    await customer.setViewportSize({ width: 375, height: 800 });
    await expect(customer.getByRole('link', { name: 'Fragen Sie uns zu diesem Modell' })).toBeVisible();

    const dealer = await signedIn(browser, 'dealer@demo.starkfuture.com', 'es-ES');
    const refused = await dealer.goto(MODEL_PATH('es-ES'));
    expect(refused?.status()).toBe(404);
    expect(refused?.headers()['cache-control']).toBe('private, no-store');
    await expect(dealer.getByText('No se ha encontrado esta página')).toBeVisible();
    await expect(dealer.getByText(NAME)).toHaveCount(0);
    await expectAccessible(dealer);

    expect((await anonymous.goto(MODEL_PATH('en-US')))?.status()).toBe(404);
    // In no public list: the home page's models and the sitemap never name it.
    await anonymous.goto('/en-US');
    await expect(anonymous.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(anonymous.getByText(NAME)).toHaveCount(0);
    const sitemap = await anonymous.request.get('/sitemap.xml');
    expect(await sitemap.text()).not.toContain('presale');
  });

  test('the internal test page lets the listed address in and sends everybody else home', async ({ browser }) => {
    const customer = await signedIn(browser, 'customer@demo.starkfuture.com', 'de-DE');
    await customer.goto('/de-DE/whitelist');
    await expect(customer).toHaveURL(/\/de-DE$/);

    const admin = await signedIn(browser, 'admin@demo.starkfuture.com', 'en-US');
    const answer = await admin.goto('/en-US/whitelist');
    expect(answer?.headers()['cache-control']).toBe('private, no-store');
    await expect(admin.getByRole('heading', { level: 1 })).toHaveText('Internal test page');
    await expect(admin.getByText('Signed in as admin@demo.starkfuture.com')).toBeVisible();
    await expectAccessible(admin);
    await admin.getByRole('link', { name: `Preorder model: ${NAME}` }).click();
    await expect(admin.getByRole('heading', { level: 1 })).toHaveText(NAME);
  });

  test('the back office invites a dealer, who then sees the model, and takes the invitation back', async ({
    browser,
  }) => {
    const admin = await signedIn(browser, 'admin@demo.starkfuture.com', 'en-US');
    await admin.goto('/en-US/admin/catalogue/varg-launch-edition');
    const invites = admin.getByLabel('Invited addresses');
    await expect(invites).toHaveValue('customer@demo.starkfuture.com');
    await expectAccessible(admin);

    // A malformed address is refused; what was typed stays.
    await invites.fill('customer@demo.starkfuture.com\nnot an address');
    await admin.getByRole('region', { name: 'Preorder invitations' }).getByRole('button', { name: 'Save' }).click();
    await expect(admin.getByRole('alert')).toBeVisible();
    await expect(invites).toHaveValue('customer@demo.starkfuture.com\nnot an address');

    await invites.fill('customer@demo.starkfuture.com\ndealer@demo.starkfuture.com');
    await admin.getByRole('region', { name: 'Preorder invitations' }).getByRole('button', { name: 'Save' }).click();
    await expect(admin.getByText('Saved. The shop shows the change now.')).toBeVisible();
    const dealer = await signedIn(browser, 'dealer@demo.starkfuture.com', 'es-ES');
    expect((await dealer.goto(MODEL_PATH('es-ES')))?.status()).toBe(200);
    await expect(dealer.getByRole('heading', { level: 1 })).toHaveText(NAME);

    await invites.fill('customer@demo.starkfuture.com');
    // The field holds the typed value at once: the save's own answer says when the invitation is gone (the message
    // of the first save is still on the page).
    const saved = admin.waitForResponse(
      (response) => response.request().method() === 'POST' && response.url().includes('/varg-launch-edition'),
    );
    await admin.getByRole('region', { name: 'Preorder invitations' }).getByRole('button', { name: 'Save' }).click();
    expect((await saved).ok()).toBe(true);
    await expect(invites).toHaveValue('customer@demo.starkfuture.com');
    expect((await dealer.goto(MODEL_PATH('es-ES')))?.status()).toBe(404);
  });
});
