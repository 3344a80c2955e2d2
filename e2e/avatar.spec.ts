import { expect, expectAccessible, test } from './fixtures.ts';
import { AuthPages } from './pages/auth.ts';

// Issue 25 item 8: the customer's profile picture (decision 057).

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

test.describe('profile picture (issue 25)', () => {
  test('a customer uploads a picture, sees it in the header, and removes it after confirming', async ({ page }) => {
    const auth = new AuthPages(page);
    const email = `avatar-${Date.now()}@example.com`;
    await auth.signUp({ name: 'Avatar', email, password: 'a long avatar password' });
    await auth.openMailedLink(email, 'confirm-email');
    await page.getByRole('button', { name: 'Confirm my email address' }).click();
    await expect(page).toHaveURL(/\/en-US\/account\?welcome=1$/);
    const section = page.getByRole('region', { name: 'Profile picture' });
    await expect(section.getByText('No profile picture yet.')).toBeVisible();
    await expect(page.getByTestId('header-avatar')).toHaveCount(0);

    // A PDF named .png is refused by its content, with a translated message.
    const file = section.getByLabel('Picture (JPEG, PNG or WebP)');
    await file.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PDF });
    await section.getByRole('button', { name: 'Upload picture' }).click();
    await expect(section.getByText('The picture must be a JPEG, PNG or WebP image.')).toBeVisible();

    await file.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
    await section.getByRole('button', { name: 'Upload picture' }).click();
    await expect(section.getByText('Profile picture saved.')).toBeVisible();
    const picture = section.getByRole('img', { name: 'Your profile picture' });
    await expect(picture).toBeVisible();
    await expect(page.getByTestId('header-avatar')).toBeVisible();
    const src = (await picture.getAttribute('src')) ?? '';
    expect(src).toMatch(/^\/en-US\/avatar\/[0-9a-f]{64}\.webp$/);
    // The browser loads it (the header's icon too), served to the owner by content hash as a 256-pixel square.
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(256);
    await expect
      .poll(() => page.getByTestId('header-avatar').evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBe(256);
    const served = await page.evaluate(async (url) => {
      const res = await fetch(url);
      return {
        status: res.status,
        type: res.headers.get('content-type'),
        cache: res.headers.get('cache-control'),
        size: (await res.arrayBuffer()).byteLength,
      };
    }, src);
    expect(served).toMatchObject({ status: 200, type: 'image/webp', cache: 'private, max-age=31536000, immutable' });
    expect(served.size).toBeGreaterThan(0);
    await expectAccessible(page);

    await section.getByRole('button', { name: 'Remove picture' }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText('Remove your profile picture?');
    await expectAccessible(page);
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await expect(section.getByText('Profile picture removed.')).toBeVisible();
    await expect(section.getByText('No profile picture yet.')).toBeVisible();
    await expect(page.getByTestId('header-avatar')).toHaveCount(0);
    // The browser may keep its copy (immutable by content hash); the server no longer answers it.
    expect(await page.evaluate(async (url) => (await fetch(url, { cache: 'no-store' })).status, src)).toBe(404);
  });
});
