import type { APIRequestContext } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures.ts';
import { signedInSession as signedIn } from './pages/auth.ts';

// Issue 12, becoming a dealer: a customer applies in /it-IT, cannot apply twice, an administrator approves, and the new
// dealer signs in to the dealer menu.

/** A new Italian customer, signed up and confirmed through the API and the dev mailbox. */
async function newItalian(request: APIRequestContext, email: string, password: string) {
  const signUp = await request.post('/v1/user/sign-up?lang=it&country=IT', {
    data: { email, password, name: 'Giulia', secondName: 'Rossi', phone: '+39 347 123 4567' },
  });
  expect(signUp.status()).toBe(202);
  const { docs } = await (await request.get(`/v1/dev/mailbox?to=${encodeURIComponent(email)}`)).json();
  const token = /\/confirm-email\/([\w-]+)/.exec(docs[0].text)?.[1];
  expect((await request.post(`/v1/user/confirm-email/${token}`)).status()).toBe(200);
}

test.describe('becoming a dealer (issue 12)', () => {
  test('a customer applies on /it-IT/become-dealer once, the admin approves, and the new dealer sees the dealer menu', async ({
    browser,
    request,
  }) => {
    const email = `giulia-${Date.now()}@example.com`;
    const password = 'moto elettrica 2026';
    await newItalian(request, email, password);
    const applicant = await signedIn(browser, email, 'it-IT', password);
    await applicant.goto('/it-IT/become-dealer');
    await expect(applicant.getByRole('heading', { level: 1 })).toHaveText('Diventa concessionario');
    await expectAccessible(applicant);

    const field = (label: string) => applicant.getByLabel(label, { exact: true });
    await field('Ragione sociale').fill('Moto Elettrica Milano S.r.l.');
    await field('Partita IVA').fill('IT00743110158');
    await field('Nome del punto vendita').fill('Moto Elettrica Milano');
    await field('Via e numero civico').fill('Via Tortona 27');
    await field('CAP').fill('20144');
    await field('Città').fill('Milano');
    await field('Telefono').fill('+39 02 1234 5678');
    await field('Moto che prevedi di vendere all’anno').fill('25');
    await applicant.getByRole('button', { name: 'Invia la candidatura' }).click();
    // A wrong check digit in the VAT id is refused on its field, and what was typed stays.
    await expect(applicant.getByText('Questa partita IVA non è valida per il paese scelto.')).toBeVisible();
    await expect(field('Ragione sociale')).toHaveValue('Moto Elettrica Milano S.r.l.');
    await field('Partita IVA').fill('IT00743110157');
    await applicant.getByRole('button', { name: 'Invia la candidatura' }).click();
    await expect(applicant.getByRole('status')).toContainText(
      'La tua richiesta per Moto Elettrica Milano è stata inviata.',
    );
    // Once sent, the form is gone: no second application.
    await applicant.reload();
    await expect(applicant.getByRole('button', { name: 'Invia la candidatura' })).toHaveCount(0);
    await expectAccessible(applicant);
    // While the request waits, the account menu leads to its state, not to dealer pages that would answer 403.
    await applicant.goto('/it-IT/account');
    const menu = applicant.getByRole('navigation', { name: 'Area personale' });
    await expect(menu.getByRole('link', { name: 'Diventa concessionario' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Lead', exact: true })).toHaveCount(0);

    const admin = await signedIn(browser, 'admin@demo.starkfuture.com', 'en-US');
    await admin.goto('/en-US/admin');
    await admin.getByRole('link', { name: 'Dealer applications' }).click();
    const application = admin.getByRole('listitem').filter({ hasText: email });
    await expect(application).toContainText('Moto Elettrica Milano');
    await expect(application).toContainText('25 bikes a year');
    await expectAccessible(admin);
    // The terms are proposed in the applicant's currency: the seeded Norwegian store's in NOK.
    const norwegian = admin.getByRole('listitem').filter({ hasText: 'pending-dealer@demo.starkfuture.com' });
    await expect(norwegian.getByLabel('Currency')).toHaveValue('NOK');
    await expect(application.getByLabel('Currency')).toHaveValue('EUR');
    await application.getByLabel('Group').fill('Italia');
    await application.getByRole('button', { name: 'Approve: Moto Elettrica Milano' }).click();
    await expect(admin.getByText('The application was approved and the dealer notified.')).toBeVisible();
    await expect(admin.getByRole('listitem').filter({ hasText: email })).toHaveCount(0);

    // Signed in again, the new dealer has the dealer menu.
    const dealer = await signedIn(browser, email, 'it-IT', password);
    await dealer.goto('/it-IT/leads');
    await expect(dealer.getByRole('heading', { level: 1 })).toHaveText('Lead');
    await expect(
      dealer.getByRole('navigation', { name: 'Area personale' }).getByRole('link', { name: 'Lead', exact: true }),
    ).toBeVisible();
    await dealer.goto('/it-IT/become-dealer');
    await expect(dealer.getByRole('status')).toContainText('Moto Elettrica Milano è un concessionario approvato.');
  });
});
