import { type FormEvent, type ReactNode, useRef, useState } from 'react';
import { useRevalidator } from 'react-router';
import { useTranslation } from '../../lib/i18n.ts';
import { postWithProgress } from '../../lib/upload.ts';
import { buttonClass } from '../../ui/button.ts';
import { FormMessage } from '../../ui/field.tsx';

/**
 * An image upload: a plain multipart form that works without JavaScript; with it, sent with XMLHttpRequest so a
 * progress bar shows the upload, then the page's data is read again. A file over `maxBytes` is refused before sending.
 */
export function ImageUploadForm({
  id,
  action,
  field,
  label,
  maxBytes,
  tooLarge,
  uploaded,
  children,
}: {
  id: string;
  action: string;
  /** The file's form field. */
  field: string;
  label: string;
  maxBytes: number;
  /** The messages for a file too large and for success. */
  tooLarge: string;
  uploaded: string;
  /** Hidden fields sent with the file. */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const [progress, setProgress] = useState<number | null>(null);
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);

  function upload(event: FormEvent<HTMLFormElement>) {
    const file = fileRef.current?.files?.[0];
    if (!file || typeof XMLHttpRequest === 'undefined') return;
    event.preventDefault();
    if (file.size > maxBytes) {
      setMessage({ tone: 'error', text: tooLarge });
      return;
    }
    const body = new FormData(event.currentTarget);
    setMessage(null);
    setProgress(0);
    void postWithProgress(action, body, setProgress).then((answer) => {
      setProgress(null);
      setMessage(
        answer.ok ? { tone: 'success', text: uploaded } : { tone: 'error', text: answer.error ?? t('unknow_error') },
      );
      if (answer.ok) {
        if (fileRef.current) fileRef.current.value = '';
        revalidator.revalidate();
      }
    });
  }

  return (
    <>
      {message && <FormMessage tone={message.tone}>{message.text}</FormMessage>}
      <form
        method="post"
        action={action}
        encType="multipart/form-data"
        onSubmit={upload}
        className="flex flex-wrap items-end gap-3"
      >
        {children}
        <div className="flex flex-col gap-1.5">
          <label htmlFor={id} className="text-sm font-medium text-neutral-800">
            {label}
          </label>
          <input
            id={id}
            ref={fileRef}
            type="file"
            name={field}
            accept="image/jpeg,image/png,image/webp"
            required
            className="text-sm"
          />
        </div>
        <button type="submit" className={buttonClass.primary} disabled={progress !== null}>
          {t('admin_stock_photo_upload')}
        </button>
        {progress !== null && (
          <progress max={100} value={progress} aria-label={t('admin_stock_photo_progress')} className="w-48">
            {progress} %
          </progress>
        )}
      </form>
    </>
  );
}
