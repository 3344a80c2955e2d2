import { expect, expectAccessible, test } from './fixtures.ts';
import { signedInSession as signedIn } from './pages/auth.ts';

// Issues 11 (test rides) and 12 (leads): a visitor books a ride that becomes the dealer's lead and leaves feedback once;
// a dealer works its own leads and no other dealer sees them.

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

test.describe('test rides and leads (issues 11 and 12)', () => {
  test('a visitor books a test ride in /es-ES; the dealer sees the lead, marks the ride done, and the rider leaves feedback once', async ({
    page,
    browser,
  }) => {
    const email = `rider-${Date.now()}@example.com`;
    await page.goto('/es-ES/test-ride?model=varg-ex');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reservar una prueba');
    await expect(page.getByRole('radio', { name: 'VARG EX' })).toBeChecked();
    await expect(page.getByLabel('Tienda', { exact: true })).toContainText('Moto Electric Barcelona');
    await expectAccessible(page);

    // Without consent nothing is sent, and what was typed stays.
    await page.getByLabel('Disponible desde', { exact: true }).fill(day(2));
    await page.getByLabel('Disponible hasta', { exact: true }).fill(day(9));
    await page.getByLabel('Nombre', { exact: true }).fill('Marta');
    await page.getByLabel('Apellidos', { exact: true }).fill('Vidal');
    await page.getByLabel('Correo electrónico', { exact: true }).fill(email);
    await page.getByLabel('Teléfono', { exact: true }).fill('600 112 233');
    await page.getByRole('button', { name: 'Solicitar la prueba' }).click();
    await expect(page.getByText('Acepta que te contacten')).toBeVisible();
    await expect(page.getByLabel('Correo electrónico', { exact: true })).toHaveValue(email);
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Solicitar la prueba' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Prueba solicitada');
    await expectAccessible(page);

    await page.goto('/es-ES/dev/mailbox');
    await expect(
      page
        .getByRole('article')
        .filter({ hasText: `: ${email}` })
        .first(),
    ).toContainText('Tu solicitud de prueba de la VARG EX');

    // The lead is waiting for dealer@; the dealer marks the ride done.
    const dealer = await signedIn(browser, 'dealer@demo.starkfuture.com', 'es-ES');
    await dealer.goto('/es-ES/leads?search=Vidal');
    await dealer.getByRole('link', { name: 'Marta Vidal' }).click();
    await expect(dealer.getByRole('heading', { level: 1 })).toHaveText('Marta Vidal');
    await expect(dealer.getByRole('main')).toContainText('Solicitud de prueba');
    await dealer.getByLabel('Estado', { exact: true }).selectOption('test_ride_done');
    await dealer.getByRole('button', { name: 'Guardar cambios' }).click();
    await expect(dealer.getByText('Cambios guardados.')).toBeVisible();

    // The rider gets the feedback link and answers once.
    await page.goto('/es-ES/dev/mailbox');
    const mail = page
      .getByRole('article')
      .filter({ hasText: `: ${email}` })
      .first();
    await expect(mail).toContainText('¿Qué tal fue tu prueba de la VARG EX?');
    const link = /https?:\/\/\S+\/test-ride\/feedback\?token=[\w-]+/.exec((await mail.textContent()) ?? '')?.[0] ?? '';
    const path = new URL(link).pathname + new URL(link).search;
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('¿Qué tal fue tu prueba?');
    await expectAccessible(page);
    await page.getByRole('radio', { name: '5 de 5' }).check();
    await page.getByRole('radio', { name: 'Sí' }).check();
    await page.getByLabel('Comentarios (opcional)', { exact: true }).fill('Increíble par motor.');
    await page.getByRole('button', { name: 'Enviar opinión' }).click();
    await expect(page.getByText('¡Gracias por tu opinión!')).toBeVisible();
    await page.goto(path);
    await expect(page.getByText('Ya se ha enviado la opinión sobre esta prueba.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Enviar opinión' })).toHaveCount(0);

    await dealer.reload();
    await expect(dealer.getByRole('region', { name: 'Opinión tras la prueba' })).toContainText('Increíble par motor.');
  });

  test('dealer@ adds a lead, adds two notes, edits and deletes it; another dealer gets a 404 on it', async ({
    browser,
  }) => {
    const dealer = await signedIn(browser, 'dealer@demo.starkfuture.com', 'es-ES');
    await dealer.goto('/es-ES/leads');
    await expectAccessible(dealer);
    await dealer.getByText('Añadir un contacto').click();
    await dealer.getByLabel('Nombre', { exact: true }).fill('Núria');
    await dealer.getByLabel('Apellidos', { exact: true }).fill('Costa');
    await dealer.getByRole('button', { name: 'Guardar el contacto' }).click();
    await expect(dealer.getByText('Revisa los campos')).toBeVisible();
    await dealer.getByLabel('Teléfono', { exact: true }).fill('+34 655 443 322');
    await dealer.getByRole('button', { name: 'Guardar el contacto' }).click();
    await expect(dealer.getByRole('heading', { level: 1 })).toHaveText('Núria Costa');
    await expect(dealer.getByText('Se ha añadido el contacto.')).toBeVisible();
    const leadUrl = new URL(dealer.url()).pathname;

    for (const text of ['Llamada: quiere probar la EX.', 'Prueba el sábado a las 10.']) {
      await dealer.getByLabel('Nueva nota', { exact: true }).fill(text);
      await dealer.getByRole('button', { name: 'Añadir la nota' }).click();
      await expect(dealer.getByRole('region', { name: 'Notas' }).getByText(text)).toBeVisible();
    }
    await dealer.getByLabel('Estado', { exact: true }).selectOption('contacted');
    await dealer.getByLabel('Correo electrónico', { exact: true }).fill('nuria.costa@example.com');
    await dealer.getByRole('button', { name: 'Guardar cambios' }).click();
    await expect(dealer.getByText('Cambios guardados.')).toBeVisible();
    await expectAccessible(dealer);
    await dealer.goto('/es-ES/leads?status=contacted&search=costa');
    await expect(dealer.getByRole('link', { name: 'Núria Costa' })).toBeVisible();

    // lyon@ cannot open it, by page or by API.
    const other = await signedIn(browser, 'lyon@demo.starkfuture.com', 'fr-FR');
    const response = await other.goto(leadUrl.replace('/es-ES/', '/fr-FR/'));
    expect(response?.status()).toBe(404);
    const id = leadUrl.split('/').pop();
    const api = await other.request.get(`/v1/referral/${id}`);
    expect(api.status()).toBe(401);

    await dealer.goto(leadUrl);
    await dealer.getByRole('button', { name: 'Eliminar' }).click();
    await dealer.getByRole('alertdialog').getByRole('button', { name: 'Sí' }).click();
    await expect(dealer).toHaveURL(/\/es-ES\/leads\?deleted=1$/);
    await expect(dealer.getByRole('link', { name: 'Núria Costa' })).toHaveCount(0);
    // A customer is refused the dealer page.
    const customer = await signedIn(browser, 'company@demo.starkfuture.com', 'fr-FR');
    expect((await customer.goto('/fr-FR/leads'))?.status()).toBe(403);
  });

  test('the VARG referral programme terms are a page in every language, linked from /terms', async ({ page }) => {
    await page.goto('/it-IT/terms');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Condizioni');
    await page.getByRole('link', { name: 'Programma di segnalazione VARG' }).click();
    await expect(page).toHaveURL(/\/it-IT\/terms\/referrals\/varg$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Condizioni del programma di segnalazione VARG');
    await expect(page.getByRole('main').getByRole('listitem')).toHaveCount(5);
    await expectAccessible(page);
    expect((await page.request.get('/it-IT/terms/referrals/other')).status()).toBe(404);
  });
});
