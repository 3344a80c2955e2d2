import { AVATAR_MAX_BYTES } from '@varg/contracts';
import { type FormEvent, type ReactNode, useRef, useState } from 'react';
import { Form, useNavigation, useSubmit } from 'react-router';
import { useTranslation } from '../../lib/i18n.ts';
import { postWithProgress } from '../../lib/upload.ts';
import { useLocalePath } from '../../lib/use-locale.ts';
import { buttonClass } from '../../ui/button.ts';
import { FormMessage } from '../../ui/field.tsx';
import { useShell } from '../shell/providers.tsx';

interface Props {
  avatar: { name: string; path: string } | null;
  impersonating: boolean;
  /** The account action's answer about the picture (saved, removed or its error). */
  message: ReactNode;
  /** A plain form post (without JavaScript) came back with an error or saved. */
  failed: boolean;
  saved: boolean;
}

/**
 * The profile picture on the account page (decision 057): shown scaled by the browser, uploaded with a plain
 * multipart form that works without JavaScript (with it, sent with XMLHttpRequest so a progress bar shows the
 * upload), removed after a confirmation. An administrator acting as the customer only sees it.
 */
export function AccountAvatar({ avatar, impersonating, message, failed, saved }: Props) {
  const { t } = useTranslation();
  const { confirm } = useShell();
  const localePath = useLocalePath();
  const submit = useSubmit();
  const navigation = useNavigation();
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const removing = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'avatar-remove';

  function upload(event: FormEvent<HTMLFormElement>) {
    const file = fileRef.current?.files?.[0];
    if (!file || typeof XMLHttpRequest === 'undefined') return;
    event.preventDefault();
    if (file.size > AVATAR_MAX_BYTES) {
      setError(t('error_avatar_too_large'));
      return;
    }
    const body = new FormData(event.currentTarget);
    setError(null);
    setProgress(0);
    void postWithProgress(localePath('/account/avatar'), body, setProgress).then((answer) => {
      setProgress(null);
      if (answer.ok) {
        if (fileRef.current) fileRef.current.value = '';
        // Through the account action, so the page and the header's icon load the new picture.
        submit({ intent: 'avatar-saved' }, { method: 'post' });
      } else setError(answer.error ?? t('unknow_error'));
    });
  }

  return (
    <section aria-labelledby="avatar" className="flex flex-col gap-4">
      <h2 id="avatar" className="text-xl font-semibold">
        {t('account_avatar_title')}
      </h2>
      {error ? <FormMessage tone="error">{error}</FormMessage> : message}
      {!message && !error && failed && <FormMessage tone="error">{t('error_avatar_type')}</FormMessage>}
      {!message && !error && saved && <FormMessage tone="success">{t('account_avatar_saved')}</FormMessage>}
      <div className="flex flex-wrap items-center gap-6">
        {avatar ? (
          <img
            src={localePath(avatar.path)}
            alt={t('account_avatar_alt')}
            className="size-24 rounded-full bg-neutral-100 object-cover"
            data-testid="account-avatar"
          />
        ) : (
          <p className="text-neutral-700">{t('account_avatar_empty')}</p>
        )}
        {avatar && !impersonating && (
          <Form
            method="post"
            onSubmit={async (event) => {
              event.preventDefault();
              const form = event.currentTarget;
              if (await confirm({ title: t('account_avatar_remove_confirm') })) await submit(form, { method: 'post' });
            }}
          >
            <input type="hidden" name="intent" value="avatar-remove" />
            <button type="submit" className={buttonClass.secondary} disabled={removing}>
              {removing ? t('loading') : t('account_avatar_remove')}
            </button>
          </Form>
        )}
      </div>
      {impersonating ? (
        <FormMessage tone="info">{t('error_impersonation_not_allowed')}</FormMessage>
      ) : (
        <form
          method="post"
          action={localePath('/account/avatar')}
          encType="multipart/form-data"
          onSubmit={upload}
          className="flex flex-wrap items-end gap-3"
        >
          <div className="flex flex-col gap-1.5">
            <label htmlFor="avatar-file" className="text-sm font-medium text-neutral-800">
              {t('account_avatar_file')}
            </label>
            <input
              id="avatar-file"
              ref={fileRef}
              type="file"
              name="avatar"
              accept="image/jpeg,image/png,image/webp"
              required
              className="text-sm"
            />
          </div>
          <button type="submit" className={buttonClass.primary} disabled={progress !== null}>
            {t('account_avatar_upload')}
          </button>
          {progress !== null && (
            <progress max={100} value={progress} aria-label={t('admin_stock_photo_progress')} className="w-48">
              {progress} %
            </progress>
          )}
        </form>
      )}
    </section>
  );
}
