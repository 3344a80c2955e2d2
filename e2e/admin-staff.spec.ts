import { expect, expectAccessible, test } from './fixtures.ts';
import { signedInSession as signedIn } from './pages/auth.ts';

// Issue 24 items 1, 2 and 9: an administrator invites a colleague as translator, the colleague accepts in German and
// is signed in, the administrator takes the role away again (confirmed), reads it in the audit log and the overview.

test.describe('back office: staff, audit log, overview (issue 24)', () => {
  test('an administrator invites a translator who joins; the role is revoked after a confirmation and audited', async ({
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const email = `kolleg-${Date.now()}@example.com`;
    const admin = await signedIn(browser, 'admin@demo.starkfuture.com', 'en-US');
    await admin.goto('/en-US/admin/staff');
    await expect(admin.getByRole('heading', { level: 1 })).toHaveText('Staff and roles');
    await expect(admin.getByRole('row').filter({ hasText: 'translator@demo.starkfuture.com' })).toBeVisible();
    await expectAccessible(admin);

    // Filter by role: only the vehicle registration officer.
    await admin.getByRole('combobox', { name: 'Roles' }).selectOption('mco');
    await admin.getByRole('button', { name: 'Search' }).click();
    await expect(admin).toHaveURL(/role=mco/);
    await expect(admin.getByRole('row').filter({ hasText: 'mco@demo.starkfuture.com' })).toBeVisible();
    await expect(admin.getByRole('row').filter({ hasText: 'translator@demo.starkfuture.com' })).toHaveCount(0);

    // Invite: without a role the form says so and keeps the address.
    const invite = admin.getByRole('region', { name: 'Invite a colleague' });
    await invite.getByLabel('Email address').fill(email);
    await invite.getByLabel('Language of the email').selectOption('de');
    await invite.getByRole('button', { name: 'Send the invitation' }).click();
    await expect(admin.getByText('Choose at least one role.')).toBeVisible();
    await expect(invite.getByLabel('Email address')).toHaveValue(email);
    await invite.getByRole('checkbox', { name: 'Translator' }).check();
    await invite.getByRole('button', { name: 'Send the invitation' }).click();
    await expect(admin.getByRole('status')).toContainText(`Invitation sent to ${email}.`);
    await expect(admin.getByRole('region', { name: 'Open invitations' })).toContainText(email);

    // The colleague opens the German link, chooses a name and a password, and is in.
    const { docs } = await (await request.get(`/v1/dev/mailbox?to=${encodeURIComponent(email)}`)).json();
    const link = /\/de-DE\/staff-invitation\/[\w-]+/.exec(docs[0].text)?.[0];
    expect(link).toBeTruthy();
    const colleague = await (await browser.newContext()).newPage();
    await colleague.goto(link as string);
    await expect(colleague.getByRole('heading', { level: 1 })).toHaveText('Willkommen im Team');
    await expectAccessible(colleague);
    await colleague.getByLabel('Vorname').fill('Klara');
    await colleague.getByLabel('Nachname').fill('Weiss');
    await colleague.getByLabel('Passwort').fill('ein langes Passwort');
    await colleague.getByRole('button', { name: 'Einladung annehmen' }).click();
    await expect(colleague.getByRole('status')).toContainText('Ihre neuen Rollen sind aktiv.');
    // The link works once.
    await colleague.goto(link as string);
    await expect(colleague.getByRole('alert')).toContainText('bereits verwendet');

    // The administrator finds the new translator and takes the role away, after confirming.
    await admin.goto(`/en-US/admin/staff?q=${encodeURIComponent(email)}`);
    const row = admin.getByRole('row').filter({ hasText: email });
    await expect(row).toContainText('Translator');
    await row.getByText('Change roles').click();
    await row.getByRole('checkbox', { name: 'Translator' }).uncheck();
    await row.getByRole('button', { name: 'Save roles' }).click();
    const confirm = admin.getByRole('alertdialog');
    await expect(confirm).toContainText(`${email} loses these roles at once: Translator.`);
    await expect(confirm).toBeFocused();
    await expectAccessible(admin);
    await confirm.getByRole('button', { name: 'Remove the roles' }).click();
    await expect(admin.getByRole('status')).toContainText(`The roles of ${email} were saved.`);
    await expect(admin.getByText('No staff member matches.')).toBeVisible();

    // An invitation sent by mistake is revoked, after a confirmation naming what happens.
    await admin.goto('/en-US/admin/staff');
    const other = `wrong-${Date.now()}@example.com`;
    await invite.getByLabel('Email address').fill(other);
    await invite.getByRole('checkbox', { name: 'Administrator' }).check();
    await invite.getByRole('button', { name: 'Send the invitation' }).click();
    const open = admin.getByRole('region', { name: 'Open invitations' });
    await open
      .getByRole('listitem')
      .filter({ hasText: other })
      .getByRole('button', { name: /^Revoke/ })
      .click();
    await expect(admin.getByRole('alertdialog')).toContainText('Its link stops working at once.');
    await admin.getByRole('alertdialog').getByRole('button', { name: 'Revoke' }).click();
    await expect(admin.getByRole('status')).toContainText(`The invitation to ${other} was revoked.`);
    await expect(open).not.toContainText(other);

    // The audit log shows the change, filtered by action.
    await admin.goto('/en-US/admin/audit?action=staff.');
    await expect(admin.getByRole('heading', { level: 1 })).toHaveText('Audit log');
    await expect(admin.getByRole('row').filter({ hasText: 'Roles changed' }).first()).toContainText(
      /roles: .*\["translator"\] →.*\[\]/,
    );
    await expect(admin.getByRole('row').filter({ hasText: 'Invitation accepted' })).toHaveCount(1);
    await expectAccessible(admin);
    const [download] = await Promise.all([
      admin.waitForEvent('download'),
      admin.getByRole('link', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/audit-log/);

    // The overview, over 90 days.
    await admin.goto('/en-US/admin');
    await expect(admin.getByRole('heading', { level: 1 })).toHaveText('Overview');
    await expect(admin.getByRole('link', { name: /Applications to become a dealer/ })).toBeVisible();
    await admin.getByLabel('Period').selectOption('90');
    await admin.getByRole('button', { name: 'Search' }).click();
    await expect(admin).toHaveURL(/days=90/);
    await expect(admin.getByRole('figure', { name: /Orders per day/ })).toBeVisible();
    await expectAccessible(admin);
  });

  test('anyone but an administrator gets 403 on the staff, audit and overview pages', async ({ browser }) => {
    const translator = await signedIn(browser, 'translator@demo.starkfuture.com', 'en-US');
    for (const path of ['/en-US/admin/staff', '/en-US/admin/audit', '/en-US/admin']) {
      const answer = await translator.goto(path);
      expect(answer?.status(), path).toBe(403);
    }
  });
});
