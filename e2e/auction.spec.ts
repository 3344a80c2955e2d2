import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures.ts';
import { signedInSession as signedIn } from './pages/auth.ts';

// Issue: the numbered-axe auction (decision 021). In /sv-SE two new bidders bid on axe 7 from two browsers; the first
// sees the second's higher bid appear without a reload, is told they were outbid and bids again. After the end the
// winner gets a Swedish e-mail, opens the signed link, gives an address once and pays by card.

const PASSWORD = 'yxa till jul 2026';

/** A new Swedish customer, signed up and confirmed through the API and the dev mailbox. */
async function newSwede(request: APIRequestContext, email: string, name: string) {
  const signUp = await request.post('/v1/user/sign-up?lang=sv&country=SE', {
    data: { email, password: PASSWORD, name, secondName: 'Lind', phone: '+46 70 123 45 67' },
  });
  expect(signUp.status()).toBe(202);
  const { docs } = await (await request.get(`/v1/dev/mailbox?to=${encodeURIComponent(email)}`)).json();
  const token = /\/confirm-email\/([\w-]+)/.exec(docs[0].text)?.[1];
  expect((await request.post(`/v1/user/confirm-email/${token}`)).status()).toBe(200);
}

async function bid(page: Page, euros: string, checkAccessible = false) {
  await page.getByLabel('Ditt bud i euro').fill(euros);
  await page.getByRole('button', { name: 'Lägg bud' }).click();
  const confirm = page.getByRole('heading', { name: 'Bekräfta ditt bud' });
  await expect(confirm).toBeFocused();
  await expect(page.getByText(new RegExp(`Buda ${euros},00\\s€ på yxa nr 7\\?`))).toBeVisible();
  if (checkAccessible) await expectAccessible(page);
  await page.getByRole('button', { name: 'Bekräfta bud' }).click();
}

