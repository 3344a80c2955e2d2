import { expect, expectAccessible, test } from './fixtures.ts';
import { AuthPages } from './pages/auth.ts';

// Issue 22, "Accounts": changing the e-mail address needs the password and a confirmation from the new address.
test('a customer changes the e-mail address: password first, pending until confirmed, cancellable', async ({
  page,
}) => {
  // A dozen steps and four axe scans: more than the default 30 s on a loaded 2-core machine.
  test.slow();
  const auth = new AuthPages(page);
  const stamp = Date.now();
  const oldAddress = `mover-${stamp}@example.com`;
  const newAddress = `moved-${stamp}@example.com`;
  // Mailed links use PUBLIC_URL's host (localhost), where the session cookies then live: stay on the page's host.
  const goTo = (path: string) => page.goto(new URL(path, page.url()).href);
  await auth.signUp({ name: 'Mover', email: oldAddress, password: 'first long password' });
  await auth.openMailedLink(oldAddress, 'confirm-email');
  await page.getByRole('button', { name: 'Confirm my email address' }).click();
  await expect(page).toHaveURL(/\/en-US\/account\?welcome=1$/);

  const section = page.getByRole('region', { name: 'Email address' });
  await expect(section).toContainText(`You sign in with ${oldAddress}.`);
  const newField = section.getByLabel('New email address');
  const password = section.getByLabel('Current password');
  const change = section.getByRole('button', { name: 'Change email address' });

  // A wrong password changes nothing.
  await newField.fill(newAddress);
  await password.fill('not my password');
  await change.click();
  await expect(section.getByRole('alert')).toContainText('The current password is incorrect.');
  await expect(section.getByTestId('pending-email')).toHaveCount(0);

  await newField.fill(newAddress);
  await password.fill('first long password');
  await change.click();
  await expect(section.getByRole('status')).toContainText('We sent a confirmation link to your new address.');
  const pending = section.getByTestId('pending-email');
  await expect(pending).toContainText(`Waiting for confirmation: ${newAddress}.`);
  await expect(section).toContainText(`You sign in with ${oldAddress}.`);
  await expectAccessible(page);

  // Cancelled: the link no longer works.
  await pending.getByRole('button', { name: 'Cancel the change' }).click();
  await expect(section.getByRole('status')).toContainText('The change of your email address was canceled.');
  await expect(section.getByTestId('pending-email')).toHaveCount(0);
  await auth.openMailedLink(newAddress, 'confirm-email-change');
  await expect(page.getByRole('heading', { name: 'Confirm your new email address' })).toBeVisible();
  await page.getByRole('button', { name: 'Confirm new address' }).click();
  await expect(page.getByRole('alert')).toContainText('This link is invalid, expired or was canceled.');

  // Asked again and confirmed from the new address: it becomes the sign-in address.
  await goTo('/en-US/account');
  await newField.fill(newAddress);
  await password.fill('first long password');
  await change.click();
  await expect(section.getByTestId('pending-email')).toBeVisible();
  await auth.openMailedLink(newAddress, 'confirm-email-change');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Confirm new address' }).click();
  await expect(page.getByRole('status')).toContainText('Your new email address is confirmed.');
  await expectAccessible(page);
  await goTo('/en-US/account');
  await expect(section).toContainText(`You sign in with ${newAddress}.`);

  await auth.signOut();
  await expect(page).toHaveURL(/\/en-US$/);
  await goTo('/en-US/login');
  await auth.signIn(oldAddress, 'first long password');
  await expect(page.getByRole('alert')).toContainText('The email address or password is incorrect.');
  await auth.signInAndWait(newAddress, 'first long password');
});
