import { expect, expectAccessible, test } from './fixtures.ts';
import { signedInSession as signedIn } from './pages/auth.ts';

// Issue 25 item 4 (decision 049): the buyer changes their order's delivery before it ships. A dearer delivery is shown
// for confirmation and then owed; a wrong postal code is refused with a translated message and nothing changes.
// The rider's order picked up at dealer@'s store (the dealer orders spec reads its balance relative to what it finds).

const RIDER_ORDER = 'f0a1e000-0000-4000-8000-000000000101';
const euros = (text: string) => Number(text.replace(/[^\d,]/g, '').replace(',', '.'));
/** The order's total as the summary shows it. */
const totalOf = (text: string | null) => euros(/Total\s*([\d.]+,\d{2})/.exec(text ?? '')?.[1] ?? '');

test.describe('the buyer’s delivery details (issue 25)', () => {
  test('rider-es@ switches to home delivery, confirms the new total and owes the difference', async ({ browser }) => {
    test.setTimeout(90_000);
    const rider = await signedIn(browser, 'rider-es@demo.starkfuture.com', 'es-ES');
    await rider.goto(`/es-ES/orders/my/${RIDER_ORDER}`);
    const summary = rider.getByRole('region', { name: 'Resumen' });
    const totalBefore = totalOf(await summary.textContent());

    await rider.getByText('Editar datos de entrega').click();
    const method = rider.getByLabel('Método de envío');
    await expect(method).toBeVisible();
    await expectAccessible(rider);

    // A postal code Spain does not have: refused, translated, nothing saved.
    await rider.getByLabel('Una dirección nueva (abajo)').check();
    await rider.getByLabel('Calle y número').fill('Calle de Alcalá 1');
    await rider.getByLabel('Código postal').fill('123');
    await rider.getByLabel('Ciudad').fill('Madrid');
    await rider.getByRole('button', { name: 'Guardar datos de entrega' }).click();
    await expect(rider.getByText('El código postal no es válido para este país.')).toBeVisible();

    // Home delivery costs more than the pickup: the new total is asked for first.
    await rider.getByLabel('Mantener la dirección actual').check();
    await method.selectOption('home_delivery');
    await rider.getByRole('button', { name: 'Guardar datos de entrega' }).click();
    const question = rider.getByRole('alertdialog', { name: 'Este cambio modifica el total de tu pedido' });
    await expect(question).toBeVisible();
    await expect(question.getByRole('heading')).toBeFocused();
    await expect(question).toContainText('quedan');
    await expectAccessible(rider);
    const after = euros(
      /a ([\d.,]+\s€)/.exec((await question.getByText('El total pasa de').textContent()) ?? '')?.[1] ?? '',
    );
    expect(after).toBeGreaterThan(totalBefore);

    await question.getByRole('button', { name: 'Confirmar el cambio' }).click();
    await expect(rider.getByText('Tus datos de entrega se han guardado.')).toBeVisible();
    await expect.poll(async () => totalOf(await summary.textContent())).toBe(after);
    await expectAccessible(rider);
  });
});
