import { type Browser, expect, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from '../../packages/db/src/seed/people.ts';
import { Shell } from './shell.ts';

/** A visitor's steps through sign-up, the dev mailbox, sign-in and the profile. */
export class AuthPages {
  readonly page: Page;
  readonly segment: string;
  constructor(page: Page, segment = 'en-US') {
    this.page = page;
    this.segment = segment;
  }
  async signUp(user: { name: string; email: string; password: string }) {
    await this.page.goto(`/${this.segment}/create`);
    await this.page.getByLabel('First name').fill(user.name);
    await this.page.getByLabel('Email address').fill(user.email);
    await this.page.getByLabel('Password').fill(user.password);
    await this.page.getByRole('button', { name: 'Create account' }).click();
    await expect(this.page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  }
  /** Opens the newest mailed link of a kind from the dev mailbox. */
  async openMailedLink(email: string, path: 'confirm-email' | 'reset-password' | 'confirm-email-change') {
    await this.page.goto(`/${this.segment}/dev/mailbox`);
    const mail = this.page
      .getByRole('article')
      .filter({ hasText: `: ${email}` })
      .first();
    await mail.getByRole('link', { name: new RegExp(`/${path}/`) }).click();
  }
  async signIn(email: string, password: string) {
    await this.page.getByLabel('Email address').fill(email);
    await this.page.getByLabel('Password', { exact: true }).fill(password);
    await this.page.getByRole('button', { name: 'Sign in' }).click();
  }
  /** Signs in and waits until the session is there (the page has left the sign-in form). */
  async signInAndWait(email: string, password: string) {
    await this.signIn(email, password);
    await this.page.waitForURL((url) => !url.pathname.endsWith('/login'));
  }
  async signOut() {
    await new Shell(this.page).openAccountMenu();
    await this.page.getByRole('button', { name: 'Sign out' }).click();
  }
}

let forwardedAddress = 60;

/**
 * A new browser session of an account, signed in by posting the login form of `segment` as a browser without
 * JavaScript does (the page's own action; the session cookies land in the session's cookie jar). No sign-in page is
 * drawn: the returned page is blank, and the caller opens what it tests. The form itself, drawn and typed into, is
 * tested by `signInThroughForm` and identity.spec.ts. Each session comes from its own forwarded address
 * (documentation range), clear of the per-address sign-in limit the whole suite shares from 127.0.0.1; the dev
 * mailbox, which answers only this machine, is read from another session.
 */
export async function signedInSession(
  browser: Browser,
  email: string,
  segment: string,
  password = DEMO_PASSWORD,
): Promise<Page> {
  const context = await browser.newContext({
    extraHTTPHeaders: { 'x-forwarded-for': `198.51.100.${++forwardedAddress}` },
  });
  const answer = await context.request.post(`/${segment}/login`, { form: { email, password }, maxRedirects: 0 });
  expect(answer.status(), `signing ${email} in: ${answer.status()}`).toBe(302);
  return context.newPage();
}

/** Signs in through the login form of `segment` in this page's session (an anonymous cart there joins the account). */
export async function signInThroughForm(page: Page, email: string, segment: string, password = DEMO_PASSWORD) {
  await page.goto(`/${segment}/login`);
  const form = page
    .getByRole('main')
    .locator('form')
    .filter({ has: page.locator('input[name="password"]') });
  await form.locator('input[name="email"]').fill(email);
  await form.locator('input[name="password"]').fill(password);
  await form.locator('button[type="submit"]').click();
  await page.waitForURL((url) => !url.pathname.endsWith('/login'));
}
