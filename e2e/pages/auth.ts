import { expect, type Page } from '@playwright/test';

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
    await this.page.getByLabel('E-mail address').fill(user.email);
    await this.page.getByLabel('Password').fill(user.password);
    await this.page.getByRole('button', { name: 'Create account' }).click();
    await expect(this.page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
  }
  /** Opens the newest mailed link of a kind from the dev mailbox. */
  async openMailedLink(email: string, path: 'confirm-email' | 'reset-password') {
    await this.page.goto(`/${this.segment}/dev/mailbox`);
    const mail = this.page
      .getByRole('article')
      .filter({ hasText: `: ${email}` })
      .first();
    await mail.getByRole('link', { name: new RegExp(`/${path}/`) }).click();
  }
  async signIn(email: string, password: string) {
    await this.page.getByLabel('E-mail address').fill(email);
    await this.page.getByLabel('Password', { exact: true }).fill(password);
    await this.page.getByRole('button', { name: 'Sign in' }).click();
  }
  /** Signs in and waits until the session is there (the page has left the sign-in form). */
  async signInAndWait(email: string, password: string) {
    await this.signIn(email, password);
    await this.page.waitForURL((url) => !url.pathname.endsWith('/login'));
  }
  async signOut() {
    await this.page.getByRole('button', { name: 'Account' }).click();
    await this.page.getByRole('button', { name: 'Sign out' }).click();
  }
}
