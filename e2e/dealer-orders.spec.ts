import { expect, expectAccessible, test } from './fixtures.ts';
import { signedInSession as signedIn } from './pages/auth.ts';
import { ConfiguratorPage } from './pages/configurator.ts';
import { StockBikePages } from './pages/stock-bikes.ts';

// Issue 12, dealer orders (decision 025): a dealer orders a bike of its own stock for a customer, changes an order's
// price within its discount (the customer's balance follows exactly), attaches its invoice PDF, and no other dealer
// reaches any of it. Issue 25, builder edit mode (decision 050): the dealer changes a line's configuration in the
// configurator opened from the order, and the balance follows.

const RIDER_ORDER = 'f0a1e000-0000-4000-8000-000000000101';
const euros = (text: string) => Number(text.replace(/[^\d,]/g, '').replace(',', '.'));

test.describe('dealer orders (issue 12)', () => {
  test('dealer@ filters its own stock and orders a stock bike for a customer, which lands in its orders', async ({
    browser,
  }) => {
    const dealer = await signedIn(browser, 'dealer@demo.starkfuture.com', 'es-ES');
    const stock = new StockBikePages(dealer);
    await dealer.goto('/es-ES/varg/stock-bikes');
    await stock.hydrated();
    const all = await stock.cards().count();
    await dealer.getByLabel('Solo el stock de mi tienda').check();
    await expect(dealer).toHaveURL(/stock=mine/);
    // Its own Barcelona stock: fewer bikes than the whole Spanish market, each at its store.
    await expect(stock.status()).toHaveText('1 moto encontrada');
    expect(all).toBeGreaterThan(1);
    await expectAccessible(dealer);
    await stock.cards().first().getByRole('link').first().click();
    await dealer.getByRole('main').getByRole('button', { name: 'Reservar esta moto' }).click();
    await expect(dealer.getByTestId('cart-count')).toHaveText('1');

    await dealer.goto('/es-ES/checkout');
    for (const [label, value] of [
      ['Nombre', 'Pau'],
      ['Apellidos', 'Ferrer'],
      ['Teléfono', '612 000 111'],
      ['Calle y número', 'Carrer de Sants 45'],
      ['Código postal', '08014'],
      ['Ciudad', 'Barcelona'],
    ] as const) {
      await dealer.getByLabel(label, { exact: true }).fill(value);
    }
    await dealer.getByLabel('Número de tarjeta').fill('4242 4242 4242 4242');
    await dealer.getByLabel(/Fecha de caducidad/).fill('12/30');
    await dealer.getByLabel(/Código de seguridad/).fill('123');
    await dealer.getByRole('button', { name: /Realizar el pedido/ }).click();
    await expect(dealer.getByRole('heading', { level: 1 })).toContainText('¡Gracias!');

    await dealer.goto('/es-ES/orders?search=Ferrer');
    const card = dealer.getByRole('listitem').filter({ hasText: 'Compra propia' });
    await expect(card).toHaveCount(1);
    await card.getByRole('link').click();
    await expect(dealer.getByRole('main')).toContainText('Tipo de cliente: Concesionario');
    await expectAccessible(dealer);
  });

  test('dealer@ lowers a customer order’s price and the customer owes exactly that much less; it attaches and downloads an invoice', async ({
    browser,
  }) => {
    const dealer = await signedIn(browser, 'dealer@demo.starkfuture.com', 'es-ES');
    await dealer.goto('/es-ES/orders');
    await expect(dealer.getByRole('heading', { level: 1 })).toHaveText('Pedidos');
    await dealer.getByLabel('Número de pedido, cliente o referencia').fill('Martín');
    await dealer.getByRole('button', { name: 'Aplicar' }).click();
    await expect(dealer.getByText('1 pedido', { exact: true })).toBeVisible();
    await expectAccessible(dealer);
    await dealer.getByRole('link', { name: /Pedido 1000/ }).click();
    await expect(dealer).toHaveURL(new RegExp(RIDER_ORDER));

    const summary = dealer.getByRole('region', { name: 'Resumen' });
    const owedBefore = euros((await summary.getByText(/€/).last().textContent()) ?? '');
    await dealer.getByText('Cambiar precio o cantidad').click();
    const price = dealer.getByRole('region', { name: 'Artículos' }).getByLabel('Precio unitario (EUR)');
    const list = Number(await price.inputValue());
    // Below the allowed discount is refused and nothing changes.
    await price.fill(String(Math.floor(list * 0.85)));
    await dealer.getByRole('button', { name: 'Guardar línea' }).click();
    await expect(dealer.getByRole('alert')).toContainText('más descuento del que permite');
    await price.fill(String(list - 500));
    await dealer.getByRole('button', { name: 'Guardar línea' }).click();
    await expect(dealer.getByRole('status').filter({ hasText: 'Pedido actualizado.' })).toBeVisible();
    await expect(summary.getByText(/€/).last()).toHaveText(
      new RegExp((owedBefore - 500).toLocaleString('es-ES', { minimumFractionDigits: 2 }).replace('.', '\\.')),
    );
    await expectAccessible(dealer);

    // The invoice PDF, with the upload's progress, then listed and downloadable. Its name is the attempt's own: a
    // retry after a timed-out attempt finds that attempt's invoice on the order too.
    const invoiceName = `factura-2026-118-${test.info().retry}.pdf`;
    const pdf = Buffer.concat([
      Buffer.from('%PDF-1.4\n% Factura 2026-118\n'),
      Buffer.alloc(300_000, 0x20),
      Buffer.from('\n%%EOF\n'),
    ]);
    await dealer.getByLabel('Factura (PDF, hasta 10 MB)').setInputFiles({
      name: invoiceName,
      mimeType: 'application/pdf',
      buffer: pdf,
    });
    await expect(dealer.getByText(invoiceName)).toBeVisible();
    await dealer.getByRole('button', { name: 'Subir factura' }).click();
    await expect(dealer.getByText('Factura adjuntada.')).toBeVisible();
    const link = dealer.getByRole('link', { name: invoiceName });
    await expect(link).toBeVisible();
    const download = await dealer.request.get((await link.getAttribute('href')) ?? '');
    expect(download.status()).toBe(200);
    expect((await download.body()).equals(pdf)).toBe(true);

    // A renamed executable is refused.
    await dealer.getByLabel('Factura (PDF, hasta 10 MB)').setInputFiles({
      name: 'factura.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.concat([Buffer.from('MZ\x90\x00', 'latin1'), Buffer.alloc(1000)]),
    });
    await dealer.getByRole('button', { name: 'Subir factura' }).click();
    await expect(dealer.getByText('La factura debe ser un archivo PDF')).toBeVisible();

    // The customer sees the same balance and the invoice on their own order.
    const rider = await signedIn(browser, 'rider-es@demo.starkfuture.com', 'es-ES');
    await rider.goto(`/es-ES/orders/my/${RIDER_ORDER}`);
    await expect(rider.getByRole('region', { name: 'Resumen' })).toContainText(
      (owedBefore - 500).toLocaleString('es-ES', { minimumFractionDigits: 2 }),
    );
    await expect(rider.getByRole('link', { name: invoiceName })).toBeVisible();
    await expectAccessible(rider);

    // Another dealer reaches neither the order nor its invoice.
    const lyon = await signedIn(browser, 'lyon@demo.starkfuture.com', 'fr-FR');
    const other = await lyon.goto(`/fr-FR/orders/${RIDER_ORDER}`);
    expect(other?.status()).toBe(404);
    await lyon.goto('/fr-FR/orders');
    await expect(lyon.getByRole('main')).not.toContainText('Martín');
    const stolen = await lyon.request.get((await link.getAttribute('href'))?.replace('/es-ES/', '/fr-FR/') ?? '');
    expect(stolen.status()).toBe(404);
  });

  test('dealer@ changes an order line’s configuration in the configurator; the line and the balance follow', async ({
    browser,
  }) => {
    const dealer = await signedIn(browser, 'dealer@demo.starkfuture.com', 'es-ES');
    await dealer.goto(`/es-ES/orders/${RIDER_ORDER}`);
    const summary = dealer.getByRole('region', { name: 'Resumen' });
    const owedBefore = euros((await summary.getByText(/€/).last().textContent()) ?? '');
    const items = dealer.getByRole('region', { name: 'Artículos' });
    await expect(items).toContainText('80 CV');

    // Cancelling goes back to the order unchanged.
    await items.getByRole('link', { name: 'Cambiar configuración' }).click();
    const banner = dealer.getByRole('region', { name: /Editando el pedido \d+, línea 1/ });
    await expect(banner).toBeVisible();
    await banner.getByRole('link', { name: 'Cancelar' }).click();
    await expect(dealer).toHaveURL(new RegExp(`/es-ES/orders/${RIDER_ORDER}$`));
    expect(euros((await summary.getByText(/€/).last().textContent()) ?? '')).toBe(owedBefore);

    await items.getByRole('link', { name: 'Cambiar configuración' }).click();
    await expect(dealer).toHaveURL(/edit=order/);
    await expect(dealer.getByRole('radio', { name: /^80 CV/ })).toBeChecked();
    const linePrice = banner.getByText(/Precio unitario en el pedido/);
    const textBefore = (await linePrice.textContent()) ?? '';
    const priceBefore = euros(textBefore);
    await expectAccessible(dealer);
    // 60 CV instead of 80: the line's price falls by the option's price less the line's discount.
    await new ConfiguratorPage(dealer, 'es-ES').choose('60 CV', { exact: true });
    await expect(dealer).toHaveURL(/edit=order&order=/);
    await expect(linePrice).not.toHaveText(textBefore);
    const priceAfter = euros((await linePrice.textContent()) ?? '');
    expect(priceAfter).toBeLessThan(priceBefore);
    await banner.getByRole('button', { name: 'Guardar en el pedido' }).click();

    // Back on the order: the new configuration, and the buyer owes exactly the difference less.
    await expect(dealer).toHaveURL(new RegExp(`/es-ES/orders/${RIDER_ORDER}$`));
    await expect(dealer.getByRole('status').filter({ hasText: 'Pedido actualizado.' })).toBeVisible();
    await expect(items).toContainText('60 CV');
    await expect(items).not.toContainText('80 CV');
    const owed = Math.round((owedBefore - (priceBefore - priceAfter)) * 100) / 100;
    await expect(summary.getByText(/€/).last()).toHaveText(
      new RegExp(owed.toLocaleString('es-ES', { minimumFractionDigits: 2 }).replace('.', '\\.')),
    );
    await expectAccessible(dealer);
  });
});
