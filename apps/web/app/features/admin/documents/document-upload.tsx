import { type FormEvent, useRef, useState } from 'react';
import { useRevalidator } from 'react-router';
import { FILE_PATHS } from '../../../lib/api-paths.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { postWithProgress } from '../../../lib/upload.ts';
import { useLocalePath } from '../../../lib/use-locale.ts';
import { buttonClass } from '../../../ui/button.ts';
import { FormMessage } from '../../../ui/field.tsx';

/** As the API's limit (decision 060). */
const MAX_BYTES = 10 * 1024 * 1024;

/**
 * A technical document's PDF: a plain multipart form (works without JavaScript); with it, sent with XMLHttpRequest
 * so a progress bar shows the upload.
 */
export function DocumentUpload({ id, upload }: { id: string; upload: { size: number } | null }) {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  const revalidator = useRevalidator();
  const [progress, setProgress] = useState<number | null>(null);
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const action = localePath(`/admin/documents/${id}/file`);

  function send(event: FormEvent<HTMLFormElement>) {
    const file = fileRef.current?.files?.[0];
    if (!file || typeof XMLHttpRequest === 'undefined') return;
    event.preventDefault();
    if (file.size > MAX_BYTES) {
      setMessage({ tone: 'error', text: t('error_document_too_large') });
      return;
    }
    setMessage(null);
    setProgress(0);
    void postWithProgress(action, new FormData(event.currentTarget), setProgress).then((answer) => {
      setProgress(null);
      setMessage(
        answer.ok
          ? { tone: 'success', text: t('admin_documents_uploaded') }
          : { tone: 'error', text: answer.error ?? t('unknow_error') },
      );
      if (answer.ok) {
        if (fileRef.current) fileRef.current.value = '';
        revalidator.revalidate();
      }
    });
  }

  return (
    <section aria-labelledby="document-file" className="flex max-w-3xl flex-col gap-3">
      <h2 id="document-file" className="text-xl font-semibold">
        {t('admin_documents_file')}
      </h2>
      <p className="text-neutral-700">
        {upload
          ? t('admin_documents_file_uploaded', { size: (upload.size / 1024 / 1024).toFixed(1) })
          : t('admin_documents_file_none')}{' '}
        <a href={FILE_PATHS.technicalDocument(id)} className="underline underline-offset-2">
          {t('admin_documents_file_open')}
        </a>
      </p>
      {message && <FormMessage tone={message.tone}>{message.text}</FormMessage>}
      <form
        method="post"
        action={action}
        encType="multipart/form-data"
        onSubmit={send}
        className="flex flex-wrap items-end gap-3"
      >
        <div className="flex flex-col gap-1.5">
          <label htmlFor="document-pdf" className="text-sm font-medium text-neutral-800">
            {t('admin_documents_pdf')}
          </label>
          <input
            id="document-pdf"
            ref={fileRef}
            type="file"
            name="pdf"
            accept="application/pdf"
            required
            className="text-sm"
          />
        </div>
        <button type="submit" className={buttonClass.primary} disabled={progress !== null}>
          {t('admin_documents_upload')}
        </button>
        {progress !== null && (
          <progress max={100} value={progress} aria-label={t('admin_documents_progress')} className="w-48">
            {progress} %
          </progress>
        )}
      </form>
    </section>
  );
}
