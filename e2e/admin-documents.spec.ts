import { expect, expectAccessible, test, whenHydrated } from './fixtures.ts';
import { signedInSession as signedIn } from './pages/auth.ts';

// Decision 060: an administrator creates a technical document, uploads its PDF with a progress bar (the public file
// serves it at once), edits it and retires it; a file that is not a PDF is refused.

test.describe('back office: technical documents (issue 24)', () => {
  test('an administrator creates a document, uploads its PDF and retires it', async ({ browser }) => {
    test.slow();
    const admin = await signedIn(browser, 'admin@demo.starkfuture.com', 'en-US');
    const code = `GD-E2E-${Date.now().toString(36).toUpperCase()}`;
    await admin.goto('/en-US/admin/documents');
    await expect(admin.getByRole('heading', { level: 1 })).toHaveText('Technical documents');
    await expectAccessible(admin);
    await admin.getByRole('link', { name: 'New document' }).click();
    await admin.getByLabel('Name', { exact: true }).fill('Grip replacement guide');
    await admin.getByLabel('Code', { exact: true }).fill(code);
    await admin.getByLabel('Model').selectOption('varg-ex');
    await admin.getByRole('button', { name: 'Create document' }).click();
    await expect(admin.getByRole('heading', { level: 1 })).toHaveText('Grip replacement guide');
    await expect(admin.getByRole('region', { name: 'History' })).toContainText('Document created');
    await expectAccessible(admin);
    const id = admin.url().split('/admin/documents/')[1]?.split('?')[0] ?? '';

    const upload = admin.getByRole('button', { name: 'Upload PDF' });
    await whenHydrated(upload);
    await admin.getByLabel('PDF (at most 10 MB)').setInputFiles({
      name: 'notes.txt',
      mimeType: 'application/pdf',
      buffer: Buffer.from('not a pdf at all'),
    });
    await upload.click();
    await expect(admin.getByRole('alert')).toContainText('The file is not a PDF.');
    await admin.getByLabel('PDF (at most 10 MB)').setInputFiles({
      name: 'guide.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n% e2e grip guide\n%%EOF\n'),
    });
    await upload.click();
    await expect(admin.getByRole('status').filter({ hasText: 'PDF uploaded.' })).toBeVisible();
    await expect(admin.getByText(/An uploaded PDF of .* MB is served/)).toBeVisible();
    const file = await admin.request.get(`/v1/technical-documents/${id}/file`);
    expect(await file.text()).toContain('e2e grip guide');

    await admin.getByRole('button', { name: 'Retire document' }).click();
    await expect(admin.getByRole('button', { name: 'List it again' })).toBeVisible();
    await expect(admin.getByRole('region', { name: 'History' })).toContainText('Document retired');
    expect((await admin.request.get(`/v1/technical-documents/${id}/file`)).status()).toBe(404);
    await expectAccessible(admin);
    await admin.context().close();
  });
});
