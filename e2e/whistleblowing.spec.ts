import type { Browser, Page } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures.ts';
import { signedInSession as signedIn } from './pages/auth.ts';
import { Shell } from './pages/shell.ts';

// The whistleblowing channel (decision 023): a visitor reports without an account, writes down the case code and the
// secret, and later reads the compliance team's answer; only the compliance role sees the cases.

let visitor = 20;
/** A visitor without an account, from their own address (the channel's per-address limits). */
async function anonymous(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    extraHTTPHeaders: { 'x-forwarded-for': `203.0.113.${++visitor}` },
  });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  return context.newPage();
}

const DESCRIPTION =
  'Serial numbers of returned battery packs are being relabelled in the Valencia warehouse and the packs sold as new.';

test.describe('the whistleblowing channel', () => {
  test('a visitor reports without an account, the compliance team acknowledges and answers, the visitor reads it', async ({
    browser,
  }) => {
    // Three actors, a dozen pages and four axe scans: more than the default 30 s on a loaded 2-core machine.
    test.slow();
    const reporter = await anonymous(browser);
    await reporter.goto('/en-US');
    await reporter.getByRole('contentinfo').getByRole('link', { name: 'Whistleblowing channel' }).click();
    await expect(reporter).toHaveURL(/\/en-US\/whistleblowing-channel$/);
    await expect(reporter.getByRole('heading', { level: 1 })).toHaveText('Whistleblowing channel');
    await expect(reporter.getByRole('main')).toContainText('We do not store your IP address');
    await expectAccessible(reporter);

    // Bad input: every problem on its field, nothing sent.
    const send = reporter.getByRole('button', { name: 'Send report' });
    await send.click();
    await expect(reporter.getByLabel('Category')).toHaveAccessibleDescription('This field is required.');
    await expect(reporter.getByLabel('What happened?')).toHaveAttribute('aria-invalid', 'true');
    await expect(reporter.getByLabel('Category')).toBeFocused();
    await reporter.getByLabel('Category').selectOption({ label: 'Fraud or theft' });
    await reporter.getByLabel('What happened?').fill('Too short');
    await reporter.getByLabel('Email address').fill('not-an-address');
    await send.click();
    await expect(reporter.getByText('Enter at least 20 characters.')).toBeVisible();
    await expect(reporter.getByText('Enter a valid email address.')).toBeVisible();
    await expect(reporter.getByLabel('Category')).toHaveValue('fraud');
    await expectAccessible(reporter);

    await reporter.getByLabel('What happened?').fill(DESCRIPTION);
    await reporter.getByLabel('Where did it happen? (optional)').fill('Valencia warehouse');
    await reporter.getByLabel('Email address').fill('');
    await send.click();
    await expect(reporter.getByRole('heading', { name: 'Your report was sent' })).toBeFocused();
    await expect(reporter.getByRole('alert')).toContainText('Write down the case code and the secret now');
    const code = (await reporter.getByTestId('whistle-code').textContent())?.trim() ?? '';
    const secret = (await reporter.getByTestId('whistle-secret').textContent())?.trim() ?? '';
    expect(code).toMatch(/^WB-[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    expect(secret).toMatch(/^([A-Z0-9]{4}-){4}[A-Z0-9]{4}$/);
    // The secret is never in the address bar.
    expect(reporter.url()).not.toContain(secret);
    await reporter.getByRole('button', { name: 'Copy secret' }).click();
    await expect(reporter.getByText('Copied')).toBeVisible();
    expect(await reporter.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await expectAccessible(reporter);

    // Coming back: a wrong secret says nothing about the case; the right one opens it.
    await reporter.getByRole('link', { name: 'Follow up on a report' }).click();
    await expect(reporter.getByRole('heading', { level: 1 })).toHaveText('Follow up on a report');
    await reporter.getByLabel('Case code').fill(code);
    await reporter.getByLabel('Secret').fill('AAAA-AAAA-AAAA-AAAA-AAAA');
    await reporter.getByRole('button', { name: 'Open case' }).click();
    await expect(reporter.getByRole('alert')).toHaveText(
      'We could not open a case with this code and secret. Check both and try again later.',
    );
    await expectAccessible(reporter);
    await reporter.getByLabel('Case code').fill(code.toLowerCase());
    await reporter.getByLabel('Secret').fill(secret);
    await reporter.getByRole('button', { name: 'Open case' }).click();
    await expect(reporter.getByRole('heading', { level: 1 })).toHaveText(`Case ${code}`);
    await expect(reporter.getByTestId('whistle-status')).toHaveText('Received');
    await expect(reporter.getByRole('main')).toContainText(DESCRIPTION);
    await expect(reporter.getByText('No messages yet.')).toBeVisible();

    // The compliance officer finds it, acknowledges and answers.
    const officer = await signedIn(browser, 'compliance@demo.starkfuture.com', 'en-US');
    await officer.goto('/en-US/account');
    await new Shell(officer).openAccountMenu();
    await officer.getByRole('link', { name: 'Whistleblowing cases' }).click();
    await expect(officer.getByRole('heading', { level: 1 })).toHaveText('Whistleblowing cases');
    const row = officer.getByRole('row').filter({ hasText: code });
    await expect(row).toContainText('Fraud or theft');
    await expect(row).toContainText('Received');
    await expectAccessible(officer);
    await row.getByRole('link', { name: code }).click();
    await expect(officer.getByRole('heading', { level: 1 })).toHaveText(`Case ${code}`);
    await expect(officer.getByRole('main')).toContainText(DESCRIPTION);
    await expect(officer.getByRole('main')).toContainText('Valencia warehouse');
    await expect(officer.getByText('Anonymous: no contact details given.')).toBeVisible();
    await expectAccessible(officer);
    await officer.getByRole('button', { name: 'Acknowledge receipt' }).click();
    await expect(officer.getByText('Status saved.')).toBeVisible();
    await expect(officer.getByTestId('compliance-status')).toHaveText('Acknowledged');
    await expect(officer.getByTestId('compliance-acknowledged')).toContainText('UTC');
    // An empty answer is refused on its field.
    await officer.getByRole('button', { name: 'Send answer' }).click();
    await expect(officer.getByLabel('Answer to the reporter')).toHaveAccessibleDescription('This field is required.');
    await officer
      .getByLabel('Answer to the reporter')
      .fill('Thank you for your report. We have started checking the warehouse records.');
    await officer.getByRole('button', { name: 'Send answer' }).click();
    await expect(officer.getByText('Answer sent.')).toBeVisible();
    await expect(officer.getByRole('listitem').filter({ hasText: 'warehouse records' })).toContainText('Ines Keller');
    await expectAccessible(officer);

    // The reporter reads the answer and adds to it.
    await reporter.getByRole('link', { name: 'Whistleblowing channel' }).first().click();
    await reporter.goto('/en-US/whistleblowing-channel/case');
    await reporter.getByLabel('Case code').fill(code);
    await reporter.getByLabel('Secret').fill(secret.replace(/-/g, ' '));
    await reporter.getByRole('button', { name: 'Open case' }).click();
    await expect(reporter.getByTestId('whistle-status')).toHaveText('Acknowledged');
    const answer = reporter
      .getByRole('listitem')
      .filter({ hasText: 'We have started checking the warehouse records.' });
    await expect(answer).toContainText('Compliance team');
    await expect(answer).not.toContainText('Ines');
    await reporter.getByRole('button', { name: 'Send message' }).click();
    await expect(reporter.getByLabel('Add information')).toHaveAccessibleDescription('This field is required.');
    await reporter.getByLabel('Add information').fill('The relabelling happens on Friday afternoons.');
    await reporter.getByRole('button', { name: 'Send message' }).click();
    await expect(reporter.getByText('Your message was sent.')).toBeVisible();
    await expect(reporter.getByRole('listitem').filter({ hasText: 'Friday afternoons' })).toContainText('You');
    await expectAccessible(reporter);

    // The officer sees it, moves the case along and closes it; the reporter can then only read.
    await officer.reload();
    await expect(officer.getByRole('listitem').filter({ hasText: 'Friday afternoons' })).toContainText('Reporter');
    await officer.getByLabel('Status', { exact: true }).selectOption({ label: 'Closed' });
    await officer.getByRole('button', { name: 'Save status' }).click();
    await expect(officer.getByTestId('compliance-status')).toHaveText('Closed');
    await officer.goto('/en-US/compliance?status=closed');
    await expect(officer.getByRole('row').filter({ hasText: code })).toContainText('Closed');

    await reporter.goto('/en-US/whistleblowing-channel/case');
    await reporter.getByLabel('Case code').fill(code);
    await reporter.getByLabel('Secret').fill(secret);
    await reporter.getByRole('button', { name: 'Open case' }).click();
    await expect(reporter.getByText('This case is closed. You can still read it.')).toBeVisible();
    await expect(reporter.getByRole('button', { name: 'Send message' })).toHaveCount(0);
  });

  test('the page speaks the visitor’s language', async ({ browser }) => {
    const page = await anonymous(browser);
    await page.goto('/de-DE/whistleblowing-channel');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hinweisgebersystem');
    await expect(page.getByRole('button', { name: 'Meldung senden' })).toBeVisible();
    await expectAccessible(page);
  });

  test('nobody but the compliance role opens the cases: customers, dealers and administrators get 403', async ({
    browser,
  }) => {
    const visitorPage = await anonymous(browser);
    await visitorPage.goto('/en-US/compliance');
    await expect(visitorPage).toHaveURL(/\/en-US\/login\?from=/);
    for (const [email, segment] of [
      ['customer@demo.starkfuture.com', 'de-DE'],
      ['dealer@demo.starkfuture.com', 'es-ES'],
      ['admin@demo.starkfuture.com', 'en-US'],
    ] as const) {
      const page = await signedIn(browser, email, segment);
      for (const path of ['/compliance', '/compliance/00000000-0000-4000-8000-000000000000']) {
        const res = await page.goto(`/${segment}${path}`);
        expect(res?.status(), `${email} ${path}`).toBe(403);
      }
      await expect(
        page.getByRole('link', { name: /Whistleblowing cases|Hinweisgeberfälle|Casos del canal/ }),
      ).toHaveCount(0);
      await expectAccessible(page);
      await page.context().close();
    }
  });
});
