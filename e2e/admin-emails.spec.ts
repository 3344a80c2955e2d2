import { expect, expectAccessible, test, whenHydrated } from './fixtures.ts';
import { signedInSession as signedIn } from './pages/auth.ts';

// Issue 23 item 2 (decision 065): an administrator finds the dead-lettered e-mails (the demo seeds two) and sends them
// again; without SMTP delivery (the e2e server, the demo) the page says they are only queued.

test.describe('dead-lettered e-mails in the back office', () => {
  test('an administrator sends one dead e-mail again, then all the others after confirming', async ({ browser }) => {
    const admin = await signedIn(browser, 'admin@demo.starkfuture.com', 'en-US');
    await admin.goto('/en-US/admin');
    await admin.getByRole('link', { name: 'Emails', exact: true }).first().click();
    await expect(admin.getByRole('heading', { level: 1 })).toHaveText('Emails');
    await expect(admin.getByText('Email delivery (SMTP) is not configured here')).toBeVisible();
    const tabs = admin.getByRole('navigation', { name: 'State' });
    await expect(tabs.getByRole('link', { name: 'Dead (2)' })).toHaveAttribute('aria-current', 'page');
    const table = admin.getByRole('table', { name: 'Emails: Dead' });
    await expect(table.getByRole('row', { name: /Your invoice/ })).toContainText('451 4.3.0');
    await expectAccessible(admin);

    // One, by the keyboard: the other stays dead.
    const retry = table.getByRole('button', { name: /Send again.*Your invoice/ });
    await whenHydrated(retry);
    await retry.focus();
    await admin.keyboard.press('Enter');
    await expect(admin.getByText('The email is queued for delivery again.')).toBeVisible();
    await expect(tabs.getByRole('link', { name: 'Dead (1)' })).toBeVisible();
    await expect(table.getByRole('row', { name: /Your invoice/ })).toHaveCount(0);
    await tabs.getByRole('link', { name: 'Waiting' }).click();
    await expect(
      admin.getByRole('table', { name: 'Emails: Waiting' }).getByRole('row', { name: /Your invoice/ }),
    ).toBeVisible();
    await expectAccessible(admin);

    // All the others: asked first, cancel changes nothing, confirming requeues them.
    await tabs.getByRole('link', { name: 'Dead (1)' }).click();
    // The button shows on every tab: press it once the dead tab is the page, or it posts from the waiting one.
    await expect(tabs.getByRole('link', { name: 'Dead (1)' })).toHaveAttribute('aria-current', 'page');
    await admin.getByRole('button', { name: 'Send all dead emails again' }).click();
    const question = admin.getByRole('alertdialog');
    await expect(question).toContainText('Queue every dead email for delivery again now?');
    await expect(question).toBeFocused();
    await expectAccessible(admin);
    await question.getByRole('link', { name: 'Cancel' }).click();
    await expect(tabs.getByRole('link', { name: 'Dead (1)' })).toBeVisible();
    await admin.getByRole('button', { name: 'Send all dead emails again' }).click();
    await admin.getByRole('alertdialog').getByRole('button', { name: 'Send all dead emails again' }).click();
    await expect(admin.getByText('The dead emails are queued for delivery again.')).toBeVisible();
    await expect(tabs.getByRole('link', { name: 'Dead (0)' })).toBeVisible();
    await expect(admin.getByText('No emails in this state.')).toBeVisible();
    await expect(admin.getByRole('button', { name: 'Send all dead emails again' })).toHaveCount(0);
    await expectAccessible(admin);

    // Both retries are in the audit log under the administrator.
    await admin.goto('/en-US/admin/audit?action=email.');
    await expect(admin.getByText('Email sent again')).toBeVisible();
    await expect(admin.getByText('Dead emails sent again')).toBeVisible();
  });

  test('the page is for administrators only', async ({ browser }) => {
    const customer = await signedIn(browser, 'customer@demo.starkfuture.com', 'en-US');
    const res = await customer.goto('/en-US/admin/emails');
    expect(res?.status()).toBe(403);
  });
});
