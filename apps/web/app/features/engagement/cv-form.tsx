import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import { buttonClass } from '../../ui/button.ts';
import { CaptchaField } from '../../ui/captcha.tsx';
import { FormMessage } from '../../ui/field.tsx';

export const CV_MAX_BYTES = 10 * 1024 * 1024;
const input = 'rounded-lg border border-neutral-300 bg-white px-3 py-2.5';

/**
 * The application form (decision 022). A plain multipart form post to the API works without JavaScript (the API
 * answers with a redirect back here); with it, the file goes by XMLHttpRequest, so the upload's progress shows.
 */
export function CvForm({
  positions,
  lang,
  returnTo,
  selected,
}: {
  positions: Array<{ id: string; title: string }>;
  lang: string;
  returnTo: string;
  selected: string;
}) {
  const { t } = useTranslation();
  const form = useRef<HTMLFormElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  function submit(event: FormEvent<HTMLFormElement>) {
    const el = event.currentTarget;
    if (typeof XMLHttpRequest === 'undefined') return;
    event.preventDefault();
    setError(null);
    const data = new FormData(el);
    const file = data.get('cv');
    if (!(file instanceof File) || file.size === 0) return setError(t('error_cv_missing'));
    if (file.size > CV_MAX_BYTES) return setError(t('error_cv_too_large'));
    if (!el.reportValidity()) return;
    data.delete('returnTo');
    const xhr = new XMLHttpRequest();
    xhr.open('POST', el.action);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.setRequestHeader('x-lang', lang);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) setProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      if (xhr.status === 201) {
        setProgress(100);
        setDone(true);
        form.current?.reset();
        return;
      }
      setProgress(null);
      try {
        setError((JSON.parse(xhr.responseText) as { message?: string }).message ?? t('team_upload_failed'));
      } catch {
        setError(t('team_upload_failed'));
      }
    };
    xhr.onerror = () => {
      setProgress(null);
      setError(t('team_upload_failed'));
    };
    setProgress(0);
    xhr.send(data);
  }

  if (done) {
    return <FormMessage tone="success">{t('team_applied')}</FormMessage>;
  }
  return (
    <form
      ref={form}
      method="post"
      action="/v1/team/cv"
      encType="multipart/form-data"
      onSubmit={submit}
      className="flex flex-col gap-5"
      aria-describedby={error ? 'cv-form-error' : undefined}
    >
      <input type="hidden" name="returnTo" value={returnTo} />
      <CaptchaField action="team_cv" />
      {error && (
        <div id="cv-form-error">
          <FormMessage tone="error">{error}</FormMessage>
        </div>
      )}
      <div className="flex flex-col gap-1.5">
        <label htmlFor="cv-position" className="text-sm font-medium text-neutral-800">
          {t('team_position')}
        </label>
        <select id="cv-position" name="positionId" defaultValue={selected} required className={input}>
          {positions.map((p) => (
            <option key={p.id} value={p.id}>
              {p.title}
            </option>
          ))}
        </select>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="flex flex-col gap-1.5">
          <label htmlFor="cv-name" className="text-sm font-medium text-neutral-800">
            {t('contact_name')}
          </label>
          <input id="cv-name" name="name" required maxLength={120} autoComplete="name" className={input} />
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor="cv-email" className="text-sm font-medium text-neutral-800">
            {t('test_ride_email')}
          </label>
          <input
            id="cv-email"
            name="email"
            type="email"
            required
            maxLength={254}
            autoComplete="email"
            className={input}
          />
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor="cv-phone" className="text-sm font-medium text-neutral-800">
            {t('test_ride_phone')}
          </label>
          <input id="cv-phone" name="phone" type="tel" maxLength={32} autoComplete="tel" className={input} />
        </div>
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor="cv-message" className="text-sm font-medium text-neutral-800">
          {t('test_ride_message')}
        </label>
        <textarea id="cv-message" name="message" rows={4} maxLength={3000} className={input} />
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor="cv-file" className="text-sm font-medium text-neutral-800">
          {t('team_cv')}
        </label>
        <input
          id="cv-file"
          name="cv"
          type="file"
          required
          accept=".pdf,.docx,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
          aria-describedby="cv-file-hint"
          className="text-sm"
        />
        <p id="cv-file-hint" className="text-xs text-neutral-600">
          {t('team_cv_hint')}
        </p>
      </div>
      {progress !== null && (
        <div className="flex items-center gap-3">
          <label htmlFor="cv-progress" className="text-sm">
            {t('team_uploading')}
          </label>
          <progress id="cv-progress" max={100} value={progress} className="h-2 flex-1" />
          <span className="w-12 text-right text-sm tabular-nums">{progress} %</span>
        </div>
      )}
      <div>
        <button type="submit" className={buttonClass.primary} disabled={progress !== null}>
          {t('team_apply')}
        </button>
      </div>
    </form>
  );
}