test.describe('the axe auction', () => {
  test('browse and find axes with the number picker, anonymously', async ({ page }) => {
    await page.goto('/sv-SE/xmas-auction');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Julauktion av yxor');
    const number = page.getByLabel('Yxnummer');
    await expect(number).toHaveValue('1');
    await expect(page.getByTestId('chosen-highest')).toHaveText(/300,00\s€ · J\. M\./);
    // The picker starts at 1 and stays within 1 and 1000.
    await page.getByRole('button', { name: 'Lägre nummer' }).click();
    await expect(page).toHaveURL(/axe=1\b/);
    await expect(page.getByRole('heading', { name: 'Yxa nr 1', exact: true })).toBeVisible();
    await number.fill('1000');
    await page.getByRole('button', { name: 'Högre nummer' }).click();
    await expect(page.getByRole('heading', { name: 'Yxa nr 1000', exact: true })).toBeVisible();
    await number.fill('4711');
    await page.getByRole('button', { name: 'Visa yxan' }).click();
    await expect(page.getByRole('heading', { name: 'Yxa nr 1000', exact: true })).toBeVisible();
    await number.fill('7');
    await page.getByRole('button', { name: 'Visa yxan' }).click();
    await expect(page.getByRole('heading', { name: 'Yxa nr 7', exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Utvalda yxor' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Yxor utan bud' })).toBeVisible();
    await expect(page.getByTestId('axe-777-highest').first()).toHaveText(/777,00\s€/);
    await expectAccessible(page);
    // Bidding asks to sign in first, and comes back to the axe.
    await page.getByRole('link', { name: 'Logga in för att buda' }).click();
    await expect(page).toHaveURL(/\/sv-SE\/login\?from=%2Fxmas-auction%3Faxe%3D7/);
  });

  test('two bidders on axe 7: a higher bid appears live, the outbid bidder bids again; the winner gives an address once and pays', async ({
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const stamp = Date.now();
    const astrid = `astrid-${stamp}@example.com`;
    const erik = `erik-${stamp}@example.com`;
    await newSwede(request, astrid, 'Astrid');
    await newSwede(request, erik, 'Erik');

    const a = await signedIn(browser, astrid, 'sv-SE', PASSWORD);
    // The page listens to the live stream of highest bids.
    const stream = a.waitForResponse((r) => r.url().includes('/v1/axes/events?n=') && r.url().includes('7'));
    await a.goto('/sv-SE/xmas-auction?axe=7');
    expect((await stream).headers()['content-type']).toContain('text/event-stream');
    await expect(a.getByTestId('chosen-highest')).toHaveText('Inga bud än');
    await bid(a, '100', true);
    await expect(a.getByText(/Ditt bud på 100,00\s€ är nu det högsta på yxa nr 7\./)).toBeVisible();
    await expect(a.getByText('Du har det högsta budet')).toBeVisible();
    await expectAccessible(a);

    const b = await signedIn(browser, erik, 'sv-SE', PASSWORD);
    await b.goto('/sv-SE/xmas-auction?axe=7');
    await expect(b.getByTestId('chosen-highest')).toHaveText(/100,00\s€ · A\. L\./);
    await bid(b, '120');
    await expect(b.getByText(/Ditt bud på 120,00\s€ är nu det högsta på yxa nr 7\./)).toBeVisible();

    // Without a reload, Astrid's page shows Erik's bid at once (the stream; its polls are 15 s apart while it is open)
    // and tells her she was outbid.
    await expect(a.getByTestId('chosen-highest')).toHaveText(/120,00\s€ · E\. L\./, { timeout: 5_000 });
    await expect(
      a.getByText(/Du har blivit överbjuden på yxa nr 7\. Det högsta budet är nu 120,00\s€\./),
    ).toBeVisible();
    await expectAccessible(a);
    await bid(a, '130');
    await expect(a.getByText(/Ditt bud på 130,00\s€ är nu det högsta på yxa nr 7\./)).toBeVisible();

    // A bid that does not beat the highest by the increment is refused with the minimum.
    await b.reload();
    await bid(b, '135');
    await expect(b.getByRole('alert')).toHaveText(/Ditt bud är för lågt\. Lägsta bud är 140,00\s€\./);
    await b.context().close();

    // The end: axe 7 closes, the winners job picks Astrid once and e-mails her in Swedish.
    const ended = await request.post('/v1/dev/auction/end/7');
    expect(ended.status()).toBe(200);
    expect((await ended.json()).winners).toBe(1);
    const { docs } = await (await request.get(`/v1/dev/mailbox?to=${encodeURIComponent(astrid)}`)).json();
    expect(docs[0].subject).toBe('Du har vunnit yxa nr 7');
    const path = /https?:\/\/[^/\s]+(\/sv-SE\/xmas-auction-winner\?number=7&hash=[\w-]{43})/.exec(docs[0].text)?.[1];
    expect(path).toBeTruthy();

    await a.goto(path as string);
    await expect(a.getByRole('heading', { level: 1 })).toHaveText('Din vunna yxa');
    await expect(a.getByText(/Grattis! Ditt bud på 130,00\s€ vann yxa nr 7\./)).toBeVisible();
    await expectAccessible(a);
    await a.getByLabel('Förnamn').fill('Astrid');
    await a.getByLabel('Efternamn').fill('Lind');
    await a.getByLabel('Telefon').fill('+46 70 123 45 67');
    await a.getByLabel('Gata och husnummer').fill('Drottninggatan 1');
    await a.getByLabel('Postnummer').fill('111 51');
    await a.getByLabel('Ort').fill('Stockholm');
    await a.getByRole('button', { name: 'Skicka adress' }).click();
    await expect(a.getByText('Vi skickar din yxa till:')).toBeVisible();
    await expect(a.locator('address')).toContainText('Drottninggatan 1');
    // Once: the form is gone after a reload.
    await a.reload();
    await expect(a.getByRole('button', { name: 'Skicka adress' })).toHaveCount(0);

    await a.getByRole('link', { name: /Betala 130,00\s€/ }).click();
    await expect(a).toHaveURL(/\/sv-SE\/complete-order\//);
    await a.getByLabel('Kortnummer').fill('4242 4242 4242 4242');
    await a.getByLabel(/Giltig till/).fill('12/30');
    await a.getByLabel(/Säkerhetskod/).fill('123');
    await a.getByRole('button', { name: /Betala 130,00\s€/ }).click();
    await expect(a).toHaveURL(/\/sv-SE\/checkout\/result\?storeOrderId=/);
    await expect(a.getByRole('heading', { level: 1 })).toHaveText('Tack! Din beställning är betald.');

    await a.goto(path as string);
    await expect(a.getByText('Betalt. Tack! Vi mejlar dig när yxan skickas.')).toBeVisible();
    await expectAccessible(a);
  });
});
