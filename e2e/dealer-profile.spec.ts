import { expect, expectAccessible, test } from './fixtures.ts';
import { signedInSession as signedIn } from './pages/auth.ts';

// Issue 12, the dealer profile (spec section 7: PUT dealer/{id}/info): store with its point, invoicing, shipping.

test('a dealer edits its store, its point on the map, invoicing and shipping; a bad VAT number is refused', async ({
  browser,
}) => {
  const dealer = await signedIn(browser, 'lyon@demo.starkfuture.com', 'fr-FR');
  await dealer.goto('/fr-FR/dealer');
  await expect(dealer.getByRole('heading', { level: 1 })).toHaveText('Profil du concessionnaire');
  await expectAccessible(dealer);

  const store = dealer.getByRole('region', { name: 'Concession', exact: true });
  await store.getByLabel('Nom de la concession').fill('Lyon Moto Électrique Gerland');
  await store.getByLabel('Latitude').fill('45.7311');
  await store.getByLabel('Longitude').fill('4.8362');
  await store.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(store.getByRole('status')).toHaveText('Enregistré.');

  const invoicing = dealer.getByRole('region', { name: 'Facturation' });
  await invoicing.getByLabel('Raison sociale').fill('Lyon Moto Électrique SARL');
  await invoicing.getByLabel('Numéro de TVA').fill('FR00000000000');
  await invoicing.getByLabel('Propriétaire ou gérant').fill('Camille Bernard');
  await invoicing.getByLabel('Téléphone').fill('04 78 12 34 56');
  await invoicing.getByLabel('E-mails pour les factures').fill('compta@lyonmoto.example, camille@lyonmoto.example');
  await invoicing.getByLabel('Rue et numéro').fill('12 Rue de Gerland');
  await invoicing.getByLabel('Code postal').fill('69007');
  await invoicing.getByLabel('Ville').fill('Lyon');
  await invoicing.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(invoicing.getByRole('alert')).toBeVisible();
  // What was typed stays; a valid number saves it.
  await expect(invoicing.getByLabel('Raison sociale')).toHaveValue('Lyon Moto Électrique SARL');
  await invoicing.getByLabel('Numéro de TVA').fill('FR40303265045');
  await invoicing.getByRole('button', { name: 'Enregistrer' }).click();
  // The region also holds the address search's own (empty) live status.
  await expect(invoicing.getByRole('status').filter({ hasText: /\S/ })).toHaveText('Enregistré.');

  const shipping = dealer.getByRole('region', { name: 'Livraison' });
  await shipping.getByLabel('Prénom').fill('Camille');
  await shipping.getByLabel('Nom', { exact: true }).fill('Bernard');
  await shipping.getByLabel('Téléphone').fill('04 78 12 34 56');
  await shipping.getByLabel('Adresse e-mail').fill('atelier@lyonmoto.example');
  await shipping.getByLabel('Rue et numéro').fill('12 Rue de Gerland');
  await shipping.getByLabel('Code postal').fill('69007');
  await shipping.getByLabel('Ville').fill('Lyon');
  await shipping.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(shipping.getByRole('status').filter({ hasText: /\S/ })).toHaveText('Enregistré.');

  await dealer.reload();
  await expect(dealer.getByLabel('Nom de la concession')).toHaveValue('Lyon Moto Électrique Gerland');
  await expect(dealer.getByLabel('Latitude')).toHaveValue('45.731100');
  await expect(invoicing.getByLabel('Numéro de TVA')).toHaveValue('FR40303265045');
  await expect(invoicing.getByLabel('Téléphone')).toHaveValue('+33478123456');
  await expect(shipping.getByLabel('Adresse e-mail')).toHaveValue('atelier@lyonmoto.example');
  await expectAccessible(dealer);
});
